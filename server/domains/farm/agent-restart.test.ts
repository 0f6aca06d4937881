import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { farmService } from './farm-service.ts';
import type { Proxy } from './proxies-repository.ts';

/**
 * "Traffic that survives" (#42), end to end: the API with its database, the real agent as its own process, a download
 * through one of its proxies, then the agent stopped (SIGTERM) or killed (kill -9) and started again. The owner's
 * traffic must count the download once: not lost with the process, not counted again by the restarted one.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
/** One download's body: what the customer's client receives, headers and all, is a little more. */
const N = 100_000;

/** Answers `/?bytes=<n>` with n bytes. */
async function startDownloads(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const body = Buffer.alloc(Number(new URL(request.url ?? '/', 'http://downloads').searchParams.get('bytes')), 'x');
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

async function eventually<T>(check: () => Promise<T | false | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== false && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(BACKENDS.map((backend, index) => ({ backend, index })))(
  'a restarted agent on $backend.name',
  { timeout: 90_000 },
  ({ backend, index }) => {
    let testDb: TestDb;
    let app: FastifyInstance;
    let apiUrl: string;
    let token: string;
    let ownerKey: string;
    let downloads: Awaited<ReturnType<typeof startDownloads>>;
    const proxies: Proxy[] = [];
    /** Each test's agent keeps its state in a folder of its own: the other's saved traffic is not in its reports. */
    const stateDirs: string[] = [];
    let agent: ChildProcess | undefined;
    let agentLog = '';

    beforeAll(async () => {
      testDb = await openSeededDb(backend);
      const farm = farmService(testDb.db);
      app = await buildTestApp({ db: testDb.db });
      apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      downloads = await startDownloads();
      const portMin = 44_000 + index * 1_000 + (process.pid % 50) * 10;
      const created = await farm.createHost({
        name: `restart-${index}`,
        publicHost: '127.0.0.1',
        portMin,
        portMax: portMin + 9,
      });
      token = created.token;
      const modem = await farm.createModem({
        hostId: created.host.id,
        name: 'Modem sim-1',
        key: 'sim-1',
        country: 'RU',
        city: 'Moscow',
        operator: 'MTS',
      });
      const email = freshEmail('restart');
      const owner = await createUser(testDb.db, { email });
      ownerKey = await login(app, email);
      // One proxy per test: each counts its own download.
      for (let i = 0; i < 2; i++) {
        proxies.push(
          await farm.createProxy({
            ownerId: owner.id,
            modemId: modem.id,
            expiresAt: new Date(Date.now() + 86_400_000),
          }),
        );
      }
    });

    afterAll(async () => {
      await stopAgent('SIGTERM');
      downloads.server.close();
      await app.close();
      await testDb.dispose();
      await Promise.all(stateDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    function newStateDir(): string {
      const dir = mkdtempSync(path.join(tmpdir(), 'farm-agent-'));
      stateDirs.push(dir);
      return dir;
    }

    async function startAgent(stateDir: string): Promise<void> {
      agent = spawn(process.execPath, [path.join(ROOT, 'agent/src/main.ts')], {
        env: {
          ...process.env,
          AGENT_API_URL: apiUrl,
          AGENT_TOKEN: token,
          AGENT_STATE_DIR: stateDir,
          AGENT_LISTEN_HOST: '127.0.0.1',
          AGENT_SIMULATOR_MODEMS: '1',
          AGENT_SIMULATOR_NETWORK: `127.0.${20 + index}.0/28`,
          // A minute a report: only the stop, the restart and the end of a minute send traffic.
          AGENT_REPORT_SECONDS: '60',
          AGENT_STATUS_SECONDS: '1',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      agent.stdout?.on('data', (chunk: Buffer) => (agentLog += chunk.toString()));
      agent.stderr?.on('data', (chunk: Buffer) => (agentLog += chunk.toString()));
    }

    async function stopAgent(signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null> {
      const child = agent;
      agent = undefined;
      if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
      const exited = once(child, 'exit') as Promise<[number | null]>;
      child.kill(signal);
      const [code] = await exited;
      return code;
    }

    /** Downloads `bytes` of the body through the proxy (curl, as a customer would); retried until the agent serves. */
    async function download(proxy: Proxy, bytes: number): Promise<void> {
      const via = `http://${proxy.login}:${proxy.password}@127.0.0.1:${proxy.httpPort}`;
      await eventually(async () => {
        const { stdout } = await run('curl', [
          ...['-sS', '--max-time', '5', '-x', via, '-o', '/dev/null', '-w', '%{http_code} %{size_download}'],
          `${downloads.url}?bytes=${bytes}`,
        ]).catch(() => ({ stdout: '' }));
        return stdout === `200 ${bytes}` || undefined;
      }, 15_000);
    }

    /** The bytes the owner sees the proxy carried to them, today. */
    async function trafficOut(proxy: Proxy): Promise<number> {
      const response = await app.inject({
        method: 'GET',
        url: `/api/proxies/${proxy.id}/traffic/?range=24h`,
        headers: tokenHeader(ownerKey),
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ total_out: number }>().total_out;
    }

    it('counts bytes downloaded just before a SIGTERM after the restart, once', async () => {
      const proxy = proxies[0] as Proxy;
      const stateDir = newStateDir();
      await startAgent(stateDir);
      await download(proxy, N);
      expect(await stopAgent('SIGTERM')).toBe(0);

      // Restarted (most likely within the same minute), it adds to what it counted before, so the minute's sum
      // replaces the bucket the stop sent instead of a smaller one overwriting it.
      await startAgent(stateDir);
      await download(proxy, N / 10);
      expect(await stopAgent('SIGTERM')).toBe(0);
      const total = await trafficOut(proxy);
      expect(total, agentLog).toBeGreaterThanOrEqual(N + N / 10);
      expect(total, agentLog).toBeLessThan(2 * N);
    });

    it('counts bytes downloaded before a kill -9 after the restart, once, once they were saved', async () => {
      const proxy = proxies[1] as Proxy;
      const stateDir = newStateDir();
      await startAgent(stateDir);
      await download(proxy, N);
      // The agent saves its buckets after each sample (every 5 s): wait for this download to be on disk.
      await eventually(async () => {
        const text = await readFile(path.join(stateDir, 'traffic.json'), 'utf8').catch(() => '');
        const saved = text ? (JSON.parse(text) as { buckets: { proxy_id: number; bytes_out: number }[] }) : null;
        const out = saved?.buckets.filter((bucket) => bucket.proxy_id === proxy.id) ?? [];
        return out.reduce((sum, bucket) => sum + bucket.bytes_out, 0) >= N || undefined;
      }, 15_000);
      expect(await stopAgent('SIGKILL')).toBeNull();
      expect(await trafficOut(proxy)).toBe(0);

      await startAgent(stateDir);
      // The restarted agent sends what it took back at once, not after the minute or the next report.
      const total = await eventually(async () => {
        const out = await trafficOut(proxy);
        return out >= N ? out : undefined;
      }, 15_000);
      expect(await stopAgent('SIGTERM')).toBe(0);
      expect(await trafficOut(proxy)).toBe(total);
      expect(total, agentLog).toBeLessThan(2 * N);
    });
  },
);
