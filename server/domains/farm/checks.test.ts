import type { HealthCheck } from '@proxy/contract/schemas/farm-agent';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { createCustomer } from '../../test/orders.ts';
import { CHECKS_KEPT_DAYS, checksRepository } from './checks-repository.ts';
import { farmService } from './farm-service.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Health checks as an agent reports them, stored per modem, read back as the proxy page's health, and pruned. */
describe.each(BACKENDS)('modem health checks on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const clock = manualClock(Date.UTC(2032, 4, 10, 12));
  const hosts: { token: string; modemId: number }[] = [];

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db, now: clock.now });
    const farm = farmService(testDb.db);
    for (const name of ['gamma', 'delta']) {
      const { host, token } = await farm.createHost({
        name: `${name}-${backend.name}`,
        publicHost: `${name}.example.com`,
        portMin: 21_000,
        portMax: 21_009,
      });
      const modem = await farm.createModem({
        hostId: host.id,
        name: `${name} 1`,
        key: 'sim-1',
        country: 'RU',
        city: 'Moscow',
        operator: 'MTS',
      });
      hosts.push({ token, modemId: modem.id });
    }
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  const host = (n: number) => hosts[n] as { token: string; modemId: number };
  const check = (modemId: number, hoursAgo: number, ok: boolean): HealthCheck => ({
    modem_id: modemId,
    ok,
    latency_ms: ok ? 120 : null,
    ip: ok ? '198.51.100.7' : null,
    error: ok ? null : 'timeout',
    checked_at: new Date(clock.now() - hoursAgo * HOUR_MS).toISOString(),
  });
  const report = (token: string, checks?: HealthCheck[]) =>
    app.inject({
      method: 'POST',
      url: '/api/agent/report/',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        config_version: null,
        started_at: new Date(clock.now()).toISOString(),
        modems: [],
        traffic: [],
        ...(checks ? { checks } : {}),
      },
    });
  const health = (modemId: number) => checksRepository(testDb.db).health(modemId, new Date(clock.now()));

  it('has no health for a modem never checked, and takes a report without checks (an older agent)', async () => {
    expect((await report(host(0).token)).statusCode).toBe(204);
    expect(await health(host(0).modemId)).toBeNull();
  });

  it('shows the last check and the share of ok checks in 24 hours; a repeated report adds nothing', async () => {
    const { modemId, token } = host(0);
    // Three of four within the day were ok; the failed one 30 hours ago is outside the day.
    const checks = [check(modemId, 30, false), check(modemId, 3, true), check(modemId, 2, false)];
    checks.push(check(modemId, 1, true), check(modemId, 0.5, true));
    expect((await report(token, checks)).statusCode).toBe(204);
    expect((await report(token, checks)).statusCode).toBe(204);
    expect(await health(modemId)).toEqual({
      ok: true,
      latency_ms: 120,
      ip: '198.51.100.7',
      checked_at: new Date(clock.now() - 0.5 * HOUR_MS).toISOString(),
      uptime_24h: 0.75,
    });
    const [stored] = await testDb.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM modem_checks WHERE modem_id = $1',
      [modemId],
    );
    expect(stored?.n).toBe(5);
  });

  it("ignores checks of another host's modem", async () => {
    expect((await report(host(0).token, [check(host(1).modemId, 1, false)])).statusCode).toBe(204);
    expect(await health(host(1).modemId)).toBeNull();
  });

  it("puts the modem's health on its proxies' answers, the page's and the list's", async () => {
    const customer = await createCustomer(app, testDb.db, 0);
    const farm = farmService(testDb.db);
    const { id } = await farm.createProxy({
      ownerId: customer.id,
      modemId: host(0).modemId,
      expiresAt: new Date(clock.now() + 30 * DAY_MS),
    });
    const expected = {
      ok: true,
      latency_ms: 120,
      ip: '198.51.100.7',
      checked_at: new Date(clock.now() - 0.5 * HOUR_MS).toISOString(),
      uptime_24h: 0.75,
    };
    const page = await app.inject({ url: `/api/proxies/${id}/`, headers: customer.headers });
    expect(page.json().health).toEqual(expected);
    const list = await app.inject({ url: '/api/proxies/', headers: customer.headers });
    expect(list.json().results).toEqual([expect.objectContaining({ id, health: expected })]);
    // A modem never checked: no health yet, said as null.
    const other = await farm.createProxy({
      ownerId: customer.id,
      modemId: host(1).modemId,
      expiresAt: new Date(clock.now() + 30 * DAY_MS),
    });
    expect(
      (await app.inject({ url: `/api/proxies/${other.id}/`, headers: customer.headers })).json().health,
    ).toBeNull();
  });

  it('refuses a malformed check with a 400 naming the field', async () => {
    const bad = { ...check(host(0).modemId, 0, true), latency_ms: -5 };
    const answer = await report(host(0).token, [bad]);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('latency_ms');
  });

  it('prunes checks past their keeping time in the jobs runner, and nothing newer', async () => {
    const { modemId, token } = host(1);
    const old = check(modemId, (CHECKS_KEPT_DAYS + 1) * 24, true);
    expect((await report(token, [old, check(modemId, 1, false)])).statusCode).toBe(204);
    const left = async () =>
      (await testDb.db.query('SELECT 1 FROM modem_checks WHERE modem_id = $1', [modemId])).length;
    expect(await left()).toBe(2);
    expect(await app.jobs.runOne('checks.prune')).toBe(1);
    expect(await app.jobs.runOne('checks.prune')).toBe(0);
    expect(await left()).toBe(1);
    expect(await health(modemId)).toMatchObject({ ok: false, latency_ms: null, ip: null, uptime_24h: 0 });
  });

  it('has no uptime to speak of once the last check is a day old', async () => {
    clock.advance(DAY_MS);
    expect(await health(host(0).modemId)).toMatchObject({ ok: true, uptime_24h: 0 });
  });

  it("takes an agent's result for a check it was asked for once; another host's is not found", async () => {
    const customer = await createCustomer(app, testDb.db, 0);
    const farm = farmService(testDb.db);
    const proxy = await farm.createProxy({
      ownerId: customer.id,
      modemId: host(1).modemId,
      expiresAt: new Date(clock.now() + 30 * DAY_MS),
    });
    const outcome = await farm.requestCustomerCheck(proxy.id, customer.id);
    if (outcome.kind !== 'started') throw new Error(`the check was not asked: ${outcome.kind}`);
    const listed = await app.inject({
      url: '/api/agent/config/',
      headers: { authorization: `Bearer ${host(1).token}` },
    });
    expect(listed.json().checks).toEqual([
      { id: outcome.checkId, modem_id: host(1).modemId, requested_at: expect.any(String) },
    ]);
    const post = (token: string, body: object) =>
      app.inject({
        method: 'POST',
        url: `/api/agent/checks/${outcome.checkId}/`,
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
    const { modem_id: _modem, ...result } = check(host(1).modemId, 0, true);
    expect((await post(host(0).token, result)).statusCode).toBe(404);
    expect((await post(host(1).token, { ...result, ok: 'yes' })).statusCode).toBe(400);
    expect((await post(host(1).token, result)).statusCode).toBe(204);
    expect((await post(host(1).token, result)).statusCode).toBe(409);
    expect(await health(host(1).modemId)).toMatchObject({ ok: true, checked_at: result.checked_at });
  });

  it('answers the caller its own address at /api/ip/, without a token', async () => {
    const answer = await app.inject({ url: '/api/ip/', remoteAddress: '203.0.113.9' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.body).toBe('203.0.113.9');
  });
});
