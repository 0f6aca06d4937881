import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentConfigDeltaSchema,
  AgentConfigSchema,
  applyConfigDelta,
  type AgentConfig,
} from '@proxy/contract/schemas/farm-agent';
import * as v from 'valibot';
import { createUser, EN, freshEmail, RU } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { KEPT_SNAPSHOTS } from './config-delta.ts';
import { farmService, type FarmService } from './farm-service.ts';

/** The agents' API and the change-IP link against the database, with requests as an agent and a customer send them. */
describe.each(BACKENDS)('the agents API on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let farm: FarmService;
  let clock = Date.now();
  const hosts: { id: number; token: string; modemId: number }[] = [];

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db, farm: { rotationWaitMs: 3_000 }, now: () => clock });
    farm = farmService(testDb.db);
    for (const name of ['alpha', 'beta']) {
      const { host, token } = await farm.createHost({
        name,
        publicHost: `${name}.example.com`,
        portMin: 20_000,
        portMax: 20_009,
      });
      const modem = await farm.createModem({
        hostId: host.id,
        name: `${name} 1`,
        key: 'sim-1',
        country: 'RU',
        city: 'Moscow',
        operator: 'MTS',
      });
      hosts.push({ id: host.id, token, modemId: modem.id });
    }
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const alpha = () => hosts[0] as { id: number; token: string; modemId: number };
  const beta = () => hosts[1] as { id: number; token: string; modemId: number };
  const config = (token: string, query = '') =>
    app.inject({ url: `/api/agent/config/${query}`, headers: { ...EN, ...bearer(token) } });
  const report = (token: string, body: object) =>
    app.inject({ method: 'POST', url: '/api/agent/report/', headers: bearer(token), payload: body });
  const onlineReport = (modemId: number, ip: string) => ({
    config_version: null,
    started_at: new Date().toISOString(),
    modems: [{ key: 'sim-1', modem_id: modemId, status: 'online', ip, checked_at: new Date().toISOString() }],
    traffic: [],
  });
  const newProxy = async (modemId: number) => {
    const owner = await createUser(testDb.db, { email: freshEmail('proxy-owner') });
    return farm.createProxy({ ownerId: owner.id, modemId, expiresAt: new Date(Date.now() + 86_400_000) });
  };

  it('refuses a missing, foreign-scheme or unknown token in the request language', async () => {
    for (const headers of [{}, { authorization: `Token ${alpha().token}` }, bearer('not-a-host-token-at-all')]) {
      const refused = await app.inject({ url: '/api/agent/config/', headers: { ...RU, ...headers } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: 'Недопустимый токен.' });
    }
    const reportRefused = await report('wrong-token-wrong-token', onlineReport(alpha().modemId, '127.0.0.9'));
    expect(reportRefused.statusCode).toBe(401);
  });

  it('gives each host its own configuration, in the contract shape, and 304 while it has not moved', async () => {
    const first = await config(alpha().token);
    expect(first.statusCode).toBe(200);
    const parsed = v.parse(AgentConfigSchema, first.json());
    expect(parsed.modems.map((modem) => modem.id)).toEqual([alpha().modemId]);
    const unchanged = await config(alpha().token, `?since=${parsed.version}&wait=0`);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // A long poll answers as soon as the host's configuration moves (a proxy added), not at the end of its wait.
    const started = Date.now();
    const waiting = config(alpha().token, `?since=${parsed.version}&wait=20`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const proxy = await newProxy(alpha().modemId);
    const moved = await waiting;
    expect(moved.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const next = v.parse(AgentConfigSchema, moved.json());
    expect(next.version).not.toBe(parsed.version);
    expect(next.proxies).toContainEqual({
      id: proxy.id,
      modem_id: alpha().modemId,
      http_port: proxy.httpPort,
      socks_port: proxy.socksPort,
      login: proxy.login,
      password: proxy.password,
      whitelist: [],
      state: 'active',
    });
    // The other host hears nothing of it.
    expect(v.parse(AgentConfigSchema, (await config(beta().token)).json()).proxies).toEqual([]);
    expect((await config(alpha().token, '?wait=99')).statusCode).toBe(400);
  });

  it('records modem states and traffic of its own host only; a repeated report replaces, never adds', async () => {
    const proxy = await newProxy(alpha().modemId);
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString();
    const body = {
      ...onlineReport(alpha().modemId, '127.0.0.21'),
      traffic: [{ proxy_id: proxy.id, minute, bytes_in: 1_000, bytes_out: 50_000 }],
    };
    expect((await report(alpha().token, body)).statusCode).toBe(204);
    expect((await report(alpha().token, body)).statusCode).toBe(204);
    const [hour] = await testDb.db.query<{ bytes_in: number; bytes_out: number }>(
      `SELECT bytes_in, bytes_out FROM traffic_rollups WHERE proxy_id = $1 AND period = 'hour'`,
      [proxy.id],
    );
    expect(hour).toEqual({ bytes_in: 1_000, bytes_out: 50_000 });
    const [day] = await testDb.db.query(
      `SELECT bytes_in, bytes_out FROM traffic_rollups WHERE proxy_id = $1 AND period = 'day'`,
      [proxy.id],
    );
    expect(day).toEqual({ bytes_in: 1_000, bytes_out: 50_000 });

    // Another host cannot write this host's modem or proxy.
    const foreign = {
      ...onlineReport(alpha().modemId, '10.9.9.9'),
      traffic: [{ proxy_id: proxy.id, minute, bytes_in: 9, bytes_out: 9 }],
    };
    expect((await report(beta().token, foreign)).statusCode).toBe(204);
    const [modem] = await testDb.db.query('SELECT status, ip FROM modems WHERE id = $1', [alpha().modemId]);
    expect(modem).toEqual({ status: 'online', ip: '127.0.0.21' });
    const minutes = await testDb.db.query('SELECT bytes_in FROM traffic_minutes WHERE proxy_id = $1', [proxy.id]);
    expect(minutes).toEqual([{ bytes_in: 1_000 }]);

    const bad = await report(alpha().token, { ...body, traffic: [{ proxy_id: proxy.id, minute: 'yesterday' }] });
    expect(bad.statusCode).toBe(400);
  });

  it('rotates by the link: cooldown with Retry-After, the agent result recorded once, other hosts refused', async () => {
    await report(beta().token, onlineReport(beta().modemId, '127.0.0.31'));
    const proxy = await newProxy(beta().modemId);
    // Two clicks at once: one rotation is asked of the agent, the other click waits out the minute.
    const link = `/r/${proxy.rotateToken}`;
    const [first, second] = [app.inject(link), app.inject(link)];
    const pending = await eventuallyPending(beta().token);
    const finished = {
      status: 'done',
      ip: '127.0.0.32',
      previous_ip: '127.0.0.31',
      finished_at: new Date().toISOString(),
    };
    const stranger = await app.inject({
      method: 'POST',
      url: `/api/agent/rotations/${pending}/`,
      headers: bearer(alpha().token),
      payload: finished,
    });
    expect(stranger.statusCode).toBe(404);
    const done = await app.inject({
      method: 'POST',
      url: `/api/agent/rotations/${pending}/`,
      headers: bearer(beta().token),
      payload: finished,
    });
    expect(done.statusCode).toBe(204);
    const answers = [await first, await second].map((answer) => ({ status: answer.statusCode, body: answer.json() }));
    expect(answers).toContainEqual({ status: 200, body: { ok: true, ip: '127.0.0.32' } });
    expect(answers).toContainEqual({ status: 429, body: { ok: false, wait_seconds: 60 } });

    const repeated = await app.inject({
      method: 'POST',
      url: `/api/agent/rotations/${pending}/`,
      headers: { ...EN, ...bearer(beta().token) },
      payload: finished,
    });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json()).toEqual({ detail: 'This rotation is already finished.' });

    // Right after the rotation the modem is reconnecting (its agent reports it offline): a retrying script is told
    // to wait, not that the modem is down.
    const reconnecting = onlineReport(beta().modemId, '127.0.0.32');
    await report(beta().token, { ...reconnecting, modems: [{ ...reconnecting.modems[0], status: 'offline' }] });
    const retried = await app.inject(link);
    expect(retried.statusCode).toBe(429);
    expect(retried.headers['retry-after']).toBe('60');
    expect(retried.json()).toEqual({ ok: false, wait_seconds: 60 });
    await report(beta().token, reconnecting);

    clock += 45_000;
    const soon = await app.inject(link);
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('15');
    clock += 15_000;
    // A minute on, the link works again (the agent does not answer here: the link says so after its wait).
    const late = await app.inject(link);
    expect(late.statusCode).toBe(504);
    expect(late.json()).toEqual({ ok: false, error: 'timeout' });
    expect(late.headers['cache-control']).toBe('no-store');
  });

  it('never gives one port to two proxies, however many are made at once', async () => {
    const { host } = await farm.createHost({
      name: 'crowded',
      publicHost: 'c.example.com',
      portMin: 30_000,
      portMax: 30_007,
    });
    const modem = await farm.createModem({
      hostId: host.id,
      name: 'crowded',
      key: 'sim-1',
      country: 'RU',
      city: 'Kazan',
      operator: 'Beeline',
      capacity: 10,
    });
    const made = await Promise.allSettled(Array.from({ length: 6 }, () => newProxy(modem.id)));
    const proxies = made.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    // Eight ports make four proxies; the rest are refused, not given a taken port.
    expect(proxies).toHaveLength(4);
    expect(made.filter((result) => result.status === 'rejected')).toHaveLength(2);
    const ports = proxies.flatMap((proxy) => [proxy.httpPort, proxy.socksPort]);
    expect(new Set(ports).size).toBe(8);
  });

  it('answers a held long poll with 401 once staff regenerate the token or delete the host, not at its end', async () => {
    const { host, token } = await farm.createHost({
      name: 'gamma',
      publicHost: 'gamma.example.com',
      portMin: 21_000,
      portMax: 21_009,
    });
    const { version } = v.parse(AgentConfigSchema, (await config(token)).json());
    const started = Date.now();
    const waiting = config(token, `?since=${version}&wait=20`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const fresh = (await farm.regenerateHostToken(host.id)) as string;
    const refused = await waiting;
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Invalid token.' });
    expect(Date.now() - started).toBeLessThan(5_000);

    const held = config(fresh, `?since=${version}&wait=20`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await farm.deleteHost(host.id);
    expect((await held).statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('tells an agent speaking protocol 2 of a rotation without a whole config; an older agent refetches it', async () => {
    const { host, token } = await farm.createHost({
      name: 'delta',
      publicHost: 'delta.example.com',
      portMin: 22_000,
      portMax: 22_019,
    });
    const modem = await farm.createModem({
      hostId: host.id,
      name: 'delta 1',
      key: 'sim-1',
      country: 'RU',
      city: 'Moscow',
      operator: 'MTS',
      capacity: 10,
    });
    await report(token, onlineReport(modem.id, '127.0.0.41'));
    const [proxy] = await Promise.all(Array.from({ length: 10 }, () => newProxy(modem.id)));
    const whole = await config(token, '?protocol=2');
    const current = v.parse(AgentConfigSchema, whole.json());
    expect(current.rotations_version).toMatch(/^\d+$/);
    const older = v.parse(AgentConfigSchema, (await config(token)).json());
    expect(older.rotations_version).toBeUndefined();

    // What each agent receives while a customer's link rotates the modem: the new one only the rotations.
    const received: { agent: 'new' | 'old'; status: number; bytes: number; body: unknown }[] = [];
    let since = { config: current.version, rotations: current.rotations_version as string, old: older.version };
    const poll = async () => {
      const [latest, old] = await Promise.all([
        config(token, `?protocol=2&since=${since.config}&rotations=${since.rotations}&wait=20`),
        config(token, `?since=${since.old}&wait=20`),
      ]);
      for (const [agent, answer] of [
        ['new', latest],
        ['old', old],
      ] as const) {
        received.push({ agent, status: answer.statusCode, bytes: answer.rawPayload.length, body: answer.json() });
      }
      const next = latest.json<{ rotations_version: string; rotations: { id: number }[] }>();
      since = { ...since, rotations: next.rotations_version, old: v.parse(AgentConfigSchema, old.json()).version };
      return next.rotations;
    };
    const asked = poll();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const link = app.inject(`/r/${proxy?.rotateToken}`);
    const [rotation] = await asked;
    expect(rotation).toBeDefined();
    const ended = poll();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const done = await app.inject({
      method: 'POST',
      url: `/api/agent/rotations/${rotation?.id}/`,
      headers: bearer(token),
      payload: { status: 'done', ip: '127.0.0.42', previous_ip: '127.0.0.41', finished_at: new Date().toISOString() },
    });
    expect(done.statusCode).toBe(204);
    expect(await ended).toEqual([]);
    // The customer sees the result as before.
    expect((await link).json()).toEqual({ ok: true, ip: '127.0.0.42' });

    const newer = received.filter((answer) => answer.agent === 'new');
    expect(newer.map((answer) => answer.status)).toEqual([200, 200]);
    expect(newer.map((answer) => (answer.body as { kind: string }).kind)).toEqual(['rotations', 'rotations']);
    expect(newer.map((answer) => answer.body)).toEqual([
      { kind: 'rotations', rotations_version: expect.any(String), rotations: [rotation] },
      { kind: 'rotations', rotations_version: expect.any(String), rotations: [] },
    ]);
    expect(whole.rawPayload.length).toBeGreaterThan(1_500);
    for (const answer of newer) expect(answer.bytes).toBeLessThan(200);
    // Its config did not move: asked again, the API has nothing new for it.
    const still = await config(token, `?protocol=2&since=${current.version}&rotations=${since.rotations}&wait=0`);
    expect(still.statusCode).toBe(304);

    // The older agent was sent the whole config twice, as before: with the rotation, then without it.
    const old = received.filter((answer) => answer.agent === 'old');
    expect(old.map((answer) => v.parse(AgentConfigSchema, answer.body).rotations.map((listed) => listed.id))).toEqual([
      [rotation?.id],
      [],
    ]);
    for (const answer of old) expect(answer.bytes).toBeGreaterThan(1_500);

    // Its reports name the version it serves: staff see the config's part of it.
    await report(token, { ...onlineReport(modem.id, '127.0.0.42'), config_version: since.old });
    const [served] = await testDb.db.query(
      'SELECT served_version, config_version::text FROM agent_hosts WHERE id = $1',
      [host.id],
    );
    expect(served).toEqual({ served_version: current.version, config_version: current.version });
  });

  it('sends an agent speaking protocol 3 an order as a delta; protocol 1 and 2 agents still get whole configs', async () => {
    const { host, token } = await farm.createHost({
      name: 'deltas',
      publicHost: 'deltas.example.com',
      portMin: 24_000,
      portMax: 24_999,
    });
    const modemIds: number[] = [];
    for (let index = 1; index <= 10; index++) {
      const modem = await farm.createModem({
        hostId: host.id,
        name: `deltas ${index}`,
        key: `sim-${index}`,
        country: 'RU',
        city: 'Moscow',
        operator: 'MTS',
        capacity: 31,
      });
      modemIds.push(modem.id);
    }
    const owner = await createUser(testDb.db, { email: freshEmail('deltas-owner') });
    const expiresAt = new Date(Date.now() + 86_400_000);
    for (let index = 0; index < 300; index++) {
      await farm.createProxy({ ownerId: owner.id, modemId: modemIds[index % 10] as number, expiresAt });
    }
    const since = (config: AgentConfig) =>
      `?protocol=3&since=${config.version}&rotations=${config.rotations_version}&wait=0`;
    const whole = await config(token, '?protocol=3');
    let agent = v.parse(AgentConfigSchema, whole.json());
    expect(agent.proxies).toHaveLength(300);
    expect(whole.rawPayload.length).toBeGreaterThan(30_000);
    expect((await config(token, since(agent))).statusCode).toBe(304);
    const olderV1 = v.parse(AgentConfigSchema, (await config(token)).json());
    const olderV2 = v.parse(AgentConfigSchema, (await config(token, '?protocol=2')).json());

    // An order: the delta carries the new proxy alone, and applied it is the whole config.
    const ordered = await farm.createProxy({ ownerId: owner.id, modemId: modemIds[0] as number, expiresAt });
    const answer = await config(token, since(agent));
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBeLessThan(1_024);
    const delta = v.parse(AgentConfigDeltaSchema, answer.json());
    expect(delta).toMatchObject({ kind: 'delta', from: agent.version, removals: [], upserts: [{ id: ordered.id }] });
    expect(delta.modems).toBeUndefined();
    agent = applyConfigDelta(agent, delta) as AgentConfig;
    expect(agent).toEqual(v.parse(AgentConfigSchema, (await config(token, '?protocol=3')).json()));

    // Several changes between two polls (a new password, a suspension): one delta with both.
    const [first, second] = agent.proxies;
    await farm.regeneratePassword(first?.id as number);
    await farm.setState(second?.id as number, 'suspended');
    const both = v.parse(AgentConfigDeltaSchema, (await config(token, since(agent))).json());
    expect(both.upserts.map((proxy) => proxy.id)).toEqual([first?.id, second?.id]);
    agent = applyConfigDelta(agent, both) as AgentConfig;
    expect(agent).toEqual(v.parse(AgentConfigSchema, (await config(token, '?protocol=3')).json()));

    // Protocol 1 and 2 agents are sent whole configs as before.
    for (const [query, older] of [
      [`?since=${olderV1.version}&wait=0`, olderV1],
      [`?protocol=2&since=${olderV2.version}&rotations=${olderV2.rotations_version}&wait=0`, olderV2],
    ] as const) {
      const sent = await config(token, query);
      expect(sent.statusCode).toBe(200);
      const parsed = v.parse(AgentConfigSchema, sent.json());
      expect(parsed.version).not.toBe(older.version);
      expect(parsed.proxies).toHaveLength(301);
    }

    // A version the API does not know, or no longer keeps, is answered with the whole config.
    const unknown = await config(token, `?protocol=3&since=not-a-version&rotations=${agent.rotations_version}`);
    expect(v.parse(AgentConfigSchema, unknown.json()).proxies).toHaveLength(301);
    const stale = agent;
    for (let index = 0; index <= KEPT_SNAPSHOTS; index++) {
      await farm.regeneratePassword(first?.id as number);
      await config(token, '?protocol=3');
    }
    const fallback = await config(token, since(stale));
    expect(v.parse(AgentConfigSchema, fallback.json()).proxies).toHaveLength(301);
    const [kept] = await testDb.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM agent_config_snapshots WHERE host_id = $1',
      [host.id],
    );
    expect(kept?.n).toBe(KEPT_SNAPSHOTS);
  });

  async function eventuallyPending(token: string): Promise<number> {
    const deadline = Date.now() + 3_000;
    for (;;) {
      const rotations = v.parse(AgentConfigSchema, (await config(token)).json()).rotations;
      if (rotations[0]) return rotations[0].id;
      if (Date.now() > deadline) throw new Error('no rotation was asked of the agent');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
});
