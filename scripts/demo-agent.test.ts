import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, getThroughProxy, type Credentials } from '../agent/test/clients.ts';
import { startEchoServer } from '../agent/test/servers.ts';
import { farmService } from '../server/domains/farm/index.ts';
import type { Proxy } from '../server/domains/farm/proxies-repository.ts';
import { startServer, type RunningServer } from '../server/server.ts';
import { createUser, freshEmail } from '../server/test/accounts.ts';
import { BACKENDS, createTestDist, openSeededDb, type SeededTestDb, type TestDist } from '../server/test/helpers.ts';
import { followListenHost, startDemoAgent } from './demo-agent.ts';
import { root, startSite, type RunningSite } from './site-process.ts';

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

/** The process's state letter from /proc (Linux), or null when there is no such process. */
function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
  }
}

/** Running: neither gone nor a zombie waiting for whoever inherited it to reap it. */
const running = (pid: number) => ![null, 'Z'].includes(processState(pid));

/** The demo agent a launcher started: its child running agent/src/main.ts. */
function agentOf(launcher: number): number | undefined {
  const main = path.join(root, 'agent/src/main.ts');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .find((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === launcher && readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(main);
      } catch {
        return false;
      }
    });
}

/** True when nothing listens on 127.0.0.1:port. */
async function free(port: number): Promise<boolean> {
  const server = createNetServer();
  try {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return true;
  } catch {
    return false;
  } finally {
    server.close();
  }
}

/**
 * `npm start` as its user runs it: the real launcher (scripts/start.ts) and the demo agent it spawns, killed with -9 the
 * way a crashed terminal or an OOM kill ends it. A proxy on the demo farm gives the agent ports to hold.
 */
describe.skipIf(process.platform !== 'linux')('npm start’s launcher killed with -9', () => {
  let dataDir: string;
  let dist: TestDist;
  let proxy: Proxy;
  let credentials: Credentials;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  const launchers: RunningSite[] = [];
  const agents: number[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'demo-launcher-'));
    // A build for the launcher to find (it builds only what is missing): the shell and every remote's manifest.
    dist = await createTestDist();
    for (const name of readdirSync(path.join(root, 'remotes'))) {
      if (existsSync(path.join(root, 'remotes', name, 'src/routes.ts'))) {
        await dist.write(`remotes/${name}/mf-manifest.json`, '{}');
      }
    }
    const server = await startServer({
      env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
      serveSite: false,
      logger: false,
    });
    try {
      const db = server.app.db;
      const [modem] = await db.query<{ id: number }>("SELECT id FROM modems WHERE key = 'sim-1'");
      const owner = await createUser(db, { email: freshEmail('launcher') });
      proxy = await farmService(db).createProxy({
        ownerId: owner.id,
        modemId: (modem as { id: number }).id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      credentials = { login: proxy.login, password: proxy.password };
    } finally {
      await server.close();
    }
    echo = await startEchoServer();
  });

  afterAll(async () => {
    for (const pid of agents) if (running(pid)) process.kill(pid, 'SIGKILL');
    for (const launcher of launchers) await launcher.stop();
    await echo?.close();
    await dist?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Starts the launcher and waits until its agent serves the proxy; resolves both. */
  async function launch(): Promise<{ launcher: RunningSite; agent: number }> {
    const launcher = await startSite({ launcher: true, dataDir, distDir: dist.dir });
    launchers.push(launcher);
    const agent = await eventually(() => agentOf(launcher.child.pid ?? 0), 10_000);
    agents.push(agent);
    await eventually(
      async () =>
        (await getThroughProxy(proxy.httpPort, echo.url, { credentials, timeoutMs: 1_000 }).catch(() => undefined))
          ?.status === 200,
      // The agent first reads its config from the server, and on a runner busy with the rest of the suite that took
      // over 20 s once (CI); alone it takes about 2 s.
      40_000,
    );
    return { launcher, agent };
  }

  async function kill9(launcher: RunningSite): Promise<void> {
    const exited = once(launcher.child, 'exit');
    launcher.child.kill('SIGKILL');
    await exited;
  }

  it('takes its agent along: the agent exits and the proxy ports are free within a few seconds', async () => {
    const { launcher, agent } = await launch();
    await kill9(launcher);
    const killed = Date.now();
    await eventually(
      async () => !running(agent) && (await free(proxy.httpPort)) && (await free(proxy.socksPort)),
      5_000,
    );
    expect(Date.now() - killed).toBeLessThan(5_000);
  }, 90_000);

  it('starts again after an agent was left running: the next launcher stops it and serves the ports itself', async () => {
    const first = await launch();
    // An agent that does not die with its launcher: stopped, it cannot notice (what one from before this fix did).
    process.kill(first.agent, 'SIGSTOP');
    await kill9(first.launcher);
    expect(running(first.agent)).toBe(true);

    const second = await launch();
    expect(running(first.agent)).toBe(false);
    expect(second.agent).not.toBe(first.agent);
    const answer = await getThroughProxy(proxy.httpPort, echo.url, { credentials, timeoutMs: 2_000 });
    expect(answer.status).toBe(200);
    expect(second.launcher.output()).toMatch(/stopping the demo farm agent a previous start left running/);
  }, 150_000);
});

/** #49: connection strings name the address the demo agent listens on, unless staff set the host's address. */
describe.each(BACKENDS)('the demo host’s public address on $name', (backend) => {
  let seeded: SeededTestDb;
  let dataDir: string;
  beforeAll(async () => {
    seeded = await openSeededDb(backend);
    dataDir = await mkdtemp(path.join(tmpdir(), 'demo-host-'));
  });
  afterAll(async () => {
    await seeded.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });
  const publicHost = async () =>
    (await seeded.db.query<{ public_host: string }>("SELECT public_host FROM agent_hosts WHERE name = 'local'"))[0]
      ?.public_host;

  it('follows AGENT_LISTEN_HOST from the seed’s 127.0.0.1 and on to a new one; never a wildcard, never staff’s', async () => {
    expect(await publicHost()).toBe('127.0.0.1');
    // Listening everywhere names no address: the seed's stays.
    for (const wildcard of [undefined, '0.0.0.0', '::']) {
      expect(await followListenHost(seeded.db, wildcard, dataDir)).toBeNull();
      expect(await publicHost()).toBe('127.0.0.1');
    }
    expect(await followListenHost(seeded.db, '192.0.2.10', dataDir)).toBe('192.0.2.10');
    expect(await publicHost()).toBe('192.0.2.10');
    // The next start listens elsewhere: the address an earlier start wrote is not staff's, so it follows again.
    expect(await followListenHost(seeded.db, '192.0.2.20', dataDir)).toBe('192.0.2.20');
    expect(await publicHost()).toBe('192.0.2.20');

    // Staff set the address in the panel: it stays, whatever the agent listens on.
    const [host] = await seeded.db.query<{ id: number }>("SELECT id FROM agent_hosts WHERE name = 'local'");
    expect(
      await farmService(seeded.db).updateHost((host as { id: number }).id, { publicHost: 'proxy.example.com' }),
    ).toBe(true);
    expect(await followListenHost(seeded.db, '192.0.2.30', dataDir)).toBeNull();
    expect(await publicHost()).toBe('proxy.example.com');
  });
});
