// Ordering under concurrency, on PostgreSQL (PGlite has one connection, so nothing there runs at once): customers
// racing for the last modems never oversell one, a refused customer's money is untouched, and one Idempotency-Key
// sent twice at once buys or renews once.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { balanceOf, createCustomer, createFarm, freshPlace, ledgerOf } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
const backend = () => {
  if (!postgres) throw new Error('DATABASE_URL is not set');
  return postgres;
};
const DAY = 86_400_000;

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
