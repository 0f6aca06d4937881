// The customer's proxies through the API (#13): the list with its filters, choices, one proxy, the owner's settings,
// new credentials, "change IP now", the history, traffic and renewals. Another customer's proxy is a 404 everywhere;
// anonymous is a 401; fields the owner may not set are never written.
import { describe, expect, it } from 'vitest';
import { EN, RU } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import {
  balanceOf,
  createCustomer,
  createFarm,
  type Customer,
  freshPlace,
  hostVersion,
  ledgerOf,
  type TestPlace,
} from '../../test/orders.ts';
import { loadMigrations } from '../../db/migrate.ts';
import { farmService } from '../farm/index.ts';

const DAY = 86_400_000;

describe.each(BACKENDS)("the customer's proxies on $name", (backend) => {
  const suite = seededApp(backend, { farm: { rotationWaitMs: 3_000 } });
  const db = () => suite.testDb.db;

  /** A customer owning one proxy per entry of `expiresInDays`, on online modems of a fresh place. */
  async function owner(expiresInDays: readonly number[], balance = 0, place: TestPlace = freshPlace()) {
    const customer = await createCustomer(suite.app, db(), balance);
    const { hostId, modemIds } = await createFarm(db(), place, { online: expiresInDays.length });
    const farm = farmService(db());
    const ids: number[] = [];
    for (const [index, days] of expiresInDays.entries()) {
      const proxy = await farm.createProxy({
        ownerId: customer.id,
        modemId: modemIds[index] as number,
        expiresAt: new Date(Date.now() + days * DAY),
      });
      ids.push(proxy.id);
    }
    // One id per entry of `expiresInDays` (at most two are asked for).
    return { customer, hostId, modemIds, ids: ids as [number, number], place };
  }
  const get = (customer: Customer | null, url: string) =>
    suite.app.inject({ method: 'GET', url, headers: customer?.headers ?? EN });
  const send = (customer: Customer | null, method: 'POST' | 'PATCH', url: string, payload: object = {}, headers = {}) =>
    suite.app.inject({ method, url, headers: { ...(customer?.headers ?? EN), ...headers }, payload });
  const ids = (answer: { json(): { results: { id: number }[] } }) => answer.json().results.map((proxy) => proxy.id);

  it('does not call a proxy bought for a day "expiring" the moment it is bought, but does once it was had a while', async () => {
    const {
      customer,
      ids: [fresh],
    } = await owner([0.9]);
    const state = async () => (await get(customer, `/api/proxies/${fresh}/`)).json();
    expect(await state()).toMatchObject({ state: 'active', days_left: 0 });
    expect(ids(await get(customer, '/api/proxies/?status=active'))).toEqual([fresh]);
    // Had for a day, with less than that left: the last day is worth a warning now.
    await db().query(`UPDATE proxies SET owned_since = now() - interval '1 day' WHERE id = $1`, [fresh]);
    expect(await state()).toMatchObject({ state: 'expiring', days_left: 0 });
    expect(ids(await get(customer, '/api/proxies/?status=expiring'))).toEqual([fresh]);
  });

  it('counts a proxy bought today that ends tomorrow among those ending within 3 days, as /home asks (#49)', async () => {
    const { customer, ids: bought } = await owner([1.2, 2.99, 3.01, 20]);
    // /home's "N expire within 3 days": the working proxies with at most 2 whole days left, whatever their state.
    const home = await get(customer, '/api/proxies/?status=active%2Cexpiring&days_left_max=2&page_size=1');
    expect(home.json().count).toBe(2);
    expect(
      ids(await get(customer, '/api/proxies/?status=active%2Cexpiring&days_left_max=2&ordering=expires_at')),
    ).toEqual(bought.slice(0, 2));
    // The state alone, what /home counted before, said none: each was had for less time than it has left (#28).
    expect((await get(customer, '/api/proxies/?status=expiring')).json().count).toBe(0);
  });

  it('lists the owner\'s proxies with everything needed to connect; "expiring" within 3 days, filters agree', async () => {
    const {
      customer,
      ids: [soon, later],
      place,
    } = await owner([2, 20]);
    await db().query(`UPDATE proxies SET comment = 'Instagram farm' WHERE id = $1`, [later]);
    // Had for a while: ten days, with two left.
    await db().query(`UPDATE proxies SET owned_since = now() - interval '10 days' WHERE id = $1`, [soon]);
    const list = await get(customer, '/api/proxies/');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().count).toBe(2);
    const proxy = list.json().results.find((item: { id: number }) => item.id === later);
    const [row] = await db().query<{ login: string; password: string; rotate_token: string; ip: string }>(
      `SELECT p.login, p.password, p.rotate_token, m.ip FROM proxies p JOIN modems m ON m.id = p.modem_id
        WHERE p.id = $1`,
      [later],
    );
    expect(proxy).toMatchObject({
      id: later,
      state: 'active',
      online: true,
      comment: 'Instagram farm',
      ...place,
      host: 'proxy.example.com',
      login: row?.login,
      password: row?.password,
      whitelist: [],
      ip: row?.ip,
      days_left: 19,
      auto_renew: false,
      auto_rotate_minutes: 0,
      last_rotation_at: null,
      rotate_available_at: null,
      rotate_url: `http://testserver/r/${row?.rotate_token}`,
    });
    expect(proxy.http_port).not.toBe(proxy.socks_port);
    expect(list.json().results.find((item: { id: number }) => item.id === soon).state).toBe('expiring');

    expect(ids(await get(customer, '/api/proxies/?status=expiring'))).toEqual([soon]);
    expect(ids(await get(customer, '/api/proxies/?status=active'))).toEqual([later]);
    expect(ids(await get(customer, '/api/proxies/?days_left_min=5'))).toEqual([later]);
    expect(ids(await get(customer, '/api/proxies/?days_left_max=5'))).toEqual([soon]);
    const inTen = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    expect(ids(await get(customer, `/api/proxies/?expires_after=${inTen}`))).toEqual([later]);
    expect(ids(await get(customer, `/api/proxies/?expires_before=${inTen}`))).toEqual([soon]);
    expect(ids(await get(customer, '/api/proxies/?search=instagram'))).toEqual([later]);
    expect(ids(await get(customer, `/api/proxies/?search=${encodeURIComponent(row?.ip ?? '')}`))).toEqual([later]);
    expect(ids(await get(customer, `/api/proxies/?country=${place.country}&operator=${place.operator}`))).toHaveLength(
      2,
    );
    expect(ids(await get(customer, '/api/proxies/?country=ZZ'))).toEqual([]);
    expect(ids(await get(customer, '/api/proxies/?ordering=expires_at'))).toEqual([soon, later]);
    expect(ids(await get(customer, '/api/proxies/?ordering=-expires_at'))).toEqual([later, soon]);
    const bad = await get(customer, '/api/proxies/?status=gone');
    expect(bad.statusCode).toBe(400);

    const choices = await get(customer, '/api/proxies/choices/');
    // An operator nobody named in Russian keeps its English name there too (#49).
    expect(choices.json()).toEqual({
      countries: [place.country],
      operators: [place.operator],
      operators_ru: { [place.operator]: place.operator },
    });
    const one = await get(customer, `/api/proxies/${later}/`);
    expect(one.json()).toEqual(proxy);
  });

  it("another customer's proxy is a 404 on every route, and anonymous is a 401", async () => {
    const {
      ids: [id],
      hostId,
    } = await owner([30]);
    const stranger = await createCustomer(suite.app, db(), 10_000_000);
    const version = await hostVersion(db(), hostId);
    const [before] = await db().query('SELECT * FROM proxies WHERE id = $1', [id]);
    const attempts = [
      () => get(stranger, `/api/proxies/${id}/`),
      () => get(stranger, `/api/proxies/${id}/rotations/`),
      () => get(stranger, `/api/proxies/${id}/traffic/`),
      () => send(stranger, 'PATCH', `/api/proxies/${id}/`, { comment: 'mine now', whitelist: ['198.51.100.7'] }),
      () => send(stranger, 'POST', `/api/proxies/${id}/password/`),
      () => send(stranger, 'POST', `/api/proxies/${id}/rotate-link/`),
    ];
    for (const attempt of attempts) {
      const answer = await attempt();
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: 'Not found.' });
    }
    const rotate = await send(stranger, 'POST', `/api/proxies/${id}/rotate/`);
    expect(rotate.statusCode).toBe(404);
    expect(rotate.json()).toEqual({ ok: false, detail: 'Not found.' });
    const renew = await send(
      stranger,
      'POST',
      '/api/proxies/renew/',
      { ids: [id], period_days: 30 },
      {
        'idempotency-key': 'steal',
      },
    );
    expect(renew.statusCode).toBe(400);
    expect(renew.json()).toEqual({ ids: ['Invalid pk - object does not exist.'] });
    const quote = await send(stranger, 'POST', '/api/proxies/renew/quote/', { ids: [id], period_days: 30 });
    expect(quote.statusCode).toBe(400);
    expect((await get(stranger, '/api/proxies/')).json().count).toBe(0);
    expect((await get(stranger, '/api/proxies/choices/')).json()).toEqual({
      countries: [],
      operators: [],
      operators_ru: {},
    });
    expect(await db().query('SELECT * FROM proxies WHERE id = $1', [id])).toEqual([before]);
    expect(await hostVersion(db(), hostId)).toBe(version);
    expect(await ledgerOf(db(), stranger.id)).toHaveLength(1);

    for (const [method, url] of [
      ['GET', '/api/proxies/'],
      ['GET', '/api/proxies/choices/'],
      ['GET', `/api/proxies/${id}/`],
      ['PATCH', `/api/proxies/${id}/`],
      ['POST', `/api/proxies/${id}/rotate/`],
      ['POST', '/api/proxies/renew/'],
    ] as const) {
      const anonymous = await suite.app.inject({
        method,
        url,
        headers: RU,
        payload: method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Учетные данные не были предоставлены.' });
    }
  });

  it('PATCH changes the four settings; only a new whitelist tells the agent; owner, password and expiry are never written', async () => {
    const {
      customer,
      ids: [id],
      hostId,
    } = await owner([30]);
    const [before] = await db().query<{ owner_id: number; password: string; expires_at: Date }>(
      'SELECT owner_id, password, expires_at FROM proxies WHERE id = $1',
      [id],
    );
    const version = await hostVersion(db(), hostId);
    const stranger = await createCustomer(suite.app, db());
    const settings = await send(customer, 'PATCH', `/api/proxies/${id}/`, {
      comment: '  Shop  ',
      auto_renew: true,
      auto_rotate_minutes: 15,
      owner_id: stranger.id,
      password: 'hunter2hunter2',
      expires_at: '2099-01-01T00:00:00Z',
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ comment: 'Shop', auto_renew: true, auto_rotate_minutes: 15 });
    const [after] = await db().query('SELECT owner_id, password, expires_at FROM proxies WHERE id = $1', [id]);
    expect(after).toEqual(before);
    expect(await hostVersion(db(), hostId)).toBe(version);

    const whitelist = await send(customer, 'PATCH', `/api/proxies/${id}/`, {
      whitelist: ['203.0.113.7', '198.51.100.0/24', '203.0.113.7'],
    });
    expect(whitelist.json()).toMatchObject({ whitelist: ['203.0.113.7', '198.51.100.0/24'], comment: 'Shop' });
    expect(await hostVersion(db(), hostId)).toBe(version + 1);

    const bad = await send(customer, 'PATCH', `/api/proxies/${id}/`, {
      whitelist: ['not an address'],
      auto_rotate_minutes: 1,
      comment: 'x'.repeat(191),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      whitelist: { 0: ['Enter an IP address or a network (CIDR), e.g. 203.0.113.7 or 203.0.113.0/24.'] },
      comment: ['Ensure this field has no more than 190 characters.'],
    });
    expect(bad.json().auto_rotate_minutes).toHaveLength(1);
    const ru = await send(customer, 'PATCH', `/api/proxies/${id}/`, { comment: 'x'.repeat(191) }, RU);
    expect(ru.json()).toEqual({ comment: ['Убедитесь, что это значение содержит не более 190 символов.'] });
    expect((await get(customer, `/api/proxies/${id}/`)).json().comment).toBe('Shop');
  });

  it('PATCH refuses a whitelist that would open the proxy to everyone, in the request language, and writes nothing', async () => {
    const {
      customer,
      ids: [id],
      hostId,
    } = await owner([30]);
    const kept = await send(customer, 'PATCH', `/api/proxies/${id}/`, { whitelist: ['203.0.113.7'] });
    expect(kept.statusCode).toBe(200);
    const version = await hostVersion(db(), hostId);
    const tooWide = {
      en: 'This network is too wide: enter one address or a network no wider than /24 for IPv4 or /48 for IPv6.',
      ru: 'Слишком широкая сеть: укажите один адрес или сеть не шире /24 для IPv4 или /48 для IPv6.',
    };
    const reserved = {
      en: 'Only public addresses can be whitelisted: this one is loopback, private, link-local, multicast, broadcast or reserved.',
      ru: 'В белый список добавляются только публичные адреса, а этот — локальный, частный, групповой, широковещательный или зарезервированный.',
    };

    const open = await send(customer, 'PATCH', `/api/proxies/${id}/`, {
      comment: 'open to all',
      whitelist: ['198.51.100.7', '0.0.0.0/0', '::/0', '127.0.0.1', '::ffff:0:0/96'],
    });
    expect(open.statusCode).toBe(400);
    expect(open.json()).toEqual({
      whitelist: [{}, [tooWide.en], [tooWide.en], [reserved.en], [tooWide.en]],
    });
    const ru = await send(customer, 'PATCH', `/api/proxies/${id}/`, { whitelist: ['127.0.0.1/0', '::1'] }, RU);
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ whitelist: [[tooWide.ru], [reserved.ru]] });

    const after = (await get(customer, `/api/proxies/${id}/`)).json();
    expect(after).toMatchObject({ whitelist: ['203.0.113.7'], comment: '' });
    expect(await hostVersion(db(), hostId)).toBe(version);
  });

  it('migration 0083 drops the stored whitelist entries the API now refuses, and tells the agents', async () => {
    const {
      customer,
      ids: [id, other],
      hostId,
    } = await owner([30, 30]);
    const stored = ['0.0.0.0/0', '203.0.113.7', '::/0', '127.0.0.1', '::ffff:127.0.0.1', '2001:db8::/48'];
    await db().query('UPDATE proxies SET whitelist = $2 WHERE id = $1', [id, stored]);
    await db().query('UPDATE proxies SET whitelist = $2 WHERE id = $1', [other, ['198.51.100.0/24']]);
    const version = await hostVersion(db(), hostId);
    const migration = (await loadMigrations()).find((item) => item.name === '0083_whitelist_ranges');
    if (!migration) throw new Error('migration 0083 is missing');

    await db().transaction((tx) => tx.exec(migration.sql));
    expect((await get(customer, `/api/proxies/${id}/`)).json().whitelist).toEqual(['203.0.113.7', '2001:db8::/48']);
    expect((await get(customer, `/api/proxies/${other}/`)).json().whitelist).toEqual(['198.51.100.0/24']);
    expect(await hostVersion(db(), hostId)).toBe(version + 1);
    // Run again (nothing left to drop), it changes nothing.
    await db().transaction((tx) => tx.exec(migration.sql));
    expect(await hostVersion(db(), hostId)).toBe(version + 1);
  });

  it('a new password and a new change-IP link: the agent is told of the password; the old link is a 404', async () => {
    const {
      customer,
      ids: [id],
      hostId,
    } = await owner([30]);
    const before = (await get(customer, `/api/proxies/${id}/`)).json();
    const version = await hostVersion(db(), hostId);
    const password = await send(customer, 'POST', `/api/proxies/${id}/password/`);
    expect(password.statusCode).toBe(200);
    expect(password.json().password).not.toBe(before.password);
    expect(password.json().password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await hostVersion(db(), hostId)).toBe(version + 1);

    const link = await send(customer, 'POST', `/api/proxies/${id}/rotate-link/`);
    expect(link.statusCode).toBe(200);
    expect(link.json().rotate_url).not.toBe(before.rotate_url);
    const old = await suite.app.inject({ method: 'GET', url: new URL(before.rotate_url).pathname });
    expect(old.statusCode).toBe(404);
  });

  it('"change IP now" waits for the agent, then keeps the minute\'s cooldown; the history shows it as the customer\'s', async () => {
    const {
      customer,
      ids: [id],
      hostId,
    } = await owner([30]);
    const farm = farmService(db());
    const rotating = send(customer, 'POST', `/api/proxies/${id}/rotate/`);
    // The agent's part: it sees the pending rotation and reports the new address.
    let rotationId: number | undefined;
    for (let tries = 0; tries < 100 && rotationId === undefined; tries++) {
      const [pending] = await db().query<{ id: number }>(
        `SELECT id::int AS id FROM rotations WHERE proxy_id = $1 AND status = 'pending'`,
        [id],
      );
      rotationId = pending?.id;
      if (rotationId === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(
      await farm.finishRotation(hostId, rotationId as number, {
        status: 'done',
        ip: '203.0.113.99',
        previous_ip: null,
        finished_at: new Date().toISOString(),
      }),
    ).toBe(true);
    const done = await rotating;
    expect(done.statusCode).toBe(200);
    // The answer carries the cooldown's end, so the page counts down at once (#49).
    const { available_at: availableAt, ...answer } = done.json();
    expect(answer).toEqual({ ok: true, ip: '203.0.113.99' });
    expect(Date.parse(availableAt)).toBeGreaterThan(Date.now() + 50_000);

    const again = await send(customer, 'POST', `/api/proxies/${id}/rotate/`, {}, RU);
    expect(again.statusCode).toBe(429);
    const wait = again.json();
    expect(wait.ok).toBe(false);
    expect(wait.wait_seconds).toBeGreaterThan(50);
    expect(wait.detail).toBe(`Запрос был проигнорирован. Expected available in ${wait.wait_seconds} seconds.`);
    expect(again.headers['retry-after']).toBe(String(wait.wait_seconds));

    const proxy = (await get(customer, `/api/proxies/${id}/`)).json();
    expect(proxy.ip).toBe('203.0.113.99');
    expect(proxy.rotate_available_at).toBe(availableAt);
    const history = await get(customer, `/api/proxies/${id}/rotations/`);
    expect(history.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect(history.json().results[0]).toMatchObject({
      id: rotationId,
      source: 'customer',
      status: 'done',
      new_ip: '203.0.113.99',
    });
  });

  it('"change IP now" on an offline modem is a 503, on an expired proxy a 403, both worded', async () => {
    const {
      customer,
      ids: [offline, expired],
      modemIds,
    } = await owner([30, 30]);
    await db().query(`UPDATE modems SET status = 'offline' WHERE id = $1`, [modemIds[0] as number]);
    await db().query(`UPDATE proxies SET state = 'expired' WHERE id = $1`, [expired]);
    const down = await send(customer, 'POST', `/api/proxies/${offline}/rotate/`);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ok: false, detail: 'The modem is not online: it cannot change its IP now.' });
    const inactive = await send(customer, 'POST', `/api/proxies/${expired}/rotate/`, {}, RU);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({ ok: false, detail: 'Этот прокси не активен: продлите его, чтобы сменить IP.' });
    expect((await get(customer, `/api/proxies/${offline}/`)).json().online).toBe(false);
  });

  it('traffic: every hour of the last 24 and every day of the last 7, zeros where nothing went through', async () => {
    const {
      customer,
      ids: [id],
    } = await owner([30]);
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const day = new Date(Math.floor(Date.now() / DAY) * DAY);
    // The customer has had it for a week (the chart starts where their ownership does).
    await db().query(`UPDATE proxies SET owned_since = now() - interval '8 days' WHERE id = $1`, [id]);
    await db().query(
      `INSERT INTO traffic_rollups (proxy_id, period, starts_at, bytes_in, bytes_out) VALUES
         ($1, 'hour', $2, 100, 10), ($1, 'hour', $3, 50, 5), ($1, 'hour', $4, 7, 7), ($1, 'day', $5, 1000, 100)`,
      [
        id,
        hour,
        new Date(hour.getTime() - 2 * 3_600_000),
        new Date(hour.getTime() - 30 * 3_600_000),
        new Date(day.getTime() - DAY),
      ],
    );
    const hourly = await get(customer, `/api/proxies/${id}/traffic/?range=24h`);
    expect(hourly.statusCode).toBe(200);
    const points = hourly.json().points as { at: string; bytes_in: number }[];
    expect(points).toHaveLength(24);
    expect(points[23]).toEqual({ at: hour.toISOString(), bytes_in: 100, bytes_out: 10 });
    expect(points[21]?.bytes_in).toBe(50);
    expect(points[0]?.at).toBe(new Date(hour.getTime() - 23 * 3_600_000).toISOString());
    expect(hourly.json()).toMatchObject({ range: '24h', total_in: 150, total_out: 15 });
    const daily = await get(customer, `/api/proxies/${id}/traffic/?range=7d`);
    expect(daily.json().points).toHaveLength(7);
    expect(daily.json().points[5]).toEqual({
      at: new Date(day.getTime() - DAY).toISOString(),
      bytes_in: 1000,
      bytes_out: 100,
    });
    expect(daily.json()).toMatchObject({ range: '7d', total_in: 1000, total_out: 100 });
    expect((await get(customer, `/api/proxies/${id}/traffic/`)).json().range).toBe('24h');
    expect((await get(customer, `/api/proxies/${id}/traffic/?range=1y`)).statusCode).toBe(400);
  });

  it('renews a selection: priced by country, extended from the expiry (or from now), one renewal entry, idempotent', async () => {
    const place = freshPlace('NL');
    await db().query(
      `INSERT INTO plans (title_ru, price_minor, currency, period_days, country) VALUES ('NL', 100000, 'RUB', 7, 'NL')`,
    );
    const {
      customer,
      ids: [live, lapsed],
      hostId,
    } = await owner([10, -5], 1_000_000, place);
    await db().query(`UPDATE proxies SET state = 'expired' WHERE id = $1`, [lapsed]);
    const [liveRow] = await db().query<{ expires_at: Date }>('SELECT expires_at FROM proxies WHERE id = $1', [live]);
    const version = await hostVersion(db(), hostId);
    const payload = { ids: [lapsed, live], period_days: 7 };

    const quoted = await send(customer, 'POST', '/api/proxies/renew/quote/', payload);
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json()).toMatchObject({ period_days: 7, total: 200_000, balance: 1_000_000, balance_after: 800_000 });
    expect(await ledgerOf(db(), customer.id)).toHaveLength(1);

    const before = Date.now();
    const renewed = await send(customer, 'POST', '/api/proxies/renew/', payload, { 'idempotency-key': 'renew-1' });
    expect(renewed.statusCode).toBe(201);
    const body = renewed.json();
    expect(body).toMatchObject({
      period_days: 7,
      total: 200_000,
      currency: 'RUB',
      balance: 1_000_000,
      balance_after: 800_000,
    });
    const lines = new Map(body.lines.map((line: { proxy_id: number }) => [line.proxy_id, line]));
    expect(lines.get(live)).toEqual({
      proxy_id: live,
      price: 100_000,
      expires_at: new Date(new Date(liveRow?.expires_at as Date).getTime() + 7 * DAY).toISOString(),
    });
    const lapsedUntil = Date.parse((lines.get(lapsed) as { expires_at: string }).expires_at);
    expect(lapsedUntil).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(lapsedUntil).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
    const states = await db().query('SELECT state FROM proxies WHERE id = ANY($1::int[])', [[live, lapsed]]);
    expect(states).toEqual([{ state: 'active' }, { state: 'active' }]);
    expect(await hostVersion(db(), hostId)).toBe(version + 1);
    const ledger = await ledgerOf(db(), customer.id);
    expect(ledger).toHaveLength(2);
    expect(ledger[1]).toMatchObject({ kind: 'renewal', amount: -200_000 });
    expect(ledger[1]?.reference).toMatch(/^renewal:\d+$/);

    const again = await send(
      customer,
      'POST',
      '/api/proxies/renew/',
      { ids: [live, lapsed], period_days: 7 },
      {
        'idempotency-key': 'renew-1',
      },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(await ledgerOf(db(), customer.id)).toHaveLength(2);
    const reused = await send(
      customer,
      'POST',
      '/api/proxies/renew/',
      { ids: [live], period_days: 7 },
      {
        'idempotency-key': 'renew-1',
      },
    );
    expect(reused.statusCode).toBe(422);
    const missing = await send(customer, 'POST', '/api/proxies/renew/', payload);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/Idempotency-Key/);
  });

  it("a renewal the balance does not cover is a 402, one with a proxy not the customer's a 400 on ids: nothing renewed", async () => {
    const {
      customer,
      ids: [id],
    } = await owner([10], 100_000);
    const {
      ids: [theirs],
    } = await owner([10]);
    const [before] = await db().query('SELECT expires_at, state FROM proxies WHERE id = $1', [id]);
    const short = await send(
      customer,
      'POST',
      '/api/proxies/renew/',
      { ids: [id], period_days: 30 },
      {
        'idempotency-key': 'short',
      },
    );
    expect(short.statusCode).toBe(402);
    expect(short.json()).toEqual({ detail: 'Not enough money on the balance.' });
    const mixed = await send(
      customer,
      'POST',
      '/api/proxies/renew/',
      { ids: [id, theirs], period_days: 1 },
      {
        ...RU,
        'idempotency-key': 'mixed',
      },
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ ids: ['Недопустимый первичный ключ - объект не существует.'] });
    const unpriced = await send(
      customer,
      'POST',
      '/api/proxies/renew/',
      { ids: [id], period_days: 3 },
      {
        'idempotency-key': 'unpriced',
      },
    );
    expect(unpriced.json()).toEqual({ period_days: ['There is no price for this period: choose another one.'] });
    expect(await db().query('SELECT expires_at, state FROM proxies WHERE id = $1', [id])).toEqual([before]);
    expect(await balanceOf(db(), customer.id)).toBe(100_000);
    expect(await db().query('SELECT id FROM renewals WHERE user_id = $1', [customer.id])).toEqual([]);
  });
});
