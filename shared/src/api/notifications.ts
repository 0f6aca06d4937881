import * as v from 'valibot';
import {
  NotificationDeliverySchema,
  NotificationSettingsSchema,
  WebhookSchema,
  type NotificationDelivery,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type Webhook,
} from '../schemas/notifications.ts';
import type { ApiClient } from './client.ts';
import { decodeWith } from './decode.ts';

/** The signed-in customer's notification choices, threshold, Telegram link state and webhook URL. */
export function getNotificationSettings(api: ApiClient, signal?: AbortSignal): Promise<NotificationSettings> {
  return api.request('/api/users/notifications/', { signal, decode: decodeWith(NotificationSettingsSchema) });
}

/** Saves the switches (events not sent keep theirs) and the balance-low threshold. */
export function saveNotificationSettings(
  api: ApiClient,
  body: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return api.request('/api/users/notifications/', {
    method: 'PUT',
    body,
    decode: decodeWith(NotificationSettingsSchema),
  });
}

/** Sets the webhook URL ('' removes it); the first URL comes with the new secret, shown this once. */
export function saveWebhook(api: ApiClient, url: string): Promise<Webhook> {
  return api.request('/api/users/notifications/webhook/', {
    method: 'PUT',
    body: { url },
    decode: decodeWith(WebhookSchema),
  });
}

/** A new secret (the old one stops signing at once), shown this once. */
export function regenerateWebhookSecret(api: ApiClient): Promise<Webhook> {
  return api.request('/api/users/notifications/webhook/secret/', {
    method: 'POST',
    decode: decodeWith(WebhookSchema),
  });
}

/** Queues a `webhook_test` event to the webhook: it shows in the delivery log. */
export function sendWebhookTest(api: ApiClient): Promise<NotificationDelivery> {
  return api.request('/api/users/notifications/webhook/test/', {
    method: 'POST',
    decode: decodeWith(NotificationDeliverySchema),
  });
}

/** The last deliveries by webhook and Telegram, newest first. */
export function listNotificationDeliveries(api: ApiClient, signal?: AbortSignal): Promise<NotificationDelivery[]> {
  return api.request('/api/users/notifications/deliveries/', {
    signal,
    decode: decodeWith(v.array(NotificationDeliverySchema)),
  });
}
