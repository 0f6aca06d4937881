import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedWithin, connectTunnel, eventually, getThroughProxy } from '../test/clients.ts';
import { FakeApi, freePorts, startEchoServer } from '../test/servers.ts';

/** The agent as a process, started the way a farm host's supervisor starts it and stopped with SIGTERM. */
const api = new FakeApi();
let echo: Awaited<ReturnType<typeof startEchoServer>>;

beforeAll(async () => {
  echo = await startEchoServer();
  await api.up();
});

afterAll(async () => {
  await api.down();
  await echo.close();
});

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
    const child = spawn(process.execPath, [fileURLToPath(new URL('./main.ts', import.meta.url))], {
      env: {
        ...process.env,
        AGENT_API_URL: api.url,
        AGENT_TOKEN: api.token,
        AGENT_LISTEN_HOST: '127.0.0.1',
        AGENT_SIMULATOR_MODEMS: '1',
        AGENT_SIMULATOR_NETWORK: '127.0.0.128/28',
        AGENT_REPORT_SECONDS: '60',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const answer = await eventually(
        async () => (await getThroughProxy(httpPort, echo.url, { credentials }).catch(() => undefined))?.status === 200,
        10_000,
      );
      expect(answer).toBe(true);
      const tunnel = await connectTunnel(httpPort, `127.0.0.1:${echo.port}`, { credentials });
      if (!tunnel.socket) throw new Error(`tunnel refused: ${tunnel.status}`);
      const reportsBefore = api.reports.length;

      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
      await closedWithin(tunnel.socket, 1_000);
      await expect(getThroughProxy(httpPort, echo.url, { credentials })).rejects.toThrow(/ECONNREFUSED/);
      // The last report went out before the exit, though the next one was a minute away.
      expect(api.reports.length).toBeGreaterThan(reportsBefore);
      expect(output).toContain('agent stopped');
      // Passwords and the host token never reach the log.
      expect(output).not.toContain(credentials.password);
      expect(output).not.toContain(api.token);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses to start with a bad environment and says which variable', async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('./main.ts', import.meta.url))], {
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
});
