// The delivery job when receivers are slow (issue #43), against local HTTP receivers and the fake Telegram: a receiver
// that never answers holds two of its account's sends and nothing of anyone else's (an event queued meanwhile
// included), Telegram is sent while every webhook slot waits on such receivers, a second process running during a long
// run sends nothing the first one holds, a delivery whose lease ran out is taken over and the late attempt's outcome
// dropped, and each delivery is signed when it leaves and retried a pause after its own attempt. On PGlite and (with
// DATABASE_URL) PostgreSQL; the app's clock moves only when a test moves it, and never by a lease while a send is in
// flight unless the test means the lease to run out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@proxy/contract/schemas/notifications';
import { manualClock } from '../../lib/clock.ts';
import { startFakeTelegram, type FakeTelegram } from '../../test/telegram-server.ts';
import { BACKENDS, buildTestApp, openSeededDb, type SeededTestDb } from '../../test/helpers.ts';
import { createCustomer, type Customer } from '../../test/orders.ts';
import { ACCOUNT_CONCURRENCY, CHANNEL_CONCURRENCY, LEASE_MS } from './deliveries.ts';
import { notifier } from './index.ts';

const MINUTE = 60_000;
const BOT_TOKEN = `4343:${'D'.repeat(35)}`;

interface Arrival {
  readonly path: string;
  readonly id: string;
  /** The signature's timestamp, unix seconds. */
  readonly signedAt: number;
  /** The app's clock when the request arrived, unix seconds. */
  readonly arrivedAt: number;
  answer(status: number): void;
}

/**
 * A receiver that answers each request with `status` at once, or else only when the test says (or never): what
 * arrived, and what still waits for an answer.
 */
async function heldReceiver(now: () => number, status?: number) {
  const arrivals: Arrival[] = [];
  const waiting = new Set<Arrival>();
  let mostWaiting = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    const arrival: Arrival = {
      path: request.url ?? '',
      id: String(request.headers[WEBHOOK_ID_HEADER]),
      signedAt: Number(/^t=(\d+),/.exec(String(request.headers[WEBHOOK_SIGNATURE_HEADER]))?.[1]),
      arrivedAt: Math.floor(now() / 1000),
      answer(status) {
        waiting.delete(arrival);
        response.writeHead(status).end();
      },
    };
    arrivals.push(arrival);
    waiting.add(arrival);
    mostWaiting = Math.max(mostWaiting, waiting.size);
    if (status !== undefined) arrival.answer(status);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    waiting: () => [...waiting],
    mostWaiting: () => mostWaiting,
    /** Drops every connection, answered or not, and refuses new ones. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe.each(BACKENDS)('the delivery job with slow receivers on $name', (backend) => {
  const clock = manualClock(Date.UTC(2030, 6, 1, 12));
  let testDb: SeededTestDb;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let telegram: FakeTelegram;
  let nextChat = 810_000;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    telegram = await startFakeTelegram();
    telegram.addBot(BOT_TOKEN, 'deliveries_bot');
    const env = { TELEGRAM_API_URL: telegram.url };
    app = await buildTestApp({ db: testDb.db, now: clock.now, env });
    // A second API process on the same database, running the same jobs.
    second = await buildTestApp({ db: testDb.db, now: clock.now, env });
    await testDb.db.query(`INSERT INTO telegram_bot (token, username) VALUES ($1, 'deliveries_bot')`, [BOT_TOKEN]);
  }, 180_000);
  // Each test starts with nothing queued: the retries a test leaves would otherwise fall due in the next one's run.
  afterEach(async () => {
    await testDb.db.query(`UPDATE notifications SET status = 'failed' WHERE status = 'queued'`);
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
    await testDb?.dispose();
    await telegram?.close();
  });

  const db = () => testDb.db;
  const deliver = () => app.jobs.runOne('notifications.deliver');
  const { notify } = notifier({
    currency: 'RUB',
    publicUrl: 'http://testserver',
    siteName: 'Test',
    enqueue: (q, mail) => app.mailer.enqueue(q, mail),
  });

  /** A customer whose webhook is `url`, and who pressed "Send test" `presses` times. */
  async function pressing(url: string, presses: number): Promise<Customer> {
    const customer = await createCustomer(app, db());
    const headers = customer.headers;
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/users/notifications/webhook/',
      headers,
      payload: { url },
    });
    expect(saved.statusCode).toBe(200);
    for (let n = 0; n < presses; n++) {
      const test = await app.inject({ method: 'POST', url: '/api/users/notifications/webhook/test/', headers });
      expect(test.statusCode).toBe(202);
    }
    return customer;
  }

  /** A customer with a linked chat and one balance-low event queued for Telegram: the chat's id. */
  async function telegramEvent(): Promise<number> {
    const customer = await createCustomer(app, db());
    const chatId = nextChat++;
    await db().query('INSERT INTO telegram_links (user_id, chat_id) VALUES ($1, $2)', [customer.id, chatId]);
    await db().query(
      `INSERT INTO notification_preferences (user_id, event, channel, enabled) VALUES ($1, 'balance_low', 'telegram', true)`,
      [customer.id],
    );
    await db().transaction((tx) =>
      notify(
        tx,
        customer.id,
        'balance_low',
        { balance: 100, threshold: 5_000 },
        { key: 'balance_low:slow', at: new Date(clock.now()) },
      ),
    );
    return chatId;
  }

  const deliveries = (userId: number) =>
    db().query<{ status: string; attempts: number; error: string; next_attempt_at: Date | string | null }>(
      `SELECT status, attempts, error, next_attempt_at FROM notifications WHERE user_id = $1 AND channel = 'webhook'
        ORDER BY id`,
      [userId],
    );

  it('keeps the other customers’ webhooks and Telegram prompt while one receiver never answers', async () => {
    const dead = await heldReceiver(clock.now);
    const others = await heldReceiver(clock.now, 204);
    // Six presses to a receiver that never answers, queued before anyone else's (issue #43's 61 s).
    const stuck = await pressing(`${dead.url}/dead`, 6);
    for (let n = 0; n < 5; n++) await pressing(`${others.url}/live-${n}`, 2);
    const chatId = await telegramEvent();

    const run = deliver();
    try {
      await expect
        .poll(() => others.arrivals.length + telegram.sent.filter((m) => m.chat_id === chatId).length, {
          timeout: 5_000,
          interval: 10,
        })
        .toBe(11);
      // All of that while the dead receiver still holds its account's first two sends, and no more than two.
      expect(dead.waiting()).toHaveLength(ACCOUNT_CONCURRENCY);
      expect(dead.mostWaiting()).toBe(ACCOUNT_CONCURRENCY);
      // An event queued meanwhile does not wait for them either: the run looks for new rows while it waits.
      await pressing(`${others.url}/late`, 1);
      await expect
        .poll(() => others.arrivals.filter((arrival) => arrival.path === '/late').length, {
          timeout: 5_000,
          interval: 10,
        })
        .toBe(1);
      expect(dead.waiting()).toHaveLength(ACCOUNT_CONCURRENCY);
    } finally {
      await dead.close();
      await others.close();
    }
    await run;
    // Each of the six tried once, to be tried again.
    const stuckRows = await deliveries(stuck.id);
    expect(stuckRows.map((row) => [row.status, row.attempts, row.error === ''])).toEqual(
      Array(6).fill(['queued', 1, false]),
    );
  });

  it('sends Telegram while every webhook slot waits on receivers that never answer', async () => {
    const dead = await heldReceiver(clock.now);
    const accounts = Math.ceil(CHANNEL_CONCURRENCY / ACCOUNT_CONCURRENCY) + 1;
    for (let n = 0; n < accounts; n++) await pressing(`${dead.url}/dead-${n}`, ACCOUNT_CONCURRENCY);
    const chatId = await telegramEvent();

    const run = deliver();
    try {
      await expect
        .poll(() => telegram.sent.filter((m) => m.chat_id === chatId).length, { timeout: 5_000, interval: 10 })
        .toBe(1);
      await expect.poll(() => dead.waiting().length, { timeout: 5_000, interval: 10 }).toBe(CHANNEL_CONCURRENCY);
    } finally {
      await dead.close();
    }
    await run;
    expect(dead.mostWaiting()).toBe(CHANNEL_CONCURRENCY);
  });

  it('never sends a delivery twice when another process runs while a long run is still sending', async () => {
    const started = clock.now();
    const arrivals: string[] = [];
    let other: Promise<number> | null = null;
    // Each delivery takes 20 s of the app's clock; once the run has gone on for longer than a lease used to last
    // from its start (2 minutes), the second process runs, while the first one is still sending.
    const server = http.createServer((request, response) => {
      request.resume();
      arrivals.push(String(request.headers[WEBHOOK_ID_HEADER]));
      clock.advance(20_000);
      if (!other && clock.now() - started >= 140_000) other = second.jobs.runOne('notifications.deliver');
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const customer = await pressing(`http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`, 10);
      await deliver();
      expect(other).not.toBeNull();
      await other;
      expect(arrivals).toHaveLength(10);
      expect(new Set(arrivals).size).toBe(10);
      expect((await deliveries(customer.id)).map((row) => row.status)).toEqual(Array(10).fill('sent'));
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('signs each delivery when it is sent and schedules its retry from the end of its own attempt', async () => {
    const receiver = await heldReceiver(clock.now);
    try {
      const customer = await pressing(`${receiver.url}/held`, 3);
      const run = deliver();
      await expect.poll(() => receiver.waiting().length, { timeout: 5_000, interval: 10 }).toBe(2);
      // The first two take 30 s (within a lease, as any send: its timeout is shorter); the third leaves after them
      // and takes 20 s more, then fails.
      clock.advance(30_000);
      for (const arrival of receiver.waiting()) arrival.answer(204);
      await expect.poll(() => receiver.arrivals.length, { timeout: 5_000, interval: 10 }).toBe(3);
      clock.advance(20_000);
      receiver.waiting()[0]?.answer(500);
      await run;

      expect(receiver.arrivals.map((arrival) => arrival.signedAt)).toEqual(
        receiver.arrivals.map((arrival) => arrival.arrivedAt),
      );
      expect(receiver.arrivals[2]?.signedAt).toBe((receiver.arrivals[0]?.signedAt ?? 0) + 30);
      const rows = await deliveries(customer.id);
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'queued']);
      expect(new Date(rows[2]?.next_attempt_at ?? 0).getTime()).toBe(clock.now() + MINUTE);
    } finally {
      await receiver.close();
    }
  });

  it('lets a delivery whose lease ran out be taken over, and keeps the outcome of the attempt that holds it', async () => {
    const receiver = await heldReceiver(clock.now);
    try {
      const customer = await pressing(`${receiver.url}/lapsed`, 1);
      const first = deliver();
      await expect.poll(() => receiver.waiting().length, { timeout: 5_000, interval: 10 }).toBe(1);
      // While its lease lasts, no other process takes it.
      expect(await second.jobs.runOne('notifications.deliver')).toBe(0);
      // As if the first process had died mid-send: past the lease, the row is due again.
      clock.advance(LEASE_MS);
      const taken = second.jobs.runOne('notifications.deliver');
      await expect.poll(() => receiver.waiting().length, { timeout: 5_000, interval: 10 }).toBe(2);
      const [lapsed, current] = receiver.waiting();
      current?.answer(204);
      await taken;
      // The attempt that lost its lease ends last, failing: its outcome is not written over the one that holds it.
      lapsed?.answer(500);
      await first;
      expect((await deliveries(customer.id)).map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
    } finally {
      await receiver.close();
    }
  });
});
