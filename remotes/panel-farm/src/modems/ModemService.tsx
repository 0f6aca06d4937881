import { useState } from 'react';
import { Alert, Button, Popconfirm, Space, Switch, Typography } from 'antd';
import {
  getPanelFarmModem,
  rebootPanelFarmModem,
  rotatePanelFarmModem,
  updatePanelFarmModem,
} from '@proxy/contract/api/panel-farm';
import { ApiError } from '@proxy/contract/api/errors';
import { reportRequestError, runRequest } from '@proxy/contract/forms';
import type { PanelModem } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { useKitT } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './modems.module.css';

type Outcome = { readonly type: 'success' | 'warning' | 'error'; readonly text: string };

const ROTATION_ERRORS = ['rotation_failed', 'timeout'] as const;

/**
 * What staff do to a modem at once, apart from its form: rotate now (the API waits up to a minute for the agent and
 * answers the new IP, or why there is none), reboot (the same wait; after a confirmation that says how many proxies
 * go offline meanwhile; also for an offline modem, the usual reason to reboot one) and maintenance on or off. Each
 * answer is the modem's new state.
 */
export function ModemService({ modem, onChange }: { modem: PanelModem; onChange: (modem: PanelModem) => void }) {
  const { t } = useT();
  const kit = useKitT();
  const messages = { networkError: kit.t('messages.networkError'), unknownError: kit.t('messages.unknownError') };
  const [rotating, setRotating] = useState(false);
  const [rebooting, setRebooting] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const online = modem.status === 'online';
  const maintenance = modem.status === 'maintenance';

  /** Rotate or reboot: both wait for the agent and answer the new IP, or why there is none. */
  async function restart(kind: 'rotate' | 'reboot') {
    const setBusy = kind === 'rotate' ? setRotating : setRebooting;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await (kind === 'rotate' ? rotatePanelFarmModem : rebootPanelFarmModem)(api, modem.id);
      if (answer.ok && answer.ip) setOutcome({ type: 'success', text: t('modem.rotated', { ip: answer.ip }) });
      else {
        const error = ROTATION_ERRORS.find((known) => known === answer.error) ?? 'rotation_failed';
        const errors = kind === 'rotate' ? 'rotationErrors' : 'rebootErrors';
        setOutcome({ type: 'warning', text: t(`modem.${errors}.${error}`) });
      }
      // The new IP and rotation time, as the server now has them.
      onChange(await getPanelFarmModem(api, modem.id));
    } catch (error) {
      // A refusal (409: not online any more, or already restarting) is said where the button is; anything else is
      // the usual toast.
      if (error instanceof ApiError && error.status < 500 && error.detail) {
        setOutcome({ type: 'error', text: error.detail });
      } else {
        reportRequestError(error, messages);
      }
    } finally {
      setBusy(false);
    }
  }

  async function setMaintenance(on: boolean) {
    setSwitching(true);
    const outcome = await runRequest(() => updatePanelFarmModem(api, modem.id, { maintenance: on }), {
      saved: t(on ? 'modem.maintenanceOn' : 'modem.maintenanceOff'),
      ...messages,
    });
    setSwitching(false);
    if (outcome.ok) onChange(outcome.value);
  }

  return (
    <div className={styles.service}>
      <Space wrap align="start" size={24}>
        <div>
          <Button
            type="primary"
            onClick={() => void restart('rotate')}
            loading={rotating}
            disabled={!online || rebooting}
          >
            {rotating ? t('modem.rotating') : t('modem.rotate')}
          </Button>
          <Typography.Paragraph type="secondary" className={styles.rotation}>
            {online ? t('modem.rotateHelp') : t('modem.rotateOffline')}
          </Typography.Paragraph>
        </div>
        <div>
          <Popconfirm
            title={t('modem.rebootConfirm')}
            description={t('modem.rebootCustomers', { count: modem.proxies.length })}
            okText={t('modem.reboot')}
            cancelText={kit.t('actions.cancel')}
            onConfirm={() => restart('reboot')}
          >
            <Button loading={rebooting} disabled={rotating}>
              {rebooting ? t('modem.rebooting') : t('modem.reboot')}
            </Button>
          </Popconfirm>
          <Typography.Paragraph type="secondary" className={styles.rotation}>
            {t('modem.rebootHelp')}
          </Typography.Paragraph>
        </div>
        <div>
          <Space>
            <Switch
              id={`modem-${modem.id}-maintenance`}
              checked={maintenance}
              loading={switching}
              onChange={(on) => void setMaintenance(on)}
            />
            <label htmlFor={`modem-${modem.id}-maintenance`}>{t('modem.maintenance')}</label>
          </Space>
          <Typography.Paragraph type="secondary" className={styles.rotation}>
            {t('modem.maintenanceHelp')}
          </Typography.Paragraph>
        </div>
      </Space>
      {outcome && <Alert type={outcome.type} showIcon title={outcome.text} role="status" />}
    </div>
  );
}
