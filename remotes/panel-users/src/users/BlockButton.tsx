import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { blockPanelUser, unblockPanelUser } from '@proxy/contract/api/panel-users';
import { runRequest } from '@proxy/contract/forms';
import { hasPermission, USER_PERMISSIONS } from '@proxy/contract/permissions';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { api, useAtomValue, userAtom } from '@proxy/contract/state';
import { useKitT } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

/**
 * Block (every login revoked, every proxy stopped at its agent) or unblock an account, after a confirmation saying
 * so. Needs `users.change_user`; nobody blocks themselves, and only a superuser touches a superuser's account.
 */
export function BlockButton({ user, onDone }: { user: PanelUserDetail; onDone: (user: PanelUserDetail) => void }) {
  const { t } = useT();
  const kit = useKitT();
  const actor = useAtomValue(userAtom);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const blocking = user.is_active;
  if (!hasPermission(actor, USER_PERMISSIONS.change) || actor?.pk === user.id) return null;
  if (user.is_superuser && !actor?.is_superuser) return null;

  async function confirm() {
    setBusy(true);
    const outcome = await runRequest(() => (blocking ? blockPanelUser : unblockPanelUser)(api, user.id), {
      saved: t(blocking ? 'block.blocked' : 'block.unblocked'),
      networkError: kit.t('messages.networkError'),
      unknownError: kit.t('messages.unknownError'),
    });
    setBusy(false);
    setOpen(false);
    if (outcome.ok) onDone(outcome.value);
  }

  return (
    <>
      <Button danger={blocking} onClick={() => setOpen(true)}>
        {t(blocking ? 'block.block' : 'block.unblock')}
      </Button>
      <Modal
        open={open}
        title={t(blocking ? 'block.blockTitle' : 'block.unblockTitle', { email: user.email })}
        okText={t(blocking ? 'block.block' : 'block.unblock')}
        okButtonProps={{ danger: blocking }}
        cancelText={t('block.cancel')}
        confirmLoading={busy}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t(blocking ? 'block.blockText' : 'block.unblockText')}</Typography.Paragraph>
      </Modal>
    </>
  );
}
