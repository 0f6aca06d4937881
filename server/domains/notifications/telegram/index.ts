/**
 * The Telegram bot (issues #30, #33): the panel's token, the customers' linked chats, the updates poller that
 * answers `/start`, `/status`, `/rotate` and `/help`, and the outbox of staff alerts. Registered by the app; the
 * notifications' delivery job sends through `deliverTelegram`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { botApi } from './bot-api.ts';
import { useTelegramApi } from './deliver.ts';
import { panelTelegramRoutes, userTelegramRoutes } from './routes.ts';
import { telegramService } from './telegram-service.ts';

export { deliverTelegram, DEFAULT_TELEGRAM_API_URL } from './deliver.ts';
export { enqueueTelegram, type DeliverTelegram } from './telegram-service.ts';
export { botApi, escapeTelegramHtml, type BotApi } from './bot-api.ts';

export interface TelegramOptions {
  /** `TELEGRAM_API_URL`: Telegram's Bot API, or a server that speaks it. */
  readonly apiUrl: string;
  /** PUBLIC_URL: the bot names the profile page where a chat is linked. */
  readonly publicUrl: string;
  /** Milliseconds now (tests move it). */
  readonly now: () => number;
}

/** How often a process asks Telegram for new messages: the bot answers within about this. */
export const TELEGRAM_POLL_EVERY_MS = 2_000;
const TELEGRAM_SEND_EVERY_MS = 5_000;

const telegram: FastifyPluginAsync<TelegramOptions> = async (app, options) => {
  const api = botApi({ baseUrl: options.apiUrl });
  useTelegramApi(api);
  const service = telegramService(app.db, { api, publicUrl: options.publicUrl, now: options.now, log: app.log });
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(panelTelegramRoutes, { telegram: service });
  });
  await app.register(userTelegramRoutes, { telegram: service });
  app.jobs.register({ name: 'telegram.poll', everyMs: TELEGRAM_POLL_EVERY_MS, run: (now) => service.poll(now) });
  app.jobs.register({
    name: 'telegram.send',
    everyMs: TELEGRAM_SEND_EVERY_MS,
    drains: true,
    run: (now) => service.drainOutbox(now),
  });
};

export default telegram;
