// The proxy page's actions of issue #29 in the customer API (#30): `POST /api/v1/proxies/{id}/reboot`, `/login` and
// `/check`. Each wraps the site's own service, so the same cooldowns hold; here: the scope (reboot and check need
// `proxies:rotate`, login `proxies:write`), another customer's proxy a 404, the cooldown a 429 with `Retry-After`, and
// success, all in the API's one error shape.
import { API_KEY_SCOPES, type ApiKeyScope } from '@proxy/contract/schemas/api-keys';
import { CHECK_COOLDOWN_SECONDS } from '@proxy/contract/schemas/proxies';
import { describe, expect, it } from 'vitest';
import { EN, RU } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, freshPlace, type Customer } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const DAY = 86_400_000;

describe.each(BACKENDS)('the customer API: reboot, login and check now on $name', (backend) => {
  const suite = seededApp(backend, { farm: { rotationWaitMs: 3_000 } });
  const db = () => suite.testDb.db;

  /** `count` customers with a proxy each on one online modem of a fresh place. */
  async function onOneModem(count: number) {
    const { hostId, modemIds } = await createFarm(db(), freshPlace(), { online: 1, capacity: count });
    const modemId = modemIds[0] as number;
    const owners: { customer: Customer; id: number }[] = [];
    for (let n = 0; n < count; n++) {
      const customer = await createCustomer(suite.app, db());
      const proxy = await farmService(db()).createProxy({
        ownerId: customer.id,
        modemId,
        expiresAt: new Date(Date.now() + 30 * DAY),
      });
      owners.push({ customer, id: proxy.id });
    }
    return { hostId, modemId, owners: owners as [{ customer: Customer; id: number }, ...typeof owners] };
  }
  async function makeKey(customer: Customer, scopes: readonly ApiKeyScope[]) {
    const answer = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: 'script', scopes },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ secret: string }>().secret;
  }
  const call = (secret: string, url: string, payload: object = {}, headers: Record<string, string> = EN) =>
    suite.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, authorization: `Bearer ${secret}` },
      payload,
    });

  /** The agent's part of a reboot: it finds the pending reboot of the modem and reports the modem back with `ip`. */
  async function agentReboots(hostId: number, modemId: number, ip: string) {
    for (let tries = 0; tries < 150; tries++) {
      const [pending] = await db().query<{ id: number }>(
        `SELECT id::int AS id FROM rotations WHERE modem_id = $1 AND status = 'pending' AND kind = 'reboot'`,
        [modemId],
      );
      if (pending) {
        const finished = await farmService(db()).finishRotation(hostId, pending.id, {
          status: 'done',
          ip,
          previous_ip: null,
          finished_at: new Date().toISOString(),
        });
        expect(finished).toBe(true);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the reboot never reached the agent');
  }

  /** The agent's part of a check: it finds the check in its configuration and posts a working result. */
  async function agentChecks(hostId: number, modemId: number, ip: string) {
    const farm = farmService(db());
    for (let tries = 0; tries < 150; tries++) {
      const listed = (await farm.config(hostId))?.checks?.find((request) => request.modem_id === modemId);
      if (listed) {
        const finished = await farm.finishCheck(hostId, listed.id, {
          ok: true,
          ip,
          latency_ms: 80,
          error: null,
          checked_at: new Date().toISOString(),
        });
        expect(finished).toBe(true);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the check never reached the agent');
  }

  it('asks each action for its scope: 403 in the API shape without it (ru)', async () => {
    const { owners } = await onOneModem(1);
    const [{ customer, id }] = owners;
    for (const [scope, action] of [
      ['proxies:rotate', 'reboot'],
      ['proxies:rotate', 'check'],
      ['proxies:write', 'login'],
    ] as const) {
      const secret = await makeKey(
        customer,
        API_KEY_SCOPES.filter((other) => other !== scope),
      );
      const answer = await call(secret, `/api/v1/proxies/${id}/${action}/`, { login: 'uabcdefgh1' }, RU);
      expect(answer.statusCode, action).toBe(403);
      expect(answer.json()).toEqual({
        error: { code: 'forbidden', message: `У этого API-ключа нет права «${scope}».` },
      });
    }
  });

  it("answers 404 for another customer's proxy, on every action", async () => {
    const { owners } = await onOneModem(2);
    const [mine, theirs] = owners as [{ customer: Customer; id: number }, { customer: Customer; id: number }];
    const secret = await makeKey(mine.customer, API_KEY_SCOPES);
    for (const action of ['reboot', 'check', 'login']) {
      const answer = await call(secret, `/api/v1/proxies/${theirs.id}/${action}`, { login: 'uabcdefgh2' });
      expect(answer.statusCode, action).toBe(404);
      expect(answer.json().error.code).toBe('not_found');
    }
    const [row] = await db().query<{ login: string }>('SELECT login FROM proxies WHERE id = $1', [theirs.id]);
    expect(row?.login).not.toBe('uabcdefgh2');
  });

  it("reboots with proxies:rotate: the new IP, then the reboot's cooldown as 429 with Retry-After (en, ru)", async () => {
    const { hostId, modemId, owners } = await onOneModem(1);
    const [{ customer, id }] = owners;
    const secret = await makeKey(customer, ['proxies:rotate']);
    const rebooting = call(secret, `/api/v1/proxies/${id}/reboot/`);
    await agentReboots(hostId, modemId, '203.0.113.77');
    const done = await rebooting;
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true, ip: '203.0.113.77' });

    for (const [language, words] of [
      [EN, /^Request was throttled\. Expected available in \d+ seconds\.$/],
      [RU, /^Слишком много запросов\. Повторите через \d+ (секунду|секунды|секунд)\.$/],
    ] as const) {
      const again = await call(secret, `/api/v1/proxies/${id}/reboot/`, {}, language);
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(60);
      expect(again.json()).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(words) } });
    }
  });

  it('refuses to reboot a modem other customers use: 409 modem_shared, worded', async () => {
    const { owners } = await onOneModem(2);
    const [{ customer, id }] = owners;
    const secret = await makeKey(customer, ['proxies:rotate']);
    const answer = await call(secret, `/api/v1/proxies/${id}/reboot`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      error: {
        code: 'modem_shared',
        message: 'Other customers use this modem, and a reboot would cut them off too: ask support to reboot it.',
      },
    });
  });

  it('checks now with proxies:rotate: the proxy with its fresh health, then 429 with Retry-After', async () => {
    const { hostId, modemId, owners } = await onOneModem(1);
    const [{ customer, id }] = owners;
    const secret = await makeKey(customer, ['proxies:rotate']);
    const checking = call(secret, `/api/v1/proxies/${id}/check`);
    await agentChecks(hostId, modemId, '203.0.113.78');
    const done = await checking;
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id, health: { ok: true, latency_ms: 80, ip: '203.0.113.78' } });

    const again = await call(secret, `/api/v1/proxies/${id}/check`, {}, RU);
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(CHECK_COOLDOWN_SECONDS - 10);
    expect(wait).toBeLessThanOrEqual(CHECK_COOLDOWN_SECONDS);
    expect(again.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(
          new RegExp(`^Слишком много запросов\\. Повторите через ${wait} секунд[уы]?\\.$`),
        ),
      },
    });
  });

  it('changes the login with proxies:write; a taken one is a 400 on `login` (en, ru)', async () => {
    const { owners } = await onOneModem(2);
    const [mine, theirs] = owners as [{ customer: Customer; id: number }, { customer: Customer; id: number }];
    const secret = await makeKey(mine.customer, ['proxies:write']);
    const login = `u${String(mine.id).padStart(9, '0').slice(-9)}`;
    const changed = await call(secret, `/api/v1/proxies/${mine.id}/login`, { login: ` ${login.toUpperCase()} ` });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: mine.id, login });

    const [taken] = await db().query<{ login: string }>('SELECT login FROM proxies WHERE id = $1', [theirs.id]);
    const refused = await call(secret, `/api/v1/proxies/${mine.id}/login`, { login: taken?.login });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: expect.any(String),
        fields: { login: ['This login is taken: choose another one.'] },
      },
    });
    const bad = await call(secret, `/api/v1/proxies/${mine.id}/login`, { login: 'no' }, RU);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['login']);
  });
});
