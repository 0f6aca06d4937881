import * as v from 'valibot';

/**
 * Customer notifications (issue #30): the events a customer can be told about, the channels, what each event sends by
 * default, the settings on `/user`, and the JSON a webhook receives.
 */

/** Every event a customer can choose to hear about. */
export const NOTIFICATION_EVENTS = [
  'proxy_expiring',
  'proxy_renewed',
  'proxy_renewal_failed',
  'proxy_suspended',
  'modem_offline',
  'modem_online',
  'ip_rotated',
  'balance_low',
  'transfer_offered',
  'transfer_accepted',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'telegram', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * A customer who never chose gets these: e-mail for the events that always mailed before #30 (the proxy's life and
 * the transfers), nothing for the new ones, and nothing by Telegram or webhook until they switch it on.
 */
export const DEFAULT_CHANNELS: Readonly<Record<NotificationEvent, readonly NotificationChannel[]>> = {
  proxy_expiring: ['email'],
  proxy_renewed: ['email'],
  proxy_renewal_failed: ['email'],
  proxy_suspended: ['email'],
  modem_offline: [],
  modem_online: [],
  ip_rotated: [],
  balance_low: [],
  transfer_offered: ['email'],
  transfer_accepted: ['email'],
};

/** The event of a webhook's "Send test": never a preference, only ever sent to the webhook. */
export const WEBHOOK_TEST_EVENT = 'webhook_test';

/** Longest webhook URL accepted. */
export const MAX_WEBHOOK_URL = 500;

/** One event's switches, one per channel. */
export const NotificationPreferenceSchema = v.object({
  event: v.picklist(NOTIFICATION_EVENTS),
  email: v.boolean(),
  telegram: v.boolean(),
  webhook: v.boolean(),
});
export type NotificationPreference = v.InferOutput<typeof NotificationPreferenceSchema>;

/** The balance-low threshold, in minor units of the site's currency; null: never told. */
const threshold = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000_00)));

export const NotificationSettingsSchema = v.object({
  /** Every event, in the catalogue's order. */
  preferences: v.array(NotificationPreferenceSchema),
  balance_low_threshold: threshold,
  /** Whether a Telegram chat is linked (the Telegram card links one): the column's switches wait for it. */
  telegram_linked: v.boolean(),
  /** '' while no webhook is set. */
  webhook_url: v.string(),
});
export type NotificationSettings = v.InferOutput<typeof NotificationSettingsSchema>;

export const NotificationSettingsUpdateSchema = v.object({
  preferences: v.pipe(v.array(NotificationPreferenceSchema), v.maxLength(NOTIFICATION_EVENTS.length)),
  balance_low_threshold: threshold,
});
export type NotificationSettingsUpdate = v.InferOutput<typeof NotificationSettingsUpdateSchema>;

export const WebhookUpdateSchema = v.object({
  /** '' removes the webhook. */
  url: v.pipe(v.string(), v.trim(), v.maxLength(MAX_WEBHOOK_URL)),
});
export type WebhookUpdate = v.InferOutput<typeof WebhookUpdateSchema>;

/** The webhook as saved; `secret` only in the answer that made it (the first URL, or "Regenerate"), else null. */
export const WebhookSchema = v.object({
  url: v.string(),
  secret: v.nullable(v.string()),
});
export type Webhook = v.InferOutput<typeof WebhookSchema>;

/**
 * The pauses, in minutes, before each retry of a webhook or Telegram delivery that failed: the delivery job keeps to
 * them and `/user` quotes them. After the last retry fails too, the delivery is `failed`.
 */
export const DELIVERY_RETRY_MINUTES = [1, 2, 4, 8, 16, 32, 64, 128, 256] as const;

export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One row of the delivery log on `/user` (webhook and Telegram). */
export const NotificationDeliverySchema = v.object({
  id: v.number(),
  event: v.string(),
  channel: v.picklist(['telegram', 'webhook']),
  created_at: v.string(),
  status: v.picklist(DELIVERY_STATUSES),
  /** The receiver's HTTP status of the last attempt; null before one answered. */
  response_code: v.nullable(v.number()),
  attempts: v.number(),
  /** When it is tried again, while queued. */
  next_attempt_at: v.nullable(v.string()),
  error: v.string(),
});
export type NotificationDelivery = v.InferOutput<typeof NotificationDeliverySchema>;

/**
 * What a webhook receives: `POST` with this JSON, and the headers
 * `X-Webhook-Event` (the event), `X-Webhook-Id` (the event's id: the same on every retry, to drop repeats) and
 * `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`.
 */
export const WebhookPayloadSchema = v.object({
  event: v.string(),
  id: v.string(),
  occurred_at: v.string(),
  data: v.record(v.string(), v.unknown()),
});
export type WebhookPayload = v.InferOutput<typeof WebhookPayloadSchema>;

export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
export const WEBHOOK_ID_HEADER = 'x-webhook-id';
export const WEBHOOK_EVENT_HEADER = 'x-webhook-event';
