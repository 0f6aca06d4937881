import { useState, type FormEvent } from 'react';
import { getNotificationSettings, saveNotificationSettings } from '@proxy/contract/api/notifications';
import { runRequest } from '@proxy/contract/forms';
import type { Language } from '@proxy/contract/languages';
import { amountText, readAmountText, type Currency } from '@proxy/contract/money';
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationPreference,
  type NotificationSettings,
} from '@proxy/contract/schemas/notifications';
import { api, userAtom, useAtomValue } from '@proxy/contract/state';
import { Card, FieldNotes, LoadState, fieldAria, ui, useLoaded, useRequestMessages } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './notifications.module.css';

/** The currency's sign in the reader's language ('₽', '$'), for the threshold's label. */
const currencySign = (currency: Currency, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')
    ?.value ?? currency;

/** Minor units as the field shows them in the reader's language: '500', '12,50'; '' for none. */
const toField = (minor: number | null, language: Language) => (minor === null ? '' : amountText(minor, language));

/**
 * The customer's notifications (#30): a table of events × channels (e-mail, Telegram, webhook) with a switch in each
 * cell, and the balance-low threshold. The Telegram column waits for a linked chat (the Telegram card links one).
 */
export function NotificationsCard() {
  const { t, language } = useT();
  const settings = useLoaded(language, (signal) => getNotificationSettings(api, signal));
  return (
    <Card title={t('notifications.title')} wide>
      <p className={ui.muted}>{t('notifications.lead')}</p>
      <LoadState loaded={settings} />
      {settings.data && <NotificationsForm initial={settings.data} />}
    </Card>
  );
}

/** The switches and the threshold, starting from what the server answered. */
function NotificationsForm({ initial }: { initial: NotificationSettings }) {
  const { t, language } = useT();
  const user = useAtomValue(userAtom);
  const messages = useRequestMessages();
  const [preferences, setPreferences] = useState<NotificationPreference[]>(initial.preferences);
  const [threshold, setThreshold] = useState(toField(initial.balance_low_threshold, language));
  const [thresholdError, setThresholdError] = useState('');
  const [busy, setBusy] = useState(false);

  const toggle = (index: number, channel: NotificationChannel) =>
    setPreferences((current) =>
      current.map((preference, at) => (at === index ? { ...preference, [channel]: !preference[channel] } : preference)),
    );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's reading of typed money (#49), the one the top-up and the panel use: "1,000" is refused, not 1 ₽.
    const read = threshold.trim() === '' ? null : readAmountText(threshold);
    if (read && 'problem' in read) {
      setThresholdError(t('notifications.thresholdInvalid'));
      return;
    }
    setThresholdError('');
    setBusy(true);
    const outcome = await runRequest(
      () =>
        saveNotificationSettings(api, {
          preferences,
          balance_low_threshold: read ? read.minor : null,
        }),
      { ...messages, saved: t('notifications.saved') },
    );
    setBusy(false);
    if (outcome.ok) {
      setPreferences(outcome.value.preferences);
      setThreshold(toField(outcome.value.balance_low_threshold, language));
    }
  };

  const linked = initial.telegram_linked;
  return (
    <form className={ui.form} onSubmit={(event) => void save(event)} noValidate>
      <table className={`${ui.table} ${styles.switches}`} aria-label={t('notifications.table')}>
        <thead>
          <tr>
            <th scope="col">{t('notifications.event')}</th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <th key={channel} scope="col">
                {t(`notifications.channel.${channel}`)}
                {channel === 'telegram' && !linked && (
                  <span id="notifications-telegram-note" className={styles.columnNote}>
                    {t('notifications.linkTelegramFirst')}
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preferences.map((preference, index) => (
            <tr key={preference.event}>
              <th scope="row">{t(`notifications.events.${preference.event}`)}</th>
              {NOTIFICATION_CHANNELS.map((channel) => {
                const locked = channel === 'telegram' && !linked;
                return (
                  <td
                    key={channel}
                    data-label={
                      // On a phone the header row is hidden: the cell's own label says it.
                      locked
                        ? `${t('notifications.channel.telegram')} — ${t('notifications.linkTelegramFirst')}`
                        : t(`notifications.channel.${channel}`)
                    }
                  >
                    <input
                      type="checkbox"
                      role="switch"
                      className={styles.switch}
                      checked={preference[channel] && !locked}
                      disabled={locked || busy}
                      aria-describedby={locked ? 'notifications-telegram-note' : undefined}
                      aria-label={t('notifications.switchLabel', {
                        event: t(`notifications.events.${preference.event}`),
                        channel: t(`notifications.channel.${channel}`),
                      })}
                      onChange={() => toggle(index, channel)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={ui.field}>
        <label htmlFor="notifications-threshold" className={ui.fieldLabel}>
          {t('notifications.threshold', { currency: currencySign(user?.currency ?? 'RUB', language) })}
        </label>
        <input
          id="notifications-threshold"
          className={`${ui.input} ${styles.amount}`}
          inputMode="decimal"
          autoComplete="off"
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
          {...fieldAria('notifications-threshold', thresholdError, true)}
        />
        <FieldNotes id="notifications-threshold" hint={t('notifications.thresholdHint')} error={thresholdError} />
      </div>
      <div>
        <button type="submit" className={ui.primaryButton} disabled={busy} aria-busy={busy}>
          {t('notifications.save')}
        </button>
      </div>
    </form>
  );
}
