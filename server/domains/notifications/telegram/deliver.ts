/**
 * `deliverTelegram`: how the notifications' delivery job sends a notification to an account's Telegram chat. The
 * Bot API it talks to is the app's (`TELEGRAM_API_URL`), set when the Telegram plugin is registered.
 */
import type { Queryable } from '../../../db/db.ts';
import { botApi, type BotApi } from './bot-api.ts';
import { telegramDelivery, type DeliverTelegram } from './telegram-service.ts';

export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';

let delivery: DeliverTelegram = telegramDelivery(botApi({ baseUrl: DEFAULT_TELEGRAM_API_URL }));

/** Points `deliverTelegram` at `api` (the plugin does, with the configured URL). */
export function useTelegramApi(api: BotApi): void {
  delivery = telegramDelivery(api);
}

/**
 * Sends `text` (plain text) to the chat linked to `userId`: `'sent'`; `'no_bot'` when no bot is configured;
 * `'not_linked'` when the account has no chat or the chat blocked the bot (which unlinks it). Throws on a transport
 * failure or another refusal of Telegram's: the caller retries.
 */
export function deliverTelegram(q: Queryable, userId: number, text: string): Promise<'sent' | 'not_linked' | 'no_bot'> {
  return delivery(q, userId, text);
}
