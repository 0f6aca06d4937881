/**
 * The `notifications.deliver` job: sends the queued webhook and Telegram rows of the notifications outbox, many at
 * once, so that one account's receiver that never answers cannot hold up anyone else's (issue #43: six test presses to
 * such a receiver, sent one after another with a 10-second timeout, delayed another customer's webhook by 61 s).
 *
 * - **Concurrency.** Each channel has its own sends in flight (`CHANNEL_CONCURRENCY` each in a process), so a Telegram
 *   message never waits behind webhooks; an account has at most `ACCOUNT_CONCURRENCY` of a channel's sends in flight
 *   across every process, so a dead receiver holds two slots and its account's other rows wait their turn.
 * - **A lease per row.** A row is claimed in a short transaction (`FOR UPDATE SKIP LOCKED`: another process's claim
 *   passes over it) that sets its `leased_until` to `LEASE_MS` from the claim; until then no process claims it again,
 *   however long the run that claimed it goes on. The send happens after that commits (a slow receiver never holds a
 *   transaction, nor, on PGlite, the one connection), and the outcome is written only while the lease is still ours.
 *   A process that dies mid-send leaves a lease that runs out: the row is sent again, so delivery is at least once,
 *   which is why every delivery carries the event's id for the receiver to drop a repeat.
 * - **The clock at each step.** A run lasts while its sends do, so claims, signatures and retries take the time when
 *   they happen, never the run's start: a delivery is signed as it is sent, and its retry is due a pause after that
 *   attempt ended.
 */
import type { Language } from '@proxy/contract/languages';
import type { Currency } from '@proxy/contract/money';
import {
  DELIVERY_RETRY_MINUTES,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type NotificationEvent,
} from '@proxy/contract/schemas/notifications';
import type { Db, Queryable } from '../../db/db.ts';
import type { Now } from '../../lib/clock.ts';
import type { Job } from '../../plugins/jobs.ts';
import { eventText, messageText, type EventData } from './events.ts';
import { postWebhook, signatureHeader } from './webhooks.ts';

/** How often a process looks for due deliveries. */
export const DELIVER_EVERY_MS = 5_000;
/** Sends of one channel in flight in one process. */
export const CHANNEL_CONCURRENCY = 16;
/** Sends of one account and channel in flight, across processes. */
export const ACCOUNT_CONCURRENCY = 2;
/** A claimed row is not claimed again for this long: well over a send (10-second timeout) and writing its outcome. */
export const LEASE_MS = 60_000;
/**
 * While sends are in flight a run looks for newly due rows this often, so a row queued meanwhile does not wait for
 * the slowest of them.
 */
const RECLAIM_EVERY_MS = 1_000;
/**
 * A run stops claiming after this long (real time) and ends once its sends have: the next run starts within
 * `DELIVER_EVERY_MS`. Longer, and `job_runs` would show the job lagging (its last success is written when a run ends,
 * and the dashboard calls a job lagging past three intervals and a minute), and a graceful shutdown would wait on it.
 */
const CLAIM_FOR_MS = 20_000;

/**
 * The wait before attempt `attempts + 1`, or null when `attempts` were all there are (the first and one after each
 * pause): the delivery is then `failed`.
 */
const retryDelayMs = (attempts: number): number | null => {
  const minutes = DELIVERY_RETRY_MINUTES[attempts - 1];
  return minutes === undefined ? null : minutes * 60_000;
};

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
  /** The app's clock, read at each claim, signature and outcome. */
  readonly now: Now;
  readonly timeoutMs?: number;
}

type Channel = 'webhook' | 'telegram';

interface Claimed {
  id: number;
  user_id: number;
  event: string;
  channel: Channel;
  event_id: string;
  payload: unknown;
  attempts: number;
  /** The lease this claim set: the outcome is written only while the row still carries it. */
  leased_until: Date;
}

interface Outcome {
  readonly result: 'sent' | 'retry' | 'failed' | 'skipped';
  readonly responseCode: number | null;
  readonly error: string;
}

const parsed = (payload: unknown): { event: string; data: EventData } =>
  (typeof payload === 'string' ? JSON.parse(payload) : payload) as { event: string; data: EventData };

export function deliveryJob(db: Db, options: DeliveryOptions): Job {
  const channels: Channel[] = options.telegram ? ['webhook', 'telegram'] : ['webhook'];
  const clock = () => new Date(options.now());

  /**
   * Up to `limit` due rows of `channel`, each account's first ones only as far as its sends in flight (rows under a
   * live lease, whoever holds them) leave room under `ACCOUNT_CONCURRENCY`. The outer conditions are checked again on
   * a row whose claim by another process committed meanwhile, so a row leased a moment ago is not taken.
   */
  const claim = (channel: Channel, limit: number) =>
    db.transaction(async (tx) => {
      const now = clock();
      const rows = await tx.query<Omit<Claimed, 'leased_until'>>(
        `WITH leased AS (
           SELECT user_id, count(*)::int AS n FROM notifications
            WHERE status = 'queued' AND channel = $2 AND leased_until > $1
            GROUP BY user_id
         ), due AS (
           SELECT id, user_id, row_number() OVER (PARTITION BY user_id ORDER BY id) AS place FROM notifications
            WHERE status = 'queued' AND channel = $2 AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
              AND (leased_until IS NULL OR leased_until <= $1)
         )
         SELECT n.id::int AS id, n.user_id, n.event, n.channel, n.event_id::text AS event_id, n.payload, n.attempts
           FROM notifications n
          WHERE n.id IN (SELECT due.id FROM due LEFT JOIN leased USING (user_id)
                          WHERE due.place + coalesce(leased.n, 0) <= $3)
            AND n.status = 'queued' AND (n.leased_until IS NULL OR n.leased_until <= $1)
          ORDER BY n.id LIMIT $4
          FOR UPDATE OF n SKIP LOCKED`,
        [now, channel, ACCOUNT_CONCURRENCY, limit],
      );
      const leasedUntil = new Date(now.getTime() + LEASE_MS);
      if (rows.length > 0) {
        await tx.query('UPDATE notifications SET leased_until = $2 WHERE id = ANY($1::bigint[])', [
          rows.map((row) => row.id),
          leasedUntil,
        ]);
      }
      return rows.map((row): Claimed => ({ ...row, leased_until: leasedUntil }));
    });

  async function sendWebhook(row: Claimed): Promise<Outcome> {
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
        // Signed now, as it leaves: a receiver checks the timestamp against its own clock to refuse replays.
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(settings.webhook_secret, body, clock()),
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

  /** The attempt's outcome, its retry a pause after the attempt ended; nothing if the lease ran out meanwhile. */
  async function record(row: Claimed, outcome: Outcome): Promise<void> {
    const ended = clock();
    const attempts = row.attempts + 1;
    const delay = outcome.result === 'retry' ? retryDelayMs(attempts) : null;
    const status = delay !== null ? 'queued' : outcome.result === 'retry' ? 'failed' : outcome.result;
    await db.query(
      `UPDATE notifications
          SET status = $2, attempts = $3, next_attempt_at = $4, response_code = $5, error = $6, leased_until = NULL,
              sent_at = CASE WHEN $2 = 'sent' THEN $7::timestamptz END
        WHERE id = $1 AND leased_until = $8`,
      [
        row.id,
        status,
        attempts,
        delay === null ? null : new Date(ended.getTime() + delay),
        outcome.responseCode,
        outcome.error.slice(0, 500),
        ended,
        row.leased_until,
      ],
    );
  }

  async function attempt(row: Claimed): Promise<void> {
    const outcome =
      row.channel === 'telegram' && options.telegram
        ? await sendTelegram(row, options.telegram)
        : await sendWebhook(row);
    await record(row, outcome);
  }

  /**
   * Claims into free slots as sends end (and every second meanwhile), then waits for the last sends. A failure to
   * read or write the database stops the claiming and fails the run once the sends in flight have ended; their rows'
   * leases run out and they are tried again.
   */
  async function deliver(): Promise<number> {
    const started = performance.now();
    const inFlight = new Map<Channel, Set<Promise<void>>>(channels.map((channel) => [channel, new Set()]));
    // The channels worth a claim: every one at first and each second; else those with a send ended since their last
    // claim (a slot is free, or that account's next row may go).
    const look = new Set<Channel>(channels);
    let handled = 0;
    let failure: unknown = null;
    for (;;) {
      const claiming = failure === null && performance.now() - started < CLAIM_FOR_MS;
      if (claiming) {
        try {
          for (const [channel, sends] of inFlight) {
            if (!look.delete(channel) || sends.size === CHANNEL_CONCURRENCY) continue;
            for (const row of await claim(channel, CHANNEL_CONCURRENCY - sends.size)) {
              const send: Promise<void> = attempt(row)
                .catch((error: unknown) => {
                  failure ??= error;
                })
                .finally(() => {
                  sends.delete(send);
                  look.add(channel);
                });
              sends.add(send);
              handled += 1;
            }
          }
        } catch (error) {
          failure = error;
        }
      }
      const pending = [...inFlight.values()].flatMap((sends) => [...sends]);
      if (pending.length === 0) {
        // Sends that ended while the claims were under way freed what those claims could not see.
        if (claiming && look.size > 0) continue;
        break;
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        ...pending,
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            for (const channel of channels) look.add(channel);
            resolve();
          }, RECLAIM_EVERY_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    if (failure !== null) throw failure;
    return handled;
  }

  return { name: 'notifications.deliver', everyMs: DELIVER_EVERY_MS, drains: true, run: deliver };
}
