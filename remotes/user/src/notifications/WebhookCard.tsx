import { useState, type FormEvent } from 'react';
import {
  getNotificationSettings,
  listNotificationDeliveries,
  regenerateWebhookSecret,
  saveWebhook,
  sendWebhookTest,
} from '@proxy/contract/api/notifications';
import { runRequest } from '@proxy/contract/forms';
import {
  DELIVERY_RETRY_MINUTES,
  MAX_WEBHOOK_URL,
  WEBHOOK_TEST_EVENT,
  type Webhook,
} from '@proxy/contract/schemas/notifications';
import { api } from '@proxy/contract/state';
import {
  Card,
  ConfirmDialog,
  CopyButton,
  errorText,
  FieldNotes,
  fieldAria,
  formatDateTime,
  LoadState,
  ui,
  useLoaded,
  useRequestMessages,
} from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './notifications.module.css';

/** The retries' pauses as the lead quotes them: the delivery job's own schedule, from the contract. */
const retryPromise = (language: string) => ({
  pauses: new Intl.ListFormat(language, { type: 'conjunction' }).format(DELIVERY_RETRY_MINUTES.map(String)),
  hours: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(
    DELIVERY_RETRY_MINUTES.reduce((sum, minutes) => sum + minutes, 0) / 60,
  ),
});

/** A delivery's status as a badge of the kit's colours. */
const STATUS_BADGE = { queued: ui.pending, sent: ui.success, failed: ui.danger, skipped: '' } as const;

/**
 * The customer's webhook (#30): the HTTPS URL, the signing secret shown once (on the first URL and on "New secret",
 * after a confirmation), "Send test", and the log of the last deliveries by webhook and Telegram: event, time,
 * status, the receiver's answer, attempts and the next try.
 */
export function WebhookCard() {
  const { t, language } = useT();
  const messages = useRequestMessages();
  const settings = useLoaded(language, (signal) => getNotificationSettings(api, signal));
  const log = useLoaded(language, (signal) => listNotificationDeliveries(api, signal));
  // Edited: what the field holds; null until the customer types, the saved URL showing meanwhile.
  const [edited, setEdited] = useState<string | null>(null);
  const [stored, setStored] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const saved = stored ?? settings.data?.webhook_url ?? '';
  const url = edited ?? saved;
  const setUrl = setEdited;

  const keep = (webhook: Webhook) => {
    setStored(webhook.url);
    setEdited(null);
    if (webhook.secret) setSecret(webhook.secret);
  };

  const save = async (event: FormEvent, next = url.trim()) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await runRequest(() => saveWebhook(api, next), {
      ...messages,
      saved: next === '' ? t('webhook.removed') : t('webhook.saved'),
    });
    setBusy(false);
    setErrors(outcome.ok ? {} : (outcome.errors ?? {}));
    if (outcome.ok) {
      keep(outcome.value);
      if (next === '') setSecret(null);
    }
  };

  const regenerate = async () => {
    setBusy(true);
    const outcome = await runRequest(() => regenerateWebhookSecret(api), messages);
    setBusy(false);
    setConfirming(false);
    if (outcome.ok) keep(outcome.value);
  };

  const test = async () => {
    setBusy(true);
    const outcome = await runRequest(() => sendWebhookTest(api), { ...messages, saved: t('webhook.testQueued') });
    setBusy(false);
    if (outcome.ok) log.retry();
  };

  const eventName = (event: string) =>
    event === WEBHOOK_TEST_EVENT
      ? t('webhook.testEvent')
      : t(`notifications.events.${event}` as 'notifications.events.proxy_renewed', { defaultValue: event });

  return (
    <Card title={t('webhook.title')} wide>
      <p className={ui.muted}>{t('webhook.lead', retryPromise(language))}</p>
      <LoadState loaded={settings} />
      {secret && (
        <div className={`${ui.notice} ${ui.noticeWarning}`} role="status">
          <p>{t('webhook.secretWarning')}</p>
          <p className={ui.buttons}>
            <code id="webhook-secret" className={styles.secret}>
              {secret}
            </code>
            <CopyButton
              text={secret}
              label={t('webhook.copy')}
              select={() => document.getElementById('webhook-secret')}
            />
            <button type="button" className={ui.secondaryButton} onClick={() => setSecret(null)}>
              {t('webhook.done')}
            </button>
          </p>
        </div>
      )}
      {settings.data && (
        <form className={ui.form} onSubmit={(event) => void save(event)} noValidate>
          <div className={ui.field}>
            <label htmlFor="webhook-url" className={ui.fieldLabel}>
              {t('webhook.url')}
            </label>
            <input
              id="webhook-url"
              className={`${ui.input} ${styles.url}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="off"
              maxLength={MAX_WEBHOOK_URL}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              {...fieldAria('webhook-url', errorText(errors, 'url'))}
            />
            <FieldNotes id="webhook-url" error={errorText(errors, 'url')} />
          </div>
          <div className={ui.buttons}>
            <button type="submit" className={ui.primaryButton} disabled={busy || url.trim() === ''} aria-busy={busy}>
              {t('webhook.save')}
            </button>
            {saved !== '' && (
              <>
                <button type="button" className={ui.secondaryButton} disabled={busy} onClick={() => void test()}>
                  {t('webhook.test')}
                </button>
                <button
                  type="button"
                  className={ui.secondaryButton}
                  disabled={busy}
                  onClick={() => setConfirming(true)}
                >
                  {t('webhook.regenerate')}
                </button>
                <button
                  type="button"
                  className={ui.secondaryButton}
                  disabled={busy}
                  onClick={(event) => void save(event, '')}
                >
                  {t('webhook.remove')}
                </button>
              </>
            )}
          </div>
        </form>
      )}
      <div className={ui.bar}>
        <h3 className={ui.subTitle}>{t('webhook.log')}</h3>
        <button type="button" className={ui.smallButton} onClick={() => log.retry()}>
          {t('webhook.refresh')}
        </button>
      </div>
      <LoadState loaded={log} empty={log.data?.length === 0 ? t('webhook.logEmpty') : undefined} />
      {log.data && log.data.length > 0 && (
        <table className={ui.table} aria-label={t('webhook.log')}>
          <thead>
            <tr>
              <th scope="col">{t('webhook.column.event')}</th>
              <th scope="col">{t('webhook.column.time')}</th>
              <th scope="col">{t('webhook.column.status')}</th>
              <th scope="col">{t('webhook.column.code')}</th>
              <th scope="col">{t('webhook.column.attempts')}</th>
              <th scope="col">{t('webhook.column.next')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((delivery) => (
              <tr key={delivery.id}>
                <th scope="row">
                  {eventName(delivery.event)}
                  {delivery.channel === 'telegram' && ` · ${t('notifications.channel.telegram')}`}
                </th>
                <td data-label={t('webhook.column.time')}>{formatDateTime(delivery.created_at, language)}</td>
                <td data-label={t('webhook.column.status')}>
                  <span>
                    <span className={`${ui.badge} ${STATUS_BADGE[delivery.status]}`}>
                      {t(`webhook.status.${delivery.status}`)}
                    </span>
                    {delivery.error && <span className={styles.error}>{delivery.error}</span>}
                  </span>
                </td>
                <td data-label={t('webhook.column.code')}>{delivery.response_code ?? t('webhook.noCode')}</td>
                <td data-label={t('webhook.column.attempts')}>{delivery.attempts}</td>
                <td data-label={t('webhook.column.next')}>
                  {delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at, language) : t('webhook.noCode')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('webhook.regenerateTitle')}
          text={t('webhook.regenerateText')}
          confirm={t('webhook.regenerate')}
          busy={busy}
          onConfirm={() => void regenerate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
