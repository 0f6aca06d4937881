// #49: the Farm section's host list says whether each host's public address answers on a port its agent serves, so
// staff see a host whose customers' connection strings point nowhere.
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { createFarm, freshPlace } from '../../test/orders.ts';
import { farmService } from './farm-service.ts';

describe.each(BACKENDS)('farm hosts’ public addresses on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let key = '';

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db });
    const admin = await createUser(testDb.db, { email: freshEmail('reach-admin'), staff: true, superuser: true });
    key = await login(app, admin.email);
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  const hosts = async () => {
    const answer = await app.inject({ url: '/api/panel/farm/hosts/', headers: { ...EN, ...tokenHeader(key) } });
    expect(answer.statusCode).toBe(200);
    return answer.json() as { id: number; public_host: string; reachable: boolean | null }[];
  };
  const heard = (hostId: number) =>
    testDb.db.query(
      `UPDATE agent_hosts SET last_seen_at = now(), alive_until = now() + interval '1 minute' WHERE id = $1`,
      [hostId],
    );

  it('says an address that answers on its proxy port is reachable, a refused or unroutable one is not, and null with nothing to try', async () => {
    // A port nothing listens on yet, taken from the system and given back, for the host's only proxy.
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as { port: number }).port;
    probe.close();
    await once(probe, 'close');

    const { hostId, modemIds } = await createFarm(testDb.db, freshPlace(), { online: 1, portMin: port });
    const farm = farmService(testDb.db);
    expect(await farm.updateHost(hostId, { publicHost: '127.0.0.1' })).toBe(true);
    const customer = await createUser(testDb.db, { email: freshEmail('reach') });
    const proxy = await farm.createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(proxy.httpPort).toBe(port);
    const mine = async () => (await hosts()).find((host) => host.id === hostId);

    // Its agent never reported: nothing listens on its behalf yet, and that is not the address's fault.
    expect((await mine())?.reachable).toBeNull();
    await heard(hostId);
    // Nothing listens on the address and port: the strings point nowhere.
    expect((await mine())?.reachable).toBe(false);

    const agent: Server = createServer((socket) => socket.end());
    agent.listen(port, '127.0.0.1');
    await once(agent, 'listening');
    try {
      expect((await mine())?.reachable).toBe(true);
      // Staff give it an address nothing answers on (TEST-NET-1): false within the probe's timeout.
      expect(await farm.updateHost(hostId, { publicHost: '192.0.2.1' })).toBe(true);
      expect((await mine())?.reachable).toBe(false);
    } finally {
      agent.close();
    }

    // A heard host serving no proxy has no port to try.
    const idle = await createFarm(testDb.db, freshPlace(), { online: 1 });
    await heard(idle.hostId);
    expect((await hosts()).find((host) => host.id === idle.hostId)?.reachable).toBeNull();
  });
});
