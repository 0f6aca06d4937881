/**
 * A local server that speaks Telegram's Bot API as far as the site uses it: `getMe` (for the tokens it knows),
 * `getUpdates` (the updates a test queued, from the offset asked, which confirms the ones before it as Telegram
 * does) and `sendMessage` (recorded; a chat can be made to have blocked the bot: 403). Every call is logged with its
 * path, so a test can check what reached "Telegram".
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  readonly token: string;
  readonly chat_id: number;
  readonly text: string;
  readonly parse_mode?: string;
}

/** Who sends a message, as Telegram describes them; `language_code` is their Telegram app's language. */
export interface Sender {
  readonly id?: number;
  readonly username?: string;
  readonly first_name?: string;
  readonly language_code?: string;
}

/** A chat that is not one person's. */
export interface GroupChat {
  readonly type: 'group' | 'supergroup' | 'channel';
  readonly title: string;
}

export interface FakeTelegram {
  readonly url: string;
  /** Tokens getMe accepts, with their bot's username. */
  addBot(token: string, username: string): void;
  /**
   * A text message from `chatId` to the bot of `token`, by default in a private chat (whose id is its person's), else
   * from person `from.id` in a group, supergroup or channel; answers its update_id.
   */
  queueMessage(token: string, chatId: number, text: string, from?: Sender, chat?: GroupChat): number;
  /** sendMessage to `chatId` answers 403 "bot was blocked by the user". */
  block(chatId: number): void;
  readonly sent: SentMessage[];
  /** Paths of every call, in order. */
  readonly calls: string[];
  /** sendMessage calls fail (500) until `fail(false)`. */
  fail(failing: boolean): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const bots = new Map<string, string>();
  const updates = new Map<string, { update_id: number; message: object }[]>();
  const blocked = new Set<number>();
  const sent: SentMessage[] = [];
  const calls: string[] = [];
  let failing = false;
  let nextUpdate = 1000;
  let nextMessage = 1;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      calls.push(request.url ?? '');
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      const answer = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const token = match?.[1] ?? '';
      if (!match || !bots.has(token)) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      switch (match[2]) {
        case 'getMe':
          return answer(200, {
            ok: true,
            result: { id: Number(token.split(':')[0]), is_bot: true, first_name: 'Bot', username: bots.get(token) },
          });
        case 'getUpdates': {
          const offset = Number(body.offset ?? 0);
          const queue = (updates.get(token) ?? []).filter((update) => update.update_id >= offset);
          updates.set(token, queue);
          return answer(200, { ok: true, result: queue });
        }
        case 'sendMessage': {
          const chatId = Number(body.chat_id);
          if (failing) return answer(500, { ok: false, error_code: 500, description: 'Internal Server Error' });
          if (blocked.has(chatId)) {
            return answer(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
          }
          sent.push({
            token,
            chat_id: chatId,
            text: String(body.text),
            ...(body.parse_mode ? { parse_mode: String(body.parse_mode) } : {}),
          });
          return answer(200, { ok: true, result: { message_id: nextMessage++ } });
        }
        default:
          return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      }
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    addBot(token, username) {
      bots.set(token, username);
    },
    queueMessage(token, chatId, text, from = {}, chat) {
      const update_id = nextUpdate++;
      const queue = updates.get(token) ?? [];
      // A chat has no language: that is its sender's.
      const { language_code: _language, ...names } = from;
      queue.push({
        update_id,
        message: {
          message_id: nextMessage++,
          date: Math.floor(Date.now() / 1000),
          chat: chat ? { id: chatId, ...chat } : { type: 'private', ...names, id: chatId },
          from: { id: chatId, is_bot: false, ...from },
          text,
        },
      });
      updates.set(token, queue);
      return update_id;
    },
    block(chatId) {
      blocked.add(chatId);
    },
    sent,
    calls,
    fail(value) {
      failing = value;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
