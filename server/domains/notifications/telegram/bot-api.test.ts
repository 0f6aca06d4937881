// The Bot API client's failures as the poller and the panel see them: an unreachable or silent server, and Telegram's
// refusals, each without the token (it is in the request's path) anywhere in the error; the masked token and the
// HTML escaping.
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startFakeTelegram } from '../../../test/telegram-server.ts';
import { BotApiError, botApi, BotTransportError, escapeTelegramHtml, maskToken } from './bot-api.ts';

const TOKEN = '123456789:AAH-test-secret-token-abcdefghijklmn';

/** An error's message, name and causes, as a log line would print them. */
const printed = (error: unknown) => JSON.stringify(error, Object.getOwnPropertyNames(error)) + String(error);

describe('the Bot API client', () => {
  it('reports an unreachable server and a silent one without the token', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    const unreachable = await botApi({ baseUrl: `http://127.0.0.1:${port}` })
      .getMe(TOKEN)
      .catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(BotTransportError);
    expect((unreachable as Error).message).toBe('Telegram getMe: could not connect');
    expect(printed(unreachable)).not.toContain('secret-token');

    const silent = createServer(() => undefined);
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const address = silent.address() as AddressInfo;
    const timedOut = await botApi({ baseUrl: `http://127.0.0.1:${address.port}`, timeoutMs: 200 })
      .sendMessage(TOKEN, 1, 'hi')
      .catch((error: unknown) => error);
    silent.closeAllConnections();
    silent.close();
    expect(timedOut).toBeInstanceOf(BotTransportError);
    expect((timedOut as Error).message).toBe('Telegram sendMessage: timed out');
    expect(printed(timedOut)).not.toContain('secret-token');
  });

  it("carries Telegram's refusal and status, and sends plain text unless told HTML", async () => {
    const telegram = await startFakeTelegram();
    try {
      const api = botApi({ baseUrl: telegram.url });
      const refused = await api.getMe(TOKEN).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BotApiError);
      expect((refused as BotApiError).status).toBe(401);
      expect(printed(refused)).not.toContain('secret-token');

      telegram.addBot(TOKEN, 'proxy_bot');
      expect(await api.getMe(TOKEN)).toMatchObject({ is_bot: true, username: 'proxy_bot' });
      await api.sendMessage(TOKEN, 42, 'a < b & c');
      await api.sendMessage(TOKEN, 42, `<b>${escapeTelegramHtml('a < b & c')}</b>`, { html: true });
      expect(telegram.sent).toEqual([
        { token: TOKEN, chat_id: 42, text: 'a < b & c' },
        { token: TOKEN, chat_id: 42, text: '<b>a &lt; b &amp; c</b>', parse_mode: 'HTML' },
      ]);
      telegram.block(42);
      const blocked = await api.sendMessage(TOKEN, 42, 'x').catch((error: unknown) => error);
      expect((blocked as BotApiError).status).toBe(403);
    } finally {
      await telegram.close();
    }
  });

  it('masks a token to its bot id and the ends of its secret', () => {
    expect(maskToken(TOKEN)).toBe('123456789:AAH…lmn');
    expect(maskToken(TOKEN)).not.toContain('secret');
  });
});
