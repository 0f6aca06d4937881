// The free trial under concurrency, on PostgreSQL (PGlite has one connection, so nothing there runs at once): one
// account asking twice at once gets one proxy; many accounts at once with plenty of stock all get theirs; the
// per-address limit (an IPv6 client's /64, #43) and staff's minimum of free stock hold however many ask at once;
// Yandex spellings of one mailbox asking at once get one trial (#43); a trial and a paying order for a place's last
// modem: one gets it; a trial's proxy moving into a paid place's last modem while a customer buys it: the customer gets
// it, the move is refused (#43). No modem ever carries more than its capacity, and every balance is its ledger's sum.
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace, type TestPlace } from '../../test/orders.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
const backend = () => {
  if (!postgres) throw new Error('DATABASE_URL is not set');
  return postgres;
};

describe.runIf(postgres)('trial races on PostgreSQL', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let staffHeaders: Record<string, string>;

  beforeAll(async () => {
    testDb = await openSeededDb(backend());
    app = await buildTestApp({ db: testDb.db });
    const staff = await createUser(testDb.db, {
      email: freshEmail('staff'),
      staff: true,
      permissions: Object.values(MODEM_PERMISSIONS),
    });
    staffHeaders = { ...EN, ...tokenHeader(await login(app, staff.email)) };
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  async function configure(place: TestPlace, terms: { per_address_per_day: number; min_free_stock: number }) {
    const answer = await app.inject({
      method: 'PUT',
      url: '/api/panel/farm/settings/trial/',
      headers: staffHeaders,
      payload: { enabled: true, minutes: 60, places: [place], ...terms },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  const take = (customer: Customer, place: TestPlace, address: string) =>
    app.inject({
      method: 'POST',
      url: '/api/trial/',
      headers: customer.headers,
      payload: place,
      remoteAddress: address,
    });
  const statuses = (answers: readonly { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort();
  const order = (customer: Customer, place: TestPlace) =>
    app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...customer.headers, 'idempotency-key': `order-${Math.random()}` },
      payload: { ...place, period_days: 30, quantity: 1 },
    });
  /** What holds whoever won: no modem over its capacity, and each account's balance is the sum of its ledger. */
  async function invariantsHold(modemIds: readonly number[], userIds: readonly number[]) {
    const overfull = await testDb.db.query(
      `SELECT m.id FROM modems m
        WHERE m.id = ANY($1::int[]) AND (SELECT count(*) FROM proxies p WHERE p.modem_id = m.id) > m.capacity`,
      [[...modemIds]],
    );
    expect(overfull).toEqual([]);
    const unbalanced = await testDb.db.query(
      `SELECT u.id FROM users u
        WHERE u.id = ANY($1::int[])
          AND u.balance <> coalesce((SELECT sum(l.amount) FROM ledger_entries l WHERE l.user_id = u.id), 0)`,
      [[...userIds]],
    );
    expect(unbalanced).toEqual([]);
  }
  const proxiesOf = async (ids: readonly number[]) =>
    (
      await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM proxies WHERE owner_id = ANY($1::int[])', [
        [...ids],
      ])
    )[0]?.n;

  it('one account asking twice at once gets one proxy', async () => {
    const place = freshPlace();
    await createFarm(testDb.db, place, { online: 5 });
    await configure(place, { per_address_per_day: 100, min_free_stock: 1 });
    const customer = await createCustomer(app, testDb.db);
    const answers = await Promise.all([0, 1, 2, 3].map((n) => take(customer, place, `198.51.100.${n + 1}`)));
    expect(statuses(answers)).toEqual([201, 409, 409, 409]);
    expect(await proxiesOf([customer.id])).toBe(1);
  });

  it('20 accounts at once with plenty of stock: every one gets a proxy, none on a full modem', async () => {
    const place = freshPlace();
    const { modemIds } = await createFarm(testDb.db, place, { online: 25 });
    await configure(place, { per_address_per_day: 1000, min_free_stock: 1 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(app, testDb.db)));
    const answers = await Promise.all(customers.map((customer, n) => take(customer, place, `192.0.2.${n + 1}`)));
    expect(statuses(answers)).toEqual(Array(20).fill(201));
    const carried = await testDb.db.query<{ proxies: number }>(
      'SELECT count(*)::int AS proxies FROM proxies WHERE modem_id = ANY($1::int[]) GROUP BY modem_id',
      [modemIds],
    );
    expect(carried).toHaveLength(20);
    expect(carried.every((row) => row.proxies === 1)).toBe(true);
  });

  it('the per-address limit holds when 10 accounts ask from one address at once', async () => {
    const place = freshPlace();
    await createFarm(testDb.db, place, { online: 15 });
    await configure(place, { per_address_per_day: 3, min_free_stock: 1 });
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(app, testDb.db)));
    const answers = await Promise.all(customers.map((customer) => take(customer, place, '203.0.113.250')));
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(7).fill(429)]);
    expect(await proxiesOf(customers.map((customer) => customer.id))).toBe(3);
  });

  it('the per-address limit holds for 10 addresses of one IPv6 /64 asking at once (#43)', async () => {
    const place = freshPlace();
    await createFarm(testDb.db, place, { online: 15 });
    await configure(place, { per_address_per_day: 3, min_free_stock: 1 });
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(app, testDb.db)));
    const answers = await Promise.all(
      customers.map((customer, n) => take(customer, place, `2001:db8:43:64:${n + 1}::${n + 7}`)),
    );
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(7).fill(429)]);
    expect(await proxiesOf(customers.map((customer) => customer.id))).toBe(3);
  });

  it("staff's minimum of free stock holds when more ask than it leaves room for", async () => {
    const place = freshPlace();
    await createFarm(testDb.db, place, { online: 4 });
    // A trial is given while at least 2 modems are free: 4 free → 3 trials (the third leaves 1).
    await configure(place, { per_address_per_day: 1000, min_free_stock: 2 });
    const customers = await Promise.all(Array.from({ length: 8 }, () => createCustomer(app, testDb.db)));
    const answers = await Promise.all(customers.map((customer, n) => take(customer, place, `198.18.0.${n + 1}`)));
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(5).fill(409)]);
  });

  it('Yandex spellings of one mailbox asking at once get one trial (#43)', async () => {
    const place = freshPlace();
    await createFarm(testDb.db, place, { online: 10 });
    await configure(place, { per_address_per_day: 1000, min_free_stock: 1 });
    const name = `olga.race${Date.now() % 1_000_000}`;
    const dashed = name.replace('.', '-');
    const spellings = [
      `${name}@yandex.ru`,
      `${name}@ya.ru`,
      `${name}@yandex.com`,
      `${dashed}@yandex.ru`,
      `${dashed}+2@ya.ru`,
      `${name}@yandex.kz`,
    ];
    const customers = await Promise.all(
      spellings.map(async (email) => {
        const user = await createUser(testDb.db, { email, verified: true });
        return { id: user.id, email, headers: tokenHeader(await login(app, email)) };
      }),
    );
    const answers = await Promise.all(customers.map((customer, n) => take(customer, place, `198.18.2.${n + 1}`)));
    expect(statuses(answers)).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await proxiesOf(customers.map((customer) => customer.id))).toBe(1);
  });

  it("a trial and a paying order for a place's last free modem at once: exactly one gets it", async () => {
    const place = freshPlace();
    const { modemIds } = await createFarm(testDb.db, place, { online: 1 });
    await configure(place, { per_address_per_day: 1000, min_free_stock: 1 });
    const [taker, buyer] = [await createCustomer(app, testDb.db), await createCustomer(app, testDb.db, 1_000_000)];
    const [trial, bought] = await Promise.all([take(taker, place, '198.18.3.1'), order(buyer, place)]);
    expect([trial.statusCode, bought.statusCode].sort()).toEqual([201, 409]);
    expect(await proxiesOf([taker.id, buyer.id])).toBe(1);
    await invariantsHold(modemIds, [taker.id, buyer.id]);
  });

  it("a trial's proxy moving into a paid place's last modem while a customer buys it: the customer gets it (#43)", async () => {
    const trialPlace = freshPlace();
    await createFarm(testDb.db, trialPlace, { online: 6 });
    await configure(trialPlace, { per_address_per_day: 1000, min_free_stock: 1 });
    // Rounds, each a fresh paid place with one free modem: the move and the order truly at once, each time.
    for (let round = 0; round < 5; round += 1) {
      const paid = freshPlace();
      const { modemIds } = await createFarm(testDb.db, paid, { online: 1 });
      const [taker, buyer] = [await createCustomer(app, testDb.db), await createCustomer(app, testDb.db, 1_000_000)];
      const taken = await take(taker, trialPlace, `198.18.4.${round + 1}`);
      expect(taken.statusCode, taken.body).toBe(201);
      const proxyId = taken.json<{ proxy_id: number }>().proxy_id;
      const [moved, bought] = await Promise.all([
        app.inject({
          method: 'POST',
          url: `/api/proxies/${proxyId}/move/`,
          headers: { ...taker.headers, 'idempotency-key': `trial-move-${round}` },
          payload: paid,
        }),
        order(buyer, paid),
      ]);
      expect([moved.statusCode, bought.statusCode]).toEqual([403, 201]);
      const carried = await testDb.db.query<{ owner_id: number }>(
        'SELECT owner_id FROM proxies WHERE modem_id = ANY($1::int[])',
        [modemIds],
      );
      expect(carried).toEqual([{ owner_id: buyer.id }]);
      await invariantsHold(modemIds, [taker.id, buyer.id]);
    }
  });
});
