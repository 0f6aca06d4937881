import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { regenerateRotateLink, updateProxy } from '@proxy/contract/api/proxies';
import { runRequest } from '@proxy/contract/forms';
import { AUTO_ROTATE_MAX, AUTO_ROTATE_MIN, type Proxy } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import {
  Card,
  ConfirmDialog,
  CopyButton,
  FieldNotes,
  fieldAria,
  fieldErrorOf,
  formatDateTime,
  ui,
  useRequestMessages,
  SubmitButton,
} from '@proxy/site-kit';
import { formatCountdown } from '../common/format.ts';
import { RotateResult } from '../common/RotateResult.tsx';
import { problemsOf } from '../common/validation.ts';
import { useT } from '../i18n/use-t.ts';
import type { ProxyView } from './proxy-state.ts';
import { RebootControl } from './RebootControl.tsx';
import { RotationHistory } from './RotationHistory.tsx';
import styles from './ProxyPage.module.css';

/**
 * Changing the proxy's IP: now (run by the page, with the cooldown counting down from its one state: the proxy's
 * `rotate_available_at`, the done change's `available_at` or a 429's `wait_seconds`), by rebooting the modem, through
 * the secret link (copy, regenerate after a confirmation), or every N minutes; and the history of changes.
 */
export function RotationCard({
  proxy,
  view,
  changes,
  onSaved,
  onRotate,
  onReboot,
}: {
  proxy: Proxy;
  view: ProxyView;
  /** Bumped by every change of IP or reboot: the history reloads. */
  changes: number;
  onSaved: (proxy: Proxy) => void;
  onRotate: () => Promise<void>;
  onReboot: () => Promise<void>;
}) {
  const { t, tp, language } = useT();
  const messages = useRequestMessages();
  const rotating = view.phase === 'rotating';

  const [confirming, setConfirming] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const regenerate = async () => {
    setRegenerating(true);
    const outcome = await runRequest(() => regenerateRotateLink(api, proxy.id), {
      ...messages,
      saved: t('rotation.linkChanged'),
    });
    setRegenerating(false);
    if (outcome.ok) {
      onSaved(outcome.value);
      setConfirming(false);
    }
  };

  const saveInterval = async ({ minutes }: { minutes?: string }) => {
    const text = (minutes ?? '').trim();
    const value = text === '' ? 0 : Number(text);
    if (!/^\d{1,5}$/.test(text || '0') || problemsOf({ auto_rotate_minutes: value }).size > 0) {
      return { minutes: t('validation.autoRotate', { min: AUTO_ROTATE_MIN, max: AUTO_ROTATE_MAX }) };
    }
    const outcome = await runRequest(() => updateProxy(api, proxy.id, { auto_rotate_minutes: value }), {
      ...messages,
      saved: value === 0 ? t('rotation.autoOff') : tp('rotation.autoOn', value),
    });
    if (!outcome.ok) {
      const errors = outcome.errors as { auto_rotate_minutes?: string } | undefined;
      return errors?.auto_rotate_minutes ? { minutes: errors.auto_rotate_minutes } : undefined;
    }
    onSaved(outcome.value);
    return undefined;
  };

  return (
    <Card title={t('rotation.title')}>
      <dl className={ui.facts}>
        <div>
          <dt>{t('rotation.currentIp')}</dt>
          <dd>
            <code className={styles.value} data-testid="current-ip">
              {view.ip ?? t('proxy.noIp')}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t('rotation.last')}</dt>
          <dd>{proxy.last_rotation_at ? formatDateTime(proxy.last_rotation_at, language) : t('rotation.never')}</dd>
        </div>
      </dl>
      <div className={styles.rotateNow}>
        <button
          type="button"
          className={ui.primaryButton}
          disabled={!view.canRotate}
          aria-busy={rotating}
          aria-describedby="rotate-cooldown"
          onClick={() => void onRotate()}
        >
          {rotating ? t('rotate.busy') : t('rotate.now')}
        </button>
        <span id="rotate-cooldown" className={ui.muted}>
          {view.rotateWait > 0 && !rotating ? t('rotate.availableIn', { time: formatCountdown(view.rotateWait) }) : ''}
        </span>
        <RotateResult outcome={view.rotateResult} />
      </div>

      <RebootControl proxy={proxy} view={view} onReboot={onReboot} />

      <h3 className={ui.subTitle}>{t('rotation.link')}</h3>
      <p className={ui.muted}>{t('rotation.linkHelp')}</p>
      <span className={styles.stringRow}>
        <code className={styles.string}>{proxy.rotate_url}</code>
        <CopyButton compact text={proxy.rotate_url} label={t('rotation.copyLink')} />
        <button type="button" className={ui.smallButton} onClick={() => setConfirming(true)}>
          {t('rotation.regenerate')}
        </button>
      </span>

      <Form<{ minutes?: string }>
        onSubmit={saveInterval}
        initialValues={{ minutes: String(proxy.auto_rotate_minutes) }}
        render={({ handleSubmit, submitting }) => (
          <form className={styles.intervalForm} onSubmit={handleSubmit} noValidate>
            <Field<string> name="minutes">
              {({ input, meta }) => {
                const error = fieldErrorOf(meta);
                return (
                  <div className={styles.grow}>
                    <label>
                      <span className={ui.fieldLabel}>{t('rotation.auto')}</span>
                      <input
                        className={ui.input}
                        {...input}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={AUTO_ROTATE_MAX}
                        {...fieldAria('auto-rotate', error, true)}
                      />
                    </label>
                    <FieldNotes
                      id="auto-rotate"
                      hint={t('rotation.autoHelp', { min: AUTO_ROTATE_MIN, max: AUTO_ROTATE_MAX })}
                      error={error}
                    />
                  </div>
                );
              }}
            </Field>
            <SubmitButton busy={submitting} secondary>
              {t('rotation.autoSave')}
            </SubmitButton>
          </form>
        )}
      />

      <RotationHistory proxyId={proxy.id} refresh={changes} />

      {confirming && (
        <ConfirmDialog
          title={t('rotation.regenerateTitle')}
          text={t('rotation.regenerateText')}
          confirm={t('rotation.regenerateConfirm')}
          busy={regenerating}
          onConfirm={() => void regenerate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
