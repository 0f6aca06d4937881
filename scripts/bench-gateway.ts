// The farm agent's gateway against going direct (issue #12), printing figures and PASS/FAIL against the budgets:
//   - a 100 MB download through a CONNECT tunnel and through SOCKS5, throughput as a ratio of direct (≥ 0.8)
//   - added latency of small requests, p50 (≤ 1 ms) and p99, over a kept-open tunnel and through HTTP forwarding
//   - 1,000 concurrent open tunnels, each used once, and the agent's resident memory with them
// The agent runs as its own process (agent/src/main.ts, simulator driver) so its memory is its own; the target
// server and the clients run here. Everything stays on loopback. Run alone: `node scripts/bench-gateway.ts`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Agent as HttpAgent, createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { connectTunnel, socksConnect } from '../agent/test/clients.ts';
import { FakeApi, freePorts } from '../agent/test/servers.ts';

const root = resolve(import.meta.dirname, '..');
const DOWNLOAD_BYTES = 100 * 1024 * 1024;
const SMALL_REQUESTS = 2_000;
const TUNNELS = 1_000;
const credentials = { login: 'bench', password: 'bench-password-1' };

// The target: /big streams 100 MB from one reused buffer, /small answers two bytes.
const chunk = Buffer.alloc(1024 * 1024, 'x');
const target = createServer((req, res) => {
  if (req.url === '/big') {
    res.writeHead(200, { 'content-length': DOWNLOAD_BYTES });
    let sent = 0;
    const pump = () => {
      while (sent < DOWNLOAD_BYTES) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  } else {
    res.writeHead(200, { 'content-length': 2 });
    res.end('ok');
  }
});
target.keepAliveTimeout = 60_000;
target.listen(0, '127.0.0.1');
await once(target, 'listening');
const targetPort = (target.address() as AddressInfo).port;
const targetHost = `127.0.0.1:${targetPort}`;

const api = new FakeApi();
const [httpPort = 0, socksPort = 0] = await freePorts(2);
api.set({
  modems: [{ id: 1, name: 'Bench', key: 'sim-1', ip: null }],
  proxies: [
    { id: 1, modem_id: 1, http_port: httpPort, socks_port: socksPort, ...credentials, whitelist: [], state: 'active' },
  ],
});
await api.up();
const agent = spawn(process.execPath, [resolve(root, 'agent/src/main.ts')], {
  env: {
    ...process.env,
    AGENT_API_URL: api.url,
    AGENT_TOKEN: api.token,
    AGENT_STATE_DIR: mkdtempSync(resolve(tmpdir(), 'farm-agent-')),
    AGENT_LISTEN_HOST: '127.0.0.1',
    AGENT_SIMULATOR_MODEMS: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const rssMb = () => {
  const status = readFileSync(`/proc/${agent.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

async function waitForAgent(): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 15_000) {
    const tunnel = await connectTunnel(httpPort, targetHost, { credentials }).catch(() => null);
    if (tunnel?.socket) return void tunnel.socket.destroy();
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the agent did not start serving within 15 s');
}

/** Downloads /big over `socket` (or a new direct connection) and returns MB/s. */
async function download(socket: Socket | null): Promise<number> {
  const started = performance.now();
  const req = request({
    host: '127.0.0.1',
    port: targetPort,
    path: '/big',
    agent: false,
    ...(socket ? { createConnection: () => socket } : {}),
  });
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  let bytes = 0;
  for await (const part of res) bytes += (part as Buffer).length;
  if (bytes !== DOWNLOAD_BYTES) throw new Error(`downloaded ${bytes} bytes`);
  socket?.destroy();
  return DOWNLOAD_BYTES / 1024 / 1024 / ((performance.now() - started) / 1000);
}

/** Round trips of GET /small on one kept-open connection, in ms, sorted. */
async function roundTrips(socket: Socket, count: number): Promise<number[]> {
  const times: number[] = [];
  const ask = Buffer.from(`GET /small HTTP/1.1\r\nHost: ${targetHost}\r\n\r\n`);
  let expected = 0;
  for (let n = 0; n < count; n++) {
    const started = performance.now();
    const answer = new Promise<number>((done) => {
      let received = 0;
      const onData = (data: Buffer) => {
        received += data.length;
        const text = data.toString('latin1');
        // The first answer teaches its length; every later one is the same bytes.
        if (expected === 0 && text.endsWith('ok')) expected = received;
        if (expected !== 0 && received >= expected) {
          socket.off('data', onData);
          done(received);
        }
      };
      socket.on('data', onData);
    });
    socket.write(ask);
    await answer;
    times.push(performance.now() - started);
  }
  socket.destroy();
  return times.sort((a, b) => a - b);
}

/** Round trips through the HTTP proxy in forwarding mode (absolute URI), one kept-alive connection. */
async function forwardTrips(count: number, viaProxy: boolean): Promise<number[]> {
  const agentPool = new HttpAgent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const auth = `Basic ${Buffer.from(`${credentials.login}:${credentials.password}`).toString('base64')}`;
  for (let n = 0; n < count; n++) {
    const started = performance.now();
    const req = viaProxy
      ? request({
          host: '127.0.0.1',
          port: httpPort,
          path: `http://${targetHost}/small`,
          headers: { host: targetHost, 'proxy-authorization': auth },
          agent: agentPool,
        })
      : request({ host: '127.0.0.1', port: targetPort, path: '/small', agent: agentPool });
    req.end();
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    for await (const _ of res) void _;
    times.push(performance.now() - started);
  }
  agentPool.destroy();
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const tunnel = async () => {
  const opened = await connectTunnel(httpPort, targetHost, { credentials });
  if (!opened.socket) throw new Error(`CONNECT refused: ${opened.status}`);
  return opened.socket;
};
const directSocket = async () => {
  const socket = connect({ host: '127.0.0.1', port: targetPort, noDelay: true });
  await once(socket, 'connect');
  return socket;
};

let failed = false;
try {
  await waitForAgent();
  const idleRss = rssMb();

  console.log('Gateway throughput, 100 MB download (best of 3):');
  const best = async (run: () => Promise<number>) => Math.max(await run(), await run(), await run());
  const direct = await best(() => download(null));
  const viaConnect = await best(async () => download(await tunnel()));
  const viaSocks = await best(async () => download(await socksConnect(socksPort, targetPort, { credentials })));
  for (const [name, rate] of [
    ['CONNECT', viaConnect],
    ['SOCKS5', viaSocks],
  ] as const) {
    const ratio = rate / direct;
    failed ||= ratio < 0.8;
    console.log(
      `  ${name.padEnd(8)} ${rate.toFixed(0).padStart(6)} MB/s vs direct ${direct.toFixed(0)} MB/s: ${ratio.toFixed(2)} (budget ≥ 0.80) ${verdict(ratio >= 0.8)}`,
    );
  }

  console.log(`Added latency, ${SMALL_REQUESTS} small requests in sequence on one connection:`);
  const base = await roundTrips(await directSocket(), SMALL_REQUESTS);
  const baseForward = await forwardTrips(SMALL_REQUESTS, false);
  const rows = [
    ['CONNECT', await roundTrips(await tunnel(), SMALL_REQUESTS), base],
    ['SOCKS5', await roundTrips(await socksConnect(socksPort, targetPort, { credentials }), SMALL_REQUESTS), base],
    ['HTTP fwd', await forwardTrips(SMALL_REQUESTS, true), baseForward],
  ] as const;
  for (const [name, times, reference] of rows) {
    const p50 = percentile(times, 0.5) - percentile(reference, 0.5);
    const p99 = percentile(times, 0.99) - percentile(reference, 0.99);
    failed ||= p50 > 1;
    console.log(
      `  ${name.padEnd(8)} p50 +${p50.toFixed(3)} ms, p99 +${p99.toFixed(3)} ms (direct p50 ${percentile(reference, 0.5).toFixed(3)} ms; budget p50 ≤ 1 ms) ${verdict(p50 <= 1)}`,
    );
  }

  console.log(`${TUNNELS} concurrent open tunnels:`);
  const sockets: Socket[] = [];
  const started = performance.now();
  for (let batch = 0; batch < TUNNELS; batch += 100) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, TUNNELS - batch) }, tunnel))));
  }
  const opened = performance.now() - started;
  // One request on each, all at once: every tunnel carries traffic, not just exists.
  const answered = await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<boolean>((done) => {
          socket.once('data', (data: Buffer) => done(data.toString('latin1').startsWith('HTTP/1.1 200')));
          socket.write(`GET /small HTTP/1.1\r\nHost: ${targetHost}\r\n\r\n`);
        }),
    ),
  );
  const working = answered.filter(Boolean).length;
  const loadedRss = rssMb();
  failed ||= working !== TUNNELS;
  console.log(
    `  opened in ${opened.toFixed(0)} ms, ${working}/${TUNNELS} answered ${verdict(working === TUNNELS)}; agent RSS ${idleRss.toFixed(1)} MB idle, ${loadedRss.toFixed(1)} MB with them (+${(((loadedRss - idleRss) * 1024) / TUNNELS).toFixed(1)} KB a tunnel)`,
  );
  for (const socket of sockets) socket.destroy();
} finally {
  agent.kill('SIGTERM');
  await once(agent, 'exit');
  await api.down();
  target.closeAllConnections();
  target.close();
}
process.exitCode = failed ? 1 : 0;
