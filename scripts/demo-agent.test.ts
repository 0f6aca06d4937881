import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmService } from '../server/domains/farm/index.ts';
import { startServer, type RunningServer } from '../server/server.ts';
import { createUser, freshEmail } from '../server/test/accounts.ts';
import { startDemoAgent } from './demo-agent.ts';

const run = promisify(execFile);

/** `npm start`'s demo farm: the server seeds the `local` host and its modems, and the agent beside it serves them. */
describe('the demo farm agent', () => {
  let dataDir: string;
  let server: RunningServer;
  let stopAgent: () => Promise<void>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'demo-agent-'));
    server = await startServer({
      env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
      serveSite: false,
      logger: false,
    });
    stopAgent = await startDemoAgent(server);
  });
  afterAll(async () => {
    await stopAgent();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('carries a proxy on a seeded modem from that modem’s loopback address', async () => {
    const echo = createServer((request, response) => response.end(request.socket.remoteAddress));
    echo.listen(0, '127.0.0.1');
    await once(echo, 'listening');
    try {
      const db = server.app.db;
      const [modem] = await db.query<{ id: number }>("SELECT id FROM modems WHERE key = 'sim-1'");
      const owner = await createUser(db, { email: freshEmail('demo') });
      const proxy = await farmService(db).createProxy({
        ownerId: owner.id,
        modemId: (modem as { id: number }).id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      expect(proxy.httpPort).toBe(30_000);
      const target = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/`;
      const proxyUrl = `http://${proxy.login}:${proxy.password}@127.0.0.1:${proxy.httpPort}`;
      let source = '';
      for (let attempt = 0; attempt < 100 && !/^127\.0\.0\.\d+$/.test(source); attempt += 1) {
        source = await run('curl', ['-sS', '--max-time', '2', '-x', proxyUrl, target]).then(
          ({ stdout }) => stdout,
          () => '',
        );
        if (!source) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The modem's address as the agent reports it: what the target saw.
      const reported = async () =>
        (await db.query<{ ip: string | null }>('SELECT ip FROM modems WHERE id = $1', [proxy.modemId]))[0]?.ip;
      await expect.poll(reported, { timeout: 15_000 }).toBe(source);
      expect(source).not.toBe('127.0.0.1');
    } finally {
      echo.close();
    }
  });
});
