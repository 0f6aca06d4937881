// The panel's lists of every customer's orders and proxies (#33) on PGlite and (with DATABASE_URL) PostgreSQL: rows
// of several customers, each naming its customer, narrowed by the filters the panel home's figures link with.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { createCustomer, createFarm, freshPlace, type Customer } from '../../test/orders.ts';

const LISTS = ['/api/panel/orders/', '/api/panel/proxies/', '/api/panel/renewals/'] as const;

describe.each(BACKENDS)('the panel lists of all orders and proxies on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const as = {} as Record<'viewer' | 'editor' | 'customer', Record<string, string>>;
  const get = (url: string, headers: Record<string, string> = as.viewer) =>
    app.inject({ method: 'GET', url, headers: { ...EN, ...headers } });
  const ids = (answer: { json(): { results: { id: number }[] } }) => answer.json().results.map((row) => row.id);

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db });
    const people = {
      viewer: { staff: true, permissions: ['users.view_user'] },
      editor: { staff: true, permissions: ['pages.view_page', 'users.change_user'] },
      customer: { permissions: ['users.view_user'] },
    } as const;
    for (const [name, fixture] of Object.entries(people)) {
      const email = freshEmail(name);
      await createUser(testDb.db, { email, ...fixture });
      as[name as keyof typeof as] = tokenHeader(await login(app, email));
    }
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  /** Two customers of one tag: `a` with an order of two proxies, `b` with one of one. */
  async function twoCustomers() {
    const place = freshPlace();
    await createFarm(testDb.db, place, { online: 3 });
    const tag = freshEmail('all').split('@')[0] as string;
    const customers = {} as Record<'a' | 'b', Customer & { order: number; proxies: number[] }>;
    for (const [name, quantity] of [
      ['a', 2],
      ['b', 1],
    ] as const) {
      const customer = await createCustomer(app, testDb.db, 1_000_000);
      const email = `${tag}-${name}@example.com`;
      await testDb.db.query('UPDATE users SET email = $2 WHERE id = $1', [customer.id, email]);
      const order = await app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...customer.headers, 'idempotency-key': `all-${name}` },
        payload: { ...place, period_days: 30, quantity },
      });
      expect(order.statusCode).toBe(201);
      const proxies = await testDb.db.query<{ id: number }>('SELECT id FROM proxies WHERE owner_id = $1 ORDER BY id', [
        customer.id,
      ]);
      customers[name] = { ...customer, email, order: order.json().id, proxies: proxies.map((row) => row.id) };
    }
    return { tag, ...customers };
  }

  it('lists every customer’s orders with the customer, searched by e-mail and narrowed by the day made', async () => {
    const { tag, a, b } = await twoCustomers();
    const all = await get(`/api/panel/orders/?search=${tag}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(2);
    expect(all.json().results).toEqual([
      expect.objectContaining({ id: b.order, user_id: b.id, user_email: b.email, quantity: 1 }),
      expect.objectContaining({ id: a.order, user_id: a.id, user_email: a.email, quantity: 2 }),
    ]);
    expect(all.json().results[1].lines).toHaveLength(2);
    expect(ids(await get(`/api/panel/orders/?search=${tag}-a@`))).toEqual([a.order]);
    expect(ids(await get(`/api/panel/orders/?search=${tag}&ordering=total`))).toEqual([b.order, a.order]);

    await testDb.db.query(`UPDATE orders SET created_at = '2026-01-15T23:30:00Z' WHERE id = $1`, [b.order]);
    const day = (query: string) => get(`/api/panel/orders/?search=${tag}&${query}`);
    expect(ids(await day('created_after=2026-01-15&created_before=2026-01-15'))).toEqual([b.order]);
    expect(ids(await day('created_after=2026-01-16'))).toEqual([a.order]);
    expect((await day('created_before=2026-01-14')).json().count).toBe(0);
  });

  it('lists every customer’s proxies with the customer, without credentials, narrowed by state, renewal and e-mail', async () => {
    const { tag, a, b } = await twoCustomers();
    const list = (query = '') => get(`/api/panel/proxies/?search=${tag}&ordering=created_at${query}`);
    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.json().count).toBe(3);
    expect(all.json().results).toEqual([
      expect.objectContaining({ id: a.proxies[0], user_id: a.id, user_email: a.email, state: 'active' }),
      expect.objectContaining({ id: a.proxies[1], user_id: a.id, user_email: a.email }),
      expect.objectContaining({ id: b.proxies[0], user_id: b.id, user_email: b.email }),
    ]);
    for (const row of all.json().results) {
      expect(row).toHaveProperty('login');
      expect(row).not.toHaveProperty('password');
      expect(row).not.toHaveProperty('rotate_url');
    }
    expect(ids(await get(`/api/panel/proxies/?search=${tag}-b@`))).toEqual(b.proxies);

    const [failed, renewing] = a.proxies as [number, number];
    await testDb.db.query('UPDATE proxies SET auto_renew = (owner_id = $1) WHERE owner_id = ANY($2::int[])', [
      a.id,
      [a.id, b.id],
    ]);
    expect(ids(await list('&auto_renew=true'))).toEqual(a.proxies);
    expect(ids(await list('&auto_renew=false'))).toEqual(b.proxies);
    // A failure recorded for the current expiry counts; one for an expiry a renewal has since moved does not.
    await testDb.db.query('UPDATE proxies SET renewal_failed_for = expires_at WHERE id = $1', [failed]);
    await testDb.db.query(`UPDATE proxies SET renewal_failed_for = expires_at - interval '30 days' WHERE id = $1`, [
      renewing,
    ]);
    expect(ids(await list('&renewal_failed=true'))).toEqual([failed]);
    const flagged = (await list()).json().results.map((row: { renewal_failed: boolean }) => row.renewal_failed);
    expect(flagged).toEqual([true, false, false]);
    expect(ids(await list('&renewal_failed=false'))).toEqual([renewing, ...b.proxies]);

    // Past its expiry a proxy shows expired before the suspension sweep writes it, and its state filter says so.
    await testDb.db.query(`UPDATE proxies SET expires_at = now() - interval '1 hour' WHERE owner_id = $1`, [b.id]);
    expect(ids(await list('&status=expired'))).toEqual(b.proxies);
    expect(ids(await list('&status=active,expiring'))).toEqual(a.proxies);
    // Expiring within 3 days: whole days left 0–2.
    await testDb.db.query(`UPDATE proxies SET expires_at = now() + interval '71 hours' WHERE id = $1`, [renewing]);
    expect(ids(await list('&status=active,expiring&days_left_max=2'))).toEqual([renewing]);
    expect(ids(await list('&status=active,expiring&days_left_max=2&auto_renew=false'))).toEqual([]);
  });

  it('refuses visitors (401), customers and staff without users.view_user (403)', async () => {
    for (const url of LISTS) {
      expect((await app.inject({ method: 'GET', url, headers: EN })).statusCode, url).toBe(401);
      expect((await get(url, as.customer)).statusCode, url).toBe(403);
      const refused = await get(url, as.editor);
      expect([url, refused.statusCode, refused.json()]).toEqual([
        url,
        403,
        { detail: 'You do not have permission to perform this action.' },
      ]);
    }
  });

  it('answers a filter value outside its grammar with a 400 on that key, in English and in Russian', async () => {
    const bad = {
      '/api/panel/orders/': 'created_after=yesterday',
      '/api/panel/proxies/': 'renewal_failed=maybe',
      '/api/panel/renewals/': 'renewed_after=yesterday',
    } as const;
    for (const [url, query] of Object.entries(bad)) {
      const key = query.split('=')[0] as string;
      const en = await get(`${url}?${query}`);
      expect([url, en.statusCode]).toEqual([url, 400]);
      expect(Object.keys(en.json())).toEqual([key]);
      const ru = await app.inject({ method: 'GET', url: `${url}?${query}`, headers: { ...RU, ...as.viewer } });
      expect([url, ru.statusCode]).toEqual([url, 400]);
      expect(Object.keys(ru.json())).toEqual([key]);
      expect(ru.json()[key]).not.toEqual(en.json()[key]);
    }
    expect((await get('/api/panel/proxies/?auto_renew=yes')).statusCode).toBe(400);
  });
});
