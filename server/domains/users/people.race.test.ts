// The Users section under concurrency, on PostgreSQL (PGlite has one connection, so nothing there runs at once): two
// staff moving one balance at once apply one after the other, and a block racing the customer's orders never leaves
// a blocked customer with a served proxy.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { balanceOf, createCustomer, createFarm, freshPlace } from '../../test/orders.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
const backend = () => {
  if (!postgres) throw new Error('DATABASE_URL is not set');
  return postgres;
};

describe.runIf(postgres)('Users races on PostgreSQL', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let staff: Record<string, string>[];

  beforeAll(async () => {
    testDb = await openSeededDb(backend());
    app = await buildTestApp({ db: testDb.db, logger: { level: 'error' } });
    staff = [];
    for (const name of ['first', 'second']) {
      const email = freshEmail(name);
      await createUser(testDb.db, { email, staff: true, permissions: ['users.change_user', 'users.change_balance'] });
      staff.push({ ...EN, ...tokenHeader(await login(app, email)) });
    }
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('two staff debiting one balance at once: one applies, the other is refused, the ledger adds up', async () => {
    for (let round = 0; round < 5; round++) {
      const customer = await createCustomer(app, testDb.db, 1_000);
      const answers = await Promise.all(
        staff.map((headers) =>
          app.inject({
            method: 'POST',
            url: `/api/panel/users/${customer.id}/balance/`,
            headers,
            payload: { amount: -700, reason: 'Chargeback' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      expect(await balanceOf(testDb.db, customer.id)).toBe(300);
      const entries = await testDb.db.query<{ amount: number; balance_after: number }>(
        'SELECT amount, balance_after FROM ledger_entries WHERE user_id = $1 ORDER BY id',
        [customer.id],
      );
      expect(entries).toEqual([
        { amount: 1_000, balance_after: 1_000 },
        { amount: -700, balance_after: 300 },
      ]);
    }
  });

  it('one adjustment sent twice at once with its idempotency key: both answered, posted once', async () => {
    for (let round = 0; round < 5; round++) {
      const customer = await createCustomer(app, testDb.db, 0);
      const headers = { ...staff[0], 'idempotency-key': `race-${customer.id}` };
      const answers = await Promise.all(
        [0, 1].map(() =>
          app.inject({
            method: 'POST',
            url: `/api/panel/users/${customer.id}/balance/`,
            headers,
            payload: { amount: 400, reason: 'Retried after a lost answer' },
          }),
        ),
      );
      expect(answers.map((answer) => [answer.statusCode, answer.json().balance])).toEqual([
        [200, 400],
        [200, 400],
      ]);
      expect(await balanceOf(testDb.db, customer.id)).toBe(400);
    }
  });

  it('two staff crediting one balance at once: both apply, in turn', async () => {
    const customer = await createCustomer(app, testDb.db, 0);
    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        app.inject({
          method: 'POST',
          url: `/api/panel/users/${customer.id}/balance/`,
          headers: staff[n % 2],
          payload: { amount: 100, reason: 'Bonus' },
        }),
      ),
    );
    expect(await balanceOf(testDb.db, customer.id)).toBe(1_000);
    const afters = await testDb.db.query<{ balance_after: number }>(
      'SELECT balance_after FROM ledger_entries WHERE user_id = $1 ORDER BY id',
      [customer.id],
    );
    expect(afters.map((row) => row.balance_after)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000]);
  });

  it('a block racing orders: every proxy the blocked customer holds is suspended, none served', async () => {
    for (let round = 0; round < 5; round++) {
      const place = freshPlace();
      await createFarm(testDb.db, place, { online: 6 });
      const customer = await createCustomer(app, testDb.db, 10_000_000);
      const orders = Array.from({ length: 3 }, (_, n) =>
        app.inject({
          method: 'POST',
          url: '/api/orders/',
          headers: { ...customer.headers, 'idempotency-key': `race-${round}-${n}` },
          payload: { ...place, period_days: 30, quantity: 2 },
        }),
      );
      const block = app.inject({ method: 'POST', url: `/api/panel/users/${customer.id}/block/`, headers: staff[0] });
      const [blocked, ...ordered] = await Promise.all([block, ...orders]);
      expect(blocked?.statusCode).toBe(200);
      for (const answer of ordered) expect([201, 401], answer.body).toContain(answer.statusCode);
      const served = await testDb.db.query(`SELECT id FROM proxies WHERE owner_id = $1 AND state <> 'suspended'`, [
        customer.id,
      ]);
      expect(served).toEqual([]);
      // A refused order kept nothing: the money is the start minus what the placed orders cost.
      const placed = ordered.filter((answer) => answer.statusCode === 201).length;
      const [{ count } = { count: -1 }] = await testDb.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM proxies WHERE owner_id = $1',
        [customer.id],
      );
      expect(count).toBe(placed * 2);
    }
  });
});
