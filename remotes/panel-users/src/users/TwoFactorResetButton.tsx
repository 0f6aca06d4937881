import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { resetPanelUserTwoFactor } from '@proxy/contract/api/panel-users';
import { runRequest } from '@proxy/contract/forms';
import { hasPermission, USER_PERMISSIONS } from '@proxy/contract/permissions';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { api, appStore, showMessageAtom, useAtomValue, userAtom } from '@proxy/contract/state';
import { useKitT } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

/**
 * Resets the account's second factors (issue #48) for a customer who lost the phone and the recovery codes: the
 * authenticator and every passkey removed, every device signed out, the owner mailed, the reset in the account's
 * history. Needs `users.change_user`; nobody resets their own (the own page does that), and only a superuser
 * touches a superuser's account. The server's answer says whether there was anything to reset.
 */
export function TwoFactorResetButton({ user, onDone }: { user: PanelUserDetail; onDone: () => void }) {
  const { t } = useT();
  const kit = useKitT();
  const actor = useAtomValue(userAtom);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!hasPermission(actor, USER_PERMISSIONS.change) || actor?.pk === user.id) return null;
  if (user.is_superuser && !actor?.is_superuser) return null;

  async function confirm() {
    setBusy(true);
    const outcome = await runRequest(() => resetPanelUserTwoFactor(api, user.id), {
      networkError: kit.t('messages.networkError'),
      unknownError: kit.t('messages.unknownError'),
    });
    setBusy(false);
    setOpen(false);
    if (!outcome.ok) return;
    // The server's own words: what was reset and that the devices were signed out.
    appStore.set(showMessageAtom, outcome.value.detail, 'success');
    onDone();
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('twoFactorReset.button')}</Button>
      <Modal
        open={open}
        title={t('twoFactorReset.title', { email: user.email })}
        okText={t('twoFactorReset.confirm')}
        okButtonProps={{ danger: true }}
        cancelText={t('twoFactorReset.cancel')}
        confirmLoading={busy}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('twoFactorReset.text')}</Typography.Paragraph>
      </Modal>
    </>
  );
}
