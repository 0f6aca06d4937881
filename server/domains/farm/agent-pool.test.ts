import { applyConfigDelta, type AgentConfig } from '@proxy/contract/schemas/farm-agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createUser, freshEmail } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { farmService } from './farm-service.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');

/**
 * The agents' own pool (#42, `DB_AGENT_POOL_SIZE`): an order burst holding every connection of the main pool does not
 * make an agent's report or config poll wait. PostgreSQL only: PGlite has one connection, which everything shares.
 */
describe.runIf(postgres)('the agents pool and config deltas on PostgreSQL', () => {
  let testDb: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!postgres) throw new Error('DATABASE_URL is not set');
    testDb = await openSeededDb(postgres);
    app = await buildTestApp({ db: testDb.db });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('answers a report and a config poll while every connection of the main pool is held', async () => {
    const farm = farmService(testDb.db);
    const { host, token } = await farm.createHost({
      name: 'pooled',
      publicHost: 'pooled.example.com',
      portMin: 25_000,
      portMax: 25_009,
    });
    const modem = await farm.createModem({
      hostId: host.id,
      name: 'pooled 1',
      key: 'sim-1',
      country: 'RU',
      city: 'Moscow',
      operator: 'MTS',
    });
    const max = testDb.db.stats?.().pool?.max ?? 0;
    expect(max).toBeGreaterThan(0);
    expect(testDb.db.agents).toBeDefined();

    // Every connection of the main pool in an open transaction, as an order burst holds them.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const opened: Promise<void>[] = [];
    const held = Array.from({ length: max }, () => {
      let began = () => {};
      opened.push(new Promise<void>((resolve) => (began = resolve)));
      return testDb.db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        began();
        await released;
      });
    });
    try {
      await Promise.all(opened);
      expect(testDb.db.stats?.().pool).toMatchObject({ total: max, idle: 0 });
      const started = Date.now();
      const now = new Date().toISOString();
      const report = await app.inject({
        method: 'POST',
        url: '/api/agent/report/',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          config_version: null,
          started_at: now,
          modems: [{ key: 'sim-1', modem_id: modem.id, status: 'online', ip: '127.0.0.51', checked_at: now }],
          traffic: [],
        },
      });
      expect(report.statusCode).toBe(204);
      // Anything of it waiting for the main pool would have waited out its 5 s connection timeout first.
      expect(Date.now() - started).toBeLessThan(2_500);
      const config = await app.inject({
        url: '/api/agent/config/?protocol=3',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(config.statusCode).toBe(200);
      expect(config.json()).toMatchObject({ modems: [{ id: modem.id, ip: '127.0.0.51' }] });
      // The main pool was still full throughout: nothing of the agent's went through it.
      expect(testDb.db.stats?.().pool).toMatchObject({ total: max, idle: 0 });
    } finally {
      release();
      await Promise.all(held);
    }
  });

  it('an agent polling twice at once while orders land applies deltas to exactly the whole config (#42)', async () => {
    const farm = farmService(testDb.db);
    const { host } = await farm.createHost({
      name: 'racing',
      publicHost: 'racing.example.com',
      portMin: 26_000,
      portMax: 26_199,
    });
    const modemIds: number[] = [];
    for (let index = 1; index <= 4; index++) {
      const modem = await farm.createModem({
        hostId: host.id,
        name: `racing ${index}`,
        key: `sim-${index}`,
        country: 'RU',
        city: 'Moscow',
        operator: 'MTS',
        capacity: 10,
      });
      modemIds.push(modem.id);
    }
    const owner = await createUser(testDb.db, { email: freshEmail('racing-owner') });
    const expiresAt = new Date(Date.now() + 86_400_000);
    let agent = (await farm.configSince(host.id, undefined)) as AgentConfig;
    let ordering = true;
    let polls = 0;
    const orders = Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        farm.createProxy({ ownerId: owner.id, modemId: modemIds[index % 4] as number, expiresAt }),
      ),
    ).finally(() => (ordering = false));
    // The agent asks twice with the same `since` (an answer it lost, asked again) and takes either answer.
    const poll = async () => {
      const answers = await Promise.all([
        farm.configSince(host.id, agent.version),
        farm.configSince(host.id, agent.version),
      ]);
      const answer = answers[polls++ % 2];
      if (answer === null || answer === undefined) throw new Error('no config');
      const next = 'kind' in answer ? applyConfigDelta(agent, answer) : answer;
      if (next === null) throw new Error(`a delta from ${answer.version} did not apply to ${agent.version}`);
      agent = next;
    };
    while (ordering) await poll();
    await orders;
    await poll();
    expect(agent.proxies).toHaveLength(24);
    expect(agent).toEqual(await farm.config(host.id, 3));
  });
});
