import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, freshEmail } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { farmService, type FarmService } from './farm-service.ts';
import type { Proxy } from './proxies-repository.ts';

/**
 * The farm end to end on loopback (#12): the API with its database, the real agent as its own process with the
 * simulator (modems are 127.0.x.y addresses, so connections really leave from them), a local echo server that
 * answers with the address a connection came from, and curl as the customer's client.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** An HTTP server answering every request with `{"source": <the client's address>}`. */
async function startEcho(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ source: request.socket.remoteAddress?.replace(/^::ffff:/, '') }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** curl through a proxy: the status it got and the body. */
async function curl(proxy: string, target: string): Promise<{ status: number; body: string }> {
  const { stdout } = await run('curl', ['-sS', '--max-time', '5', '-x', proxy, '-w', '\n%{http_code}', target]).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '\n0' }),
  );
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

/** A CONNECT tunnel through the HTTP proxy on `port`, open (200) to `target`. */
async function openTunnel(port: number, credentials: string, target: string): Promise<Socket> {
  const connect = request({
    host: '127.0.0.1',
    port,
    method: 'CONNECT',
    path: target,
    headers: { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` },
    agent: false,
  });
  connect.end();
  const [response, socket] = (await once(connect, 'connect')) as [IncomingMessage, Socket];
  expect(response.statusCode).toBe(200);
  return socket;
}

const sourceOf = (answer: { body: string }) => (JSON.parse(answer.body) as { source: string }).source;

async function eventually<T>(check: () => Promise<T | false | undefined>, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== false && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(BACKENDS.map((backend, index) => ({ backend, index })))(
  'the farm on $backend.name',
  ({ backend, index }) => {
    let testDb: TestDb;
    let app: FastifyInstance;
    let apiUrl: string;
    let farm: FarmService;
    let agent: ChildProcess;
    let agentLog = '';
    let echo: Awaited<ReturnType<typeof startEcho>>;
    let token: string;
    let proxy: Proxy;
    let spareModemId: number;
    const portMin = 41_000 + index * 1_000 + (process.pid % 50) * 10;
    /** Every config answer with a body the agent received: a whole config, the rotations alone or a delta (#42). */
    const configAnswers: { kind: 'config' | 'rotations' | 'delta'; bytes: number }[] = [];

    const startApi = async (port = 0) => {
      app = await buildTestApp({ db: testDb.db, farm: { rotationWaitMs: 15_000 } });
      apiUrl = await app.listen({ port, host: '127.0.0.1' });
      // What goes over the wire to the agent, read at the socket's side of the API (the app is ready: no hooks).
      app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
        if (!request.url?.startsWith('/api/agent/config/')) return;
        const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
        response.end = ((...args: unknown[]) => {
          const [body] = args;
          if ((typeof body === 'string' || Buffer.isBuffer(body)) && body.length > 0) {
            // As sent: brotli or gzip when the agent's fetch accepted it and the body was worth it (fastify hands its
            // headers to writeHead, so the encoding is read off the body: gzip's magic bytes, JSON's brace, else br).
            const raw = Buffer.from(body);
            const text = (
              raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw[0] === 0x7b ? raw : brotliDecompressSync(raw)
            ).toString();
            const sent = (JSON.parse(text) as { kind?: string }).kind;
            const kind = sent === 'rotations' || sent === 'delta' ? sent : 'config';
            configAnswers.push({ kind, bytes: Buffer.byteLength(text) });
          }
          return end(...args);
        }) as typeof response.end;
      });
    };
    const viaHttp = (login: string, password: string) => `http://${login}:${password}@127.0.0.1:${proxy.httpPort}`;
    const modemIp = async (modemId: number) =>
      (await testDb.db.query<{ ip: string | null }>('SELECT ip FROM modems WHERE id = $1', [modemId]))[0]?.ip ?? null;

    beforeAll(async () => {
      testDb = await openSeededDb(backend);
      farm = farmService(testDb.db);
      await startApi();
      echo = await startEcho();
      const created = await farm.createHost({
        name: `loopback-${index}`,
        publicHost: '127.0.0.1',
        portMin,
        portMax: portMin + 9,
      });
      token = created.token;
      const modems = [];
      for (const key of ['sim-1', 'sim-2']) {
        modems.push(
          await farm.createModem({
            hostId: created.host.id,
            name: `Modem ${key}`,
            key,
            country: 'RU',
            city: 'Moscow',
            operator: 'MTS',
          }),
        );
      }
      spareModemId = (modems[1] as { id: number }).id;
      const owner = await createUser(testDb.db, { email: freshEmail('farm') });
      proxy = await farm.createProxy({
        ownerId: owner.id,
        modemId: (modems[0] as { id: number }).id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      agent = spawn(process.execPath, [path.join(ROOT, 'agent/src/main.ts')], {
        env: {
          ...process.env,
          AGENT_API_URL: apiUrl,
          AGENT_TOKEN: token,
          // Its saved configuration goes to a folder of this test's, not the user's home.
          AGENT_STATE_DIR: mkdtempSync(path.join(tmpdir(), 'farm-agent-')),
          AGENT_LISTEN_HOST: '127.0.0.1',
          AGENT_SIMULATOR_MODEMS: '2',
          AGENT_SIMULATOR_NETWORK: `127.0.${10 + index}.0/28`,
          AGENT_SIMULATOR_ROTATION_MS: '50-150',
          AGENT_SIMULATOR_REBOOT_MS: '300',
          AGENT_REPORT_SECONDS: '1',
          AGENT_STATUS_SECONDS: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      agent.stdout?.on('data', (chunk: Buffer) => (agentLog += chunk.toString()));
      agent.stderr?.on('data', (chunk: Buffer) => (agentLog += chunk.toString()));
      // The agent's report makes the modem online with its address.
      await eventually(async () => (await modemIp(proxy.modemId)) !== null, 15_000);
    });

    afterAll(async () => {
      if (agent.exitCode === null) {
        agent.kill('SIGTERM');
        await once(agent, 'exit');
      }
      echo.server.close();
      await app.close();
      await testDb.dispose();
    });

    it('carries a customer request over HTTP and SOCKS5 from the modem address; a wrong password is a 407', async () => {
      const ip = await modemIp(proxy.modemId);
      expect(ip).toMatch(/^127\.0\.\d+\.\d+$/);
      const http = await eventually(async () => {
        const answer = await curl(viaHttp(proxy.login, proxy.password), echo.url);
        return answer.status === 200 && answer;
      });
      expect(sourceOf(http)).toBe(ip);
      const socks = await curl(`socks5h://${proxy.login}:${proxy.password}@127.0.0.1:${proxy.socksPort}`, echo.url);
      expect(socks.status).toBe(200);
      expect(sourceOf(socks)).toBe(ip);
      expect((await curl(viaHttp(proxy.login, 'wrong-password'), echo.url)).status).toBe(407);
    });

    it('changes the IP by the link, once a minute; an unknown link is a 404', async () => {
      const before = await modemIp(proxy.modemId);
      // The agent's start took a whole config: what a rotation must not cost.
      expect(configAnswers.some((answer) => answer.kind === 'config')).toBe(true);
      const answered = configAnswers.length;
      const changed = await fetch(`${apiUrl}/r/${proxy.rotateToken}`);
      expect(changed.status).toBe(200);
      const body = (await changed.json()) as { ok: boolean; ip: string };
      expect(body.ok).toBe(true);
      expect(body.ip).toMatch(/^127\.0\.\d+\.\d+$/);
      expect(body.ip).not.toBe(before);
      // The echo server sees the new address, and the history has the rotation.
      const seen = await eventually(async () => {
        const answer = await curl(viaHttp(proxy.login, proxy.password), echo.url);
        return answer.status === 200 && sourceOf(answer) === body.ip && answer;
      });
      expect(sourceOf(seen)).toBe(body.ip);
      const [history] = await testDb.db.query(
        'SELECT source, status, old_ip, new_ip FROM rotations WHERE proxy_id = $1',
        [proxy.id],
      );
      expect(history).toEqual({ source: 'link', status: 'done', old_ip: before, new_ip: body.ip });
      // The agent heard of the rotation and of its end (#42) without a whole config: two small answers.
      await eventually(async () => configAnswers.length >= answered + 2);
      expect(configAnswers.slice(answered)).toEqual([
        { kind: 'rotations', bytes: expect.any(Number) },
        { kind: 'rotations', bytes: expect.any(Number) },
      ]);
      for (const answer of configAnswers.slice(answered)) expect(answer.bytes).toBeLessThan(300);

      const again = await fetch(`${apiUrl}/r/${proxy.rotateToken}`);
      expect(again.status).toBe(429);
      const wait = (await again.json()) as { ok: boolean; wait_seconds: number };
      expect(wait.ok).toBe(false);
      expect(wait.wait_seconds).toBeGreaterThan(50);
      expect(again.headers.get('retry-after')).toBe(String(wait.wait_seconds));

      const unknown = await fetch(`${apiUrl}/r/${'x'.repeat(32)}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ ok: false, error: 'not_found' });
    });

    it('refuses the old password within 2 s of a new one, and closes its open tunnel', async () => {
      const old = proxy.password;
      const tunnel = await openTunnel(proxy.httpPort, `${proxy.login}:${old}`, new URL(echo.url).host);
      const closed = once(tunnel, 'close');
      const password = (await farm.regeneratePassword(proxy.id)) as string;
      const changedAt = Date.now();
      await eventually(async () => (await curl(viaHttp(proxy.login, old), echo.url)).status === 407, 2_000);
      await Promise.race([
        closed,
        new Promise((_, fail) => setTimeout(() => fail(new Error('tunnel still open')), 2_000)),
      ]);
      expect(Date.now() - changedAt).toBeLessThan(2_500);
      expect((await curl(viaHttp(proxy.login, password), echo.url)).status).toBe(200);
      proxy = { ...proxy, password };
    });

    it('serves an order from a config delta (protocol 3, #42): a few hundred bytes, not the whole config', async () => {
      const answered = configAnswers.length;
      const ordered = await farm.createProxy({
        ownerId: proxy.ownerId,
        modemId: spareModemId,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const via = `http://${ordered.login}:${ordered.password}@127.0.0.1:${ordered.httpPort}`;
      const served = await eventually(async () => {
        const answer = await curl(via, echo.url);
        return answer.status === 200 && answer;
      }, 5_000);
      expect(sourceOf(served)).toBe(await modemIp(spareModemId));
      const since = configAnswers.slice(answered);
      expect(since.map((answer) => answer.kind)).toContain('delta');
      expect(since.map((answer) => answer.kind)).not.toContain('config');
      for (const answer of since) expect(answer.bytes).toBeLessThan(1_024);
      // The first proxy is served as before.
      expect((await curl(viaHttp(proxy.login, proxy.password), echo.url)).status).toBe(200);
    });

    it("reboots the owner's modem: the agent brings it back on a new address, which targets then see", async () => {
      const before = await modemIp(proxy.modemId);
      const outcome = await farm.requestCustomerReboot(proxy.id, proxy.ownerId);
      expect(outcome.kind).toBe('started');
      const rotationId = (outcome as { rotationId: number }).rotationId;
      const done = await eventually(async () => {
        const rotation = await farm.rotation(rotationId);
        return rotation !== null && rotation.status !== 'pending' && rotation;
      }, 10_000);
      expect(done).toMatchObject({ status: 'done', oldIp: before });
      expect(done.newIp).not.toBe(before);
      const seen = await eventually(async () => {
        const answer = await curl(viaHttp(proxy.login, proxy.password), echo.url);
        return answer.status === 200 && sourceOf(answer) === done.newIp && answer;
      });
      expect(sourceOf(seen)).toBe(done.newIp);
      expect(await farm.requestCustomerReboot(proxy.id, proxy.ownerId)).toMatchObject({ kind: 'wait' });
    });

    it("serves the owner's new login within 2 s and refuses the old one", async () => {
      const login = `shop${index}${process.pid}`;
      expect(await farm.changeLogin(proxy.id, { ownerId: proxy.ownerId }, login)).toBe(true);
      const changedAt = Date.now();
      await eventually(async () => (await curl(viaHttp(proxy.login, proxy.password), echo.url)).status === 407, 2_000);
      expect(Date.now() - changedAt).toBeLessThan(2_500);
      expect((await curl(viaHttp(login, proxy.password), echo.url)).status).toBe(200);
      proxy = { ...proxy, login };
    });

    it('keeps serving while the API is down, and picks up changes when it is back', async () => {
      const port = new URL(apiUrl).port;
      await app.close();
      expect((await curl(viaHttp(proxy.login, proxy.password), echo.url)).status).toBe(200);
      // Changed while the agent cannot hear of it.
      const whitelisted = await farm.setWhitelist(proxy.id, ['127.0.0.1']);
      expect(whitelisted).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await curl(`http://127.0.0.1:${proxy.httpPort}`, echo.url)).status).toBe(407);

      await startApi(Number(port));
      // From the whitelisted address, no password needed.
      await eventually(async () => (await curl(`http://127.0.0.1:${proxy.httpPort}`, echo.url)).status === 200, 10_000);
      expect(agentLog).not.toContain(proxy.password);
    });
  },
);
