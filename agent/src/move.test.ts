import type { Socket } from 'node:net';
import type { AgentModem, AgentProxy } from '@proxy/contract/schemas/farm-agent';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedWithin,
  connectTunnel,
  eventually,
  getThroughProxy,
  socksConnect,
  getOverTunnel,
} from '../test/clients.ts';
import { FakeApi, freePorts, startEchoServer } from '../test/servers.ts';
import { Agent } from './agent.ts';
import { SimulatorDriver } from './drivers/simulator.ts';

/**
 * A proxy moved to another place (#29) as the agents see it, over real sockets: the API points the proxy at another
 * modem, of the same host (same ports: the listeners stay and route through the new modem) or of another host (the
 * API gives it ports there: the old host closes them, the new one opens them). Either way the same login and password
 * work from the new modem's address, and the old modem carries none of its traffic any more.
 */

const timing = {
  configWaitSeconds: 2,
  minPollMs: 50,
  maxBackoffMs: 200,
  reportIntervalMs: 150,
  statusIntervalMs: 200,
  sampleIntervalMs: 100,
  changeReportDelayMs: 20,
};

interface Host {
  readonly api: FakeApi;
  agent: Agent;
}

let echo: Awaited<ReturnType<typeof startEchoServer>>;
let ports: number[];
const hostA: Host = { api: new FakeApi(), agent: undefined as unknown as Agent };
const hostB: Host = { api: new FakeApi(), agent: undefined as unknown as Agent };
const credentials = { login: 'mover', password: 'movers-password-7' };

const modemsA: AgentModem[] = [
  { id: 1, name: 'Moscow MTS', key: 'sim-1', ip: null },
  { id: 2, name: 'Kazan Beeline', key: 'sim-2', ip: null },
];
const modemsB: AgentModem[] = [{ id: 3, name: 'Berlin Telekom', key: 'sim-1', ip: null }];

function port(index: number): number {
  const value = ports[index];
  if (value === undefined) throw new Error(`no port ${index}`);
  return value;
}
const source = (answer: { body: string }) => (JSON.parse(answer.body) as { source: string }).source;
const address = (host: Host, key: string) => host.agent.modems.view(key)?.bindAddress;
function opened(tunnel: { status: number; socket: Socket | null }): Socket {
  if (!tunnel.socket) throw new Error(`the tunnel was refused with ${tunnel.status}`);
  return tunnel.socket;
}

async function startAgent(host: Host, modems: number, network: string): Promise<void> {
  await host.api.up();
  host.agent = await Agent.start({
    api: { url: host.api.url, token: host.api.token },
    host: '127.0.0.1',
    driver: new SimulatorDriver({ modems, network, rotationMs: { min: 20, max: 40 } }),
    privateTargets: 'allow',
    log: pino({ level: 'silent' }),
    timing,
  });
  await eventually(() => host.agent.configVersion === host.api.version);
}

beforeAll(async () => {
  echo = await startEchoServer();
  ports = await freePorts(4);
  const proxy: AgentProxy = {
    id: 21,
    modem_id: 1,
    http_port: port(0),
    socks_port: port(1),
    ...credentials,
    whitelist: [],
    state: 'active',
  };
  hostA.api.set({ modems: modemsA, proxies: [proxy] });
  hostB.api.set({ modems: modemsB, proxies: [] });
  // Two farm hosts on one machine: their modems are different loopback addresses.
  await startAgent(hostA, 2, '127.0.1.0/29');
  await startAgent(hostB, 1, '127.0.2.0/29');
});

afterAll(async () => {
  await Promise.all([hostA.agent?.stop(), hostB.agent?.stop()]);
  await Promise.all([hostA.api.down(), hostB.api.down()]);
  await echo?.close();
});

describe('a moved proxy', () => {
  it('moves to another modem of its host: same ports and credentials, from the new modem, its tunnels closed', async () => {
    const before = await getThroughProxy(port(0), echo.url, { credentials });
    expect(source(before)).toBe(address(hostA, 'sim-1'));
    const tunnel = await connectTunnel(port(0), `127.0.0.1:${echo.port}`, { credentials });
    const socks = await socksConnect(port(1), echo.port, { credentials });

    hostA.api.updateProxy(21, { modem_id: 2 });

    // Sessions through the old modem end: nothing of the proxy goes out through it any more.
    await closedWithin(opened(tunnel), 2_000);
    await closedWithin(socks, 2_000);
    const answer = await eventually(async () => {
      const attempt = await getThroughProxy(port(0), echo.url, { credentials });
      return source(attempt) === address(hostA, 'sim-2') ? attempt : undefined;
    }, 2_000);
    expect(answer.status).toBe(200);
    expect(address(hostA, 'sim-2')).not.toBe(address(hostA, 'sim-1'));
    const again = await socksConnect(port(1), echo.port, { credentials });
    expect((await getOverTunnel(again, '127.0.0.1')).source).toBe(address(hostA, 'sim-2'));
    again.destroy();
    // Every later request, HTTP and SOCKS5, leaves from the new modem.
    for (let n = 0; n < 3; n++) {
      expect(source(await getThroughProxy(port(0), echo.url, { credentials }))).toBe(address(hostA, 'sim-2'));
    }
  });

  it('moves to a modem of another host: the old ports close, the new host serves it with the same credentials', async () => {
    const tunnel = await connectTunnel(port(0), `127.0.0.1:${echo.port}`, { credentials });
    const moved: AgentProxy = {
      id: 21,
      modem_id: 3,
      http_port: port(2),
      socks_port: port(3),
      ...credentials,
      whitelist: [],
      state: 'active',
    };
    // One transaction bumps both hosts: each agent hears of it on its own long poll.
    hostA.api.set({ proxies: [] });
    hostB.api.set({ proxies: [moved] });

    await closedWithin(opened(tunnel), 2_000);
    await eventually(
      async () =>
        (await getThroughProxy(port(0), echo.url, { credentials }).catch((error: Error) => error)) instanceof Error,
      2_000,
    );
    await expect(getThroughProxy(port(0), echo.url, { credentials })).rejects.toThrow(/ECONNREFUSED/);
    await expect(socksConnect(port(1), echo.port, { credentials })).rejects.toThrow();

    const answer = await eventually(async () => {
      const attempt = await getThroughProxy(port(2), echo.url, { credentials }).catch(() => undefined);
      return attempt?.status === 200 ? attempt : undefined;
    }, 2_000);
    expect(source(answer)).toBe(address(hostB, 'sim-1'));
    const socks = await socksConnect(port(3), echo.port, { credentials });
    expect((await getOverTunnel(socks, '127.0.0.1')).source).toBe(address(hostB, 'sim-1'));
    socks.destroy();
    // A wrong password is still refused on the new host: the credentials moved, not an open door.
    expect((await getThroughProxy(port(2), echo.url, { credentials: { ...credentials, password: 'x' } })).status).toBe(
      407,
    );
  });
});
