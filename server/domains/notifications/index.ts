/**
 * The notifications domain (issue #30): what each customer chooses to be told and how (e-mail, Telegram, webhook),
 * the one entry point other domains call where an event happens (`notifier(...).notify` inside their transaction),
 * the notifications outbox and the job that delivers it, the sweeps that find the events no request makes, and the
 * customer's endpoints. This file is the domain's only public surface.
 */
import type { Currency } from '@proxy/contract/money';
import type { FastifyPluginAsync } from 'fastify';
import { deliveryJob, type DeliverTelegram } from './deliveries.ts';
import { notifier } from './notify.ts';
import notificationRoutes from './routes.ts';
import { notificationSweeps } from './sweeps.ts';

export { notifier, type Notifier, type Notify, type NotifyOptions } from './notify.ts';
// The Telegram bot (its token, linked chats, the updates poller, staff alerts' outbox): a plugin of its own.
export { default as telegramBot, deliverTelegram, enqueueTelegram, type TelegramOptions } from './telegram/index.ts';

export interface NotificationsOptions {
  readonly currency: Currency;
  readonly publicUrl: string;
  readonly siteName: string;
  /** Not production: webhooks may be http:// and reach private addresses (a local receiver). */
  readonly allowLocal: boolean;
  readonly now: () => number;
  /** The Telegram channel's sender; without one, Telegram rows wait in the outbox. */
  readonly telegram?: DeliverTelegram;
  /** A webhook delivery's timeout (tests shorten it). */
  readonly webhookTimeoutMs?: number;
}

const notifications: FastifyPluginAsync<NotificationsOptions> = async (app, options) => {
  const { notify } = notifier({
    currency: options.currency,
    publicUrl: options.publicUrl,
    siteName: options.siteName,
    enqueue: (q, mail) => app.mailer.enqueue(q, mail),
  });
  await app.register(notificationRoutes, { notify, allowLocal: options.allowLocal, now: options.now });
  for (const job of notificationSweeps(app.db, notify)) app.jobs.register(job);
  app.jobs.register(
    deliveryJob(app.db, {
      currency: options.currency,
      publicUrl: options.publicUrl,
      siteName: options.siteName,
      allowLocal: options.allowLocal,
      telegram: options.telegram ?? null,
      now: options.now,
      ...(options.webhookTimeoutMs ? { timeoutMs: options.webhookTimeoutMs } : {}),
    }),
  );
};

export default notifications;
