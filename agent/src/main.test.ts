import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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

  it('serves its metrics on their own address, for the bearer token only, in a form promtool accepts', async () => {
    const [httpPort = 0, socksPort = 0, metricsPort = 0] = await freePorts(3);
    const credentials = { login: 'mia', password: 'mias-password-77' };
    const token = 'agent-metrics-token-0123456789';
    api.set({
      modems: [{ id: 1, name: 'Sim', key: 'sim-1', ip: null }],
      proxies: [
        {
          id: 7,
          modem_id: 1,
          http_port: httpPort,
          socks_port: socksPort,
          ...credentials,
          whitelist: [],
          state: 'active',
        },
      ],
    });
    const { child } = startAgent({
      AGENT_REPORT_SECONDS: '60',
      AGENT_SIMULATOR_ROTATION_MS: '20',
      AGENT_METRICS_LISTEN: `127.0.0.1:${metricsPort}`,
      AGENT_METRICS_TOKEN: token,
    });
    const url = `http://127.0.0.1:${metricsPort}/metrics`;
    try {
      expect(await eventually(() => serves(httpPort, credentials), 10_000)).toBe(true);
      const tunnel = await connectTunnel(httpPort, `127.0.0.1:${echo.port}`, { credentials });
      if (!tunnel.socket) throw new Error(`tunnel refused: ${tunnel.status}`);
      const rotation = api.requestRotation(1);
      await eventually(() => api.rotationResults.has(rotation), 10_000);

      const refused = await fetch(url, { headers: { authorization: `Bearer ${token}x` } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      // The proxy ports do not answer for it.
      expect((await fetch(`http://127.0.0.1:${httpPort}/metrics`)).status).not.toBe(200);

      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/^agent_proxies_served\{state="listening"\} 1$/m);
      // The rotation closed the tunnel bound to the modem's old address; the count is what is open now.
      expect(text).toMatch(/^agent_open_sessions\{proxy="7",modem="sim-1"\} \d+$/m);
      const bytesOut = /^agent_proxy_bytes_total\{proxy="7",modem="sim-1",direction="out"\} (\d+)$/m.exec(text);
      expect(Number(bytesOut?.[1])).toBeGreaterThan(0);
      expect(text).toMatch(/^agent_modem_state\{modem="sim-1",state="online"\} 1$/m);
      expect(text).toMatch(/^agent_rotations_total\{modem="sim-1",result="done"\} 1$/m);
      expect(text).toMatch(/^agent_rotation_duration_seconds_count 1$/m);
      const lag = /^agent_config_lag_seconds (\S+)$/m.exec(text);
      expect(Number(lag?.[1])).toBeLessThan(30);

      const check = spawnSync('/usr/bin/promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
      expect(`${check.stdout}${check.stderr}`).toBe('');
      expect(check.status).toBe(0);
      tunnel.socket.destroy();
      expect(await stopAgent(child)).toBe(0);
      await expect(fetch(url)).rejects.toThrow();
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
