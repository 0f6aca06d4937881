// The panel home's widgets on PGlite and (with DATABASE_URL) PostgreSQL: each only for staff whose permissions cover
// its data (the API refuses the others), the figures from seeded activity, each with the filtered list it counts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { createCustomer, createFarm, freshPlace } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(BACKENDS)('the dashboard API on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const clock = manualClock(NOW);
  const as = {} as Record<'admin' | 'cashier' | 'farmer' | 'support' | 'customer', Record<string, string>>;
  const get = (url: string, who: Record<string, string>) =>
    app.inject({ method: 'GET', url, headers: { ...EN, ...who } });

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db, now: clock.now });
    const people = {
      admin: { staff: true, superuser: true },
      cashier: { staff: true, permissions: ['payments.view_invoice'] },
      farmer: { staff: true, permissions: ['farm.view_modem'] },
      support: { staff: true, permissions: ['users.view_user'] },
      customer: { permissions: ['payments.view_invoice', 'farm.view_modem', 'users.view_user'] },
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

  it('gives each widget only to staff whose permissions cover it: 401, 403 otherwise', async () => {
    const allowed = {
      money: ['admin', 'cashier'],
      sales: ['admin', 'support'],
      farm: ['admin', 'farmer'],
      machinery: ['admin'],
    } as const;
    for (const [widget, who] of Object.entries(allowed)) {
      const url = `/api/panel/dashboard/${widget}/`;
      expect((await app.inject({ method: 'GET', url, headers: EN })).statusCode).toBe(401);
      for (const name of Object.keys(as) as (keyof typeof as)[]) {
        const answer = await get(url, as[name]);
        expect([widget, name, answer.statusCode]).toEqual([
          widget,
          name,
          (who as readonly string[]).includes(name) ? 200 : 403,
        ]);
      }
    }
    expect((await get('/api/panel/dashboard/money/', as.farmer)).json()).toEqual({
      detail: 'You do not have permission to perform this action.',
    });
  });

  it('sums in the renewals figure exactly the renewals its list shows, by hand and automatic (#49)', async () => {
    const place = freshPlace('KZ');
    const { modemIds } = await createFarm(testDb.db, place, { online: 2 });
    const owner = await createCustomer(app, testDb.db, 2_000_000);
    const farm = farmService(testDb.db);
    const [byHand, byItself] = [
      await farm.createProxy({
        ownerId: owner.id,
        modemId: modemIds[0] as number,
        expiresAt: new Date(NOW.getTime() + 20 * DAY),
      }),
      await farm.createProxy({
        ownerId: owner.id,
        modemId: modemIds[1] as number,
        expiresAt: new Date(NOW.getTime() + 12 * HOUR),
      }),
    ];
    await testDb.db.query('UPDATE proxies SET auto_renew = true WHERE id = $1', [byItself?.id]);
    const renewed = await app.inject({
      method: 'POST',
      url: '/api/proxies/renew/',
      headers: { ...owner.headers, 'idempotency-key': 'dash-renew' },
      payload: { ids: [byHand?.id], period_days: 30 },
    });
    expect(renewed.statusCode).toBe(201);
    // The auto-renewal sweep, at the dashboard's clock: the proxy ends within its lead time.
    await app.jobs.runAll();

    const money = (await get('/api/panel/dashboard/money/', as.admin)).json();
    for (const period of ['today', 'days7', 'days30'] as const) {
      const figure = money.renewals[period] as { value: number; link: string };
      const link = new URL(figure.link, 'http://panel');
      expect(link.pathname).toBe('/panel/users');
      expect(link.searchParams.get('tab')).toBe('renewals');
      link.searchParams.delete('tab');
      link.searchParams.set('page_size', '100');
      const list = await get(`/api/panel/renewals/?${link.searchParams}`, as.support);
      expect(list.statusCode).toBe(200);
      const rows = list.json().results as { proxy_id: number; source: string; price: number; user_email: string }[];
      // The figure is what the rows of its list cost, and those rows are these renewals.
      expect(rows.reduce((total, row) => total + row.price, 0)).toBe(figure.value);
      expect(
        rows
          .filter((row) => row.user_email === owner.email)
          .map((row) => [row.proxy_id, row.source])
          .sort(),
      ).toEqual(
        [
          [byHand?.id, 'hand'],
          [byItself?.id, 'auto'],
        ].sort(),
      );
    }
    expect(money.renewals.today.value).toBeGreaterThan(0);
    expect(money.daily.renewals.at(-1)).toBe(money.renewals.today.value);
  });

  it('counts money, sales and the farm from seeded activity, each figure with its filtered list', async () => {
    const before = {
      money: (await get('/api/panel/dashboard/money/', as.admin)).json(),
      sales: (await get('/api/panel/dashboard/sales/', as.admin)).json(),
    };
    const place = freshPlace('KZ');
    const { hostId, modemIds } = await createFarm(testDb.db, place, { online: 2, offline: 1 });
    // Rotations in the last hour (two done, one failed) and five hours back; the app's clock is NOW, 12:00 UTC.
    for (const [status, minutesAgo] of [
      ['done', 30],
      ['done', 20],
      ['failed', 10],
      ['done', 290],
    ] as const) {
      await testDb.db.query(
        `INSERT INTO rotations (modem_id, source, status, requested_at, finished_at)
         VALUES ($1, 'staff', $2, $3, $3)`,
        [modemIds[0] ?? 0, status, new Date(NOW.getTime() - minutesAgo * 60_000)],
      );
    }
    const buyer = await createCustomer(app, testDb.db, 1_000_000);
    // A top-up three days ago and one today, as the ledger records paid invoices.
    for (const [amount, at] of [
      [50_000, new Date(NOW.getTime() - 3 * 86_400_000)],
      [20_000, NOW],
    ] as const) {
      await testDb.db.query(
        `INSERT INTO ledger_entries (user_id, kind, amount, currency, balance_after, reference, created_at)
         VALUES ($1, 'topup', $2, 'RUB', 0, $3, $4)`,
        [buyer.id, amount, `invoice:test-${amount}`, at],
      );
    }
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...buyer.headers, 'idempotency-key': 'dash-1' },
      payload: { ...place, period_days: 30, quantity: 1 },
    });
    expect(order.statusCode).toBe(201);
    // The order was made now (the database's clock): moved to the dashboard's today.
    await testDb.db.query('UPDATE orders SET created_at = $2 WHERE user_id = $1', [buyer.id, NOW]);
    await testDb.db.query(`UPDATE ledger_entries SET created_at = $2 WHERE user_id = $1 AND kind = 'purchase'`, [
      buyer.id,
      NOW,
    ]);

    const money = (await get('/api/panel/dashboard/money/', as.cashier)).json();
    expect(money.currency).toBe('RUB');
    expect(money.topups.today.value - before.money.topups.today.value).toBe(20_000);
    expect(money.topups.days7.value - before.money.topups.days7.value).toBe(70_000);
    expect(money.topups.today.link).toBe(
      '/panel/payment?tab=invoices&status=paid&created_after=2026-11-20&ordering=-created_at',
    );
    expect(money.topups.days7.link).toContain('created_after=2026-11-14');
    expect(money.purchases.today.value - before.money.purchases.today.value).toBe(390_000);
    expect(money.daily.days).toHaveLength(30);
    expect(money.daily.days.at(-1)).toBe('2026-11-20');
    expect(money.daily.topups.at(-4) - before.money.daily.topups.at(-4)).toBe(50_000);
    // That day was closed and stored by the first read; the entry written into it since made it be summed again,
    // and it is stored again with the entry counted.
    const [stored] = await testDb.db.query<{ total: number }>(
      `SELECT total::int AS total FROM ledger_days WHERE day = $1 AND kind = 'topup'`,
      [money.daily.days.at(-4)],
    );
    expect(stored?.total).toBe(money.daily.topups.at(-4));
    expect(money.open_invoices.count.link).toBe('/panel/payment?tab=invoices&status=pending');
    expect(money.balance_total.value - before.money.balance_total.value).toBe(1_000_000 - 390_000);
    expect(money.balance_total.link).toBe('/panel/users?balance_min=1&ordering=-balance');

    const sales = (await get('/api/panel/dashboard/sales/', as.support)).json();
    expect(sales.orders.today.value - before.sales.orders.today.value).toBe(1);
    expect(sales.proxies_sold.today.value - before.sales.proxies_sold.today.value).toBe(1);
    expect(sales.active_proxies.value - before.sales.active_proxies.value).toBe(1);
    expect(sales.active_proxies.link).toBe('/panel/users?tab=proxies&status=active%2Cexpiring&ordering=expires_at');
    expect(sales.orders.days7.link).toBe(
      '/panel/users?tab=orders&created_after=2026-11-14&created_before=2026-11-20&ordering=-created_at',
    );
    expect(money.purchases.days7.link).toBe(sales.orders.days7.link);
    expect(money.renewals.today.link).toBe(
      '/panel/users?tab=renewals&renewed_after=2026-11-20&renewed_before=2026-11-20&ordering=-renewed_at',
    );

    const farm = (await get('/api/panel/dashboard/farm/', as.farmer)).json();
    const host = farm.hosts.find((line: { id: number }) => line.id === hostId);
    expect(host).toMatchObject({
      online: { value: 2, link: `/panel/farm?status=online&host=${hostId}` },
      offline: { value: 1, link: `/panel/farm?status=offline&host=${hostId}` },
      maintenance: { value: 0 },
      last_seen_at: null,
      config_lag: null,
      link: `/panel/farm/hosts/${hostId}`,
    });
    // The order page's figure: one of the two online modems now carries the proxy (capacity 1).
    expect(farm.stock).toContainEqual({
      ...place,
      // A city and an operator nobody named in Russian (#28, #49).
      city_ru: '',
      operator_ru: '',
      free: 1,
      link: `/panel/farm?status=online&country=KZ&operator=${place.operator}`,
    });
    expect(farm.hourly.hours).toHaveLength(24);
    expect(farm.rotations_hour.value).toBe(3);
    expect(farm.rotations_failed_hour.value).toBe(1);
    // Each rotation in the hour it was asked in, the hours named as UTC instants, the current one last.
    const hour = (at: string) => farm.hourly.hours.indexOf(at);
    expect(farm.hourly.hours.at(-1)).toBe('2026-11-20T12:00:00.000Z');
    expect(farm.hourly.done[hour('2026-11-20T11:00:00.000Z')]).toBe(2);
    expect(farm.hourly.failed[hour('2026-11-20T11:00:00.000Z')]).toBe(1);
    expect(farm.hourly.done[hour('2026-11-20T07:00:00.000Z')]).toBe(1);
    expect(farm.hourly.done.reduce((sum: number, count: number) => sum + count, 0)).toBe(3);
  });

  it("counts each sales figure as exactly the rows its list shows, the link's filters read by the list's API", async () => {
    const place = freshPlace('NL');
    await createFarm(testDb.db, place, { online: 6 });
    const buyer = await createCustomer(app, testDb.db, 10_000_000);
    // Orders made today, 5 days ago and (by a database clock ahead of the app's) after today, which no figure counts.
    for (const [key, quantity, daysAgo] of [
      ['sold-1', 4, 0],
      ['sold-2', 2, 5],
    ] as const) {
      const order = await app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...buyer.headers, 'idempotency-key': key },
        payload: { ...place, period_days: 30, quantity },
      });
      expect(order.statusCode).toBe(201);
      await testDb.db.query(`UPDATE orders SET created_at = $2::timestamptz - $3 * interval '1 day' WHERE id = $1`, [
        order.json().id,
        NOW,
        daysAgo,
      ]);
    }
    await testDb.db.query(
      `INSERT INTO orders (user_id, period_days, quantity, subtotal, discount, total, currency, auto_renew,
                           idempotency_key, request_fingerprint, created_at)
       VALUES ($1, 30, 1, 0, 0, 0, 'RUB', false, 'ahead', repeat('0', 64), $2::timestamptz + interval '1 day')`,
      [buyer.id, NOW],
    );
    // The proxies against the app's clock: expiring within 3 days with and without auto-renewal, just past 3 days,
    // an auto-renewal failed for the current expiry, and one past its expiry that the sweep has not suspended yet.
    const hours = [30, 71, 73, 50, 200, -1];
    const proxies = await testDb.db.query<{ id: number }>('SELECT id FROM proxies WHERE owner_id = $1 ORDER BY id', [
      buyer.id,
    ]);
    expect(proxies).toHaveLength(hours.length);
    for (const [index, hour] of hours.entries()) {
      await testDb.db.query(
        `UPDATE proxies SET state = 'active', expires_at = $2::timestamptz + $3 * interval '1 hour', auto_renew = $4,
                renewal_failed_for = CASE WHEN $5 THEN $2::timestamptz + $3 * interval '1 hour' END
          WHERE id = $1`,
        [proxies[index]?.id ?? 0, NOW, hour, index % 2 === 0, index === 4],
      );
    }

    const sales = (await get('/api/panel/dashboard/sales/', as.support)).json();
    /** The figure's list as the panel opens it: the tab's API with the link's filters. */
    const listOf = async (link: string) => {
      const url = new URL(link, 'http://panel');
      expect(url.pathname).toBe('/panel/users');
      const tab = url.searchParams.get('tab');
      url.searchParams.delete('tab');
      url.searchParams.set('page_size', '100');
      const answer = await get(`/api/panel/${tab}/?${url.searchParams.toString()}`, as.support);
      expect(answer.statusCode).toBe(200);
      return answer.json() as { count: number; results: { quantity: number }[] };
    };
    const figures = {
      orders_today: sales.orders.today,
      orders_days7: sales.orders.days7,
      orders_days30: sales.orders.days30,
      active: sales.active_proxies,
      expiring_auto: sales.expiring_auto,
      expiring_manual: sales.expiring_manual,
      renewal_failed: sales.renewal_failed,
    } as Record<string, { value: number; link: string }>;
    for (const [name, { value, link }] of Object.entries(figures)) {
      expect(value, name).toBeGreaterThan(0);
      expect([name, (await listOf(link)).count]).toEqual([name, value]);
    }
    for (const period of ['today', 'days7', 'days30'] as const) {
      const { value, link } = sales.proxies_sold[period];
      const orders = await listOf(link);
      expect(orders.count).toBeLessThanOrEqual(100);
      const sold = orders.results.reduce((sum, order) => sum + order.quantity, 0);
      expect([period, sold]).toEqual([period, value]);
    }
    expect(sales.orders.days7.value).toBeGreaterThan(sales.orders.today.value);
  });

  it('shows the machinery: the outbox backlog, lagging and failing jobs, refused webhooks', async () => {
    await app.jobs.runOne('alerts.check');
    const machinery = (await get('/api/panel/dashboard/machinery/', as.admin)).json();
    expect(machinery.jobs).toContainEqual({
      name: 'alerts.check',
      last_ok_at: NOW.toISOString(),
      failures: 0,
      lagging: false,
    });
    expect(machinery.outbox_queued.link).toBe('/panel?tab=alerts&kind=outbox_backlog');
    clock.advance(10 * 60_000);
    const later = (await get('/api/panel/dashboard/machinery/', as.admin)).json();
    expect(later.jobs.find((job: { name: string }) => job.name === 'alerts.check').lagging).toBe(true);
    clock.set(NOW);
  });
});
