/**
 * The signed-in customer's notification settings, webhook and delivery log (issue #30), as the routes ask for them.
 * Saving the switches with the threshold, and sending a test, are each one transaction: the switches and the threshold
 * change together or not at all, and a test is queued only while the account's webhook row is locked with a URL.
 */
import {
  DEFAULT_CHANNELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  WEBHOOK_TEST_EVENT,
  type NotificationChannel,
  type NotificationDelivery,
  type NotificationEvent,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@proxy/contract/schemas/notifications';
import type { Db, Queryable } from '../../db/db.ts';
import type { Now } from '../../lib/clock.ts';
import type { Notify } from './notify.ts';
import { NOTIFICATION_REFUSALS } from './refusals.ts';
import { newWebhookSecret } from './webhooks.ts';

/** Rows in the delivery log. */
const DELIVERY_LOG_SIZE = 50;

export interface NotificationsServiceOptions {
  readonly notify: Notify;
  readonly now: Now;
}

/** The webhook as saved: its URL, and its secret when this save made one (shown this once), else null. */
export interface SavedWebhook {
  readonly url: string;
  readonly secret: string | null;
}

async function settingsOf(q: Queryable, userId: number): Promise<NotificationSettings> {
  const switches = await q.query<{ event: NotificationEvent; channel: NotificationChannel; enabled: boolean }>(
    'SELECT event, channel, enabled FROM notification_preferences WHERE user_id = $1',
    [userId],
  );
  const [settings] = await q.query<{ webhook_url: string; balance_low_threshold: string | number | null }>(
    'SELECT webhook_url, balance_low_threshold FROM notification_settings WHERE user_id = $1',
    [userId],
  );
  const [linked] = await q.query<{ linked: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM telegram_links WHERE user_id = $1) AS linked',
    [userId],
  );
  const set = new Map(switches.map((row) => [`${row.event}:${row.channel}`, row.enabled]));
  const on = (event: NotificationEvent, channel: NotificationChannel) =>
    set.get(`${event}:${channel}`) ?? DEFAULT_CHANNELS[event].includes(channel);
  return {
    preferences: NOTIFICATION_EVENTS.map((event) => ({
      event,
      email: on(event, 'email'),
      telegram: on(event, 'telegram'),
      webhook: on(event, 'webhook'),
    })),
    balance_low_threshold:
      settings?.balance_low_threshold === null || settings?.balance_low_threshold === undefined
        ? null
        : Number(settings.balance_low_threshold),
    telegram_linked: linked?.linked ?? false,
    webhook_url: settings?.webhook_url ?? '',
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface DeliveryRow {
  id: number;
  event: string;
  channel: 'telegram' | 'webhook';
  created_at: Date | string;
  status: NotificationDelivery['status'];
  response_code: number | null;
  attempts: number;
  next_attempt_at: Date | string | null;
  error: string;
}

const DELIVERY_COLUMNS = `id::int AS id, event, channel, created_at, status, response_code, attempts, next_attempt_at,
  error`;

const toDelivery = (row: DeliveryRow): NotificationDelivery => ({
  id: row.id,
  event: row.event,
  channel: row.channel,
  created_at: iso(row.created_at) as string,
  status: row.status,
  response_code: row.response_code,
  attempts: row.attempts,
  next_attempt_at: row.status === 'queued' ? iso(row.next_attempt_at) : null,
  error: row.error,
});

export function notificationsService(db: Db, options: NotificationsServiceOptions) {
  return {
    settings: (userId: number): Promise<NotificationSettings> => settingsOf(db, userId),

    /** Saves every switch given and the threshold, in one transaction. */
    async saveSettings(userId: number, input: NotificationSettingsUpdate): Promise<void> {
      const rows = input.preferences.flatMap((preference) =>
        NOTIFICATION_CHANNELS.map((channel) => ({ event: preference.event, channel, enabled: preference[channel] })),
      );
      await db.transaction(async (tx) => {
        if (rows.length > 0) {
          await tx.query(
            `INSERT INTO notification_preferences (user_id, event, channel, enabled)
             SELECT $1, * FROM unnest($2::text[], $3::text[], $4::boolean[])
             ON CONFLICT (user_id, event, channel) DO UPDATE SET enabled = excluded.enabled`,
            [userId, rows.map((row) => row.event), rows.map((row) => row.channel), rows.map((row) => row.enabled)],
          );
        }
        // A new threshold starts afresh: a balance already below it is one crossing, told at the next sweep.
        await tx.query(
          `INSERT INTO notification_settings AS s (user_id, balance_low_threshold) VALUES ($1, $2)
           ON CONFLICT (user_id) DO UPDATE
             SET balance_low_threshold = excluded.balance_low_threshold,
                 balance_low_notified = s.balance_low_notified
                   AND s.balance_low_threshold IS NOT DISTINCT FROM excluded.balance_low_threshold`,
          [userId, input.balance_low_threshold],
        );
      });
    },

    /** Saves the webhook's URL ('' removes it and its secret); the URL is the caller's to have checked. */
    async saveWebhook(userId: number, url: string): Promise<SavedWebhook> {
      // The first URL gets a secret, answered this once; a changed URL keeps it (the receiver already knows it).
      const fresh = newWebhookSecret();
      const [saved] = await db.query<{ webhook_url: string; created: boolean }>(
        `INSERT INTO notification_settings AS s (user_id, webhook_url, webhook_secret)
         VALUES ($1, $2::text, CASE WHEN $2::text = '' THEN '' ELSE $3::text END)
         ON CONFLICT (user_id) DO UPDATE
           SET webhook_url = excluded.webhook_url,
               webhook_secret = CASE WHEN excluded.webhook_url = '' THEN ''
                                     WHEN s.webhook_secret = '' THEN $3::text ELSE s.webhook_secret END
         RETURNING webhook_url, webhook_secret = $3::text AS created`,
        [userId, url, fresh],
      );
      return { url: saved?.webhook_url ?? url, secret: saved?.created ? fresh : null };
    },

    /** A new secret for the account's webhook; refused when it has no URL. */
    async regenerateSecret(userId: number): Promise<{ readonly url: string; readonly secret: string }> {
      const secret = newWebhookSecret();
      const [saved] = await db.query<{ webhook_url: string }>(
        `UPDATE notification_settings SET webhook_secret = $2 WHERE user_id = $1 AND webhook_url <> ''
         RETURNING webhook_url`,
        [userId, secret],
      );
      if (!saved) throw NOTIFICATION_REFUSALS.noWebhook();
      return { url: saved.webhook_url, secret };
    },

    /** Queues a test event to the account's webhook, under its settings row's lock; refused when it has no URL. */
    async sendTest(userId: number): Promise<NotificationDelivery> {
      const at = new Date(options.now());
      const row = await db.transaction(async (tx) => {
        const [settings] = await tx.query<{ webhook_url: string }>(
          'SELECT webhook_url FROM notification_settings WHERE user_id = $1 FOR UPDATE',
          [userId],
        );
        if (!settings?.webhook_url) throw NOTIFICATION_REFUSALS.noWebhook();
        // Each press is its own event: a random key.
        const key = `${WEBHOOK_TEST_EVENT}:${crypto.randomUUID()}`;
        await options.notify(tx, userId, WEBHOOK_TEST_EVENT, { message: 'test' }, { key, at });
        const [made] = await tx.query<DeliveryRow>(
          `SELECT ${DELIVERY_COLUMNS} FROM notifications WHERE user_id = $1 AND event_key = $2`,
          [userId, key],
        );
        return made as DeliveryRow;
      });
      return toDelivery(row);
    },

    /** The latest webhook and Telegram deliveries, newest first. */
    async deliveries(userId: number): Promise<NotificationDelivery[]> {
      const rows = await db.query<DeliveryRow>(
        `SELECT ${DELIVERY_COLUMNS} FROM notifications
          WHERE user_id = $1 AND channel IN ('webhook', 'telegram') ORDER BY id DESC LIMIT $2`,
        [userId, DELIVERY_LOG_SIZE],
      );
      return rows.map(toDelivery);
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
