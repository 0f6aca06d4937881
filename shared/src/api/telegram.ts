import {
  TelegramBotSchema,
  TelegramCodeSchema,
  TelegramLinkSchema,
  type TelegramBot,
  type TelegramBotInput,
  type TelegramCode,
  type TelegramLink,
} from '../schemas/telegram.ts';
import type { ApiClient } from './client.ts';
import { decodeWith } from './decode.ts';

const decodeBot = decodeWith(TelegramBotSchema);
const decodeLink = decodeWith(TelegramLinkSchema);

/** The signed-in account's Telegram: whether a bot exists, the linked chat, an open code's expiry. */
export function getTelegramLink(api: ApiClient, signal?: AbortSignal): Promise<TelegramLink> {
  return api.request('/api/users/telegram/', { signal, decode: decodeLink });
}

/** A new one-time code to send the bot (any open one stops working); 409 when no bot is configured. */
export function createTelegramCode(api: ApiClient): Promise<TelegramCode> {
  return api.request('/api/users/telegram/code/', { method: 'POST', body: {}, decode: decodeWith(TelegramCodeSchema) });
}

/** Unlinks the account's chat (and drops an open code). */
export function unlinkTelegram(api: ApiClient): Promise<null> {
  return api.request<null>('/api/users/telegram/', { method: 'DELETE' });
}

/** The bot as staff see it (`system.change_telegram`). */
export function getTelegramBot(api: ApiClient, signal?: AbortSignal): Promise<TelegramBot> {
  return api.request('/api/panel/telegram/', { signal, decode: decodeBot });
}

/** Sets the token after Telegram's getMe accepted it; 400 with `token` when it did not. */
export function setTelegramBot(api: ApiClient, input: TelegramBotInput): Promise<TelegramBot> {
  return api.request('/api/panel/telegram/', { method: 'PUT', body: input, decode: decodeBot });
}

/** Removes the bot: linked chats stay linked for when a bot is set again. */
export function clearTelegramBot(api: ApiClient): Promise<TelegramBot> {
  return api.request('/api/panel/telegram/', { method: 'DELETE', decode: decodeBot });
}
