import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedWithin,
  connectTunnel,
  eventually,
  getThroughProxy,
  socksConnect,
  type Credentials,
} from '../test/clients.ts';
import { FakeApi, freePorts, startEchoServer } from '../test/servers.ts';

/** The agent as a process, started the way a farm host's supervisor starts it and stopped with SIGTERM. */
const api = new FakeApi();
let echo: Awaited<ReturnType<typeof startEchoServer>>;
/** Where the agents of these tests keep their saved config (never the machine user's default). */
let stateDir: string;

beforeAll(async () => {
  echo = await startEchoServer();
  await api.up();
  stateDir = await mkdtemp(path.join(tmpdir(), 'agent-state-'));
});

afterAll(async () => {
  await api.down();
  await echo.close();
  await rm(stateDir, { recursive: true, force: true });
});

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** The agent process on one simulated modem, with its output collected. */
function startAgent(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      AGENT_API_URL: api.url,
      AGENT_TOKEN: api.token,
      AGENT_LISTEN_HOST: '127.0.0.1',
      AGENT_SIMULATOR_MODEMS: '1',
      AGENT_SIMULATOR_NETWORK: '127.0.0.128/28',
      AGENT_STATE_DIR: stateDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function stopAgent(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

const serves = async (port: number, credentials: Credentials) =>
  (await getThroughProxy(port, echo.url, { credentials }).catch(() => undefined))?.status === 200;

describe('agent process', () => {
  it('serves its config, and on SIGTERM ends tunnels, closes its ports, reports and exits 0', async () => {
    const [httpPort = 0, socksPort = 0] = await freePorts(2);
    const credentials = { login: 'zoe', password: 'zoes-password-9' };
    api.set({
      modems: [{ id: 1, name: 'Sim', key: 'sim-1', ip: null }],
      proxies: [
        {
          id: 1,
          modem_id: 1,
          http_port: httpPort,
          socks_port: socksPort,
          ...credentials,
          whitelist: [],
          state: 'active',
        },
      ],
    });
    const { child, output } = startAgent({ AGENT_REPORT_SECONDS: '60' });
    try {
      const answer = await eventually(
        async () => (await getThroughProxy(httpPort, echo.url, { credentials }).catch(() => undefined))?.status === 200,
        10_000,
      );
      expect(answer).toBe(true);
      const tunnel = await connectTunnel(httpPort, `127.0.0.1:${echo.port}`, { credentials });
      if (!tunnel.socket) throw new Error(`tunnel refused: ${tunnel.status}`);
      const reportsBefore = api.reports.length;

      expect(await stopAgent(child)).toBe(0);
      await closedWithin(tunnel.socket, 1_000);
      await expect(getThroughProxy(httpPort, echo.url, { credentials })).rejects.toThrow(/ECONNREFUSED/);
      // The last report went out before the exit, though the next one was a minute away.
      expect(api.reports.length).toBeGreaterThan(reportsBefore);
      expect(output()).toContain('agent stopped');
      // Passwords and the host token never reach the log.
      expect(output()).not.toContain(credentials.password);
      expect(output()).not.toContain(api.token);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses to start with a bad environment and says which variable', async () => {
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, AGENT_API_URL: 'not a url', AGENT_TOKEN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toMatch(/AGENT_API_URL: must be an http\(s\) URL/);
    expect(stderr).toMatch(/AGENT_TOKEN: is required/);
  });

  it('restarted while the API is down, serves the config it last had; the API’s answer then replaces it', async () => {
    const [httpPort = 0, socksPort = 0] = await freePorts(2);
    const first = { login: 'yuri', password: 'yuris-first-password' };
    api.set({
      modems: [{ id: 1, name: 'Sim', key: 'sim-1', ip: null }],
      proxies: [
        { id: 1, modem_id: 1, http_port: httpPort, socks_port: socksPort, ...first, whitelist: [], state: 'active' },
      ],
    });
    const env = { AGENT_REPORT_SECONDS: '60' };
    let agent = startAgent(env);
    try {
      await eventually(() => serves(httpPort, first), 10_000);
      expect(await stopAgent(agent.child)).toBe(0);

      // The farm host reboots during an API outage.
      await api.down();
      agent = startAgent(env);
      await eventually(() => serves(httpPort, first), 10_000);
      const socket = await socksConnect(socksPort, echo.port, { credentials: first });
      socket.destroy();
      expect(agent.output()).toMatch(/serving the saved config until the API answers/);

      // The API is back with a regenerated password: the new one works, the old one is refused.
      const second = { ...first, password: 'yuris-second-password' };
      api.updateProxy(1, { password: second.password });
      await api.up();
      await eventually(() => serves(httpPort, second), 20_000);
      expect((await getThroughProxy(httpPort, echo.url, { credentials: first })).status).toBe(407);
      expect(await stopAgent(agent.child)).toBe(0);
      expect(agent.output()).not.toContain(first.password);
      expect(agent.output()).not.toContain(second.password);
    } finally {
      agent.child.kill('SIGKILL');
      await api.up();
    }
  });
});
