// "Check now" on the proxy page (#29): `POST /api/proxies/{id}/check/` asks the modem's agent for a health check, waits
// for its result and answers the proxy with it as its `health`; once per 30 seconds per proxy, in the request's words.
import { CHECK_COOLDOWN_SECONDS } from '@proxy/contract/schemas/proxies';
import { describe, expect, it } from 'vitest';
import { EN, RU } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const DAY = 86_400_000;

describe.each(BACKENDS)('check now on $name', (backend) => {
  const suite = seededApp(backend, { farm: { rotationWaitMs: 1_500 } });
  const db = () => suite.testDb.db;

  /** `count` customers owning a proxy each on one online modem. */
  async function onOneModem(count: number) {
    const { hostId, modemIds } = await createFarm(db(), freshPlace(), { online: 1, capacity: count });
    const modemId = modemIds[0] as number;
    const owners: { customer: Customer; id: number }[] = [];
    for (let n = 0; n < count; n++) {
      const customer = await createCustomer(suite.app, db(), 0);
      const proxy = await farmService(db()).createProxy({
        ownerId: customer.id,
        modemId,
        expiresAt: new Date(Date.now() + 30 * DAY),
      });
      owners.push({ customer, id: proxy.id });
    }
    return { hostId, modemId, owners };
  }
  const check = (customer: Customer, id: number, headers = {}) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/proxies/${id}/check/`,
      headers: { ...customer.headers, ...headers },
      payload: {},
    });

  /** The agent's part: it finds the check in its configuration and posts `result` for it. */
  async function agentChecks(hostId: number, modemId: number, result: { ok: boolean; ip: string | null }) {
    const farm = farmService(db());
    for (let tries = 0; tries < 100; tries++) {
      const listed = (await farm.config(hostId))?.checks?.find((request) => request.modem_id === modemId);
      if (listed) {
        const finished = await farm.finishCheck(hostId, listed.id, {
          ...result,
          latency_ms: result.ok ? 95 : null,
          error: result.ok ? null : 'timeout',
          checked_at: new Date().toISOString(),
        });
        expect(finished).toBe(true);
        return listed.id;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the check never reached the configuration');
  }

  it('asks the agent, answers the proxy with the fresh check, then refuses for 30 seconds (ru, en)', async () => {
    const { hostId, modemId, owners } = await onOneModem(1);
    const [{ customer, id }] = owners as [{ customer: Customer; id: number }];
    const checking = check(customer, id);
    await agentChecks(hostId, modemId, { ok: true, ip: '203.0.113.50' });
    const done = await checking;
    expect(done.statusCode).toBe(200);
    expect(done.json().health).toMatchObject({ ok: true, latency_ms: 95, ip: '203.0.113.50', uptime_24h: 1 });
    // Done: the agent's configuration no longer lists it.
    expect((await farmService(db()).config(hostId))?.checks).toEqual([]);

    for (const [language, words] of [
      [RU, 'Запрос был проигнорирован. Expected available in'],
      [EN, 'Request was throttled. Expected available in'],
    ] as const) {
      const again = await check(customer, id, language);
      expect(again.statusCode).toBe(429);
      const body = again.json();
      expect(body.wait_seconds).toBeGreaterThan(CHECK_COOLDOWN_SECONDS - 10);
      expect(body.wait_seconds).toBeLessThanOrEqual(CHECK_COOLDOWN_SECONDS);
      expect(body.detail).toBe(`${words} ${body.wait_seconds} seconds.`);
      expect(again.headers['retry-after']).toBe(String(body.wait_seconds));
    }
  });

  it("answers 404 for another's proxy and one that is not there, 403 for a suspended one (ru, en)", async () => {
    const { owners } = await onOneModem(2);
    const [mine, theirs] = owners as [{ customer: Customer; id: number }, { customer: Customer; id: number }];
    const foreign = await check(mine.customer, theirs.id);
    expect(foreign.statusCode).toBe(404);
    expect((await check(mine.customer, 2 ** 31 - 1)).statusCode).toBe(404);
    await db().query(`UPDATE proxies SET state = 'suspended' WHERE id = $1`, [mine.id]);
    const ru = await check(mine.customer, mine.id, RU);
    expect(ru.statusCode).toBe(403);
    expect(ru.json()).toEqual({ detail: 'Этот прокси не активен: продлите его, чтобы проверить.' });
    const en = await check(mine.customer, mine.id, EN);
    expect(en.json()).toEqual({ detail: 'This proxy is not active: renew it to check it.' });
  });

  it('says the farm has not answered when the agent is silent, and a later answer still shows (en)', async () => {
    const { hostId, modemId, owners } = await onOneModem(1);
    const [{ customer, id }] = owners as [{ customer: Customer; id: number }];
    const silent = await check(customer, id, EN);
    expect(silent.statusCode).toBe(504);
    expect(silent.json()).toEqual({ detail: 'The farm has not answered the check yet. Try again in a minute.' });
    await agentChecks(hostId, modemId, { ok: false, ip: null });
    const page = await suite.app.inject({ url: `/api/proxies/${id}/`, headers: customer.headers });
    expect(page.json().health).toMatchObject({ ok: false, latency_ms: null, ip: null, uptime_24h: 0 });
  });

  it('two proxies on one modem share one check of it', async () => {
    const { hostId, modemId, owners } = await onOneModem(2);
    const [first, second] = owners as [{ customer: Customer; id: number }, { customer: Customer; id: number }];
    const checks = [check(first.customer, first.id), check(second.customer, second.id)];
    // Both asks are in before the agent answers: one pending request of the modem.
    for (let tries = 0; tries < 100; tries++) {
      const [row] = await db().query<{ n: number }>(
        'SELECT count(*)::int AS n FROM check_requests WHERE modem_id = $1',
        [modemId],
      );
      if (row?.n === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await agentChecks(hostId, modemId, { ok: true, ip: '203.0.113.51' });
    for (const answer of await Promise.all(checks)) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().health).toMatchObject({ ok: true, ip: '203.0.113.51' });
    }
    const pending = await db().query(`SELECT 1 FROM check_requests WHERE modem_id = $1 AND status = 'pending'`, [
      modemId,
    ]);
    expect(pending).toHaveLength(0);
  });

  it('two check-nows of one proxy at once: one check is asked of the agent, the other waits out the cooldown', async () => {
    const { modemId, owners } = await onOneModem(1);
    const [{ customer, id }] = owners as [{ customer: Customer; id: number }];
    const farm = farmService(db());
    const outcomes = await Promise.all([
      farm.requestCustomerCheck(id, customer.id),
      farm.requestCustomerCheck(id, customer.id),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['started', 'wait']);
    const rows = await db().query('SELECT id FROM check_requests WHERE modem_id = $1', [modemId]);
    expect(rows).toHaveLength(1);
  });
});
