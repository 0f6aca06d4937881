// The panel's Users section on PGlite and (with DATABASE_URL) PostgreSQL: who may call what, the list, the grant
// rules, balance adjustments, block and unblock at the agent, the audit; and a customer's own update changing nothing
// it should not.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { balanceOf, createCustomer, createFarm, freshPlace, hostVersion, type Customer } from '../../test/orders.ts';
import { peopleService } from './people-service.ts';
import { PEOPLE_REFUSALS } from './refusals.ts';

const VIEW = 'users.view_user';
const CHANGE = 'users.change_user';
const BALANCE = 'users.change_balance';

describe.each(BACKENDS)('the Users API on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const as = {} as Record<'admin' | 'manager' | 'viewer' | 'cashier' | 'editor' | 'customer', Record<string, string>>;
  const ids = {} as Record<keyof typeof as, number>;

  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers: { ...EN, ...headers }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db });
    const people = {
      admin: { staff: true, superuser: true },
      manager: { staff: true, permissions: [VIEW, CHANGE, 'pages.view_page'] },
      viewer: { staff: true, permissions: [VIEW] },
      cashier: { staff: true, permissions: [VIEW, BALANCE] },
      editor: { staff: true, permissions: ['pages.view_page', 'pages.change_page'] },
      customer: { permissions: [VIEW, CHANGE, BALANCE] },
    } as const;
    for (const [name, fixture] of Object.entries(people)) {
      const email = freshEmail(name);
      const user = await createUser(testDb.db, { email, ...fixture });
      as[name as keyof typeof as] = tokenHeader(await login(app, email));
      ids[name as keyof typeof ids] = user.id;
    }
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('refuses every endpoint to visitors (401), customers and staff without the permission (403)', async () => {
    const id = ids.customer;
    const endpoints: [method: 'GET' | 'PATCH' | 'POST', url: string, permission: string, body?: object][] = [
      ['GET', '/api/panel/users/', VIEW],
      ['GET', `/api/panel/users/${id}/`, VIEW],
      ['PATCH', `/api/panel/users/${id}/`, CHANGE, { subscribed: false }],
      ['POST', `/api/panel/users/${id}/balance/`, BALANCE, { amount: 100, reason: 'x' }],
      ['POST', `/api/panel/users/${id}/block/`, CHANGE],
      ['POST', `/api/panel/users/${id}/unblock/`, CHANGE],
      ['GET', `/api/panel/users/${id}/audit/`, VIEW],
      ['GET', `/api/panel/users/${id}/proxies/`, VIEW],
      ['GET', `/api/panel/users/${id}/orders/`, VIEW],
      ['GET', `/api/panel/users/${id}/ledger/`, VIEW],
    ];
    const before = await testDb.db.query('SELECT * FROM users WHERE id = $1', [id]);
    for (const [method, url, permission, body] of endpoints) {
      expect((await call(method, url, {}, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      // The customer holds every users.* string, but is not staff.
      expect((await call(method, url, as.customer, body)).statusCode, `${method} ${url} customer`).toBe(403);
      expect((await call(method, url, as.editor, body)).statusCode, `${method} ${url} editor`).toBe(403);
      const lacking = permission === VIEW ? null : permission === BALANCE ? as.manager : as.cashier;
      if (lacking) expect((await call(method, url, lacking, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await testDb.db.query('SELECT * FROM users WHERE id = $1', [id])).toEqual(before);
  });

  it('lists accounts with search, filters, sorting, counts, proxy counts and balances', async () => {
    const place = freshPlace();
    await createFarm(testDb.db, place, { online: 2 });
    const tag = freshEmail('listed').split('@')[0] as string;
    const rich = await createCustomer(app, testDb.db, 2_000_000);
    const poor = await createUser(testDb.db, { email: `${tag}-poor@example.com`, verified: false });
    await testDb.db.query('UPDATE users SET email = $2 WHERE id = $1', [rich.id, `${tag}-rich@example.com`]);
    const order = await call(
      'POST',
      '/api/orders/',
      { ...rich.headers, 'idempotency-key': 'list-1' },
      {
        ...place,
        period_days: 30,
        quantity: 2,
      },
    );
    expect(order.statusCode).toBe(201);

    const list = await call('GET', `/api/panel/users/?search=${tag}&ordering=-balance`, as.viewer);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.count).toBe(2);
    expect(body.results.map((row: { id: number }) => row.id)).toEqual([rich.id, poor.id]);
    expect(body.results[0]).toMatchObject({ proxies: 2, currency: 'RUB', email_verified: true, is_staff: false });
    expect(body.results[0].balance).toBe(await balanceOf(testDb.db, rich.id));
    expect(body.results[0]).not.toHaveProperty('permissions');

    const unverified = await call('GET', `/api/panel/users/?search=${tag}&verified=false`, as.viewer);
    expect(unverified.json().results.map((row: { id: number }) => row.id)).toEqual([poor.id]);
    const moneyed = await call('GET', `/api/panel/users/?search=${tag}&balance_min=1`, as.viewer);
    expect(moneyed.json().count).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const joined = await call('GET', `/api/panel/users/?search=${tag}&date_joined_after=${today}`, as.viewer);
    expect(joined.json().count).toBe(2);
    const seen = await call('GET', `/api/panel/users/?search=${tag}&last_login_before=2000-01-01`, as.viewer);
    expect(seen.json().count).toBe(0);
    const staff = await call('GET', '/api/panel/users/?staff=true&page_size=1', as.viewer);
    expect(staff.json().count).toBeGreaterThanOrEqual(5);
    expect(staff.json().results).toHaveLength(1);
    expect(staff.json().next).toContain('page=2');
    expect((await call('GET', '/api/panel/users/?balance_min=abc', as.viewer)).statusCode).toBe(400);

    const reads = await Promise.all(
      ['proxies', 'orders', 'ledger'].map((part) => call('GET', `/api/panel/users/${rich.id}/${part}/`, as.viewer)),
    );
    expect(reads.map((read) => [read.statusCode, read.json().count])).toEqual([
      [200, 2],
      [200, 1],
      [200, 2],
    ]);
    // Staff see the customer's proxies, not their credentials: no password, no change-IP link.
    const [proxy] = reads[0]?.json().results as Record<string, unknown>[];
    expect(proxy).toMatchObject({ login: expect.any(String), state: expect.any(String) });
    expect(proxy).not.toHaveProperty('password');
    expect(proxy).not.toHaveProperty('rotate_url');
    expect((await call('GET', '/api/panel/users/2147483647/proxies/', as.viewer)).statusCode).toBe(404);
    expect((await call('GET', '/api/panel/users/2147483647/', as.viewer)).statusCode).toBe(404);
  });

  it('keeps grants to superusers: staff, superuser and permissions they lack; nobody drops their own superuser', async () => {
    const target = await createUser(testDb.db, { email: freshEmail('target') });
    const url = `/api/panel/users/${target.id}/`;
    const refused = [{ is_staff: true }, { is_superuser: true }, { permissions: ['payments.view_invoice'] }];
    for (const payload of refused) expect((await call('PATCH', url, as.manager, payload)).statusCode).toBe(403);
    // What the manager holds they may pass on; the other fields are plain changes.
    const granted = await call('PATCH', url, as.manager, {
      permissions: ['pages.view_page'],
      language: 'en',
      subscribed: false,
      email_verified: false,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ permissions: ['pages.view_page'], language: 'en', subscribed: false });
    expect((await call('PATCH', url, as.admin, { is_staff: true, permissions: [CHANGE] })).statusCode).toBe(200);
    // A superuser's account is a superuser's to change.
    expect((await call('PATCH', `/api/panel/users/${ids.admin}/`, as.manager, { language: 'en' })).statusCode).toBe(
      403,
    );
    const own = await call('PATCH', `/api/panel/users/${ids.admin}/`, as.admin, { is_superuser: false });
    expect(own.statusCode).toBe(400);
    expect(Object.keys(own.json())).toEqual(['is_superuser']);
    const unknown = await call('PATCH', url, as.admin, { permissions: ['users.become_god'] });
    expect(unknown.statusCode).toBe(400);

    const audit = await call('GET', `${url}audit/`, as.viewer);
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().results;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      action: 'update',
      changes: { is_staff: [false, true], permissions: [['pages.view_page'], [CHANGE]] },
      actor: { id: ids.admin },
    });
    expect(entries[1].actor.id).toBe(ids.manager);
    expect(entries[1].changes.language).toEqual(['ru', 'en']);
  });

  it('sorts by proxy count either way, page after page, as one full sort would', async () => {
    const place = freshPlace();
    await createFarm(testDb.db, place, { online: 7 });
    const tag = freshEmail('counted').split('@')[0] as string;
    const holdings = [3, 1, 2, 0, 1];
    const held = new Map<number, number>();
    for (const [index, quantity] of holdings.entries()) {
      const customer = await createCustomer(app, testDb.db, 2_000_000);
      await testDb.db.query('UPDATE users SET email = $2 WHERE id = $1', [customer.id, `${tag}-${index}@example.com`]);
      held.set(customer.id, quantity);
      if (quantity === 0) continue;
      const order = await call(
        'POST',
        '/api/orders/',
        { ...customer.headers, 'idempotency-key': `counted-${index}` },
        { ...place, period_days: 30, quantity },
      );
      expect(order.statusCode).toBe(201);
    }
    for (const direction of [1, -1]) {
      const expected = [...held.entries()]
        .sort(([a, x], [b, y]) => direction * (x - y || a - b))
        .map(([id, proxies]) => ({ id, proxies }));
      const seen: { id: number; proxies: number }[] = [];
      // One a page: each page takes a different cut of the accounts with proxies and of those without.
      for (let page = 1; page <= 5; page += 1) {
        const ordering = direction === 1 ? 'proxies' : '-proxies';
        const answer = await call(
          'GET',
          `/api/panel/users/?search=${tag}&ordering=${ordering}&page_size=1&page=${page}`,
          as.viewer,
        );
        expect(answer.json().count).toBe(5);
        seen.push(
          ...answer.json().results.map(({ id, proxies }: { id: number; proxies: number }) => ({ id, proxies })),
        );
      }
      expect(seen).toEqual(expected);
    }
  });

  it('adjusts a balance with an adjustment entry naming the staff member; never below zero', async () => {
    const customer = await createCustomer(app, testDb.db, 1_000);
    const url = `/api/panel/users/${customer.id}/balance/`;
    const credited = await call('POST', url, as.cashier, { amount: 2_500, reason: 'Goodwill after an outage' });
    expect(credited.statusCode).toBe(200);
    expect(credited.json().balance).toBe(3_500);
    const [entry] = await testDb.db.query<{ kind: string; actor_id: number; reason: string }>(
      'SELECT kind, actor_id, reason FROM ledger_entries WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [customer.id],
    );
    expect(entry).toEqual({ kind: 'adjustment', actor_id: expect.any(Number), reason: 'Goodwill after an outage' });
    const overdraft = await call('POST', url, as.cashier, { amount: -5_000, reason: 'Chargeback' });
    expect(overdraft.statusCode).toBe(400);
    expect(Object.keys(overdraft.json())).toEqual(['amount']);
    for (const bad of [{ amount: 0, reason: 'x' }, { amount: 5 }, { amount: 1.5, reason: 'x' }]) {
      expect((await call('POST', url, as.cashier, bad)).statusCode).toBe(400);
    }
    expect(await balanceOf(testDb.db, customer.id)).toBe(3_500);
    const audit = (await call('GET', `/api/panel/users/${customer.id}/audit/`, as.viewer)).json().results;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'balance', changes: { amount: 2_500, balance: [1_000, 3_500] } });
  });

  it('posts an adjustment sent again with its idempotency key once; the key with another amount is refused', async () => {
    const customer = await createCustomer(app, testDb.db, 0);
    const url = `/api/panel/users/${customer.id}/balance/`;
    const headers = { ...as.cashier, 'idempotency-key': `adjust-${customer.id}` };
    const body = { amount: 700, reason: 'Lost answer, sent again' };
    const answers = [await call('POST', url, headers, body), await call('POST', url, headers, body)];
    expect(answers.map((answer) => [answer.statusCode, answer.json().balance])).toEqual([
      [200, 700],
      [200, 700],
    ]);
    const other = await call('POST', url, headers, { ...body, amount: 900 });
    expect(other.statusCode).toBe(422);
    // Without a key each request is its own adjustment, as before.
    await call('POST', url, as.cashier, body);
    await call('POST', url, as.cashier, body);
    expect(await balanceOf(testDb.db, customer.id)).toBe(2_100);
  });

  it('blocks: inactive, every login refused at once, proxies suspended at the agent; unblock serves the live ones again', async () => {
    const place = freshPlace();
    const { hostId } = await createFarm(testDb.db, place, { online: 2 });
    const customer: Customer = await createCustomer(app, testDb.db, 2_000_000);
    const secondLogin = tokenHeader(await login(app, customer.email));
    const ordered = await call(
      'POST',
      '/api/orders/',
      { ...customer.headers, 'idempotency-key': 'block-1' },
      {
        ...place,
        period_days: 30,
        quantity: 2,
      },
    );
    expect(ordered.statusCode).toBe(201);
    // One of the two is past its term already: unblock must leave it suspended.
    const [old] = await testDb.db.query<{ id: number }>(
      `UPDATE proxies SET state = 'suspended', expires_at = now() - interval '1 day'
        WHERE id = (SELECT min(id) FROM proxies WHERE owner_id = $1) RETURNING id`,
      [customer.id],
    );
    const version = await hostVersion(testDb.db, hostId);

    const blocked = await call('POST', `/api/panel/users/${customer.id}/block/`, as.manager);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().is_active).toBe(false);
    for (const headers of [customer.headers, secondLogin]) {
      expect((await call('GET', '/api/users/', headers)).statusCode).toBe(401);
    }
    const states = () =>
      testDb.db.query<{ id: number; state: string }>('SELECT id, state FROM proxies WHERE owner_id = $1 ORDER BY id', [
        customer.id,
      ]);
    expect((await states()).map((row) => row.state)).toEqual(['suspended', 'suspended']);
    expect(await hostVersion(testDb.db, hostId)).toBeGreaterThan(version);
    // The auto-renewal sweep passes over a blocked owner's proxies.
    await testDb.db.query('UPDATE proxies SET auto_renew = true WHERE owner_id = $1', [customer.id]);
    await app.jobs.runOne('proxies.renew');
    expect((await states()).map((row) => row.state)).toEqual(['suspended', 'suspended']);
    const loginAgain = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: customer.email, password: 'correct horse battery' },
    });
    expect(loginAgain.statusCode).toBe(400);

    const unblocked = await call('POST', `/api/panel/users/${customer.id}/unblock/`, as.manager);
    expect(unblocked.json().is_active).toBe(true);
    expect((await states()).map((row) => (row.id === old?.id ? `old ${row.state}` : row.state))).toEqual([
      'old suspended',
      'active',
    ]);
    await login(app, customer.email);
    const audit = (await call('GET', `/api/panel/users/${customer.id}/audit/`, as.viewer)).json().results;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['unblock', 'block']);
    expect(audit[1].changes).toMatchObject({ is_active: [true, false], proxies_suspended: 1 });
    expect(audit[0].changes).toMatchObject({ proxies_resumed: 1 });
    const self = await call('POST', `/api/panel/users/${ids.manager}/block/`, as.manager);
    expect(self.statusCode).toBe(400);
  });

  it("ignores is_superuser, premission and balance in a customer's own update", async () => {
    const customer = await createCustomer(app, testDb.db, 1_000);
    const answer = await call('PATCH', '/api/users/', customer.headers, {
      subscribed: false,
      is_superuser: true,
      premission: ['users.change_user'],
      permissions: ['users.change_user'],
      is_staff: true,
      balance: 999_999,
      email: 'someone-else@example.com',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ is_superuser: false, premission: [], balance: 1_000, subscribed: false });
    const [row] = await testDb.db.query(
      'SELECT is_superuser, is_staff, permissions, balance, email FROM users WHERE id = $1',
      [customer.id],
    );
    expect(row).toEqual({
      is_superuser: false,
      is_staff: false,
      permissions: [],
      balance: 1_000,
      email: customer.email,
    });
  });

  it('judges staff as they are now, not as their request found them: a permission just taken away grants nothing', async () => {
    const actor = await createUser(testDb.db, {
      email: freshEmail('demoted'),
      staff: true,
      permissions: [VIEW, CHANGE, BALANCE, 'pages.view_page'],
    });
    const customer = await createUser(testDb.db, { email: freshEmail('unchanged') });
    // The actor as the request read them; meanwhile a superuser took every permission away.
    await testDb.db.query("UPDATE users SET permissions = '{}' WHERE id = $1", [actor.id]);
    const people = peopleService(testDb.db, { currency: 'RUB' });
    const forbidden = { code: PEOPLE_REFUSALS.forbidden.code, status: 403 };
    await expect(people.update(actor, customer.id, { permissions: ['pages.view_page'] })).rejects.toMatchObject(
      forbidden,
    );
    await expect(people.adjustBalance(actor, customer.id, 500, 'stale grant')).rejects.toMatchObject(forbidden);
    await expect(people.block(actor, customer.id)).rejects.toMatchObject(forbidden);
    const [row] = await testDb.db.query<{ permissions: string[]; balance: number; is_active: boolean }>(
      'SELECT permissions, balance, is_active FROM users WHERE id = $1',
      [customer.id],
    );
    expect(row).toEqual({ permissions: [], balance: 0, is_active: true });
  });
});
