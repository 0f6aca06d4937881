/**
 * A client of Telegram's Bot API (https://core.telegram.org/bots/api): the three methods the site uses — `getMe` when
 * staff save a token, `getUpdates` for the poller, `sendMessage` for answers, notifications and alerts. The base URL
 * is configurable (`TELEGRAM_API_URL`) so tests run against a local server that speaks the same API.
 *
 * The token is part of every request's path (`/bot<token>/<method>`): no error thrown here carries the URL or the
 * token (fetch's own errors name neither, and ours name only the method), so neither a log line nor an answer can
 * leak it.
 */

/** A Bot API answer that was not `ok`: Telegram's `error_code` (401 bad token, 403 blocked by the user…). */
export class BotApiError extends Error {
  readonly status: number;
  readonly retryAfter: number | undefined;

  constructor(method: string, status: number, description: string, retryAfter?: number) {
    super(`Telegram ${method}: ${status} ${description}`.slice(0, 300));
    this.name = 'BotApiError';
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** The Bot API could not be reached or did not answer in time. */
export class BotTransportError extends Error {
  constructor(method: string, reason: string) {
    super(`Telegram ${method}: ${reason}`);
    this.name = 'BotTransportError';
  }
}

export interface BotUser {
  readonly id: number;
  readonly is_bot: boolean;
  readonly username?: string;
  readonly first_name?: string;
}

export interface TelegramChat {
  readonly id: number;
  readonly type: string;
  readonly username?: string;
  readonly first_name?: string;
  readonly last_name?: string;
}

export interface TelegramMessage {
  readonly message_id: number;
  readonly chat: TelegramChat;
  readonly text?: string;
  readonly from?: { readonly id: number; readonly language_code?: string };
}

export interface TelegramUpdate {
  readonly update_id: number;
  readonly message?: TelegramMessage;
}

export interface BotApiOptions {
  /** `TELEGRAM_API_URL`, without a trailing slash. */
  readonly baseUrl: string;
  /** How long a plain call may take (getMe, sendMessage). */
  readonly timeoutMs?: number;
}

/** Telegram's own limit of a message's text. */
export const MAX_MESSAGE_LENGTH = 4096;
const DEFAULT_TIMEOUT_MS = 10_000;

export interface BotApi {
  getMe(token: string): Promise<BotUser>;
  /** Updates from `offset` on; `timeoutSeconds` > 0 is a long poll (the call waits that long for one). */
  getUpdates(token: string, offset: number, timeoutSeconds: number): Promise<TelegramUpdate[]>;
  /** `html`: the text is HTML the caller escaped (`escapeTelegramHtml`); otherwise plain text. */
  sendMessage(token: string, chatId: number, text: string, options?: { readonly html?: boolean }): Promise<void>;
}

/** Escapes the three characters Telegram's HTML parse mode reads as markup. */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function botApi(options: BotApiOptions): BotApi {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(token: string, method: string, body: object, waitMs = timeoutMs): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(waitMs),
        redirect: 'error',
      });
    } catch (error) {
      // Only the error's name: an undici error's cause may quote the request, and with it the token.
      const reason = (error as Error)?.name === 'TimeoutError' ? 'timed out' : 'could not connect';
      throw new BotTransportError(method, reason);
    }
    let answer: { ok?: boolean; result?: T; error_code?: number; description?: string; parameters?: object };
    try {
      answer = (await response.json()) as typeof answer;
    } catch {
      throw new BotTransportError(method, `answered ${response.status} without JSON`);
    }
    if (!answer.ok) {
      const retryAfter = (answer.parameters as { retry_after?: number } | undefined)?.retry_after;
      throw new BotApiError(
        method,
        answer.error_code ?? response.status,
        String(answer.description ?? '').replaceAll(token, '***'),
        retryAfter,
      );
    }
    return answer.result as T;
  }

  return {
    getMe: (token) => call<BotUser>(token, 'getMe', {}),
    getUpdates: (token, offset, timeoutSeconds) =>
      call<TelegramUpdate[]>(
        token,
        'getUpdates',
        { offset, timeout: timeoutSeconds, allowed_updates: ['message'] },
        timeoutMs + timeoutSeconds * 1000,
      ),
    async sendMessage(token, chatId, text, sendOptions) {
      await call(token, 'sendMessage', {
        chat_id: chatId,
        text: text.slice(0, MAX_MESSAGE_LENGTH),
        ...(sendOptions?.html ? { parse_mode: 'HTML' } : {}),
        link_preview_options: { is_disabled: true },
      });
    },
  };
}

/** `123456:ABC…` shown as `123456:ABC…xyz`: enough to tell tokens apart, not enough to use one. */
export function maskToken(token: string): string {
  const [id = '', secret = ''] = token.split(':');
  return `${id}:${secret.slice(0, 3)}…${secret.slice(-3)}`;
}
