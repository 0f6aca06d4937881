// The Telegram bot (#30, #33) against a local server that speaks the Bot API: staff set the token (checked with
// getMe, shown masked, behind `system.change_telegram`), a customer links a chat with a one-time code, the bot
// answers /status and /rotate (the site's cooldown) in the account's language, refuses bad or expired codes and a
// chat linked elsewhere (in the sender's Telegram language while no account speaks for the chat), links no group
// (#43), `deliverTelegram` sends or says why not, and staff alerts reach a linked chat once per incident. Two app
// processes on one database answer each update once and send each alert once. PGlite and (with DATABASE_URL)
// PostgreSQL; migration 0139's unlinking of groups on PGlite.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock.ts';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../../test/accounts.ts';
import { loadMigrations, migrate } from '../../../db/migrate.ts';
import { BACKENDS, buildTestApp, openSeededDb, PGLITE, type SeededTestDb } from '../../../test/helpers.ts';
import { createCustomer, createFarm, freshPlace } from '../../../test/orders.ts';
import { startFakeTelegram, type FakeTelegram } from '../../../test/telegram-server.ts';
import { farmService } from '../../farm/index.ts';
import { deliverTelegram } from './deliver.ts';

const TOKEN = '123456789:AAH-test-secret-token-abcdefghijklmn';
const OTHER_TOKEN = '987654321:BBH-other-secret-token-zyxwvutsrqpo';
const SECRET = TOKEN.split(':')[1] as string;
const DAY = 86_400_000;
let nextChat = 5_000_000;

describe.each(BACKENDS)('the Telegram bot on $name', (backend) => {
  let testDb: SeededTestDb;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let telegram: FakeTelegram;
  const logs: string[] = [];
  const clock = manualClock(Date.now());
  let staffHeaders: Record<string, string>;

  const db = () => testDb.db;
  const poll = (instance = app) => instance.jobs.runOne('telegram.poll');
  const sentTo = (chatId: number) => telegram.sent.filter((message) => message.chat_id === chatId);
  const lastTo = (chatId: number) => sentTo(chatId).at(-1)?.text ?? '';
  /** Sends `text` from `chatId` and lets the bot answer; the answer's text. */
  const say = async (chatId: number, text: string) => {
    telegram.queueMessage(TOKEN, chatId, text, { username: `chat${chatId}` });
    await poll();
    return lastTo(chatId);
  };
  const setBot = (token = TOKEN, headers = staffHeaders) =>
    app.inject({ method: 'PUT', url: '/api/panel/telegram/', headers, payload: { token } });
  const newCode = async (headers: Record<string, string>) => {
    const response = await app.inject({ method: 'POST', url: '/api/users/telegram/code/', headers, payload: {} });
    expect(response.statusCode).toBe(201);
    return response.json<{ code: string; deep_link: string; command: string; expires_at: string }>();
  };
  /** A customer whose chat is linked: their id, headers and chat. */
  const linkedCustomer = async (language: 'ru' | 'en' = 'ru') => {
    const customer = await createCustomer(app, db(), 0, language === 'en' ? EN : RU);
    await db().query('UPDATE users SET language = $2 WHERE id = $1', [customer.id, language]);
    const chatId = nextChat++;
    const { code } = await newCode(customer.headers);
    await say(chatId, `/start ${code}`);
    return { ...customer, chatId };
  };

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    telegram.addBot(TOKEN, 'proxy_test_bot');
    telegram.addBot(OTHER_TOKEN, 'other_bot');
    testDb = await openSeededDb(backend);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    });
    const options = {
      db: testDb.db,
      env: { TELEGRAM_API_URL: telegram.url, LOG_LEVEL: 'debug' },
      now: clock.now,
      logger: { stream },
    };
    app = await buildTestApp(options);
    second = await buildTestApp(options);
    const staff = freshEmail('staff');
    await createUser(testDb.db, { email: staff, staff: true, permissions: ['system.change_telegram'] });
    staffHeaders = { ...EN, ...tokenHeader(await login(app, staff)) };
    // A seeded database and two apps: slow on a busy machine.
  }, 180_000);

  afterAll(async () => {
    await second?.close();
    await app?.close();
    await testDb?.dispose();
    await telegram?.close();
  });

  describe('the panel', () => {
    it('keeps the token for staff with system.change_telegram, checked with getMe and only ever shown masked', async () => {
      const outsider = freshEmail('staff');
      await createUser(db(), { email: outsider, staff: true, permissions: ['system.view_health'] });
      const outsiderHeaders = { ...EN, ...tokenHeader(await login(app, outsider)) };
      expect((await setBot(TOKEN, outsiderHeaders)).statusCode).toBe(403);
      const customer = await createCustomer(app, db());
      expect(
        (await app.inject({ method: 'GET', url: '/api/panel/telegram/', headers: customer.headers })).statusCode,
      ).toBe(403);

      const malformed = await setBot('not-a-token', { ...staffHeaders, ...RU });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ token: [expect.stringContaining('@BotFather')] });
      const unknown = await setBot('111:unknown-token-abcdefghijklmnopqrst');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ token: ['Telegram did not accept this token: check it with @BotFather.'] });
      const unknownRu = await setBot('111:unknown-token-abcdefghijklmnopqrst', { ...staffHeaders, ...RU });
      expect(unknownRu.json()).toEqual({ token: ['Telegram не принял этот токен: проверьте его у @BotFather.'] });

      const saved = await setBot();
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        configured: true,
        username: 'proxy_test_bot',
        token_masked: '123456789:AAH…lmn',
      });
      const read = await app.inject({ method: 'GET', url: '/api/panel/telegram/', headers: staffHeaders });
      expect(read.json()).toMatchObject({ configured: true, username: 'proxy_test_bot' });
      expect(read.body).not.toContain(SECRET);
      expect(saved.body).not.toContain(SECRET);

      const cleared = await app.inject({ method: 'DELETE', url: '/api/panel/telegram/', headers: staffHeaders });
      expect(cleared.json()).toMatchObject({ configured: false, username: '', token_masked: null });
      const [row] = await db().query<{ count: number }>('SELECT count(*)::int AS count FROM telegram_bot');
      expect(row?.count).toBe(0);
    });
  });

  describe('linking a chat', () => {
    it('says Telegram is not available and makes no code while no bot is set', async () => {
      await db().query('DELETE FROM telegram_bot');
      const customer = await createCustomer(app, db());
      const view = await app.inject({ method: 'GET', url: '/api/users/telegram/', headers: customer.headers });
      expect(view.json()).toEqual({ available: false, bot_username: '', linked: null, code_expires_at: null });
      const code = await app.inject({
        method: 'POST',
        url: '/api/users/telegram/code/',
        headers: { ...customer.headers, ...RU },
        payload: {},
      });
      expect(code.statusCode).toBe(409);
      expect(code.json()).toEqual({ detail: 'Telegram на сайте пока не подключён.' });
      expect(await deliverTelegram(db(), customer.id, 'hello')).toBe('no_bot');
    });

    beforeEach(async () => {
      if ((await db().query('SELECT 1 FROM telegram_bot')).length === 0) expect((await setBot()).statusCode).toBe(200);
    });

    it('links the chat that sends the one-time code, and answers in the account language', async () => {
      const customer = await createCustomer(app, db());
      const chatId = nextChat++;
      const code = await newCode(customer.headers);
      expect(code.code).toMatch(/^[A-Z2-9]{10}$/);
      expect(code.deep_link).toBe(`https://t.me/proxy_test_bot?start=${code.code}`);
      expect(code.command).toBe(`/start ${code.code}`);
      const stored = await db().query<{ code_hash: string }>(
        'SELECT code_hash FROM telegram_link_codes WHERE user_id = $1',
        [customer.id],
      );
      expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0]?.code_hash).not.toContain(code.code);

      const before = await app.inject({ method: 'GET', url: '/api/users/telegram/', headers: customer.headers });
      expect(before.json()).toMatchObject({ available: true, bot_username: 'proxy_test_bot', linked: null });
      expect(before.json().code_expires_at).toBe(code.expires_at);

      const answer = await say(chatId, `/start ${code.code}`);
      expect(answer).toContain(`Готово: чат привязан к аккаунту ${customer.email}`);
      expect(answer).toContain('/status');
      const after = await app.inject({ method: 'GET', url: '/api/users/telegram/', headers: customer.headers });
      expect(after.json()).toMatchObject({ linked: { chat_name: `@chat${chatId}` }, code_expires_at: null });

      // The code is used up.
      const other = nextChat++;
      expect(await say(other, `/start ${code.code}`)).toContain('Код неверный или истёк');

      // Unlinking: the chat is a stranger again.
      const unlink = await app.inject({ method: 'DELETE', url: '/api/users/telegram/', headers: customer.headers });
      expect(unlink.statusCode).toBe(204);
      expect(await say(chatId, '/status')).toContain('Этот чат не привязан к аккаунту');
    });

    it('refuses a wrong code, an expired one, and a chat already linked to another account', async () => {
      const chatId = nextChat++;
      expect(await say(chatId, '/start WRONGCODE2')).toBe(
        'Код неверный или истёк. Получите новый на http://testserver/user.',
      );
      const customer = await createCustomer(app, db());
      const expiring = await newCode(customer.headers);
      clock.advance(16 * 60_000);
      expect(await say(chatId, `/start ${expiring.code}`)).toContain('Код неверный или истёк');

      const first = await linkedCustomer('en');
      const { code } = await newCode(customer.headers);
      const taken = await say(first.chatId, `/start ${code}`);
      expect(taken).toBe(
        'Этот чат уже привязан к другому аккаунту. Сначала отвяжите его там (на странице профиля), затем отправьте код снова.',
      );
      // The code still works in a chat of the customer's own.
      const own = nextChat++;
      expect(await say(own, `/start ${code.toLowerCase()}`)).toContain('Готово');
      const [link] = await db().query<{ chat_id: string }>('SELECT chat_id FROM telegram_links WHERE user_id = $1', [
        customer.id,
      ]);
      expect(Number(link?.chat_id)).toBe(own);
    });

    it('links only a private chat: a group is told why, sees no e-mail, and a group linked before gets no answers', async () => {
      const privateOnly = {
        en: 'I only work in a private chat: in a group, every member would see your account’s notifications and could change its proxies’ IPs. Write to me directly.',
        ru: 'Я работаю только в личном чате: в группе уведомления вашего аккаунта видели бы все участники и могли бы менять IP его прокси. Напишите мне напрямую.',
      };
      const customer = await createCustomer(app, db());
      const { code } = await newCode(customer.headers);
      const member = nextChat++;
      const group = -nextChat++;
      const inGroup = async (text: string, language: string, type: 'group' | 'supergroup' = 'group') => {
        const before = sentTo(group).length;
        telegram.queueMessage(TOKEN, group, text, { id: member, language_code: language }, { type, title: 'Team' });
        await poll();
        return sentTo(group)
          .slice(before)
          .map((message) => message.text);
      };

      expect(await inGroup(`/start ${code}`, 'en')).toEqual([privateOnly.en]);
      expect(await inGroup(`/start@proxy_test_bot ${code}`, 'ru', 'supergroup')).toEqual([privateOnly.ru]);
      expect(await db().query('SELECT 1 FROM telegram_links WHERE chat_id = $1', [group])).toHaveLength(0);
      // Members talking to each other get nothing from the bot.
      expect(await inGroup('see you at five', 'en')).toEqual([]);

      // A group linked before this rule: its members can no longer list or rotate the account's proxies.
      const earlier = await createCustomer(app, db());
      await db().query('INSERT INTO telegram_links (user_id, chat_id) VALUES ($1, $2)', [earlier.id, group]);
      expect(await inGroup('/status', 'en')).toEqual([privateOnly.en]);
      expect(await inGroup('/rotate 1', 'ru')).toEqual([privateOnly.ru]);
      await db().query('DELETE FROM telegram_links WHERE chat_id = $1', [group]);

      // The code was not used up: the customer's own chat links with it.
      expect(await say(nextChat++, `/start ${code}`)).toContain(`Готово: чат привязан к аккаунту ${customer.email}`);
      expect(telegram.sent.some((message) => message.chat_id === group && message.text.includes('@'))).toBe(false);
    });

    it("answers a chat no account speaks for in its sender's Telegram language", async () => {
      const from = (language_code: string) => ({ username: 'stranger', language_code });
      const chatId = nextChat++;
      const answer = async (text: string, language: string) => {
        telegram.queueMessage(TOKEN, chatId, text, from(language));
        await poll();
        return lastTo(chatId);
      };
      expect(await answer('/start WRONGCODE2', 'en')).toBe(
        'This code is wrong or has expired. Get a new one at http://testserver/en/user.',
      );
      expect(await answer('/start WRONGCODE2', 'en-GB')).toContain('This code is wrong');
      expect(await answer('/start WRONGCODE2', 'ru')).toBe(
        'Код неверный или истёк. Получите новый на http://testserver/user.',
      );
      // A language the site has no text in: English.
      expect(await answer('/start WRONGCODE2', 'de')).toContain('This code is wrong');
      expect(await answer('/status', 'en')).toContain(
        'This chat is not linked to an account. Open http://testserver/en/user',
      );
      expect(await answer('/start', 'en')).toContain('This chat is not linked to an account.');
    });
  });

  describe('the commands', () => {
    it('lists the proxies with /status and rotates one with /rotate, under the site cooldown', async () => {
      const customer = await linkedCustomer('en');
      const { modemIds } = await createFarm(db(), freshPlace(), { online: 1 });
      const proxy = await farmService(db()).createProxy({
        ownerId: customer.id,
        modemId: modemIds[0] as number,
        expiresAt: new Date(clock.now() + 30 * DAY),
      });
      await db().query(`UPDATE proxies SET comment = 'Scraper' WHERE id = $1`, [proxy.id]);

      const status = await say(customer.chatId, '/status');
      expect(status).toContain('Your proxies (1):');
      expect(status).toContain(`#${proxy.id} Scraper`);
      expect(status).toContain('198.51.100.');
      expect(status).toContain('online');

      expect(await say(customer.chatId, '/rotate')).toContain('Which proxy?');
      expect(await say(customer.chatId, '/rotate nothing-like-it')).toBe(
        'You have no proxy “nothing-like-it”. /status lists them.',
      );
      expect(await say(customer.chatId, '/rotate scraper')).toContain(`Changing the IP of #${proxy.id} Scraper`);
      const rotations = await db().query<{ source: string; status: string }>(
        'SELECT source, status FROM rotations WHERE proxy_id = $1',
        [proxy.id],
      );
      expect(rotations).toEqual([{ source: 'customer', status: 'pending' }]);
      clock.advance(10_000);
      expect(await say(customer.chatId, `/rotate #${proxy.id}`)).toMatch(/try again in \d+ s\.$/);
      expect(await db().query('SELECT 1 FROM rotations WHERE proxy_id = $1', [proxy.id])).toHaveLength(1);

      // Another customer's proxy is not theirs to rotate.
      const stranger = await linkedCustomer('ru');
      expect(await say(stranger.chatId, `/rotate ${proxy.id}`)).toBe(
        `У вас нет прокси «${proxy.id}». Список — /status.`,
      );
      expect(await say(stranger.chatId, '/status')).toBe('У вас нет прокси.');
      expect(await say(stranger.chatId, 'hello')).toContain('Команды:');
      expect(await say(customer.chatId, '/help')).toContain('Commands:');
    });

    it('answers each update once when two processes poll at once, linking every chat that sent a code', async () => {
      const customer = await linkedCustomer('en');
      const newcomers = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const person = await createCustomer(app, db());
          return { ...person, chatId: nextChat++, code: (await newCode(person.headers)).code };
        }),
      );
      const before = telegram.sent.length;
      for (let n = 0; n < 5; n++) telegram.queueMessage(TOKEN, customer.chatId, '/help');
      for (const person of newcomers) telegram.queueMessage(TOKEN, person.chatId, `/start ${person.code}`);
      const handled = await Promise.all([poll(app), poll(second), poll(app), poll(second)]);
      expect(handled.reduce((sum, count) => sum + count, 0)).toBe(13);
      expect(telegram.sent.length - before).toBe(13);
      expect(await Promise.all([poll(app), poll(second)])).toEqual([0, 0]);
      for (const person of newcomers) {
        expect(sentTo(person.chatId).map((message) => message.text.split('\n')[0])).toEqual([
          `Готово: чат привязан к аккаунту ${person.email}. Уведомления будут приходить сюда.`,
        ]);
      }
      const links = await db().query<{ user_id: number; chat_id: string }>(
        'SELECT user_id, chat_id FROM telegram_links WHERE user_id = ANY($1::int[]) ORDER BY user_id',
        [newcomers.map((person) => person.id)],
      );
      expect(links.map((link) => [link.user_id, Number(link.chat_id)])).toEqual(
        newcomers.map((person) => [person.id, person.chatId]).sort((a, b) => (a[0] as number) - (b[0] as number)),
      );
    });
  });

  describe('deliverTelegram', () => {
    it('sends to the linked chat, says not_linked without one, and unlinks a chat that blocked the bot', async () => {
      const customer = await linkedCustomer('ru');
      expect(await deliverTelegram(db(), customer.id, 'Прокси продлён')).toBe('sent');
      expect(lastTo(customer.chatId)).toBe('Прокси продлён');
      const lonely = await createCustomer(app, db());
      expect(await deliverTelegram(db(), lonely.id, 'x')).toBe('not_linked');

      telegram.fail(true);
      await expect(deliverTelegram(db(), customer.id, 'x')).rejects.toThrow(/sendMessage: 500/);
      telegram.fail(false);

      telegram.block(customer.chatId);
      expect(await deliverTelegram(db(), customer.id, 'x')).toBe('not_linked');
      expect(await db().query('SELECT 1 FROM telegram_links WHERE user_id = $1', [customer.id])).toHaveLength(0);
    });

    it('never writes the token to the log', async () => {
      telegram.fail(true);
      const customer = await linkedCustomer('en');
      telegram.fail(false);
      expect(customer.chatId).toBeGreaterThan(0);
      await setBot('111:unknown-token-abcdefghijklmnopqrst');
      const text = logs.join('');
      expect(text).toContain('telegram answer not sent');
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('unknown-token-abcdefghijklmnopqrst');
    });
  });

  describe('staff alerts', () => {
    it('reach a staff member who chose Telegram once per incident and once when it is over, with two processes', async () => {
      const email = freshEmail('staff');
      const member = await createUser(db(), {
        email,
        staff: true,
        permissions: ['system.view_health'],
        language: 'en',
      });
      const headers = { ...EN, ...tokenHeader(await login(app, email)) };
      const chatId = nextChat++;
      const { code } = await newCode(headers);
      await say(chatId, `/start ${code}`);
      const follow = await app.inject({
        method: 'PATCH',
        url: '/api/panel/alerts/settings/job_failing/',
        headers,
        payload: { telegram: true, threshold: 2 },
      });
      expect(follow.statusCode).toBe(200);
      expect(follow.json()).toEqual({ kind: 'job_failing', threshold: 2, subscribed: false, telegram: true });

      await db().query(
        `INSERT INTO job_runs (name, every_ms, last_started_at, failures, last_error)
         VALUES ('tests.telegram', 1000, now(), 3, 'boom')
         ON CONFLICT (name) DO UPDATE SET failures = 3`,
      );
      const before = sentTo(chatId).length;
      await Promise.all([app.jobs.runOne('alerts.check'), second.jobs.runOne('alerts.check')]);
      await Promise.all([app.jobs.runOne('telegram.send'), second.jobs.runOne('telegram.send')]);
      await Promise.all([app.jobs.runOne('alerts.check'), second.jobs.runOne('alerts.check')]);
      await Promise.all([app.jobs.runOne('telegram.send'), second.jobs.runOne('telegram.send')]);
      const opened = sentTo(chatId).slice(before);
      expect(opened.filter((message) => message.text.includes('tests.telegram'))).toHaveLength(1);
      expect(opened[0]?.text).toContain('Alert: Job failing — tests.telegram');
      const mails = await db().query(`SELECT 1 FROM outbox WHERE kind = 'staff_alert' AND user_id = $1`, [member.id]);
      expect(mails).toHaveLength(0);

      await db().query(`DELETE FROM job_runs WHERE name = 'tests.telegram'`);
      await Promise.all([app.jobs.runOne('alerts.check'), second.jobs.runOne('alerts.check')]);
      await Promise.all([app.jobs.runOne('telegram.send'), second.jobs.runOne('telegram.send')]);
      const all = sentTo(chatId)
        .slice(before)
        .filter((message) => message.text.includes('tests.telegram'));
      expect(all.map((message) => message.text.split('\n')[0])).toEqual([
        expect.stringContaining('Alert: Job failing — tests.telegram'),
        expect.stringContaining('Resolved: Job failing — tests.telegram'),
      ]);

      // E-mail too, and then neither: the row goes.
      const both = await app.inject({
        method: 'PATCH',
        url: '/api/panel/alerts/settings/job_failing/',
        headers,
        payload: { subscribed: true },
      });
      expect(both.json()).toMatchObject({ subscribed: true, telegram: true });
      const none = await app.inject({
        method: 'PATCH',
        url: '/api/panel/alerts/settings/job_failing/',
        headers,
        payload: { subscribed: false, telegram: false },
      });
      expect(none.json()).toMatchObject({ subscribed: false, telegram: false });
      expect(await db().query('SELECT 1 FROM alert_subscriptions WHERE user_id = $1', [member.id])).toHaveLength(0);
    });
  });
});

describe('migration 0139', () => {
  it('unlinks the groups, supergroups and channels linked before, and keeps the private chats', async () => {
    const testDb = await PGLITE.open();
    try {
      const migrations = await loadMigrations();
      await migrate(
        testDb.db,
        migrations.filter((migration) => migration.version < 139),
      );
      const users = await testDb.db.query<{ id: number }>(
        `INSERT INTO users (email, password_hash) VALUES ('group@example.com', 'x'), ('private@example.com', 'x')
         RETURNING id`,
      );
      const [inGroup, inPrivate] = users.map((user) => user.id);
      await testDb.db.query('INSERT INTO telegram_links (user_id, chat_id) VALUES ($1, -1001234567890), ($2, 4242)', [
        inGroup ?? 0,
        inPrivate ?? 0,
      ]);
      await migrate(testDb.db, migrations);
      const links = await testDb.db.query<{ chat_id: string }>('SELECT chat_id FROM telegram_links');
      expect(links.map((link) => Number(link.chat_id))).toEqual([4242]);
    } finally {
      await testDb.dispose();
    }
  });
});
