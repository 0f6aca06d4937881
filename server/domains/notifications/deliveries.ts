/**
 * The `notifications.deliver` job: sends the queued webhook and Telegram rows of the notifications outbox.
 *
 * A row is claimed in a short transaction (`FOR UPDATE SKIP LOCKED`) that also moves its `next_attempt_at` a lease
 * ahead, and is sent after that commits: a slow receiver (up to the 10-second timeout) never holds a transaction, nor,
 * on PGlite, the one connection. Another process's sweep skips the locked row, and once the claim commits the row is
 * not due until the lease ends, so two processes never send it at once; the outcome is written in a second
 * transaction. A process that dies between the two sends it again after the lease: delivery is at least once, which
 * is why every delivery carries the event's id for the receiver to drop a repeat.
 */
import type { Language } from '@proxy/contract/languages';
import type { Currency } from '@proxy/contract/money';
import {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type NotificationEvent,
} from '@proxy/contract/schemas/notifications';
import type { Db, Queryable } from '../../db/db.ts';
import type { Job } from '../../plugins/jobs.ts';
import { eventText, messageText, type EventData } from './events.ts';
import { postWebhook, signatureHeader } from './webhooks.ts';

/** How often a process looks for due deliveries. */
export const DELIVER_EVERY_MS = 5_000;
/** Rows claimed at a time. */
const BATCH = 10;
/** Attempts before a delivery is given up as `failed` (about a day and a half with the backoff below). */
export const MAX_ATTEMPTS = 10;
/** A claimed row is not due again for this long: longer than any one send takes. */
export const LEASE_MS = 2 * 60_000;

/** The wait before attempt `attempts + 1`: 1, 2, 4 … minutes, at most 6 hours. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 3_600_000);

/** The Telegram helper's `deliverTelegram` (`./telegram/deliver.ts`): throws on a transport failure. */
export type DeliverTelegram = (q: Queryable, userId: number, text: string) => Promise<'sent' | 'not_linked' | 'no_bot'>;

export interface DeliveryOptions {
  readonly currency: Currency;
  readonly publicUrl: string;
  readonly siteName: string;
  /** http:// and private addresses allowed (not in production). */
  readonly allowLocal: boolean;
  /** Null: Telegram rows wait (not claimed). */
  readonly telegram: DeliverTelegram | null;
  readonly timeoutMs?: number;
}

interface Claimed {
  id: number;
  user_id: number;
  event: string;
  channel: 'webhook' | 'telegram';
  event_id: string;
  payload: unknown;
  attempts: number;
}

interface Outcome {
  readonly result: 'sent' | 'retry' | 'failed' | 'skipped';
  readonly responseCode: number | null;
  readonly error: string;
}

const parsed = (payload: unknown): { event: string; data: EventData } =>
  (typeof payload === 'string' ? JSON.parse(payload) : payload) as { event: string; data: EventData };

export function deliveryJob(db: Db, options: DeliveryOptions): Job & { deliver(now: Date): Promise<number> } {
  const channels = options.telegram ? ['webhook', 'telegram'] : ['webhook'];

  const claim = (now: Date) =>
    db.transaction(async (tx) => {
      const rows = await tx.query<Claimed>(
        `SELECT id::int AS id, user_id, event, channel, event_id::text AS event_id, payload, attempts
           FROM notifications
          WHERE status = 'queued' AND channel = ANY($3::text[]) AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, BATCH, channels],
      );
      if (rows.length > 0) {
        await tx.query('UPDATE notifications SET next_attempt_at = $2 WHERE id = ANY($1::bigint[])', [
          rows.map((row) => row.id),
          new Date(now.getTime() + LEASE_MS),
        ]);
      }
      return rows;
    });

  async function sendWebhook(row: Claimed, now: Date): Promise<Outcome> {
    const [settings] = await db.query<{ webhook_url: string; webhook_secret: string }>(
      'SELECT webhook_url, webhook_secret FROM notification_settings WHERE user_id = $1',
      [row.user_id],
    );
    if (!settings?.webhook_url) return { result: 'skipped', responseCode: null, error: 'no webhook is set' };
    const body = JSON.stringify(parsed(row.payload));
    const answer = await postWebhook(
      settings.webhook_url,
      body,
      {
        'user-agent': `${options.siteName}-webhooks/1`,
        [WEBHOOK_EVENT_HEADER]: row.event,
        [WEBHOOK_ID_HEADER]: row.event_id,
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(settings.webhook_secret, body, now),
      },
      { allowLocal: options.allowLocal, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) },
    );
    return { result: answer.error ? 'retry' : 'sent', responseCode: answer.status, error: answer.error };
  }

  async function sendTelegram(row: Claimed, deliver: DeliverTelegram): Promise<Outcome> {
    const [user] = await db.query<{ language: Language }>('SELECT language FROM users WHERE id = $1', [row.user_id]);
    const { event, data } = parsed(row.payload);
    const text = messageText(
      eventText(event as NotificationEvent, data, user?.language ?? 'ru', options.currency),
      options.publicUrl,
    );
    try {
      const result = await deliver(db, row.user_id, text);
      if (result === 'sent') return { result: 'sent', responseCode: null, error: '' };
      return {
        result: 'skipped',
        responseCode: null,
        error: result === 'not_linked' ? 'no Telegram chat is linked' : 'no Telegram bot is set up',
      };
    } catch (error) {
      return { result: 'retry', responseCode: null, error: String((error as Error)?.message ?? error).slice(0, 200) };
    }
  }

  async function record(row: Claimed, outcome: Outcome, now: Date): Promise<void> {
    const attempts = row.attempts + 1;
    const retry = outcome.result === 'retry' && attempts < MAX_ATTEMPTS;
    const status = retry ? 'queued' : outcome.result === 'retry' ? 'failed' : outcome.result;
    await db.query(
      `UPDATE notifications
          SET status = $2, attempts = $3, next_attempt_at = $4, response_code = $5, error = $6,
              sent_at = CASE WHEN $2 = 'sent' THEN $7::timestamptz END
        WHERE id = $1`,
      [
        row.id,
        status,
        attempts,
        retry ? new Date(now.getTime() + retryDelayMs(attempts)) : null,
        outcome.responseCode,
        outcome.error.slice(0, 500),
        now,
      ],
    );
  }

  async function deliver(now: Date): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claim(now);
      for (const row of rows) {
        const outcome =
          row.channel === 'telegram' && options.telegram
            ? await sendTelegram(row, options.telegram)
            : await sendWebhook(row, now);
        await record(row, outcome, now);
      }
      handled += rows.length;
      if (rows.length < BATCH) return handled;
    }
  }

  return { name: 'notifications.deliver', everyMs: DELIVER_EVERY_MS, drains: true, run: deliver, deliver };
}
