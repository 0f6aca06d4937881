// Ordering under concurrency, on PostgreSQL (PGlite has one connection, so nothing there runs at once): customers
// ordering at once are all served while the stock covers them, racing for the last modems never oversell one, a
// refused customer's money is untouched, and one Idempotency-Key sent twice at once buys or renews once.
import type { Order } from '@proxy/contract/schemas/orders';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import {
  balanceOf,
  createCustomer,
  createFarm,
  freshPlace,
  ledgerOf,
  type Customer,
  type TestPlace,
} from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
const backend = () => {
  if (!postgres) throw new Error('DATABASE_URL is not set');
  return postgres;
};
const DAY = 86_400_000;
/** A 30-day proxy in DE, as the seeded price list has it. */
const PRICE = 390_000;
/** Enough for every order a customer sends below. */
const FUNDS = 10_000_000;

describe.runIf(postgres)('ordering races on PostgreSQL', () => {
  let testDb: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openSeededDb(backend());
    app = await buildTestApp({ db: testDb.db });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  const statuses = (answers: readonly { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort();

  // With a promo code every order also queues on the code's row lock, which alone would serialise them; without one
  // only the modems' own locks keep two orders off one modem.
  it.each([
    { promo: 'RUSH', total: 351_000 },
    { promo: '', total: 390_000 },
  ])(
    '20 customers ordering at once for 5 free modems (promo "$promo"): exactly 5 orders, 15 refusals with their money untouched',
    async ({ promo, total }) => {
      const place = freshPlace();
      const { modemIds } = await createFarm(testDb.db, place, { online: 5, offline: 3 });
      if (promo)
        await testDb.db.query(`INSERT INTO promo_codes (code, kind, value) VALUES ($1, 'percent', 10)`, [promo]);
      const buyers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(app, testDb.db, 1_000_000)));
      const answers = await Promise.all(
        buyers.map((buyer, index) =>
          app.inject({
            method: 'POST',
            url: '/api/orders/',
            headers: { ...buyer.headers, 'idempotency-key': `rush-${index}` },
            payload: { ...place, period_days: 30, quantity: 1, promo_code: promo },
          }),
        ),
      );
      expect(statuses(answers)).toEqual([...Array(5).fill(201), ...Array(15).fill(409)]);

      const carried = await testDb.db.query<{ modem_id: number; proxies: number }>(
        `SELECT modem_id, count(*)::int AS proxies FROM proxies WHERE modem_id = ANY($1::int[]) GROUP BY modem_id`,
        [modemIds],
      );
      expect(carried).toHaveLength(5);
      expect(carried.every((row) => row.proxies === 1 && modemIds.slice(0, 5).includes(row.modem_id))).toBe(true);

      for (const [index, answer] of answers.entries()) {
        const buyer = buyers[index] as (typeof buyers)[number];
        const ledger = await ledgerOf(testDb.db, buyer.id);
        if (answer.statusCode === 201) {
          const order = answer.json<{ id: number; total: number }>();
          expect(order.total).toBe(total);
          expect(ledger).toEqual([
            { kind: 'adjustment', amount: 1_000_000, reference: '' },
            { kind: 'purchase', amount: -total, reference: `order:${order.id}` },
          ]);
          expect(await balanceOf(testDb.db, buyer.id)).toBe(1_000_000 - total);
        } else {
          expect(answer.json()).toEqual({ detail: 'No modems of this operator are free here now.' });
          expect(ledger).toEqual([{ kind: 'adjustment', amount: 1_000_000, reference: '' }]);
          expect(await balanceOf(testDb.db, buyer.id)).toBe(1_000_000);
          expect(await testDb.db.query('SELECT 1 FROM orders WHERE user_id = $1', [buyer.id])).toEqual([]);
        }
      }
      if (promo) {
        const [code] = await testDb.db.query<{ uses: number; recorded: number }>(
          `SELECT uses, (SELECT count(*)::int FROM promo_code_uses u WHERE u.promo_code_id = c.id) AS recorded
           FROM promo_codes c WHERE code = $1`,
          [promo],
        );
        expect(code).toEqual({ uses: 5, recorded: 5 });
      }
    },
  );

  /** One farm host per entry of `modemsPerHost`, all in the place, every modem online with `capacity`. */
  async function createPlace(place: TestPlace, modemsPerHost: readonly number[], capacity: number) {
    const farms = [];
    for (const online of modemsPerHost) farms.push(await createFarm(testDb.db, place, { online, capacity }));
    return { hostIds: farms.map((farm) => farm.hostId), modemIds: farms.flatMap((farm) => farm.modemIds) };
  }

  /**
   * Every customer sends all of its orders (one per entry of `quantities`) at once with all the others: answers each
   * request with its buyer and quantity.
   */
  async function orderAtOnce(place: TestPlace, buyers: readonly Customer[], quantities: readonly number[]) {
    const requests = buyers.flatMap((buyer) => quantities.map((quantity) => ({ buyer, quantity })));
    const answers = await Promise.all(
      requests.map(({ buyer, quantity }, index) =>
        app.inject({
          method: 'POST',
          url: '/api/orders/',
          headers: { ...buyer.headers, 'idempotency-key': `burst-${index}` },
          payload: { ...place, period_days: 30, quantity },
        }),
      ),
    );
    return requests.map((request, index) => ({ ...request, answer: answers[index] as (typeof answers)[number] }));
  }

  /**
   * What must hold whoever won: no modem carries more than its capacity, no port is two proxies' on a host, an
   * order's proxies are on different modems, and each buyer's balance is its ledger's sum, charged once per order it
   * got for exactly the proxies it owns (a refused order left nothing behind).
   */
  async function expectInvariants(modemIds: readonly number[], placed: Awaited<ReturnType<typeof orderAtOnce>>) {
    expect(
      await testDb.db.query(
        `SELECT m.id FROM modems m
          WHERE m.id = ANY($1::int[]) AND (SELECT count(*) FROM proxies p WHERE p.modem_id = m.id) > m.capacity`,
        [modemIds],
      ),
    ).toEqual([]);
    expect(
      await testDb.db.query(
        `SELECT host_id, port FROM (
           SELECT host_id, http_port AS port FROM proxies UNION ALL SELECT host_id, socks_port FROM proxies) ports
          GROUP BY host_id, port HAVING count(*) > 1`,
      ),
    ).toEqual([]);
    for (const buyer of new Set(placed.map(({ buyer }) => buyer))) {
      const won = placed.filter((order) => order.buyer === buyer && order.answer.statusCode === 201);
      const orders = won.map(({ answer }) => answer.json<Order>());
      const lines = await testDb.db.query<{ order_id: number; proxy_id: number; modem_id: number }>(
        `SELECT l.order_id, l.proxy_id, l.modem_id FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.user_id = $1`,
        [buyer.id],
      );
      for (const order of orders) {
        const modems = lines.filter((line) => line.order_id === order.id).map((line) => line.modem_id);
        expect(new Set(modems).size).toBe(order.quantity);
      }
      const owned = await testDb.db.query<{ id: number }>('SELECT id FROM proxies WHERE owner_id = $1 ORDER BY id', [
        buyer.id,
      ]);
      expect(owned.map((proxy) => proxy.id)).toEqual(lines.map((line) => line.proxy_id).sort((a, b) => a - b));
      expect(owned).toHaveLength(won.reduce((sum, order) => sum + order.quantity, 0));
      const ledger = await ledgerOf(testDb.db, buyer.id);
      expect(ledger.toSorted((a, b) => a.reference.localeCompare(b.reference))).toEqual(
        [
          { kind: 'adjustment', amount: FUNDS, reference: '' },
          ...orders.map((order) => ({
            kind: 'purchase',
            amount: -order.quantity * PRICE,
            reference: `order:${order.id}`,
          })),
        ].toSorted((a, b) => a.reference.localeCompare(b.reference)),
      );
      expect(await balanceOf(testDb.db, buyer.id)).toBe(FUNDS - owned.length * PRICE);
    }
  }

  // The bug this guards against: orders passed over modems a concurrent order had locked (`SKIP LOCKED`) and, finding
  // too few, answered 409 while those modems still had free slots. The first case is the issue's "every modem had 11
  // or more free slots"; the others sell every slot there is (orders of one proxy, or modems of one slot, so where
  // each proxy lands cannot leave an order short).
  it.each([
    { stock: '2 hosts × 2 modems of capacity 16', modemsPerHost: [2, 2], capacity: 16, quantities: [1, 2, 1, 1, 1] },
    {
      stock: '4 hosts × 1 modem of capacity 12',
      modemsPerHost: [1, 1, 1, 1],
      capacity: 12,
      quantities: [1, 1, 1, 1, 1, 1],
    },
    { stock: '2 hosts × 16 modems of capacity 1', modemsPerHost: [16, 16], capacity: 1, quantities: [1, 2, 1] },
  ])(
    '8 customers sending several orders each at once, $stock, stock for all: every order is made',
    async ({ modemsPerHost, capacity, quantities }) => {
      const place = freshPlace();
      const { modemIds } = await createPlace(place, modemsPerHost, capacity);
      const stock = modemIds.length * capacity;
      const buyers = await Promise.all(Array.from({ length: 8 }, () => createCustomer(app, testDb.db, FUNDS)));

      const placed = await orderAtOnce(place, buyers, quantities);
      expect(placed.filter(({ answer }) => answer.statusCode !== 201).map(({ answer }) => answer.body)).toEqual([]);

      const sold = 8 * quantities.reduce((sum, quantity) => sum + quantity, 0);
      const [left] = await testDb.db.query<{ free: number }>(
        `SELECT sum(m.capacity - (SELECT count(*) FROM proxies p WHERE p.modem_id = m.id))::int AS free
           FROM modems m WHERE m.id = ANY($1::int[])`,
        [modemIds],
      );
      expect(left?.free).toBe(stock - sold);
      await expectInvariants(modemIds, placed);
    },
  );

  it('8 customers sending 3 orders each at once for 12 free slots on 2 modems: exactly 12 made, 12 refused', async () => {
    const place = freshPlace();
    const { modemIds } = await createPlace(place, [1, 1], 6);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createCustomer(app, testDb.db, FUNDS)));

    const placed = await orderAtOnce(place, buyers, [1, 1, 1]);
    expect(statuses(placed.map(({ answer }) => answer))).toEqual([...Array(12).fill(201), ...Array(12).fill(409)]);
    for (const { answer } of placed.filter(({ answer }) => answer.statusCode === 409))
      expect(answer.json()).toEqual({ detail: 'No modems of this operator are free here now.' });
    await expectInvariants(modemIds, placed);
  });

  /** The free slots left on the modems. */
  async function slotsLeft(modemIds: readonly number[]) {
    const [left] = await testDb.db.query<{ free: number }>(
      `SELECT sum(m.capacity - (SELECT count(*) FROM proxies p WHERE p.modem_id = m.id))::int AS free
         FROM modems m WHERE m.id = ANY($1::int[])`,
      [modemIds],
    );
    return left?.free;
  }

  // #42: orders of one busy place no longer lock all of its modems, each only the ones it takes; none of these may
  // then be refused while stock is left, nor get a slot another order got. Each test signs 50 customers up and in
  // first (two argon2 hashes each), hence the longer timeout.
  it('50 customers ordering at once in one place, 5 hosts × 4 modems of capacity 3: nobody is refused', async () => {
    const place = freshPlace();
    const { modemIds } = await createPlace(place, [4, 4, 4, 4, 4], 3);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(app, testDb.db, FUNDS)));

    const placed = await orderAtOnce(place, buyers, [1]);
    expect(placed.filter(({ answer }) => answer.statusCode !== 201).map(({ answer }) => answer.body)).toEqual([]);
    expect(await slotsLeft(modemIds)).toBe(60 - 50);
    await expectInvariants(modemIds, placed);
  }, 90_000);

  it('50 customers ordering at once for the last free slot of a place: it is sold once, 49 refused', async () => {
    const place = freshPlace();
    const { modemIds } = await createPlace(place, [2, 1], 2);
    const owner = await createCustomer(app, testDb.db);
    for (const modemId of [0, 0, 1, 1, 2].map((index) => modemIds[index] as number)) {
      await farmService(testDb.db).createProxy({ ownerId: owner.id, modemId, expiresAt: new Date(Date.now() + DAY) });
    }
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(app, testDb.db, FUNDS)));

    const placed = await orderAtOnce(place, buyers, [1]);
    expect(statuses(placed.map(({ answer }) => answer))).toEqual([201, ...Array(49).fill(409)]);
    for (const { answer } of placed.filter(({ answer }) => answer.statusCode === 409))
      expect(answer.json()).toEqual({ detail: 'No modems of this operator are free here now.' });
    expect(await slotsLeft(modemIds)).toBe(0);
    await expectInvariants(modemIds, placed);
  }, 90_000);

  it('an order whose only free modem another transaction holds waits for it, and gets it when that lets go', async () => {
    const place = freshPlace();
    const { modemIds } = await createPlace(place, [1], 1);
    const buyer = await createCustomer(app, testDb.db, FUNDS);
    const holding = Promise.withResolvers<undefined>();
    const held = Promise.withResolvers<undefined>();
    // A move or a trial that locked the modem and then took nothing: a quick pick passes over it, finds nothing
    // else, and must not say "sold out" for it.
    const holder = testDb.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM modems WHERE id = $1 FOR NO KEY UPDATE', [modemIds[0] as number]);
      holding.resolve(undefined);
      await held.promise;
    });
    await holding.promise;
    const ordering = orderAtOnce(place, [buyer], [1]);
    await expect
      .poll(async () => {
        const [row] = await testDb.db.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return row?.waiting;
      })
      .toBe(1);
    held.resolve(undefined);
    await holder;
    const placed = await ordering;
    expect(placed.map(({ answer }) => answer.statusCode)).toEqual([201]);
    expect(await slotsLeft(modemIds)).toBe(0);
    await expectInvariants(modemIds, placed);
  });

  it('the same order sent 10 times at once with one key: one order, one ledger entry, the rest answer it', async () => {
    const place = freshPlace();
    await createFarm(testDb.db, place, { online: 10 });
    const buyer = await createCustomer(app, testDb.db, 10_000_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/orders/',
          headers: { ...buyer.headers, 'idempotency-key': 'double-click' },
          payload: { ...place, period_days: 7, quantity: 2 },
        }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(9).fill(200), 201]);
    expect(new Set(answers.map((answer) => answer.json<{ id: number }>().id)).size).toBe(1);
    expect(await testDb.db.query('SELECT 1 FROM orders WHERE user_id = $1', [buyer.id])).toHaveLength(1);
    expect(await testDb.db.query('SELECT 1 FROM proxies WHERE owner_id = $1', [buyer.id])).toHaveLength(2);
    expect(await ledgerOf(testDb.db, buyer.id)).toHaveLength(2);
    expect(await balanceOf(testDb.db, buyer.id)).toBe(10_000_000 - 300_000);
  });

  it('renewals at once: one key sent 5 times renews once; two keys for a balance covering one renew once', async () => {
    const place = freshPlace();
    const { modemIds } = await createFarm(testDb.db, place, { online: 1 });
    const buyer = await createCustomer(app, testDb.db, 500_000);
    const proxy = await farmService(testDb.db).createProxy({
      ownerId: buyer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 2 * DAY),
    });
    const renew = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/proxies/renew/',
        headers: { ...buyer.headers, 'idempotency-key': key },
        payload: { ids: [proxy.id], period_days: 30 },
      });

    const same = await Promise.all(Array.from({ length: 5 }, () => renew('renew-once')));
    expect(statuses(same)).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(same.map((answer) => answer.body)).size).toBe(1);
    const [once] = await testDb.db.query<{ expires_at: Date }>('SELECT expires_at FROM proxies WHERE id = $1', [
      proxy.id,
    ]);
    expect(new Date(once?.expires_at as Date).getTime()).toBe(proxy.expiresAt.getTime() + 30 * DAY);
    expect(await balanceOf(testDb.db, buyer.id)).toBe(110_000);

    await testDb.db.query('UPDATE users SET balance = balance + 280000 WHERE id = $1', [buyer.id]);
    const rivals = await Promise.all([renew('renew-a'), renew('renew-b')]);
    expect(statuses(rivals)).toEqual([201, 402]);
    const [after] = await testDb.db.query<{ expires_at: Date }>('SELECT expires_at FROM proxies WHERE id = $1', [
      proxy.id,
    ]);
    expect(new Date(after?.expires_at as Date).getTime()).toBe(proxy.expiresAt.getTime() + 60 * DAY);
    expect(await balanceOf(testDb.db, buyer.id)).toBe(0);
    const renewals = (await ledgerOf(testDb.db, buyer.id)).filter((entry) => entry.kind === 'renewal');
    expect(renewals.map((entry) => entry.amount)).toEqual([-390_000, -390_000]);
  });
});
