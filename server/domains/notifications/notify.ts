/**
 * The one entry point of customer notifications: `notify(q, userId, event, data)`, called inside the transaction where
 * the event happens. It writes one row per channel the customer chose into `notifications` (the outbox), each under
 * the unique key (user, event key, channel): an event notified twice — a retried sweep, two processes — is written
 * once per channel. For e-mail it also queues the mail in the mail outbox in that transaction (the event's bespoke
 * mail when the caller has one); webhook and Telegram rows are sent by the `notifications.deliver` job.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '@proxy/contract/languages';
import type { Currency } from '@proxy/contract/money';
import {
  DEFAULT_CHANNELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
} from '@proxy/contract/schemas/notifications';
import type { Queryable } from '../../db/db.ts';
import { placeRuOf } from '../farm/index.ts';
import type { EmailContent } from '../../lib/email-template.ts';
import type { MailKind, OutgoingMail } from '../../plugins/mailer.ts';
import { eventEmail, eventText, type EventData, type ProxyFacts } from './events.ts';

export interface NotifierOptions {
  readonly currency: Currency;
  readonly publicUrl: string;
  readonly siteName: string;
  /** `app.mailer.enqueue`: the e-mail channel's mail, in the caller's transaction. */
  readonly enqueue: (q: Queryable, mail: OutgoingMail) => Promise<void>;
}

export interface NotifyOptions {
  /** What makes this event one event (`proxy_renewed:17:<expiry ms>`): notified once per channel. */
  readonly key: string;
  readonly at: Date;
  /** The proxy the event is about: its facts go into `data.proxy`. */
  readonly proxyId?: number;
  /** The event's bespoke mail (kept from before #30); without one the e-mail is the event's short text. */
  readonly email?: { readonly kind: MailKind; readonly content: (language: Language) => EmailContent };
}

/** The channels a customer gets an event on: their switches, or the catalogue's default where they set none. */
export async function chosenChannels(
  q: Queryable,
  userId: number,
  event: NotificationEvent,
): Promise<NotificationChannel[]> {
  const rows = await q.query<{ channel: NotificationChannel; enabled: boolean }>(
    'SELECT channel, enabled FROM notification_preferences WHERE user_id = $1 AND event = $2',
    [userId, event],
  );
  const set = new Map(rows.map((row) => [row.channel, row.enabled]));
  return NOTIFICATION_CHANNELS.filter((channel) => set.get(channel) ?? DEFAULT_CHANNELS[event].includes(channel));
}

/** A proxy's facts for a payload: which it is and where, never its credentials. */
export async function proxyFacts(q: Queryable, proxyId: number): Promise<ProxyFacts | undefined> {
  const [row] = await q.query<ProxyFacts>(
    `SELECT p.id, p.comment, m.country, m.city, m.operator, ${placeRuOf('m')}, m.ip
       FROM proxies p JOIN modems m ON m.id = p.modem_id
      WHERE p.id = $1`,
    [proxyId],
  );
  return row;
}

export function notifier(options: NotifierOptions) {
  /**
   * Notifies `userId` of `event` on every channel they chose. A webhook row is written only while a webhook is set;
   * a Telegram row whatever the link (the delivery says "not linked"), so the log shows why nothing came.
   */
  async function notify(
    q: Queryable,
    userId: number,
    event: NotificationEvent | 'webhook_test',
    data: EventData,
    notifyOptions: NotifyOptions,
  ): Promise<void> {
    const channels: NotificationChannel[] =
      event === 'webhook_test' ? ['webhook'] : await chosenChannels(q, userId, event);
    if (channels.length === 0) return;
    const [user] = await q.query<{ email: string; language: Language; webhook_url: string | null }>(
      `SELECT u.email, u.language, s.webhook_url
         FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    if (!user) return;
    const proxy = notifyOptions.proxyId === undefined ? undefined : await proxyFacts(q, notifyOptions.proxyId);
    const payload = {
      event,
      id: randomUUID(),
      occurred_at: notifyOptions.at.toISOString(),
      data: proxy ? { ...data, proxy } : data,
    };
    for (const channel of channels) {
      if (channel === 'webhook' && !user.webhook_url) continue;
      const inserted = await q.query<{ id: number }>(
        `INSERT INTO notifications (user_id, event, channel, event_key, event_id, payload, status, created_at, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::text, $8::timestamptz, CASE WHEN $7::text = 'sent' THEN $8::timestamptz END)
         ON CONFLICT (user_id, event_key, channel) DO NOTHING RETURNING id::int AS id`,
        [
          userId,
          event,
          channel,
          notifyOptions.key,
          payload.id,
          JSON.stringify(payload),
          channel === 'email' ? 'sent' : 'queued',
          notifyOptions.at,
        ],
      );
      if (inserted.length === 0 || channel !== 'email' || event === 'webhook_test') continue;
      const content =
        notifyOptions.email?.content(user.language) ??
        eventEmail(
          eventText(event, payload.data, user.language, options.currency),
          options.publicUrl,
          options.siteName,
          user.language,
        );
      await options.enqueue(q, {
        kind: notifyOptions.email?.kind ?? 'notification',
        userId,
        to: user.email,
        language: user.language,
        content,
        secrets: [],
      });
    }
  }
  return { notify };
}

export type Notifier = ReturnType<typeof notifier>;
export type Notify = Notifier['notify'];

export const isNotificationEvent = (value: string): value is NotificationEvent =>
  (NOTIFICATION_EVENTS as readonly string[]).includes(value);
