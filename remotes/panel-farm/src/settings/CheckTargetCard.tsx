import { Card } from 'antd';
import { getCheckTarget, saveCheckTarget } from '@proxy/contract/api/panel-farm-settings';
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { CHECK_URL_MAX, type CheckTarget, CheckTargetInputSchema } from '@proxy/contract/schemas/farm-settings';
import { api } from '@proxy/contract/state';
import { ResourceForm, TextField, useAbilities } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { Changed } from './Changed.tsx';
import { useSettings } from './use-settings.ts';

/**
 * What the agents' health checks request through every modem (#29), and the proxy page's `curl` line with it. Blank:
 * the site's own `/api/ip/`. Saving tells every agent at once. Read-only without the farm's change permission.
 */
export function CheckTargetCard() {
  const { t } = useT();
  const { canChange } = useAbilities(MODEM_PERMISSIONS);
  const { value: target, setValue, failed } = useSettings(getCheckTarget);
  return (
    <Card title={t('settings.check.title')}>
      {target ? (
        <>
          <Changed by={target.changed_by} at={target.changed_at} />
          <ResourceForm<{ check_url: string }, { check_url: string | null }, CheckTarget>
            name="check-target"
            initialValues={{ check_url: target.check_url ?? '' }}
            readOnly={!canChange}
            schema={CheckTargetInputSchema}
            toInput={(values) => ({ check_url: values.check_url.trim() === '' ? null : values.check_url })}
            send={(input) => saveCheckTarget(api, input)}
            done="saved"
            onSaved={setValue}
          >
            <TextField
              name="check_url"
              label={t('settings.check.url')}
              maxLength={CHECK_URL_MAX}
              placeholder={target.default_url}
              help={t('settings.check.help', { url: target.default_url })}
            />
          </ResourceForm>
        </>
      ) : (
        <p>{failed ? t('settings.loadFailed') : t('settings.loading')}</p>
      )}
    </Card>
  );
}
