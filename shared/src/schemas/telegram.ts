import * as v from 'valibot';

/**
 * The Telegram bot (issue #30): staff set its token in the panel; a customer links their chat from `/user` with a
 * one-time code sent to the bot (`/start <code>`); linked chats get notifications, staff their alerts (#33), and the
 * bot answers `/status` and `/rotate <proxy>`.
 */

const timestamp = v.string();

/** A bot token as @BotFather gives it: the bot's id, a colon, the secret. */
export const TELEGRAM_TOKEN_PATTERN = /^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$/;

/** How long a link code may wait to be sent to the bot. */
export const TELEGRAM_CODE_TTL_MINUTES = 15;

/** `GET|PUT|DELETE /api/panel/telegram/`: the bot as staff see it; the token only masked. */
export const TelegramBotSchema = v.object({
  configured: v.boolean(),
  /** The bot's @username from getMe, without the @; '' when none is configured. */
  username: v.string(),
  /** `123456:ABC…xyz`; null when none is configured. */
  token_masked: v.nullable(v.string()),
  updated_at: v.nullable(timestamp),
  /** Chats linked to accounts. */
  linked_chats: v.number(),
});
export type TelegramBot = v.InferOutput<typeof TelegramBotSchema>;

/** `PUT /api/panel/telegram/`: the token, checked with Telegram's getMe before it is kept. */
export const TelegramBotInputSchema = v.object({
  token: v.pipe(
    v.string(),
    v.trim(),
    // Worded by the server's check messages (`telegramToken`) and the panel's form.
    v.regex(TELEGRAM_TOKEN_PATTERN, 'telegram_token'),
  ),
});
export type TelegramBotInput = v.InferOutput<typeof TelegramBotInputSchema>;

/** `GET /api/users/telegram/`: whether the bot exists and this account's chat. */
export const TelegramLinkSchema = v.object({
  /** A bot is configured: linking is possible. */
  available: v.boolean(),
  /** The bot's @username without the @ ('' when unavailable). */
  bot_username: v.string(),
  linked: v.nullable(v.object({ chat_name: v.string(), linked_at: timestamp })),
  /** When the account's open code expires (the code itself is shown once, in the POST's answer); null: none open. */
  code_expires_at: v.nullable(timestamp),
});
export type TelegramLink = v.InferOutput<typeof TelegramLinkSchema>;

/** `POST /api/users/telegram/code/`: a new one-time code (replacing any open one), shown this once. */
export const TelegramCodeSchema = v.object({
  code: v.string(),
  expires_at: timestamp,
  /** `https://t.me/<bot>?start=<code>`: opens the bot with the code filled in. */
  deep_link: v.string(),
  /** What to send the bot by hand: `/start <code>`. */
  command: v.string(),
});
export type TelegramCode = v.InferOutput<typeof TelegramCodeSchema>;
