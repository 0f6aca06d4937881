import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEM_PERMISSIONS, AGENT_HOST_PERMISSIONS } from '@proxy/contract/permissions';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { farmService } from './farm-service.ts';

/** The panel's Farm section API: hosts and their agent tokens, modems with filters, maintenance and "rotate now". */
describe.each(BACKENDS)('the Farm section API on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const keys: Record<'admin' | 'viewer' | 'customer' | 'sneaky', string> = {
    admin: '',
    viewer: '',
    customer: '',
    sneaky: '',
  };

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db, farm: { rotationWaitMs: 2_000 } });
    const admin = await createUser(testDb.db, { email: freshEmail('farm-admin'), staff: true, superuser: true });
    const viewer = await createUser(testDb.db, {
      email: freshEmail('farm-viewer'),
      staff: true,
      permissions: [MODEM_PERMISSIONS.view, AGENT_HOST_PERMISSIONS.view],
    });
    const customer = await createUser(testDb.db, { email: freshEmail('farm-customer') });
    // Permission strings without is_staff: the panel is still closed (Django admin's rule).
    const sneaky = await createUser(testDb.db, {
      email: freshEmail('farm-sneaky'),
      permissions: Object.values(MODEM_PERMISSIONS),
    });
    keys.admin = await login(app, admin.email);
    keys.viewer = await login(app, viewer.email);
    keys.customer = await login(app, customer.email);
    keys.sneaky = await login(app, sneaky.email);
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
    app.inject({ method, url, headers: { ...EN, ...tokenHeader(key) }, ...(payload ? { payload } : {}) });

  it('lets staff in by permission only: customers and non-staff 403, viewers read but do not write', async () => {
    for (const key of [keys.customer, keys.sneaky]) {
      expect((await call('GET', '/api/panel/farm/modems/', key)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/panel/farm/modems/', keys.viewer)).statusCode).toBe(200);
    expect((await call('GET', '/api/panel/farm/hosts/', keys.viewer)).statusCode).toBe(200);
    const write = await call('POST', '/api/panel/farm/hosts/', keys.viewer, {
      name: 'nope',
      public_host: 'nope.example.com',
      port_min: 40_000,
      port_max: 40_100,
    });
    expect(write.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/panel/farm/hosts/' })).statusCode).toBe(401);
  });

  it('creates a host with its agent token shown once; a new token retires the old one', async () => {
    const created = await call('POST', '/api/panel/farm/hosts/', keys.admin, {
      name: 'Frankfurt 1',
      public_host: 'fra1.example.com',
      port_min: 40_000,
      port_max: 40_999,
    });
    expect(created.statusCode).toBe(201);
    const host = created.json();
    expect(host).toMatchObject({ name: 'Frankfurt 1', modems: 0, last_seen_at: null });
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const agent = (token: string) =>
      app.inject({ url: '/api/agent/config/', headers: { authorization: `Bearer ${token}` } });
    expect((await agent(host.token)).statusCode).toBe(200);
    // Never again in a read.
    expect((await call('GET', `/api/panel/farm/hosts/${host.id}/`, keys.admin)).json()).not.toHaveProperty('token');

    const renewed = await call('POST', `/api/panel/farm/hosts/${host.id}/token/`, keys.admin);
    expect(renewed.statusCode).toBe(200);
    expect((await agent(host.token)).statusCode).toBe(401);
    expect((await agent(renewed.json().token)).statusCode).toBe(200);
    // The agent was seen: the list says when.
    const listed = (await call('GET', '/api/panel/farm/hosts/', keys.admin)).json() as { id: number }[];
    expect(listed.map((item) => item.id)).toContain(host.id);
  });

  it('words bad host and modem input on its fields, in the request language', async () => {
    const badHost = await app.inject({
      method: 'POST',
      url: '/api/panel/farm/hosts/',
      headers: { ...RU, ...tokenHeader(keys.admin) },
      payload: { name: 'local', public_host: 'bad host!', port_min: 50_000, port_max: 49_000 },
    });
    expect(badHost.statusCode).toBe(400);
    // Fields first; the order of the ports once the fields hold (DRF's `validate` comes after its fields too).
    expect(badHost.json()).toEqual({ public_host: ['Введите имя хоста или IP-адрес.'] });
    const backwards = await app.inject({
      method: 'POST',
      url: '/api/panel/farm/hosts/',
      headers: { ...RU, ...tokenHeader(keys.admin) },
      payload: { name: 'backwards', public_host: 'b.example.com', port_min: 50_000, port_max: 49_000 },
    });
    expect(backwards.json()).toEqual({ port_max: ['Последний порт должен быть больше первого.'] });
    const taken = await call('POST', '/api/panel/farm/hosts/', keys.admin, {
      name: 'local',
      public_host: '127.0.0.1',
      port_min: 50_000,
      port_max: 50_010,
    });
    expect(taken.json()).toEqual({ name: ['A farm host with this name already exists.'] });

    const [local] = await testDb.db.query<{ id: number }>("SELECT id FROM agent_hosts WHERE name = 'local'");
    const badModem = await call('POST', '/api/panel/farm/modems/', keys.admin, {
      host: (local as { id: number }).id,
      name: 'Extra',
      key: '-bad key',
      country: 'Russia',
      city: 'Moscow',
      city_ru: 'Москва',
      operator: 'MTS',
    });
    expect(badModem.json()).toEqual({
      key: ['Letters, digits and . _ : - only, starting with a letter or a digit (at most 64).'],
      country: ['A two-letter country code (ISO 3166), e.g. RU.'],
    });
    const duplicate = await call('POST', '/api/panel/farm/modems/', keys.admin, {
      host: (local as { id: number }).id,
      name: 'Again',
      key: 'sim-1',
      country: 'ru',
      city: 'Moscow',
      city_ru: 'Москва',
      operator: 'MTS',
    });
    expect(duplicate.json()).toEqual({ key: ['This host already has a modem with this key.'] });
  });

  it('lists modems with their host and proxies, filtered by status, country, operator and host, and searched', async () => {
    const all = (await call('GET', '/api/panel/farm/modems/?page_size=100', keys.viewer)).json();
    expect(all.count).toBe(8);
    const kz = (await call('GET', '/api/panel/farm/modems/?country=KZ&operator=Beeline', keys.viewer)).json();
    expect(kz.results.map((modem: { name: string }) => modem.name)).toEqual(['Almaty Beeline 6', 'Almaty Beeline 7']);
    expect(kz.results[0]).toMatchObject({ host: { name: 'local' }, status: 'offline', ip: null, proxies: [] });
    const searched = (await call('GET', '/api/panel/farm/modems/?search=petersburg', keys.viewer)).json();
    expect(searched.count).toBe(1);
    const choices = (await call('GET', '/api/panel/farm/choices/', keys.viewer)).json();
    expect(choices).toMatchObject({ countries: ['KZ', 'RU'], operators: ['Beeline', 'MTS', 'Tele2'] });
    const bad = await call('GET', '/api/panel/farm/modems/?status=broken', keys.viewer);
    expect(bad.statusCode).toBe(400);
  });

  it("names a city in both languages: the seed's, a new modem's, and one name per city whichever modem sets it (#28)", async () => {
    const kz = (await call('GET', '/api/panel/farm/modems/?country=KZ', keys.viewer)).json();
    expect(kz.results[0]).toMatchObject({ city: 'Almaty', city_ru: 'Алматы' });
    const farm = farmService(testDb.db);
    const { host } = await farm.createHost({
      name: 'cities',
      publicHost: 'c.example.com',
      portMin: 46_000,
      portMax: 46_010,
    });
    const modem = (key: string, extra: object) =>
      call('POST', '/api/panel/farm/modems/', keys.admin, {
        host: host.id,
        name: key,
        key,
        country: 'RU',
        city: 'Novosibirsk',
        operator: 'MTS',
        ...extra,
      });
    // A panel built before the Russian name existed leaves it out: the modem is made, the city shows its English name
    // until staff name it. The form itself never sends it empty.
    const nameless = await modem('usb9', {});
    expect(nameless.statusCode).toBe(201);
    expect(nameless.json()).toMatchObject({ city: 'Novosibirsk', city_ru: '' });
    const blank = await app.inject({
      method: 'POST',
      url: '/api/panel/farm/modems/',
      headers: { ...RU, ...tokenHeader(keys.admin) },
      payload: {
        host: host.id,
        name: 'x',
        key: 'usb0',
        country: 'RU',
        city: 'Novosibirsk',
        city_ru: ' ',
        operator: 'MTS',
      },
    });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json())).toEqual(['city_ru']);

    const first = (await modem('usb0', { city_ru: 'Новосиб' })).json();
    expect(first).toMatchObject({ city: 'Novosibirsk', city_ru: 'Новосиб' });
    const second = (await modem('usb1', { city_ru: 'Новосибирск' })).json();
    expect(second.city_ru).toBe('Новосибирск');
    // The city has one Russian name: the first modem reads the one set last.
    expect((await call('GET', `/api/panel/farm/modems/${first.id}/`, keys.admin)).json().city_ru).toBe('Новосибирск');
    const edited = await call('PATCH', `/api/panel/farm/modems/${first.id}/`, keys.admin, {
      city_ru: 'Новосибирск (НСО)',
    });
    expect(edited.json()).toMatchObject({ city: 'Novosibirsk', city_ru: 'Новосибирск (НСО)' });
    expect((await call('GET', `/api/panel/farm/modems/${second.id}/`, keys.admin)).json().city_ru).toBe(
      'Новосибирск (НСО)',
    );
  });

  it("names an operator in both languages per country: the seed's, a new modem's, one name per operator and country (#49)", async () => {
    const moscow = (await call('GET', '/api/panel/farm/modems/?country=RU&operator=MTS', keys.viewer)).json();
    expect(moscow.results[0]).toMatchObject({ operator: 'MTS', operator_ru: 'МТС' });
    // Tele2 is Т2 in Russia and still Tele2 in Kazakhstan: the filters' choices name it both ways.
    const tele2 = (await call('GET', '/api/panel/farm/modems/?operator=Tele2&ordering=country', keys.viewer)).json();
    expect(
      tele2.results.map((row: { country: string; operator_ru: string }) => [row.country, row.operator_ru]),
    ).toEqual([
      ['KZ', 'Tele2'],
      ['RU', 'Т2'],
    ]);
    const choices = (await call('GET', '/api/panel/farm/choices/', keys.viewer)).json();
    expect(choices.operators_ru).toEqual({ Beeline: 'Beeline / Билайн', MTS: 'МТС', Tele2: 'Tele2 / Т2' });

    const farm = farmService(testDb.db);
    const { host } = await farm.createHost({
      name: 'operators',
      publicHost: 'o.example.com',
      portMin: 46_100,
      portMax: 46_110,
    });
    const modem = (key: string, country: string, extra: object) =>
      call('POST', '/api/panel/farm/modems/', keys.admin, {
        host: host.id,
        name: key,
        key,
        country,
        city: 'Somewhere',
        city_ru: 'Где-то',
        operator: 'MegaFon',
        ...extra,
      });
    const nameless = await modem('usb9', 'RU', {});
    expect(nameless.json()).toMatchObject({ operator: 'MegaFon', operator_ru: '' });
    const first = (await modem('usb0', 'RU', { operator_ru: 'Мегафон' })).json();
    const second = (await modem('usb1', 'RU', { operator_ru: 'МегаФон' })).json();
    // One Russian name per operator in a country: the first modem reads the one set last...
    expect((await call('GET', `/api/panel/farm/modems/${first.id}/`, keys.admin)).json().operator_ru).toBe('МегаФон');
    expect(second.operator_ru).toBe('МегаФон');
    // ...and another country's is its own.
    const abroad = (await modem('usb2', 'TJ', { operator_ru: 'MegaFon Таджикистан' })).json();
    expect(abroad.operator_ru).toBe('MegaFon Таджикистан');
    const edited = await call('PATCH', `/api/panel/farm/modems/${first.id}/`, keys.admin, { operator_ru: 'МегаФон ' });
    expect(edited.json()).toMatchObject({ operator: 'MegaFon', operator_ru: 'МегаФон' });
    expect((await call('GET', `/api/panel/farm/modems/${abroad.id}/`, keys.admin)).json().operator_ru).toBe(
      'MegaFon Таджикистан',
    );
    const blank = await call('PATCH', `/api/panel/farm/modems/${first.id}/`, keys.admin, { operator_ru: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json())).toEqual(['operator_ru']);
  });

  it('refuses a port range without two ports for every proxy the host’s modems can carry, in en and ru', async () => {
    const created = await call('POST', '/api/panel/farm/hosts/', keys.admin, {
      name: 'capacity',
      public_host: 'capacity.example.com',
      port_min: 46_000,
      port_max: 46_099,
    });
    expect(created.statusCode).toBe(201);
    const host = created.json();
    for (const [key, capacity] of [
      ['usb0', 30],
      ['usb1', 15],
    ] as const) {
      const modem = await call('POST', '/api/panel/farm/modems/', keys.admin, {
        host: host.id,
        name: `Capacity ${key}`,
        key,
        country: 'RU',
        city: 'Kazan',
        operator: 'MTS',
        capacity,
      });
      expect(modem.statusCode).toBe(201);
    }
    const save = (language: typeof EN | typeof RU, range: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/panel/farm/hosts/${host.id}/`,
        headers: { ...language, ...tokenHeader(keys.admin) },
        payload: range,
      });

    // 45 proxies at most on its modems: 90 ports. 46000–46079 has 80.
    const narrow = await save(EN, { port_min: 46_000, port_max: 46_079 });
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json()).toEqual({
      port_max: ["The host's modems carry up to 45 proxies, two ports each: the range needs at least 90 ports."],
    });
    const russian = await save(RU, { port_max: 46_079 });
    expect(russian.statusCode).toBe(400);
    expect(russian.json()).toEqual({
      port_max: ['Модемы хоста вмещают прокси: 45, по два порта на каждый. Портов в диапазоне нужно не меньше 90.'],
    });
    // One end moved alone is judged with the stored other: 46001–46099 still has 99.
    expect((await save(EN, { port_min: 46_001 })).statusCode).toBe(200);
    expect((await save(EN, { port_min: 46_011 })).statusCode).toBe(400);
    const exact = await save(EN, { port_min: 46_010, port_max: 46_099 });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ port_min: 46_010, port_max: 46_099 });
    expect((await call('GET', `/api/panel/farm/hosts/${host.id}/`, keys.admin)).json()).toMatchObject({
      port_min: 46_010,
      port_max: 46_099,
    });
  });

  it('keeps a modem in maintenance whatever its agent reports, refuses deleting one with proxies, rotates now', async () => {
    const farm = farmService(testDb.db);
    const { host, token } = await farm.createHost({
      name: 'maint',
      publicHost: 'm.example.com',
      portMin: 45_000,
      portMax: 45_010,
    });
    const created = await call('POST', '/api/panel/farm/modems/', keys.admin, {
      host: host.id,
      name: 'Maint 1',
      key: 'usb0',
      country: 'RU',
      city: 'Kazan',
      city_ru: 'Казань',
      operator: 'MTS',
    });
    expect(created.statusCode).toBe(201);
    const modem = created.json();
    const report = (status: 'online' | 'offline') =>
      app.inject({
        method: 'POST',
        url: '/api/agent/report/',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          config_version: null,
          started_at: new Date().toISOString(),
          modems: [{ key: 'usb0', modem_id: modem.id, status, ip: '127.0.0.77', checked_at: new Date().toISOString() }],
          traffic: [],
        },
      });
    expect(
      (await call('PATCH', `/api/panel/farm/modems/${modem.id}/`, keys.admin, { maintenance: true })).json(),
    ).toMatchObject({
      status: 'maintenance',
    });
    await report('online');
    expect((await call('GET', `/api/panel/farm/modems/${modem.id}/`, keys.admin)).json()).toMatchObject({
      status: 'maintenance',
      ip: '127.0.0.77',
    });
    const refused = await call('POST', `/api/panel/farm/modems/${modem.id}/rotate/`, keys.admin);
    expect(refused.statusCode).toBe(409);
    await call('PATCH', `/api/panel/farm/modems/${modem.id}/`, keys.admin, { maintenance: false });
    await report('online');

    // Rotate now: the agent is asked (its config lists it); without an agent here, the answer says it timed out.
    const rotated = await call('POST', `/api/panel/farm/modems/${modem.id}/rotate/`, keys.admin);
    expect(rotated.json()).toEqual({ ok: false, error: 'timeout' });
    const config = (
      await app.inject({ url: '/api/agent/config/', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(config.rotations).toEqual([expect.objectContaining({ modem_id: modem.id })]);
    const [history] = await testDb.db.query(
      'SELECT source, actor_id IS NOT NULL AS by_staff FROM rotations WHERE modem_id = $1',
      [modem.id],
    );
    expect(history).toEqual({ source: 'staff', by_staff: true });

    const owner = await createUser(testDb.db, { email: freshEmail('maint-owner') });
    await farm.createProxy({ ownerId: owner.id, modemId: modem.id, expiresAt: new Date(Date.now() + 86_400_000) });
    const listed = (await call('GET', `/api/panel/farm/modems/${modem.id}/`, keys.admin)).json();
    expect(listed.proxies).toEqual([
      { id: expect.any(Number), owner: { id: owner.id, email: owner.email }, state: 'active' },
    ]);
    const deleting = await call('DELETE', `/api/panel/farm/modems/${modem.id}/`, keys.admin);
    expect(deleting.statusCode).toBe(400);
    expect(deleting.json()).toEqual({
      non_field_errors: ['Proxies use this modem: it can be put in maintenance, not deleted or moved.'],
    });
    const hostGone = await call('DELETE', `/api/panel/farm/hosts/${host.id}/`, keys.admin);
    expect(hostGone.json()).toEqual({ non_field_errors: ['This host still has modems: move or delete them first.'] });
    const narrowed = await call('PATCH', `/api/panel/farm/hosts/${host.id}/`, keys.admin, { port_max: 45_000 });
    expect(narrowed.statusCode).toBe(400);
    expect(narrowed.json()).toEqual({ port_max: ['The last port must be above the first.'] });
    const excluding = await call('PATCH', `/api/panel/farm/hosts/${host.id}/`, keys.admin, { port_min: 45_005 });
    expect(excluding.json()).toEqual({ port_max: ['Proxies use ports outside this range: keep them inside it.'] });
  });
});
