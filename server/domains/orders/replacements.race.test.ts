// Replacing proxies under concurrency, on PostgreSQL (PGlite has one connection, so nothing there runs at once): two
// replacements of one proxy with one left — exactly one replaces it; many replacements of different proxies in one
// place with plenty of free modems — nobody is refused; a replacement and an order racing for the place's last free
// modem — exactly one gets it, the other is refused with nothing changed.
import { PROXY_REPLACEMENTS_PER_MONTH } from '@proxy/contract/schemas/replacements';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { balanceOf, createCustomer, createFarm, type Customer, freshPlace, type TestPlace } from '../../test/orders.ts';
import { farmService, freeCount } from '../farm/index.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
const backend = () => {
  if (!postgres) throw new Error('DATABASE_URL is not set');
  return postgres;
};
const DAY = 86_400_000;
/** A 30-day proxy anywhere, as the seeded price list has it. */
const PRICE = 390_000;

describe.runIf(postgres)('replacing proxies: races on PostgreSQL', () => {
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

  /** A customer's 30-day proxy on the modem. */
  async function proxyOn(modemId: number) {
    const customer = await createCustomer(app, testDb.db, 0);
    const proxy = await farmService(testDb.db).createProxy({
      ownerId: customer.id,
      modemId,
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    return { customer, proxyId: proxy.id };
  }
  const replace = (customer: Customer, id: number, key = `replace-${Math.random()}`) =>
    app.inject({
      method: 'POST',
      url: `/api/proxies/${id}/replace/`,
      headers: { ...customer.headers, 'idempotency-key': key },
      payload: {},
    });
  const order = (customer: Customer, to: TestPlace) =>
    app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...customer.headers, 'idempotency-key': `order-${Math.random()}` },
      payload: { ...to, period_days: 30, quantity: 1 },
    });
  const countOf = async (sql: string, id: number) => {
    const [row] = await testDb.db.query<{ n: number }>(sql, [id]);
    return row?.n ?? 0;
  };
  const proxiesOn = (modemId: number) => countOf('SELECT count(*)::int AS n FROM proxies WHERE modem_id = $1', modemId);
  const replacementsOf = (proxyId: number) =>
    countOf('SELECT count(*)::int AS n FROM proxy_replacements WHERE proxy_id = $1', proxyId);

  it('two replacements of one proxy with one left: exactly one replaces it, the other is refused by the limit', async () => {
    const place = freshPlace();
    const { modemIds } = await createFarm(testDb.db, place, { online: 4 });
    const { customer, proxyId } = await proxyOn(modemIds[0] as number);
    for (let n = 1; n < PROXY_REPLACEMENTS_PER_MONTH; n++)
      expect((await replace(customer, proxyId)).statusCode).toBe(201);

    const answers = await Promise.all([replace(customer, proxyId), replace(customer, proxyId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429]);
    expect(await replacementsOf(proxyId)).toBe(PROXY_REPLACEMENTS_PER_MONTH);
    // The proxy holds one modem, and the place has the other three free.
    expect(await freeCount(testDb.db, place, new Date())).toBe(3);

    // One key sent twice at once replaces once.
    const { customer: other, proxyId: otherId } = await proxyOn(modemIds[3] as number);
    const same = await Promise.all([replace(other, otherId, 'one-key'), replace(other, otherId, 'one-key')]);
    expect(same.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(same[0]?.json().id).toBe(same[1]?.json().id);
    expect(await replacementsOf(otherId)).toBe(1);
  });

  it('12 proxies of one place replaced at once with 15 more free modems: all replaced, each onto a modem of its own', async () => {
    const place = freshPlace();
    const { modemIds } = await createFarm(testDb.db, place, { online: 27 });
    const owners = await Promise.all(modemIds.slice(0, 12).map((id) => proxyOn(id)));
    const answers = await Promise.all(owners.map(({ customer, proxyId }) => replace(customer, proxyId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(201));
    for (const id of modemIds) expect(await proxiesOn(id)).toBeLessThanOrEqual(1);
    expect(await freeCount(testDb.db, place, new Date())).toBe(15);
  });

  it('a replacement and an order for the last free modem: exactly one gets it, the other is refused with nothing changed', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const place = freshPlace();
      // The proxy's own modem is offline (why its IP is bad): what the replacement leaves is sold to nobody, so the
      // place's one online modem is the last free one for both.
      const { modemIds } = await createFarm(testDb.db, place, { online: 1, offline: 1 });
      const [last, down] = modemIds as [number, number];
      const { customer, proxyId } = await proxyOn(down);
      const buyer = await createCustomer(app, testDb.db, PRICE);

      const [replaced, ordered] = await Promise.all([replace(customer, proxyId), order(buyer, place)]);
      expect([replaced.statusCode, ordered.statusCode].sort()).toEqual([201, 409]);
      // The last modem carries one proxy: never both.
      expect(await proxiesOn(last)).toBe(1);
      expect(await freeCount(testDb.db, place, new Date())).toBe(0);
      if (replaced.statusCode === 201) {
        outcomes.add('replacement');
        expect(await proxiesOn(down)).toBe(0);
        // The refused buyer paid nothing.
        expect(await balanceOf(testDb.db, buyer.id)).toBe(PRICE);
      } else {
        outcomes.add('order');
        expect(replaced.json().detail).toBe(
          'No other modem of this place and operator is free now: try again later or move the proxy to another place.',
        );
        expect(await proxiesOn(down)).toBe(1);
        expect(await replacementsOf(proxyId)).toBe(0);
        expect(await balanceOf(testDb.db, buyer.id)).toBe(0);
      }
    }
    // Either may win a round; what matters is that each round had exactly one winner.
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
