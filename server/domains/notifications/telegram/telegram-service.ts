/**
 * The Telegram bot (issue #30): its token (set by staff, checked with getMe), the customers' chats linked with a
 * one-time code (private chats only, issue #43), the updates poller that answers `/start <code>`, `/status`,
 * `/rotate <proxy>` and `/help`, and the outbox of staff alerts (#33) it sends.
 *
 * Exactly once with several API processes: the poller fetches updates from the stored offset without a lock, then,
 * in one transaction, locks the `telegram_bot` row, re-reads the offset, handles only the updates at or past it
 * (their effects: a link, a rotation) and stores the offset past them. A second process that fetched the same
 * updates waits for the lock, then reads the new offset and skips them all. The answers are sent after the commit:
 * a crash between the two loses an answer rather than doubling an effect, and no network call holds the lock.
 */
import { createHash, randomInt } from 'node:crypto';
import { cityName, operatorName } from '@proxy/contract/countries';
import { DEFAULT_LANGUAGE, isLanguage, localizePath, type Language } from '@proxy/contract/languages';
import { PROXY_LIST, type Proxy } from '@proxy/contract/schemas/proxies';
import { readListParams } from '@proxy/contract/schemas/list-query';
import {
  TELEGRAM_CODE_TTL_MINUTES,
  type TelegramBot,
  type TelegramCode,
  type TelegramLink,
} from '@proxy/contract/schemas/telegram';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../../db/db.ts';
import { customerProxiesRepository, requestRotationIn } from '../../farm/index.ts';
import {
  BotApiError,
  BotTransportError,
  maskToken,
  MAX_MESSAGE_LENGTH,
  type BotApi,
  type TelegramMessage,
  type TelegramUpdate,
} from './bot-api.ts';
import { BOT_TEXTS } from './messages.ts';
import { TELEGRAM_REFUSALS } from './refusals.ts';

const MINUTE_MS = 60_000;
/** What /status lists at most: a chat message is no place for a long table. */
const STATUS_LIMIT = 20;
/** Code letters without look-alikes (0/O, 1/I/L): typed by hand when the deep link is not used. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
/** Staff alerts the bot could not send: retried with a growing wait, then marked failed. */
const OUTBOX_MAX_ATTEMPTS = 8;
const OUTBOX_BATCH = 50;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function newCode(): string {
  let code = '';
  for (let n = 0; n < CODE_LENGTH; n++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

interface BotRow {
  token: string;
  username: string;
  updates_offset: number | string;
  updated_at: Date | string;
}

const iso = (at: Date | string) => new Date(at).toISOString();

async function botRow(q: Queryable, lock = false): Promise<BotRow | null> {
  const [row] = await q.query<BotRow>(
    `SELECT token, username, updates_offset, updated_at FROM telegram_bot${lock ? ' FOR UPDATE' : ''}`,
  );
  return row ?? null;
}

/** The private chat's name as its owner knows it: @username, or the first and last name. */
function chatName(message: TelegramMessage): string {
  const { chat } = message;
  const name = chat.username
    ? `@${chat.username}`
    : [chat.first_name, chat.last_name].filter(Boolean).join(' ') || String(chat.id);
  return name.slice(0, 200);
}

/**
 * The language of a chat no account speaks for: its sender's Telegram app's (`language_code`), English for one the
 * site has no text in, the site's default when Telegram does not say.
 */
function chatLanguage(message: TelegramMessage): Language {
  const code = message.from?.language_code?.toLowerCase().split('-')[0];
  if (!code) return DEFAULT_LANGUAGE;
  return isLanguage(code) ? code : 'en';
}

/** `/cmd@bot args` → `['cmd', 'args']`; null for text that is not a command. */
function command(text: string): [string, string] | null {
  const match = /^\/([A-Za-z_]+)(?:@\S+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  return match ? [(match[1] as string).toLowerCase(), (match[2] ?? '').trim()] : null;
}

/**
 * Sends `text` to the chat linked to `userId` with the bot, if there are both: `'sent'`; `'no_bot'` without a bot;
 * `'not_linked'` without a chat, or when the chat blocked the bot (Telegram's 403), which unlinks it. Throws on a
 * transport failure or another refusal of Telegram's: the caller retries.
 */
export type DeliverTelegram = (q: Queryable, userId: number, text: string) => Promise<'sent' | 'not_linked' | 'no_bot'>;

export function telegramDelivery(api: BotApi): DeliverTelegram {
  return async (q, userId, text) => {
    const bot = await botRow(q);
    if (!bot) return 'no_bot';
    const [link] = await q.query<{ chat_id: number | string }>(
      'SELECT chat_id FROM telegram_links WHERE user_id = $1',
      [userId],
    );
    if (!link) return 'not_linked';
    try {
      await api.sendMessage(bot.token, Number(link.chat_id), text);
      return 'sent';
    } catch (error) {
      if (error instanceof BotApiError && error.status === 403) {
        // The person blocked the bot (or left the group): nothing will reach them until they link again.
        await q.query('DELETE FROM telegram_links WHERE user_id = $1 AND chat_id = $2', [userId, link.chat_id]);
        return 'not_linked';
      }
      throw error;
    }
  };
}

/** A staff alert for the bot, written in the caller's transaction; the `telegram.send` job sends it. */
export async function enqueueTelegram(q: Queryable, userId: number, text: string): Promise<void> {
  await q.query('INSERT INTO telegram_outbox (user_id, text) VALUES ($1, $2)', [
    userId,
    text.slice(0, MAX_MESSAGE_LENGTH),
  ]);
}

export interface TelegramServiceOptions {
  readonly api: BotApi;
  readonly publicUrl: string;
  /** Milliseconds now (tests move it): code expiry, the rotation cooldown. */
  readonly now: () => number;
  readonly log: FastifyBaseLogger;
}

interface Reply {
  readonly chatId: number;
  readonly text: string;
}

interface Linked {
  user_id: number;
  email: string;
  language: Language;
}

export function telegramService(db: Db, options: TelegramServiceOptions) {
  const { api, publicUrl, now, log } = options;
  const deliver = telegramDelivery(api);
  const userUrl = (language: Language) => `${publicUrl}${localizePath('/user', language)}`;

  async function panelView(q: Queryable = db): Promise<TelegramBot> {
    const [bot, [count]] = await Promise.all([
      botRow(q),
      q.query<{ count: number }>('SELECT count(*)::int AS count FROM telegram_links'),
    ]);
    return {
      configured: bot !== null,
      username: bot?.username ?? '',
      token_masked: bot ? maskToken(bot.token) : null,
      updated_at: bot ? iso(bot.updated_at) : null,
      linked_chats: count?.count ?? 0,
    };
  }

  /** The linked account of a chat, if it is one and the account is active. */
  async function linkedAccount(q: Queryable, chatId: number): Promise<Linked | null> {
    const [row] = await q.query<Linked>(
      `SELECT u.id AS user_id, u.email, u.language FROM telegram_links l JOIN users u ON u.id = l.user_id
        WHERE l.chat_id = $1 AND u.is_active`,
      [chatId],
    );
    return row ?? null;
  }

  const proxyName = (proxy: Proxy) => `#${proxy.id} ${proxy.comment || proxy.login}`;

  async function status(q: Queryable, account: Linked): Promise<string> {
    const { language } = account;
    const proxies = customerProxiesRepository(q, { publicUrl, now });
    const params = readListParams(PROXY_LIST, { ordering: 'expires_at' });
    const [count, list] = await Promise.all([
      proxies.count(account.user_id, params),
      proxies.list(account.user_id, params, { limit: STATUS_LIMIT, offset: 0 }),
    ]);
    if (count === 0) return BOT_TEXTS.noProxies[language];
    const date = new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    const lines = list.map((proxy) =>
      [
        proxyName(proxy),
        `${proxy.country}, ${cityName(proxy, language)}, ${operatorName(proxy, language)}`,
        proxy.ip ?? BOT_TEXTS.noIp[language],
        BOT_TEXTS.until({ date: date.format(new Date(proxy.expires_at)) })[language],
        (proxy.online ? BOT_TEXTS.online : BOT_TEXTS.offline)[language],
      ].join(' · '),
    );
    const more = count > list.length ? [BOT_TEXTS.more({ count: count - list.length })[language]] : [];
    return [BOT_TEXTS.statusTitle({ count })[language], ...lines, ...more].join('\n');
  }

  /** `/rotate <proxy>`: by its number (`12`, `#12`), its login, or its comment (any case); one match or none. */
  async function rotate(q: Queryable, account: Linked, query: string, at: Date): Promise<string> {
    const { language } = account;
    if (query === '') return BOT_TEXTS.rotateWhich[language];
    const proxies = customerProxiesRepository(q, { publicUrl, now });
    const params = readListParams(PROXY_LIST, {});
    const all = await proxies.list(account.user_id, params, { limit: 1000, offset: 0 });
    const id = /^#?(\d{1,9})$/.exec(query)?.[1];
    const wanted = query.toLowerCase();
    const byId = id === undefined ? [] : all.filter((proxy) => proxy.id === Number(id));
    const matches = byId.length
      ? byId
      : all.filter(
          (proxy) => proxy.login === query || (proxy.comment !== '' && proxy.comment.toLowerCase() === wanted),
        );
    const [proxy] = matches;
    if (!proxy) return BOT_TEXTS.rotateUnknown({ query: query.slice(0, 100) })[language];
    if (matches.length > 1) {
      return BOT_TEXTS.rotateAmbiguous({ ids: matches.map((match) => `#${match.id}`).join(', ') })[language];
    }
    // The site's own rule, cooldown included: what "change IP now" on the proxy's page does.
    const outcome = await requestRotationIn(
      q,
      async (repository) => {
        const locked = await repository.get(proxy.id, { lock: true });
        return locked?.ownerId === account.user_id ? locked : null;
      },
      'customer',
      account.user_id,
      at,
    );
    switch (outcome.kind) {
      case 'started':
        return BOT_TEXTS.rotateStarted({ name: proxyName(proxy) })[language];
      case 'wait':
        return BOT_TEXTS.rotateWait({ seconds: outcome.seconds })[language];
      case 'inactive':
        return BOT_TEXTS.rotateInactive[language];
      case 'unknown':
        return BOT_TEXTS.rotateUnknown({ query: query.slice(0, 100) })[language];
      default:
        return BOT_TEXTS.rotateUnavailable[language];
    }
  }

  /** `/start <code>`: links the chat to the code's account, once; the code is used up. */
  async function start(q: Queryable, message: TelegramMessage, code: string, at: Date): Promise<string> {
    const chatId = message.chat.id;
    const current = await linkedAccount(q, chatId);
    if (code === '') {
      return current
        ? BOT_TEXTS.alreadyLinked[current.language] + BOT_TEXTS.help[current.language]
        : notLinked(message);
    }
    const [owner] = await q.query<Linked>(
      `SELECT u.id AS user_id, u.email, u.language FROM telegram_link_codes c JOIN users u ON u.id = c.user_id
        WHERE c.code_hash = $1 AND c.expires_at > $2 AND u.is_active FOR UPDATE OF c`,
      [sha256(code.toUpperCase()), at],
    );
    if (!owner) {
      const language = current?.language ?? chatLanguage(message);
      return BOT_TEXTS.badCode({ userUrl: userUrl(language) })[language];
    }
    const [holder] = await q.query<{ user_id: number }>('SELECT user_id FROM telegram_links WHERE chat_id = $1', [
      chatId,
    ]);
    if (holder && holder.user_id !== owner.user_id) return BOT_TEXTS.chatTaken[owner.language];
    await q.query('DELETE FROM telegram_link_codes WHERE user_id = $1', [owner.user_id]);
    if (holder) return BOT_TEXTS.alreadyLinked[owner.language] + BOT_TEXTS.help[owner.language];
    // One chat per account: linking another chat moves the account's notifications there.
    await q.query(
      `INSERT INTO telegram_links (user_id, chat_id, chat_name, linked_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE
         SET chat_id = excluded.chat_id, chat_name = excluded.chat_name, linked_at = excluded.linked_at`,
      [owner.user_id, chatId, chatName(message), at],
    );
    return BOT_TEXTS.linked({ email: owner.email })[owner.language] + BOT_TEXTS.help[owner.language];
  }

  const notLinked = (message: TelegramMessage) => {
    const language = chatLanguage(message);
    return BOT_TEXTS.notLinked({ userUrl: userUrl(language) })[language];
  };

  /** One update's answer (null: nothing to answer), its effects written in `q`. */
  async function handle(q: Queryable, update: TelegramUpdate, at: Date): Promise<string | null> {
    const message = update.message;
    if (!message || typeof message.text !== 'string') return null;
    const parsed = command(message.text);
    // Only a private chat is one person: linked in a group, every member could /status and /rotate the account's
    // proxies and read its notifications, and the "linked" answer would show the group its e-mail. Other text in a
    // group is the members talking to each other.
    if (message.chat.type !== 'private') return parsed ? BOT_TEXTS.privateOnly[chatLanguage(message)] : null;
    if (parsed?.[0] === 'start') return start(q, message, parsed[1], at);
    const account = await linkedAccount(q, message.chat.id);
    if (!account) return notLinked(message);
    switch (parsed?.[0]) {
      case 'status':
        return status(q, account);
      case 'rotate':
        return rotate(q, account, parsed[1], at);
      default:
        return BOT_TEXTS.help[account.language];
    }
  }

  return {
    panelView: () => panelView(),

    /** Keeps `token` after Telegram's getMe accepted it; a new token reads its bot's updates from the start. */
    async setToken(token: string, actorId: number): Promise<TelegramBot> {
      let username: string;
      try {
        const me = await api.getMe(token);
        username = me.username ?? '';
      } catch (error) {
        if (error instanceof BotApiError && error.status !== 429 && error.status < 500) {
          throw TELEGRAM_REFUSALS.tokenRejected({ cause: error });
        }
        if (error instanceof BotApiError || error instanceof BotTransportError) {
          throw TELEGRAM_REFUSALS.telegramUnreachable({ cause: error });
        }
        throw error;
      }
      return db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO telegram_bot (id, token, username, updates_offset, updated_at, actor_id)
           VALUES (true, $1, $2, 0, $3, $4)
           ON CONFLICT (id) DO UPDATE
             SET username = excluded.username, updated_at = excluded.updated_at, actor_id = excluded.actor_id,
                 updates_offset = CASE WHEN telegram_bot.token = excluded.token
                                       THEN telegram_bot.updates_offset ELSE 0 END,
                 token = excluded.token`,
          [token, username, new Date(now()), actorId],
        );
        return panelView(tx);
      });
    },

    /** Removes the bot; linked chats stay, for a bot set again (the same bot's chats keep working). */
    async clearToken(): Promise<TelegramBot> {
      await db.query('DELETE FROM telegram_bot');
      return panelView();
    },

    async linkView(userId: number): Promise<TelegramLink> {
      const at = new Date(now());
      const [bot, [link], [code]] = await Promise.all([
        botRow(db),
        db.query<{ chat_name: string; linked_at: Date | string }>(
          'SELECT chat_name, linked_at FROM telegram_links WHERE user_id = $1',
          [userId],
        ),
        db.query<{ expires_at: Date | string }>(
          'SELECT expires_at FROM telegram_link_codes WHERE user_id = $1 AND expires_at > $2',
          [userId, at],
        ),
      ]);
      return {
        available: bot !== null,
        bot_username: bot?.username ?? '',
        linked: link ? { chat_name: link.chat_name, linked_at: iso(link.linked_at) } : null,
        code_expires_at: code ? iso(code.expires_at) : null,
      };
    },

    /** A new code for the account, replacing its open one (one per account: the table's key). */
    async createCode(userId: number): Promise<TelegramCode> {
      const bot = await botRow(db);
      if (!bot) throw TELEGRAM_REFUSALS.notAvailable();
      const code = newCode();
      const expiresAt = new Date(now() + TELEGRAM_CODE_TTL_MINUTES * MINUTE_MS);
      await db.query(
        `INSERT INTO telegram_link_codes (user_id, code_hash, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at`,
        [userId, sha256(code), expiresAt],
      );
      return {
        code,
        expires_at: expiresAt.toISOString(),
        deep_link: `https://t.me/${bot.username}?start=${code}`,
        command: `/start ${code}`,
      };
    },

    async unlink(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM telegram_links WHERE user_id = $1', [userId]);
        await tx.query('DELETE FROM telegram_link_codes WHERE user_id = $1', [userId]);
      });
    },

    /** The poller's run: the updates since the stored offset, each answered once; how many were handled. */
    async poll(at: Date): Promise<number> {
      const bot = await botRow(db);
      if (!bot) return 0;
      let updates: TelegramUpdate[];
      try {
        updates = await api.getUpdates(bot.token, Number(bot.updates_offset), 0);
      } catch (error) {
        // Telegram answers 409 to a getUpdates while another is under way: another process is polling right now,
        // and the updates are its to answer.
        if (error instanceof BotApiError && error.status === 409) return 0;
        throw error;
      }
      if (updates.length === 0) return 0;
      const { replies, token } = await db.transaction(async (tx) => {
        const locked = await botRow(tx, true);
        // The token changed (or went) meanwhile: these updates were another bot's.
        if (!locked || locked.token !== bot.token) return { replies: [] as Reply[], token: '' };
        const from = Number(locked.updates_offset);
        const fresh = updates.filter((update) => update.update_id >= from).sort((a, b) => a.update_id - b.update_id);
        if (fresh.length === 0) return { replies: [] as Reply[], token: '' };
        const answers: Reply[] = [];
        for (const update of fresh) {
          const text = await handle(tx, update, at);
          if (text !== null && update.message) answers.push({ chatId: update.message.chat.id, text });
        }
        const next = (fresh.at(-1) as TelegramUpdate).update_id + 1;
        await tx.query('UPDATE telegram_bot SET updates_offset = $1', [next]);
        return { replies: answers, token: locked.token };
      });
      for (const reply of replies) {
        try {
          await api.sendMessage(token, reply.chatId, reply.text);
        } catch (error) {
          log.warn({ err: error, chatId: reply.chatId }, 'telegram answer not sent');
        }
      }
      return replies.length;
    },

    /** The alerts outbox: each due message claimed by one process, sent, and marked; how many were sent. */
    async drainOutbox(at: Date): Promise<number> {
      let sent = 0;
      for (let n = 0; n < OUTBOX_BATCH; n++) {
        const done = await db.transaction(async (tx) => {
          const [row] = await tx.query<{ id: number; user_id: number; text: string; attempts: number }>(
            `SELECT id, user_id, text, attempts FROM telegram_outbox
              WHERE status = 'queued' AND next_attempt_at <= $1
              ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
            [at],
          );
          if (!row) return null;
          try {
            const outcome = await deliver(tx, row.user_id, row.text);
            await tx.query(
              `UPDATE telegram_outbox SET status = $2, sent_at = $3, attempts = attempts + 1 WHERE id = $1`,
              [row.id, outcome === 'sent' ? 'sent' : 'dropped', at],
            );
            return outcome === 'sent' ? 1 : 0;
          } catch (error) {
            const attempts = row.attempts + 1;
            await tx.query(
              `UPDATE telegram_outbox SET attempts = $2, status = $3, next_attempt_at = $4, last_error = $5 WHERE id = $1`,
              [
                row.id,
                attempts,
                attempts >= OUTBOX_MAX_ATTEMPTS ? 'failed' : 'queued',
                new Date(at.getTime() + 2 ** attempts * MINUTE_MS),
                String((error as Error)?.message ?? error).slice(0, 500),
              ],
            );
            return 0;
          }
        });
        if (done === null) break;
        sent += done;
      }
      return sent;
    },
  };
}

export type TelegramService = ReturnType<typeof telegramService>;
