// The farm bench's simulated host speaks the agents' protocol as the API takes it: one host against the app over
// HTTP gets its config, has its reports (modems and the running minute's traffic) stored, and answers a customer's
// rotation, told of it apart from the config (protocol 2), with a result the API records.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, freshEmail } from '../../server/test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../server/test/helpers.ts';
import { farmService } from '../../server/domains/farm/index.ts';
import { SimulatedHost } from './host.ts';

describe.each(BACKENDS)('a simulated farm host on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let host: SimulatedHost | undefined;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await host?.stop();
    await app.close();
    await testDb.dispose();
  });

  it('gets its config, has its reports stored and answers a rotation', async () => {
    const farm = farmService(testDb.db);
    const made = await farm.createHost({
      name: 'sim',
      publicHost: 'sim.example.com',
      portMin: 20_000,
      portMax: 20_099,
    });
    const modems = [];
    for (const key of ['sim-1', 'sim-2']) {
      const modem = await farm.createModem({
        hostId: made.host.id,
        name: key,
        key,
        country: 'RU',
        city: 'Sim City',
        operator: 'SimTel',
      });
      modems.push({ id: modem.id, key });
    }
    const owner = await createUser(testDb.db, { email: freshEmail('sim-owner') });
    const proxy = await farm.createProxy({
      ownerId: owner.id,
      modemId: modems[0]?.id as number,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const answers: ('config' | 'delta' | 'rotations')[] = [];
    const reports: number[] = [];
    host = new SimulatedHost({
      url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      token: made.token,
      modems,
      reportIntervalMs: 200,
      configWaitSeconds: 1,
      rotationMs: [10, 20],
      onConfig: (kind) => answers.push(kind),
      onReport: (_ms, status) => reports.push(status),
    });
    host.start();

    // The first report may go before the first config (an agent reports its modems from the start): wait for one
    // carrying the proxy's minute.
    const stored = async () =>
      (
        await testDb.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM traffic_minutes WHERE proxy_id = $1 AND bytes_out > 0',
          [proxy.id],
        )
      )[0]?.n;
    await vi.waitFor(async () => expect(await stored()).toBeGreaterThan(0), { timeout: 8_000, interval: 50 });
    expect(answers[0]).toBe('config');
    expect(host.proxies).toEqual([proxy.id]);
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((status) => status === 204)).toBe(true);

    const rotation = await farm.requestCustomerRotation(proxy.id, owner.id);
    if (rotation.kind !== 'started') throw new Error(`no rotation started: ${rotation.kind}`);
    await vi.waitFor(async () => expect((await farm.rotation(rotation.rotationId))?.status).toBe('done'), {
      timeout: 8_000,
      interval: 50,
    });
    expect(answers).toContain('rotations');

    // An order: the host learns of the new proxy from a delta (protocol 3), not a whole config.
    const ordered = await farm.createProxy({
      ownerId: owner.id,
      modemId: modems[1]?.id as number,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await vi.waitFor(() => expect(host?.proxies).toEqual([proxy.id, ordered.id]), { timeout: 8_000, interval: 50 });
    expect(answers.at(-1)).toBe('delta');
    expect(answers.filter((kind) => kind === 'config')).toHaveLength(1);
  });
});
