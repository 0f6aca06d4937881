// Host liveness from the API's side (#42): a host the API has not heard from (config poll or report) for
// AGENT_SILENT_SECONDS is offline, whatever its agent last reported — its modems out of the stock at once, an order
// there refused with nothing charged, its customers' proxies offline since it was last heard, their outage notices,
// and one staff alert for the host (none per modem or place) — and all of it back when the agent is heard again.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { balanceOf, createCustomer, freshPlace, ledgerOf, type Customer, type TestPlace } from '../../test/orders.ts';
import { farmService } from './farm-service.ts';

const SILENT_SECONDS = 30;
const MINUTE = 60_000;

describe.each(BACKENDS)('host liveness on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const clock = manualClock(Date.now());
  const place: TestPlace = freshPlace();
  const elsewhere: TestPlace = freshPlace();
  const dead = { id: 0, token: '', name: `dead-${process.pid}`, modems: [] as number[] };
  const alive = { id: 0, token: '', modems: [] as number[] };
  let buyer: Customer;
  let staff: string;
  let apiKey: string;

  const db = () => testDb.db;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const report = (host: { token: string; modems: number[] }, status: (index: number) => 'online' | 'offline') =>
    app.inject({
      method: 'POST',
      url: '/api/agent/report/',
      headers: bearer(host.token),
      payload: {
        config_version: null,
        started_at: new Date(clock.now()).toISOString(),
        modems: host.modems.map((id, index) => ({
          key: `sim-${index}`,
          modem_id: id,
          status: status(index),
          ip: status(index) === 'online' ? `198.51.100.${index + 1}` : null,
          checked_at: new Date(clock.now()).toISOString(),
        })),
        traffic: [],
      },
    });
  const order = (target: TestPlace, key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...buyer.headers, 'idempotency-key': key },
      payload: { ...target, period_days: 30, quantity: 1 },
    });
  const available = async (target: TestPlace) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/orders/quote/',
        headers: buyer.headers,
        payload: { ...target, period_days: 30, quantity: 1 },
      })
    ).json<{ available: number }>().available;
  /** The customer's proxies as `/ip` (the list), `/ip/{id}` and a script (`/api/v1/`) read them. */
  const seen = async (proxyId: number) => {
    const list = await app.inject({ url: '/api/proxies/', headers: buyer.headers });
    const one = await app.inject({ url: `/api/proxies/${proxyId}/`, headers: buyer.headers });
    const script = await app.inject({ url: `/api/v1/proxies/${proxyId}/`, headers: { ...EN, ...bearer(apiKey) } });
    const pick = (proxy: { online: boolean; offline_since: string | null }) => ({
      online: proxy.online,
      offline_since: proxy.offline_since,
    });
    const listed = list.json<{ results: { id: number; online: boolean; offline_since: string | null }[] }>().results;
    return [
      pick(listed.find((proxy) => proxy.id === proxyId) as { online: boolean; offline_since: string | null }),
      pick(one.json()),
      pick(script.json()),
    ];
  };
  /** The staff's alerts about this test's host, its modems and its place (the seeded demo places are sold out). */
  const staffAlerts = async () =>
    (
      await db().query<{ subject: string }>(
        `SELECT subject FROM outbox WHERE kind = 'staff_alert' AND recipient = $1 ORDER BY id`,
        [staff],
      )
    ).filter((mail) => mail.subject.includes(dead.name) || mail.subject.includes(place.city));
  const notices = () =>
    db().query<{ event: string; event_key: string }>(
      `SELECT event, event_key FROM notifications WHERE user_id = $1 AND event IN ('modem_offline', 'modem_online') ORDER BY id`,
      [buyer.id],
    );
  /** Nothing charged that the ledger does not hold: the balance is the sum of the customer's entries. */
  const ledgerSum = async () => (await ledgerOf(db(), buyer.id)).reduce((sum, entry) => sum + Number(entry.amount), 0);

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: db(), now: clock.now, env: { AGENT_SILENT_SECONDS: String(SILENT_SECONDS) } });
    const farm = farmService(db());
    for (const [host, name, modems, at] of [
      [dead, dead.name, 3, place],
      [alive, `alive-${process.pid}`, 1, elsewhere],
    ] as const) {
      const created = await farm.createHost({
        name,
        publicHost: 'proxy.example.com',
        portMin: 20_000,
        portMax: 20_099,
      });
      host.id = created.host.id;
      host.token = created.token;
      for (let n = 0; n < modems; n++) {
        host.modems.push(
          (await farm.createModem({ hostId: host.id, name: `${name} ${n}`, key: `sim-${n}`, ...at })).id,
        );
      }
      expect((await report(host, () => 'online')).statusCode).toBe(204);
    }
    buyer = await createCustomer(app, db(), 10_000_000);
    await app.inject({
      method: 'PUT',
      url: '/api/users/notifications/',
      headers: buyer.headers,
      payload: {
        preferences: ['modem_offline', 'modem_online'].map((event) => ({
          event,
          email: true,
          telegram: false,
          webhook: false,
        })),
        balance_low_threshold: null,
      },
    });
    const key = await app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: buyer.headers,
      payload: { name: 'script', scopes: ['proxies:read'] },
    });
    apiKey = key.json<{ secret: string }>().secret;
    staff = freshEmail('ops');
    await createUser(db(), { email: staff, staff: true, permissions: ['farm.view_modem'], language: 'en' });
    const staffHeaders = { ...EN, ...tokenHeader(await login(app, staff)) };
    for (const kind of ['agent_silent', 'modem_offline', 'place_sold_out']) {
      const followed = await app.inject({
        method: 'PATCH',
        url: `/api/panel/alerts/settings/${kind}/`,
        headers: staffHeaders,
        payload: { subscribed: true },
      });
      expect(followed.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('takes a silent host offline everywhere at once, alerts once for it, and brings all back when it is heard', async () => {
    // Two proxies on the host while it is heard from; its third modem stays free.
    expect((await order(place, 'first')).statusCode).toBe(201);
    expect((await order(place, 'second')).statusCode).toBe(201);
    const proxies = await db().query<{ id: number }>('SELECT id FROM proxies WHERE owner_id = $1 ORDER BY modem_id', [
      buyer.id,
    ]);
    expect(proxies).toHaveLength(2);
    const [onReported, onDown] = proxies as [{ id: number }, { id: number }];
    expect(await available(place)).toBe(1);
    // The second proxy's modem goes down by itself first: its own outage, which the host's then covers.
    expect((await report(dead, (index) => (index === 1 ? 'offline' : 'online'))).statusCode).toBe(204);
    const downAt = clock.now();
    clock.advance(1_000);
    expect((await report(dead, (index) => (index === 1 ? 'offline' : 'online'))).statusCode).toBe(204);
    const lastHeard = new Date(clock.now()).toISOString();
    expect(await seen(onReported.id)).toEqual(Array(3).fill({ online: true, offline_since: null }));

    // Silent for the setting and a second: nothing ran, and yet the stock, the orders and the customer see it.
    clock.advance((SILENT_SECONDS + 1) * 1000);
    await report(alive, () => 'online');
    expect(await available(place)).toBe(0);
    expect(await available(elsewhere)).toBe(1);
    const stock = (await app.inject({ url: '/api/stock/', headers: EN })).json<{ stock: { city: string }[] }>();
    expect(stock.stock.map((line) => line.city)).not.toContain(place.city);
    expect(stock.stock.map((line) => line.city)).toContain(elsewhere.city);
    const balance = await balanceOf(db(), buyer.id);
    const refused = await order(place, 'third');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'No modems of this operator are free here now.' });
    expect(await balanceOf(db(), buyer.id)).toBe(balance);
    expect(await ledgerSum()).toBe(balance);
    expect(await db().query('SELECT id FROM proxies WHERE owner_id = $1', [buyer.id])).toHaveLength(2);
    expect(await seen(onReported.id)).toEqual(Array(3).fill({ online: false, offline_since: lastHeard }));

    // Past the alert's 5 minutes and the notices' grace: one incident for the host, none for its modem or place.
    clock.advance(6 * MINUTE);
    await report(alive, () => 'online');
    await app.jobs.runOne('alerts.check');
    await app.jobs.runOne('alerts.check');
    expect((await staffAlerts()).map((mail) => mail.subject)).toEqual([`Alert: Farm agent silent — ${dead.name}`]);
    await app.jobs.runOne('notifications.outages');
    await app.jobs.runOne('notifications.outages');
    expect((await notices()).map((notice) => notice.event)).toEqual(['modem_offline', 'modem_offline']);
    // One notice per proxy: the modem down on its own is told from when it went down, the other from the host's last word.
    expect((await notices()).map((notice) => notice.event_key).sort()).toEqual(
      [
        `modem_offline:${onDown.id}:${downAt}`,
        `modem_offline:${onReported.id}:${new Date(lastHeard).getTime()}`,
      ].sort(),
    );

    // Heard again (its config poll): the stock and the proxies are back before its first report.
    expect((await app.inject({ url: '/api/agent/config/', headers: bearer(dead.token) })).statusCode).toBe(200);
    expect(await available(place)).toBe(1);
    expect(await seen(onReported.id)).toEqual(Array(3).fill({ online: true, offline_since: null }));
    expect((await report(dead, () => 'online')).statusCode).toBe(204);
    await app.jobs.runOne('alerts.check');
    expect((await staffAlerts()).map((mail) => mail.subject)).toEqual([
      `Alert: Farm agent silent — ${dead.name}`,
      `Resolved: Farm agent silent — ${dead.name}`,
    ]);
    await app.jobs.runOne('notifications.outages');
    expect((await notices()).map((notice) => notice.event)).toEqual([
      'modem_offline',
      'modem_offline',
      'modem_online',
      'modem_online',
    ]);
    expect((await order(place, 'fourth')).statusCode).toBe(201);
    expect(await ledgerSum()).toBe(await balanceOf(db(), buyer.id));
  });

  it('keeps a held config poll heard, but not a few seconds at most apart', async () => {
    const lastSeen = async () =>
      (
        await db().query<{ at: Date | string }>('SELECT last_seen_at AS at FROM agent_hosts WHERE id = $1', [alive.id])
      )[0]?.at;
    const before = new Date((await lastSeen()) as Date | string).getTime();
    clock.advance(1_000);
    await app.inject({ url: '/api/agent/config/', headers: bearer(alive.token) });
    // Heard a second ago: no write.
    expect(new Date((await lastSeen()) as Date | string).getTime()).toBe(before);
    clock.advance(SILENT_SECONDS * 1000);
    await app.inject({ url: '/api/agent/config/', headers: bearer(alive.token) });
    expect(new Date((await lastSeen()) as Date | string).getTime()).toBe(clock.now());
    expect(await available(elsewhere)).toBe(1);
  });
});
