// Customer notifications (#30) through the API, the jobs and a real local HTTP receiver that checks the signature:
// the switches and the threshold, the webhook's URL rules and its secret shown once, deliveries signed and retried
// with backoff, each event once per channel — also when two API processes run the delivery job at the same moment —
// and the events the sweeps find (a modem offline and back, an auto-rotation, a balance crossing its threshold) and
// a proxy's renewal. On PGlite and (with DATABASE_URL) PostgreSQL; time moves by the app's clock.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type NotificationSettings,
  type WebhookPayload,
} from '@proxy/contract/schemas/notifications';
import { manualClock } from '../../lib/clock.ts';
import { RU } from '../../test/accounts.ts';
import { startFakeTelegram, type FakeTelegram } from '../../test/telegram-server.ts';
import { BACKENDS, buildTestApp, openSeededDb, type SeededTestDb } from '../../test/helpers.ts';
import { createCustomer, createFarm, freshPlace, type Customer } from '../../test/orders.ts';
import { billingService } from '../billing/index.ts';
import { farmService } from '../farm/index.ts';
import { notifier } from './index.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Received {
  readonly path: string;
  readonly id: string;
  readonly event: string;
  readonly payload: WebhookPayload;
  readonly signed: boolean;
}

/**
 * A customer's receiver as its documentation tells them to write it: the signature checked over the raw body with
 * their secret (timing-safe, lengths first), the timestamp within 5 minutes of the signed one. `failFirst` answers
 * 500 that many times first.
 */
function receiver() {
  const received: Received[] = [];
  const secrets = new Map<string, string>();
  const failures = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      const header = String(request.headers[WEBHOOK_SIGNATURE_HEADER] ?? '');
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      const expected = createHmac('sha256', secrets.get(path) ?? '')
        .update(`${match?.[1]}.${raw}`)
        .digest();
      const given = Buffer.from(match?.[2] ?? '', 'hex');
      const signed = match !== null && given.length === expected.length && timingSafeEqual(given, expected);
      const payload = JSON.parse(raw) as WebhookPayload;
      received.push({
        path,
        id: String(request.headers[WEBHOOK_ID_HEADER]),
        event: String(request.headers[WEBHOOK_EVENT_HEADER]),
        payload,
        signed,
      });
      const left = failures.get(path) ?? 0;
      if (left > 0) failures.set(path, left - 1);
      response.writeHead(!signed ? 401 : left > 0 ? 500 : 204).end();
    });
  });
  return {
    received,
    listen: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    trust: (path: string, secret: string) => secrets.set(path, secret),
    failFirst: (path: string, times: number) => failures.set(path, times),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(BACKENDS)('customer notifications on $name', (backend) => {
  const clock = manualClock(Date.UTC(2030, 5, 1, 12));
  const hooks = receiver();
  let testDb: SeededTestDb;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let base: string;
  let pathCounter = 0;
  let telegram: FakeTelegram;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    telegram = await startFakeTelegram();
    const env = { TELEGRAM_API_URL: telegram.url };
    app = await buildTestApp({ db: testDb.db, now: clock.now, env });
    // A second API process on the same database, running the same jobs.
    second = await buildTestApp({ db: testDb.db, now: clock.now, env });
    base = await hooks.listen();
  });
  afterAll(async () => {
    await telegram?.close();
    await second?.close();
    await app?.close();
    await testDb?.dispose();
    await hooks.close();
  });

  const db = () => testDb.db;
  const call = (customer: Customer, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: customer.headers, ...(payload ? { payload } : {}) });

  /** A customer whose webhook goes to a path of the receiver that knows their secret. */
  async function withWebhook(balance = 0): Promise<Customer & { path: string }> {
    const customer = await createCustomer(app, db(), balance);
    const path = `/hook/${++pathCounter}`;
    const saved = await call(customer, 'PUT', '/api/users/notifications/webhook/', { url: `${base}${path}` });
    expect(saved.statusCode).toBe(200);
    hooks.trust(path, saved.json<{ secret: string }>().secret);
    return { ...customer, path };
  }

  const switchOn = (
    customer: Customer,
    events: Record<string, Partial<Record<'email' | 'telegram' | 'webhook', boolean>>>,
    threshold: number | null = null,
  ) =>
    call(customer, 'PUT', '/api/users/notifications/', {
      preferences: Object.entries(events).map(([event, channels]) => ({
        event,
        email: false,
        telegram: false,
        webhook: false,
        ...channels,
      })),
      balance_low_threshold: threshold,
    });

  const rowsOf = (userId: number) =>
    db().query<{ event: string; channel: string; status: string; attempts: number; event_key: string }>(
      'SELECT event, channel, status, attempts, event_key FROM notifications WHERE user_id = $1 ORDER BY id',
      [userId],
    );
  const deliver = () => app.jobs.runOne('notifications.deliver');
  const receivedAt = (path: string) => hooks.received.filter((entry) => entry.path === path);

  it('answers the defaults (e-mail on for the events that always mailed), then saves switches and a threshold', async () => {
    const customer = await createCustomer(app, db());
    const defaults = (await call(customer, 'GET', '/api/users/notifications/')).json<NotificationSettings>();
    expect(defaults.preferences.map((p) => [p.event, p.email, p.telegram, p.webhook])).toEqual([
      ['proxy_expiring', true, false, false],
      ['proxy_renewed', true, false, false],
      ['proxy_renewal_failed', true, false, false],
      ['proxy_suspended', true, false, false],
      ['modem_offline', false, false, false],
      ['modem_online', false, false, false],
      ['ip_rotated', false, false, false],
      ['balance_low', false, false, false],
      ['transfer_offered', true, false, false],
      ['transfer_accepted', true, false, false],
    ]);
    expect(defaults).toMatchObject({ balance_low_threshold: null, telegram_linked: false, webhook_url: '' });

    const saved = await switchOn(customer, { proxy_renewed: { webhook: true }, balance_low: { email: true } }, 50_000);
    expect(saved.statusCode).toBe(200);
    const after = saved.json<NotificationSettings>();
    expect(after.balance_low_threshold).toBe(50_000);
    expect(after.preferences.find((p) => p.event === 'proxy_renewed')).toEqual({
      event: 'proxy_renewed',
      email: false,
      telegram: false,
      webhook: true,
    });
    // Events not sent keep theirs.
    expect(after.preferences.find((p) => p.event === 'proxy_suspended')?.email).toBe(true);
    expect((await call(customer, 'GET', '/api/users/notifications/')).json()).toEqual(after);

    const bad = await call(customer, 'PUT', '/api/users/notifications/', {
      preferences: [{ event: 'nope', email: true, telegram: false, webhook: false }],
      balance_low_threshold: -1,
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'GET', url: '/api/users/notifications/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the webhook URL, shows the secret once, regenerates it, and refuses a test without a webhook', async () => {
    const customer = await createCustomer(app, db(), 0, RU);
    const test = await call(customer, 'POST', '/api/users/notifications/webhook/test/');
    expect(test.statusCode).toBe(409);
    expect(test.json()).toEqual({ detail: 'Сначала укажите адрес вебхука.' });
    const invalid = await call(customer, 'PUT', '/api/users/notifications/webhook/', { url: 'https://u:p@x.example/' });
    expect(invalid.json()).toEqual({
      url: ['Введите полный адрес, например https://example.com/hooks/proxy, без имени пользователя и пароля.'],
    });
    const scheme = await call(customer, 'PUT', '/api/users/notifications/webhook/', { url: 'ftp://x.example/' });
    expect(scheme.statusCode).toBe(400);

    const first = await call(customer, 'PUT', '/api/users/notifications/webhook/', { url: 'https://hooks.example/a' });
    const { secret } = first.json<{ url: string; secret: string }>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // A changed URL keeps the secret and does not show it again.
    const moved = await call(customer, 'PUT', '/api/users/notifications/webhook/', { url: 'https://hooks.example/b' });
    expect(moved.json()).toEqual({ url: 'https://hooks.example/b', secret: null });
    const regenerated = (await call(customer, 'POST', '/api/users/notifications/webhook/secret/')).json<{
      secret: string;
    }>();
    expect(regenerated.secret).not.toBe(secret);
    expect((await call(customer, 'GET', '/api/users/notifications/')).json()).toMatchObject({
      webhook_url: 'https://hooks.example/b',
    });
    // Removed: no secret kept, regenerating is refused.
    expect((await call(customer, 'PUT', '/api/users/notifications/webhook/', { url: '' })).json()).toEqual({
      url: '',
      secret: null,
    });
    expect((await call(customer, 'POST', '/api/users/notifications/webhook/secret/')).statusCode).toBe(409);
  });

  it('sends a signed test, retries a failing receiver with backoff, and shows it in the delivery log', async () => {
    const customer = await withWebhook();
    hooks.failFirst(customer.path, 2);
    const queued = await call(customer, 'POST', '/api/users/notifications/webhook/test/');
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ event: 'webhook_test', channel: 'webhook', status: 'queued', attempts: 0 });

    await deliver();
    let [row] = await rowsOf(customer.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    const log = (await call(customer, 'GET', '/api/users/notifications/deliveries/')).json<
      { status: string; response_code: number; next_attempt_at: string; attempts: number }[]
    >();
    expect(log[0]).toMatchObject({ status: 'queued', response_code: 500, attempts: 1 });
    expect(new Date(log[0]?.next_attempt_at ?? 0).getTime()).toBe(clock.now() + MINUTE);
    // Not due before the backoff ends.
    await deliver();
    expect(receivedAt(customer.path)).toHaveLength(1);
    clock.advance(MINUTE);
    await deliver();
    clock.advance(2 * MINUTE);
    await deliver();
    [row] = await rowsOf(customer.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    const got = receivedAt(customer.path);
    expect(got).toHaveLength(3);
    expect(got.every((entry) => entry.signed && entry.event === 'webhook_test')).toBe(true);
    // The same event id on every retry: the receiver drops repeats by it.
    expect(new Set(got.map((entry) => entry.id)).size).toBe(1);
    expect(got[0]?.payload).toMatchObject({ event: 'webhook_test', id: got[0]?.id, data: { message: 'test' } });
    expect((await call(customer, 'GET', '/api/users/notifications/deliveries/')).json()).toMatchObject([
      { status: 'sent', response_code: 204, attempts: 3, next_attempt_at: null, error: '' },
    ]);
  });

  it('sends each notification once per channel when two API processes deliver at the same moment', async () => {
    const customers = [await withWebhook(), await withWebhook(), await withWebhook()];
    const { notify } = notifier({
      currency: 'RUB',
      publicUrl: 'http://testserver',
      siteName: 'Test',
      enqueue: (q, mail) => app.mailer.enqueue(q, mail),
    });
    for (const customer of customers) {
      await switchOn(customer, { balance_low: { webhook: true, email: true } });
      await db().transaction(async (tx) => {
        for (let n = 0; n < 12; n++) {
          const at = new Date(clock.now());
          const data = { balance: n, threshold: 100 };
          await notify(tx, customer.id, 'balance_low', data, { key: `balance_low:test-${n}`, at });
          // The same event again (a retried sweep): nothing more.
          await notify(tx, customer.id, 'balance_low', data, { key: `balance_low:test-${n}`, at });
        }
      });
    }
    await Promise.all([deliver(), second.jobs.runOne('notifications.deliver'), deliver()]);
    for (const customer of customers) {
      const got = receivedAt(customer.path);
      expect(got).toHaveLength(12);
      expect(new Set(got.map((entry) => entry.id)).size).toBe(12);
      const rows = await rowsOf(customer.id);
      expect(rows.filter((row) => row.channel === 'webhook').every((row) => row.status === 'sent')).toBe(true);
      expect(rows.filter((row) => row.channel === 'email')).toHaveLength(12);
      const [mails] = await db().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox WHERE user_id = $1 AND kind = 'notification'`,
        [customer.id],
      );
      expect(mails?.n).toBe(12);
    }
  });

  /** A customer's proxy on a fresh modem. */
  async function proxyOf(customer: Customer, expiresIn = 30 * DAY) {
    const { modemIds } = await createFarm(db(), freshPlace(), { online: 1 });
    const modemId = modemIds[0] as number;
    const proxy = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId,
      expiresAt: new Date(clock.now() + expiresIn),
    });
    return { modemId, proxyId: proxy.id };
  }

  it('tells of a modem offline past the grace and back, once each, and of an IP an auto-rotation changed', async () => {
    const customer = await withWebhook();
    await switchOn(customer, {
      modem_offline: { webhook: true },
      modem_online: { webhook: true },
      ip_rotated: { webhook: true },
    });
    const { modemId, proxyId } = await proxyOf(customer);
    await db().query(`UPDATE modems SET status = 'offline', offline_since = $2 WHERE id = $1`, [
      modemId,
      new Date(clock.now() - 2 * MINUTE),
    ]);
    await app.jobs.runOne('notifications.outages');
    expect(await rowsOf(customer.id)).toEqual([]);
    clock.advance(4 * MINUTE);
    await Promise.all([app.jobs.runOne('notifications.outages'), second.jobs.runOne('notifications.outages')]);
    await app.jobs.runOne('notifications.outages');
    await db().query(`UPDATE modems SET status = 'online', offline_since = NULL WHERE id = $1`, [modemId]);
    await Promise.all([app.jobs.runOne('notifications.outages'), second.jobs.runOne('notifications.outages')]);
    await app.jobs.runOne('notifications.outages');

    await db().query(
      `INSERT INTO rotations (modem_id, proxy_id, source, status, old_ip, new_ip, finished_at)
       VALUES ($1, $2, 'auto', 'done', '198.51.100.1', '198.51.100.77', $3),
              ($1, $2, 'customer', 'done', '198.51.100.77', '198.51.100.78', $3)`,
      [modemId, proxyId, new Date(clock.now())],
    );
    await Promise.all([app.jobs.runOne('notifications.rotations'), second.jobs.runOne('notifications.rotations')]);
    await deliver();
    // Two of an account's deliveries may be in flight at once: they arrive in either order.
    const got = receivedAt(customer.path);
    expect(got.map((entry) => entry.event).sort()).toEqual(['ip_rotated', 'modem_offline', 'modem_online']);
    expect(got.every((entry) => entry.signed)).toBe(true);
    const of = (event: string) => got.find((entry) => entry.event === event)?.payload.data;
    expect(of('modem_offline')).toMatchObject({ proxy: { id: proxyId } });
    expect(of('ip_rotated')).toMatchObject({ old_ip: '198.51.100.1', new_ip: '198.51.100.77' });
  });

  it('tells of a balance below the threshold once per crossing', async () => {
    const customer = await withWebhook(30_000);
    await switchOn(customer, { balance_low: { webhook: true } }, 50_000);
    const billing = billingService(db(), { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://testserver' });
    const sweep = () =>
      Promise.all([app.jobs.runOne('notifications.balance'), second.jobs.runOne('notifications.balance')]);
    await sweep();
    await sweep();
    // Up above it, and down again: a second crossing.
    await billing.post({ userId: customer.id, kind: 'adjustment', amount: 40_000, currency: 'RUB', reason: 'up' });
    await sweep();
    await billing.post({ userId: customer.id, kind: 'adjustment', amount: -30_000, currency: 'RUB', reason: 'down' });
    await sweep();
    await sweep();
    await deliver();
    // Sent at once, so in either order.
    const got = receivedAt(customer.path).sort(
      (a, b) => Number(a.payload.data.balance) - Number(b.payload.data.balance),
    );
    expect(got.map((entry) => entry.payload.data)).toEqual([
      { balance: 30_000, threshold: 50_000 },
      { balance: 40_000, threshold: 50_000 },
    ]);
  });

  it("routes a renewal by the owner's choice: the webhook with the proxy, no e-mail when it is off", async () => {
    const customer = await withWebhook(1_000_000);
    await switchOn(customer, { proxy_renewed: { webhook: true, email: false } });
    const { proxyId } = await proxyOf(customer, 2 * DAY);
    await db().query('UPDATE proxies SET auto_renew = true WHERE id = $1', [proxyId]);
    clock.advance(DAY + MINUTE);
    await app.jobs.runOne('proxies.renew');
    await app.jobs.runOne('proxies.renew');
    await deliver();
    const got = receivedAt(customer.path);
    expect(got.map((entry) => entry.event)).toEqual(['proxy_renewed']);
    expect(got[0]?.payload.data).toMatchObject({ price: 390_000, proxy: { id: proxyId } });
    const mails = await db().query(`SELECT kind FROM outbox WHERE user_id = $1 AND kind = 'proxy_renewed'`, [
      customer.id,
    ]);
    expect(mails).toEqual([]);
  });

  it("sends Telegram rows to the linked chat in the owner's language, retries a transport failure, skips the unlinked", async () => {
    const token = `4242:${'T'.repeat(35)}`;
    telegram.addBot(token, 'proxy_test_bot');
    await db().query(
      `INSERT INTO telegram_bot (token, username) VALUES ($1, 'proxy_test_bot')
       ON CONFLICT (id) DO UPDATE SET token = excluded.token`,
      [token],
    );
    const linked = await createCustomer(app, db(), 0, RU);
    const unlinked = await createCustomer(app, db());
    const chatId = 700_000 + Math.floor(Math.random() * 1000);
    await db().query('INSERT INTO telegram_links (user_id, chat_id) VALUES ($1, $2)', [linked.id, chatId]);
    const { notify } = notifier({
      currency: 'RUB',
      publicUrl: 'http://testserver',
      siteName: 'Test',
      enqueue: (q, mail) => app.mailer.enqueue(q, mail),
    });
    for (const customer of [linked, unlinked]) {
      await switchOn(customer, { balance_low: { telegram: true } });
      await db().transaction((tx) =>
        notify(
          tx,
          customer.id,
          'balance_low',
          { balance: 1_000, threshold: 50_000 },
          {
            key: 'balance_low:tg',
            at: new Date(clock.now()),
          },
        ),
      );
    }
    telegram.fail(true);
    await deliver();
    expect((await rowsOf(linked.id))[0]).toMatchObject({ channel: 'telegram', status: 'queued', attempts: 1 });
    expect((await rowsOf(unlinked.id))[0]).toMatchObject({ channel: 'telegram', status: 'skipped', attempts: 1 });
    telegram.fail(false);
    clock.advance(MINUTE);
    await Promise.all([deliver(), second.jobs.runOne('notifications.deliver')]);
    expect((await rowsOf(linked.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    const messages = telegram.sent.filter((message) => message.chat_id === chatId);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toMatch(/^Баланс ниже 500\s₽\nНа балансе 10\s₽/);
    expect(messages[0]?.text).toContain('http://testserver/user');
    const log = (await call(unlinked, 'GET', '/api/users/notifications/deliveries/')).json();
    expect(log).toMatchObject([{ channel: 'telegram', status: 'skipped', error: 'no Telegram chat is linked' }]);
  });

  it('prunes settled notifications after 30 days and keeps the queued ones', async () => {
    const customer = await withWebhook();
    await call(customer, 'POST', '/api/users/notifications/webhook/test/');
    await deliver();
    hooks.failFirst(customer.path, 100);
    await call(customer, 'POST', '/api/users/notifications/webhook/test/');
    await deliver();
    expect((await rowsOf(customer.id)).map((row) => row.status)).toEqual(['sent', 'queued']);
    clock.advance(31 * DAY);
    await app.jobs.runOne('notifications.prune');
    expect((await rowsOf(customer.id)).map((row) => row.status)).toEqual(['queued']);
  });
});
