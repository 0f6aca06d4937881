// Moving proxies under concurrency, on PostgreSQL (PGlite has one connection, so nothing there runs at once): a move
// and an order racing for a place's last free modem — exactly one gets it, the other is refused cleanly with nothing
// changed; two moves of one proxy at once — one moves it; and many customers moving into a place with plenty of
// stock at once — nobody is refused; a move passes over a modem another transaction holds instead of waiting for it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import {
  balanceOf,
  createCustomer,
  createFarm,
  type Customer,
  freshPlace,
  ledgerOf,
  type TestPlace,
} from '../../test/orders.ts';
import { farmService, freeCount } from '../farm/index.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
const backend = () => {
  if (!postgres) throw new Error('DATABASE_URL is not set');
  return postgres;
};
const DAY = 86_400_000;
/** A 30-day proxy anywhere, as the seeded price list has it. */
const PRICE = 390_000;

describe.runIf(postgres)('moving proxies: races on PostgreSQL', () => {
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

  /** `count` customers with a 30-day proxy each on a fresh place of their own, and `balance` left. */
  async function owners(count: number, balance = 0) {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const place = freshPlace();
        const { modemIds } = await createFarm(testDb.db, place, { online: 1 });
        const customer = await createCustomer(app, testDb.db, balance);
        const proxy = await farmService(testDb.db).createProxy({
          ownerId: customer.id,
          modemId: modemIds[0] as number,
          expiresAt: new Date(Date.now() + 30 * DAY),
        });
        return { place, customer, proxyId: proxy.id };
      }),
    );
  }
  const move = (customer: Customer, id: number, to: TestPlace, key = `move-${Math.random()}`) =>
    app.inject({
      method: 'POST',
      url: `/api/proxies/${id}/move/`,
      headers: { ...customer.headers, 'idempotency-key': key },
      payload: to,
    });
  const order = (customer: Customer, to: TestPlace) =>
    app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...customer.headers, 'idempotency-key': `order-${Math.random()}` },
      payload: { ...to, period_days: 30, quantity: 1 },
    });
  const proxiesOn = async (modemId: number) => {
    const [row] = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM proxies WHERE modem_id = $1', [
      modemId,
    ]);
    return row?.n ?? 0;
  };

  it('a move and an order for the last free modem: exactly one gets it, the other is refused with nothing changed', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const target = freshPlace();
      const { modemIds } = await createFarm(testDb.db, target, { online: 1 });
      const [mover] = await owners(1);
      const { place, customer, proxyId } = mover as NonNullable<typeof mover>;
      const buyer = await createCustomer(app, testDb.db, PRICE);

      const [moved, ordered] = await Promise.all([move(customer, proxyId, target), order(buyer, target)]);
      expect([moved.statusCode, ordered.statusCode].sort()).toEqual([201, 409]);
      // The one modem carries one proxy: never both.
      expect(await proxiesOn(modemIds[0] as number)).toBe(1);
      expect(await freeCount(testDb.db, target, new Date())).toBe(0);
      const [row] = await testDb.db.query<{ city: string }>(
        'SELECT m.city FROM proxies p JOIN modems m ON m.id = p.modem_id WHERE p.id = $1',
        [proxyId],
      );
      if (moved.statusCode === 201) {
        outcomes.add('move');
        expect(row?.city).toBe(target.city);
        // The refused buyer paid nothing.
        expect(await balanceOf(testDb.db, buyer.id)).toBe(PRICE);
        expect(await ledgerOf(testDb.db, buyer.id)).toHaveLength(1);
        expect(await freeCount(testDb.db, place, new Date())).toBe(1);
      } else {
        outcomes.add('order');
        expect(moved.json().detail).toBe('No modems of this operator are free there now: choose another place.');
        expect(row?.city).toBe(place.city);
        expect(await freeCount(testDb.db, place, new Date())).toBe(0);
        expect(await balanceOf(testDb.db, buyer.id)).toBe(0);
      }
    }
    // Either may win a round; what matters is that each round had exactly one winner.
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('two moves of one proxy at once: one moves it, the other is refused by the cooldown; one key twice moves once', async () => {
    const [mover] = await owners(1);
    const { customer, proxyId } = mover as NonNullable<typeof mover>;
    const first = freshPlace();
    const second = freshPlace();
    await createFarm(testDb.db, first, { online: 2 });
    await createFarm(testDb.db, second, { online: 2 });

    const answers = await Promise.all([move(customer, proxyId, first), move(customer, proxyId, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429]);
    const winner = answers.find((answer) => answer.statusCode === 201)?.json();
    const [row] = await testDb.db.query<{ city: string; moves: number }>(
      `SELECT m.city, (SELECT count(*)::int FROM proxy_moves WHERE proxy_id = p.id) AS moves
         FROM proxies p JOIN modems m ON m.id = p.modem_id WHERE p.id = $1`,
      [proxyId],
    );
    expect(row).toEqual({ city: winner.to.city, moves: 1 });
    // One modem taken in all: the loser held nothing back.
    expect((await freeCount(testDb.db, first, new Date())) + (await freeCount(testDb.db, second, new Date()))).toBe(3);

    const [again] = await owners(1);
    const { customer: other, proxyId: otherId } = again as NonNullable<typeof again>;
    const freeBefore = await freeCount(testDb.db, first, new Date());
    const same = await Promise.all([move(other, otherId, first, 'one-key'), move(other, otherId, first, 'one-key')]);
    expect(same.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(same[0]?.json().id).toBe(same[1]?.json().id);
    // One modem taken, not two.
    expect(await freeCount(testDb.db, first, new Date())).toBe(freeBefore - 1);
  });

  it('12 customers moving at once into a place with 15 free modems: all moved, each onto a modem of its own', async () => {
    const target = freshPlace();
    const { modemIds } = await createFarm(testDb.db, target, { online: 15 });
    const movers = await owners(12);
    const answers = await Promise.all(movers.map(({ customer, proxyId }) => move(customer, proxyId, target)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(201));
    expect(await freeCount(testDb.db, target, new Date())).toBe(3);
    for (const id of modemIds) expect(await proxiesOn(id)).toBeLessThanOrEqual(1);
    for (const { place } of movers) expect(await freeCount(testDb.db, place, new Date())).toBe(1);
  });

  it('a move into a place where another transaction holds a free modem takes another at once, without waiting for it', async () => {
    const target = freshPlace();
    const { modemIds } = await createFarm(testDb.db, target, { online: 3 });
    const [mover] = await owners(1);
    const holding = Promise.withResolvers<undefined>();
    const held = Promise.withResolvers<undefined>();
    // An order's quick pick holding the place's first modem: the move passes over it (#49), not waits behind it.
    const holder = testDb.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM modems WHERE id = $1 FOR NO KEY UPDATE', [modemIds[0] as number]);
      holding.resolve(undefined);
      await held.promise;
    });
    await holding.promise;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'waited'>((resolve) => (timer = setTimeout(() => resolve('waited'), 10_000)));
    const moved = await Promise.race([move(mover?.customer as Customer, mover?.proxyId as number, target), waited]);
    clearTimeout(timer);
    held.resolve(undefined);
    await holder;
    expect(moved === 'waited' ? moved : moved.statusCode).toBe(201);
    expect(await proxiesOn(modemIds[0] as number)).toBe(0);
    expect(await freeCount(testDb.db, target, new Date())).toBe(2);
  });

  it('a fee racing a spend of the same balance: the move is refused with the shortfall, never an overdraft', async () => {
    await testDb.db.query(
      `INSERT INTO plans (title_ru, title_en, price_minor, currency, period_days, country)
       VALUES ('Месяц AU', 'Month AU', 500000, 'RUB', 30, 'AU')`,
    );
    await testDb.db.query('UPDATE move_settings SET fee = 100000');
    try {
      const target = freshPlace('AU');
      await createFarm(testDb.db, target, { online: 2 });
      const [mover] = await owners(1, PRICE);
      const { customer, proxyId } = mover as NonNullable<typeof mover>;
      const shop = freshPlace();
      await createFarm(testDb.db, shop, { online: 1 });
      // The balance covers either the fee or the order, not both.
      const [moved, ordered] = await Promise.all([move(customer, proxyId, target), order(customer, shop)]);
      const codes = [moved.statusCode, ordered.statusCode];
      expect(await balanceOf(testDb.db, customer.id)).toBeGreaterThanOrEqual(0);
      if (moved.statusCode === 201) {
        expect(ordered.statusCode).toBe(402);
        expect(await balanceOf(testDb.db, customer.id)).toBe(PRICE - 100_000);
      } else {
        expect(codes).toEqual([402, 201]);
        expect(moved.json().detail).toMatch(/^The move costs RUB\s1,000: top up your balance by RUB\s1,000\.$/);
        expect(await balanceOf(testDb.db, customer.id)).toBe(0);
      }
    } finally {
      await testDb.db.query('UPDATE move_settings SET fee = 0');
    }
  });
});
