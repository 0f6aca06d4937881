import { useEffect, useState } from 'react';
import { createTelegramCode, getTelegramLink, unlinkTelegram } from '@proxy/contract/api/telegram';
import { runRequest } from '@proxy/contract/forms';
import type { TelegramCode } from '@proxy/contract/schemas/telegram';
import { api } from '@proxy/contract/state';
import {
  Card,
  ConfirmDialog,
  CopyButton,
  formatDateTime,
  LoadState,
  ui,
  useLoaded,
  useRequestMessages,
} from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './profile.module.css';

/** While a code waits to be sent to the bot, the card asks this often whether the chat is linked yet. */
export const TELEGRAM_POLL_MS = 3_000;

/**
 * Telegram on the user page (#30): "Link Telegram" makes a one-time code and shows it with the bot's deep link and
 * the command to send by hand; the card asks every few seconds until the bot has seen it, then shows the linked chat
 * with "Unlink". Without a bot set up on the site it says Telegram is not available.
 */
export function TelegramCard({ pollMs = TELEGRAM_POLL_MS }: { readonly pollMs?: number }) {
  const { t, language } = useT();
  const messages = useRequestMessages();
  const link = useLoaded(language, (signal) => getTelegramLink(api, signal));
  const [code, setCode] = useState<TelegramCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const linked = link.data?.linked ?? null;
  const waiting = code !== null && linked === null;
  const { retry } = link;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(retry, pollMs);
    return () => clearInterval(timer);
  }, [waiting, retry, pollMs]);

  const start = async () => {
    setBusy(true);
    const outcome = await runRequest(() => createTelegramCode(api), messages);
    setBusy(false);
    if (outcome.ok) setCode(outcome.value);
    else link.retry();
  };

  const unlink = async () => {
    setBusy(true);
    const outcome = await runRequest(() => unlinkTelegram(api), { ...messages, saved: t('telegram.unlinked') });
    setBusy(false);
    setUnlinking(false);
    if (outcome.ok) {
      // The code shown before the link was made is used up: "Link Telegram" starts afresh.
      setCode(null);
      link.retry();
    }
  };

  return (
    <Card title={t('telegram.title')} wide>
      <LoadState loaded={link} />
      {link.data && !link.data.available && linked === null && <p className={ui.muted}>{t('telegram.unavailable')}</p>}
      {link.data && linked !== null && (
        <>
          <p role="status">
            {t('telegram.linked', { chat: linked.chat_name, time: formatDateTime(linked.linked_at, language) })}
          </p>
          <div>
            <button type="button" className={ui.secondaryButton} disabled={busy} onClick={() => setUnlinking(true)}>
              {t('telegram.unlink')}
            </button>
          </div>
        </>
      )}
      {link.data?.available && linked === null && (
        <>
          <p className={ui.muted}>{t('telegram.lead')}</p>
          {code && (
            <div className={ui.notice} role="status">
              <p>{t('telegram.codeLead')}</p>
              <p>
                <a href={code.deep_link} target="_blank" rel="noopener noreferrer" className={ui.primaryButton}>
                  {t('telegram.open', { bot: link.data.bot_username })}
                </a>
              </p>
              <p className={styles.inline}>
                <span>{t('telegram.orSend')}</span>
                <code id="telegram-command" className={styles.secret}>
                  {code.command}
                </code>
                <CopyButton
                  text={code.command}
                  label={t('telegram.copy')}
                  select={() => document.getElementById('telegram-command')}
                />
              </p>
              <p className={ui.muted}>
                {t('telegram.expires', { time: formatDateTime(code.expires_at, language) })} {t('telegram.waiting')}
              </p>
            </div>
          )}
          <div>
            <button
              type="button"
              className={code ? ui.secondaryButton : ui.primaryButton}
              disabled={busy}
              aria-busy={busy}
              onClick={() => void start()}
            >
              {code ? t('telegram.newCode') : t('telegram.link')}
            </button>
          </div>
        </>
      )}
      {unlinking && linked && (
        <ConfirmDialog
          title={t('telegram.unlinkTitle')}
          text={t('telegram.unlinkText', { chat: linked.chat_name })}
          confirm={t('telegram.unlink')}
          busy={busy}
          onConfirm={() => void unlink()}
          onClose={() => setUnlinking(false)}
        />
      )}
    </Card>
  );
}
