import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AgentProxy, AgentReport } from '@proxy/contract/schemas/farm-agent';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedWithin,
  connectTunnel,
  eventually,
  getOverTunnel,
  getThroughProxy,
  socksConnect,
} from '../test/clients.ts';
import { FakeApi, freePorts, startEchoServer } from '../test/servers.ts';
import { Agent } from './agent.ts';
import type { AgentTiming } from './options.ts';
import { ConfigStore } from './config-store.ts';
import { SimulatorDriver } from './drivers/simulator.ts';
import { TrafficStore } from './traffic-store.ts';

/**
 * The agent end to end, as the issue (#12) asks: a simulated farm whose modems are loopback addresses, a local echo
 * server that reports the address a connection came from, and a stand-in for the API's agent endpoints speaking the
 * contract. Everything goes through real sockets and real HTTP/SOCKS5 clients.
 */

const curl = ['/usr/bin/curl', '/bin/curl'].find((path) => existsSync(path));
const run = promisify(execFile);

const api = new FakeApi();
let echo: Awaited<ReturnType<typeof startEchoServer>>;
let agent: Agent;
/** Traffic minutes complete when this clock moves on, not after a real minute. */
let clockOffset = 0;

const modems = [
  { id: 1, name: 'Moscow MTS 1', key: 'sim-1', ip: null },
  { id: 2, name: 'Moscow MTS 2', key: 'sim-2', ip: null },
  { id: 3, name: 'Moscow Beeline', key: 'sim-3', ip: null },
];
const alice = { login: 'alice', password: 'first-password-1' };
const bob = { login: 'bob', password: 'bobs-password-22' };
const carol = { login: 'carol', password: 'carols-password-3' };
let ports: number[];
let proxies: AgentProxy[];

function port(index: number): number {
  const value = ports[index];
  if (value === undefined) throw new Error(`no port ${index}`);
  return value;
}
function opened(tunnel: { status: number; socket: Socket | null }): Socket {
  if (!tunnel.socket) throw new Error(`the tunnel was refused with ${tunnel.status}`);
  return tunnel.socket;
}
const proxy = (id: number) => proxies.find((candidate) => candidate.id === id) as AgentProxy;
const address = (key: string) => agent.modems.view(key)?.bindAddress;
const source = (answer: { body: string }) => (JSON.parse(answer.body) as { source: string }).source;

beforeAll(async () => {
  echo = await startEchoServer();
  ports = await freePorts(10);
  proxies = [
    { id: 11, modem_id: 1, http_port: port(0), socks_port: port(1), ...alice, whitelist: [], state: 'active' },
    {
      id: 12,
      modem_id: 2,
      http_port: port(2),
      socks_port: port(3),
      ...bob,
      // 127.0.0.64–127.0.0.67: test clients bind to these to come from a whitelisted address.
      whitelist: ['127.0.0.64/30', '::1'],
      state: 'expiring',
    },
    { id: 13, modem_id: 3, http_port: port(4), socks_port: port(5), ...carol, whitelist: [], state: 'suspended' },
  ];
  api.set({ modems, proxies });
  await api.up();
  agent = await Agent.start({
    api: { url: api.url, token: api.token },
    host: '127.0.0.1',
    driver: new SimulatorDriver({
      modems: 3,
      network: '127.0.0.0/26',
      rotationMs: { min: 20, max: 60 },
      // Long enough to see the modem offline meanwhile.
      rebootMs: { min: 400, max: 400 },
    }),
    privateTargets: 'allow',
    log: pino({ level: 'silent' }),
    now: () => Date.now() + clockOffset,
    timing: {
      configWaitSeconds: 2,
      minPollMs: 50,
      maxBackoffMs: 200,
      reportIntervalMs: 150,
      statusIntervalMs: 200,
      sampleIntervalMs: 100,
      changeReportDelayMs: 20,
    },
  });
  await eventually(() => agent.configVersion === api.version);
});

afterAll(async () => {
  await agent?.stop();
  await api.down();
  await echo?.close();
});

describe('HTTP proxy', () => {
  it('forwards a request with the right login and password, from the modem address', async () => {
    const answer = await getThroughProxy(proxy(11).http_port, `${echo.url}/hello`, { credentials: alice });
    expect(answer.status).toBe(200);
    expect(source(answer)).toBe(address('sim-1'));
    expect(address('sim-1')).toMatch(/^127\.0\.0\.\d+$/);
    expect(address('sim-1')).not.toBe('127.0.0.1');
  });

  it('answers 407 with Proxy-Authenticate to a wrong password and to none', async () => {
    for (const credentials of [{ ...alice, password: 'wrong' }, { ...bob }, undefined]) {
      const answer = await getThroughProxy(proxy(11).http_port, echo.url, { credentials });
      expect(answer.status).toBe(407);
      expect(answer.headers['proxy-authenticate']).toBe('Basic realm="proxy"');
    }
    const tunnel = await connectTunnel(proxy(11).http_port, `127.0.0.1:${echo.port}`, {
      credentials: { ...alice, password: 'wrong' },
    });
    expect(tunnel.status).toBe(407);
    expect(tunnel.headers['proxy-authenticate']).toBe('Basic realm="proxy"');
  });

  it('tunnels through CONNECT (how HTTPS goes), from the modem address', async () => {
    const tunnel = await connectTunnel(proxy(11).http_port, `127.0.0.1:${echo.port}`, { credentials: alice });
    expect(tunnel.status).toBe(200);
    const answer = await getOverTunnel(opened(tunnel), `127.0.0.1:${echo.port}`);
    expect(answer.source).toBe(address('sim-1'));
    opened(tunnel).destroy();
  });

  it.skipIf(!curl)('works with curl -x http://login:pass@host:port', async () => {
    const { stdout } = await run(curl ?? 'curl', [
      '-sS',
      '--max-time',
      '5',
      '-x',
      `http://${alice.login}:${alice.password}@127.0.0.1:${proxy(11).http_port}`,
      `${echo.url}/curl`,
    ]);
    expect(JSON.parse(stdout).source).toBe(address('sim-1'));
  });
});

describe('SOCKS5 proxy', () => {
  it('connects with login and password, from the modem address', async () => {
    const socket = await socksConnect(proxy(11).socks_port, echo.port, { credentials: alice });
    const answer = await getOverTunnel(socket, `127.0.0.1:${echo.port}`);
    expect(answer.source).toBe(address('sim-1'));
    socket.destroy();
  });

  it('fails authentication with a wrong password, and without one from outside the whitelist', async () => {
    await expect(
      socksConnect(proxy(11).socks_port, echo.port, { credentials: { ...alice, password: 'nope' } }),
    ).rejects.toThrow(/authentication/i);
    await expect(socksConnect(proxy(11).socks_port, echo.port)).rejects.toThrow();
  });

  it.skipIf(!curl)('works with curl --socks5', async () => {
    const { stdout } = await run(curl ?? 'curl', [
      '-sS',
      '--max-time',
      '5',
      '--socks5',
      `127.0.0.1:${proxy(11).socks_port}`,
      '--proxy-user',
      `${alice.login}:${alice.password}`,
      `${echo.url}/curl`,
    ]);
    expect(JSON.parse(stdout).source).toBe(address('sim-1'));
  });
});

describe('IP whitelist', () => {
  it('lets a whitelisted address in without a password, over HTTP and SOCKS5', async () => {
    const answer = await getThroughProxy(proxy(12).http_port, echo.url, { localAddress: '127.0.0.65' });
    expect(answer.status).toBe(200);
    expect(source(answer)).toBe(address('sim-2'));
    const socket = await socksConnect(proxy(12).socks_port, echo.port, { localAddress: '127.0.0.66' });
    expect((await getOverTunnel(socket, `127.0.0.1:${echo.port}`)).source).toBe(address('sim-2'));
    socket.destroy();
  });

  it('keeps other addresses to the password', async () => {
    const refused = await getThroughProxy(proxy(12).http_port, echo.url, { localAddress: '127.0.0.70' });
    expect(refused.status).toBe(407);
    const allowed = await getThroughProxy(proxy(12).http_port, echo.url, {
      localAddress: '127.0.0.70',
      credentials: bob,
    });
    expect(allowed.status).toBe(200);
  });

  it('closes the sessions of an address taken off the whitelist', async () => {
    const tunnel = await connectTunnel(proxy(12).http_port, `127.0.0.1:${echo.port}`, { localAddress: '127.0.0.67' });
    expect(tunnel.status).toBe(200);
    api.updateProxy(12, { whitelist: ['127.0.0.64/31'] });
    expect(await closedWithin(opened(tunnel), 2_000)).toBeLessThan(2_000);
    const refused = await getThroughProxy(proxy(12).http_port, echo.url, { localAddress: '127.0.0.67' });
    expect(refused.status).toBe(407);
    const still = await getThroughProxy(proxy(12).http_port, echo.url, { localAddress: '127.0.0.65' });
    expect(still.status).toBe(200);
  });
});

describe('configuration changes', () => {
  it('refuses the old password within 2 s of a regeneration and closes its open tunnel', async () => {
    const tunnel = await connectTunnel(proxy(11).http_port, `127.0.0.1:${echo.port}`, { credentials: alice });
    const socks = await socksConnect(proxy(11).socks_port, echo.port, { credentials: alice });
    expect((await getOverTunnel(opened(tunnel), `127.0.0.1:${echo.port}`)).source).toBe(address('sim-1'));
    const renewed = { ...alice, password: 'regenerated-password-2' };
    const changed = Date.now();
    api.updateProxy(11, { password: renewed.password });

    await eventually(
      async () => (await getThroughProxy(proxy(11).http_port, echo.url, { credentials: alice })).status === 407,
      2_000,
    );
    expect(Date.now() - changed).toBeLessThan(2_000);
    await closedWithin(opened(tunnel), 2_000);
    await closedWithin(socks, 2_000);
    expect(Date.now() - changed).toBeLessThan(2_000);

    const answer = await getThroughProxy(proxy(11).http_port, echo.url, { credentials: renewed });
    expect(answer.status).toBe(200);
    alice.password = renewed.password;
  });

  it('refuses the old login within 2 s of the owner changing it, closes its tunnels, and serves the new one', async () => {
    const tunnel = await connectTunnel(proxy(11).http_port, `127.0.0.1:${echo.port}`, { credentials: alice });
    const socks = await socksConnect(proxy(11).socks_port, echo.port, { credentials: alice });
    const renamed = { ...alice, login: 'shop2024' };
    const changed = Date.now();
    api.updateProxy(11, { login: renamed.login });

    await eventually(
      async () => (await getThroughProxy(proxy(11).http_port, echo.url, { credentials: alice })).status === 407,
      2_000,
    );
    await closedWithin(opened(tunnel), 2_000);
    await closedWithin(socks, 2_000);
    expect(Date.now() - changed).toBeLessThan(2_000);
    await expect(socksConnect(proxy(11).socks_port, echo.port, { credentials: alice })).rejects.toThrow();

    const answer = await getThroughProxy(proxy(11).http_port, echo.url, { credentials: renamed });
    expect(answer.status).toBe(200);
    expect(source(answer)).toBe(address('sim-1'));
    const again = await socksConnect(proxy(11).socks_port, echo.port, { credentials: renamed });
    expect((await getOverTunnel(again, '127.0.0.1')).source).toBe(address('sim-1'));
    again.destroy();
    alice.login = renamed.login;
  });

  it('does not serve suspended or expired proxies, and serves one as soon as it is active', async () => {
    await expect(getThroughProxy(proxy(13).http_port, echo.url, { credentials: carol })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    api.updateProxy(13, { state: 'active' });
    await eventually(
      async () => (await getThroughProxy(proxy(13).http_port, echo.url, { credentials: carol })).status === 200,
      2_000,
    );

    const tunnel = await connectTunnel(proxy(13).http_port, `127.0.0.1:${echo.port}`, { credentials: carol });
    api.updateProxy(13, { state: 'expired' });
    await closedWithin(opened(tunnel), 2_000);
    await expect(getThroughProxy(proxy(13).http_port, echo.url, { credentials: carol })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it('opens the ports of a new proxy within 2 s', async () => {
    const dave = { login: 'dave', password: 'daves-password-4' };
    api.set({
      proxies: [
        ...api.config().proxies,
        { id: 14, modem_id: 3, http_port: port(6), socks_port: port(7), ...dave, whitelist: [], state: 'active' },
      ],
    });
    const started = Date.now();
    const answer = await eventually(async () => {
      const attempt = await getThroughProxy(port(6), echo.url, { credentials: dave }).catch(() => undefined);
      return attempt?.status === 200 ? attempt : undefined;
    }, 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(source(answer)).toBe(address('sim-3'));
  });
});

describe('rotation', () => {
  it('rotates the modem the API asks for and reports the new address, which targets then see', async () => {
    const before = address('sim-1');
    const tunnel = await connectTunnel(proxy(11).http_port, `127.0.0.1:${echo.port}`, { credentials: alice });
    const id = api.requestRotation(1);
    const result = await eventually(() => api.rotationResults.get(id), 3_000);
    expect(result).toMatchObject({ status: 'done', previous_ip: before });
    expect(result.status === 'done' && result.ip).not.toBe(before);
    expect(result.status === 'done' && result.ip).toBe(address('sim-1'));
    // The tunnel was bound to the address the modem lost.
    await closedWithin(opened(tunnel), 1_000);

    const answer = await getThroughProxy(proxy(11).http_port, echo.url, { credentials: alice });
    expect(source(answer)).toBe(address('sim-1'));
    expect(source(answer)).not.toBe(before);
    await eventually(() => api.reports.at(-1)?.modems.find((modem) => modem.key === 'sim-1')?.ip === address('sim-1'));
  });

  it('reboots the modem: open tunnels close at once, 503 meanwhile, then it serves again from a new address', async () => {
    const before = address('sim-1');
    const connect = await connectTunnel(proxy(11).http_port, `127.0.0.1:${echo.port}`, { credentials: alice });
    const socks = await socksConnect(proxy(11).socks_port, echo.port, { credentials: alice });
    const id = api.requestRotation(1, 'reboot');
    await Promise.all([closedWithin(opened(connect), 300), closedWithin(socks, 300)]);
    const meanwhile = await getThroughProxy(proxy(11).http_port, echo.url, { credentials: alice });
    expect(meanwhile.status).toBe(503);

    const result = await eventually(() => api.rotationResults.get(id), 3_000);
    expect(result).toMatchObject({ status: 'done', previous_ip: before });
    expect(result.status === 'done' && result.ip).not.toBe(before);
    const answer = await getThroughProxy(proxy(11).http_port, echo.url, { credentials: alice });
    expect(answer.status).toBe(200);
    expect(source(answer)).toBe(address('sim-1'));
    expect(source(answer)).not.toBe(before);
    const socksAgain = await socksConnect(proxy(11).socks_port, echo.port, { credentials: alice });
    expect((await getOverTunnel(socksAgain, '127.0.0.1')).source).toBe(address('sim-1'));
    socksAgain.destroy();
  });

  it('reports a rotation of a modem it does not have as failed', async () => {
    api.set({ modems: [...modems, { id: 9, name: 'Gone', key: 'sim-9', ip: null }] });
    const id = api.requestRotation(9);
    const result = await eventually(() => api.rotationResults.get(id), 2_000);
    expect(result).toMatchObject({ status: 'failed', error: expect.stringContaining('modem_unknown') });
  });
});

describe('rotations apart from the config (protocol 2, #42)', () => {
  it('learns of a rotation and its end without a whole config, also one asked for while the API was away', async () => {
    const apart = new FakeApi({ protocol: 2 });
    const [httpPort = 0, socksPort = 0] = await freePorts(2);
    // A host's worth of listed proxies (expired: listed, not served, so no ports to find) makes the config weigh what
    // a real one does, tens of kilobytes.
    const listed: AgentProxy[] = Array.from({ length: 300 }, (_, index) => ({
      id: 100 + index,
      modem_id: 1,
      http_port: 30_000 + 2 * index,
      socks_port: 30_001 + 2 * index,
      login: `customer-${index}`,
      password: `password-of-customer-${index}`,
      whitelist: [],
      state: 'expired',
    }));
    apart.set({
      modems: [{ id: 1, name: 'Sim', key: 'sim-1', ip: null }],
      proxies: [
        { id: 1, modem_id: 1, http_port: httpPort, socks_port: socksPort, ...carol, whitelist: [], state: 'active' },
        ...listed,
      ],
    });
    await apart.up();
    const own = await Agent.start({
      api: { url: apart.url, token: apart.token },
      host: '127.0.0.1',
      driver: new SimulatorDriver({ modems: 1, network: '127.0.0.208/28', rotationMs: { min: 1, max: 5 } }),
      privateTargets: 'allow',
      log: pino({ level: 'silent' }),
      timing: { configWaitSeconds: 2, minPollMs: 20, maxBackoffMs: 100, reportIntervalMs: 60_000 },
    });
    try {
      await eventually(() => own.configVersion === apart.version, 3_000);
      expect(apart.answers).toHaveLength(1);
      const [whole] = apart.answers;
      expect(whole?.bytes).toBeGreaterThan(20_000);

      const first = apart.requestRotation(1);
      expect(await eventually(() => apart.rotationResults.get(first), 3_000)).toMatchObject({ status: 'done' });
      // The agent hears of the request, then of its end (the API no longer lists it).
      await eventually(() => apart.answers.filter((answer) => answer.kind === 'rotations').length >= 2, 3_000);

      // Asked for while the API is away: run when it is back, once, still without a whole config.
      await apart.down();
      const second = apart.requestRotation(1);
      await apart.up();
      expect(await eventually(() => apart.rotationResults.get(second), 5_000)).toMatchObject({ status: 'done' });
      await eventually(() => apart.answers.filter((answer) => answer.kind === 'rotations').length >= 4, 3_000);

      expect(apart.answers.slice(1).map((answer) => answer.kind)).toEqual(
        apart.answers.slice(1).map(() => 'rotations'),
      );
      expect(Math.max(...apart.answers.slice(1).map((answer) => answer.bytes))).toBeLessThan(300);
      expect(own.configVersion).toBe(apart.version);
      expect(apart.refused).toEqual([]);
      // Nothing else was asked of the modem or posted.
      expect([...apart.rotationResults.keys()]).toEqual([first, second]);
      expect((await getThroughProxy(httpPort, echo.url, { credentials: carol })).status).toBe(200);
    } finally {
      await own.stop();
      await apart.down();
    }
  });
});

describe('config deltas (protocol 3, #42)', () => {
  it('applies orders as deltas, ends where the whole config would, and asks for the whole one after a gap', async () => {
    const deltas = new FakeApi({ protocol: 3 });
    const [firstHttp = 0, firstSocks = 0, secondHttp = 0, secondSocks = 0] = await freePorts(4);
    // A host's worth of listed proxies (expired: listed, not served): a whole config weighs tens of kilobytes.
    const listed: AgentProxy[] = Array.from({ length: 300 }, (_, index) => ({
      id: 100 + index,
      modem_id: 1,
      http_port: 30_000 + 2 * index,
      socks_port: 30_001 + 2 * index,
      login: `customer-${index}`,
      password: `password-of-customer-${index}`,
      whitelist: [],
      state: 'expired',
    }));
    const first: AgentProxy = {
      id: 1,
      modem_id: 1,
      http_port: firstHttp,
      socks_port: firstSocks,
      ...carol,
      whitelist: [],
      state: 'active',
    };
    deltas.set({ modems: [{ id: 1, name: 'Sim', key: 'sim-1', ip: null }], proxies: [first, ...listed] });
    await deltas.up();
    const stateDir = await mkdtemp(path.join(tmpdir(), 'agent-state-'));
    const log = pino({ level: 'silent' });
    const store = new ConfigStore({ dir: stateDir, api: { url: deltas.url, token: deltas.token }, log });
    const own = await Agent.start({
      api: { url: deltas.url, token: deltas.token },
      host: '127.0.0.1',
      driver: new SimulatorDriver({ modems: 1, network: '127.0.0.224/28', rotationMs: { min: 1, max: 5 } }),
      privateTargets: 'allow',
      store,
      log,
      timing: { configWaitSeconds: 2, minPollMs: 20, maxBackoffMs: 100, reportIntervalMs: 60_000 },
    });
    const settled = async () => {
      await eventually(() => own.configVersion === deltas.version, 3_000);
      // Saved as the whole config of that version would be: a restart without the API serves exactly it.
      await eventually(async () => {
        expect(await store.load()).toEqual(deltas.config(3));
        return true;
      }, 3_000);
    };
    try {
      await settled();
      expect(deltas.answers.map((answer) => answer.kind)).toEqual(['config']);

      // An order: a new proxy, served from the delta alone.
      const second: AgentProxy = {
        id: 2,
        modem_id: 1,
        http_port: secondHttp,
        socks_port: secondSocks,
        ...alice,
        whitelist: [],
        state: 'active',
      };
      deltas.set({ proxies: [first, second, ...listed] });
      await settled();
      expect(deltas.answers.at(-1)?.kind).toBe('delta');
      expect(deltas.answers.at(-1)?.bytes).toBeLessThan(1_000);
      expect((await getThroughProxy(secondHttp, echo.url, { credentials: alice })).status).toBe(200);

      // A new password, a proxy gone, a new modem name: still deltas.
      deltas.updateProxy(2, { password: 'alices-new-password' });
      deltas.set({
        modems: [{ id: 1, name: 'Sim renamed', key: 'sim-1', ip: null }],
        proxies: [first, { ...second, password: 'alices-new-password' }, ...listed.slice(1)],
      });
      await settled();
      expect((await getThroughProxy(secondHttp, echo.url, { credentials: alice })).status).toBe(407);
      const renewed = { login: alice.login, password: 'alices-new-password' };
      expect((await getThroughProxy(secondHttp, echo.url, { credentials: renewed })).status).toBe(200);

      // A delta from a version the agent does not have: it asks for the whole config at once, and serves that.
      deltas.gapNext = true;
      deltas.set({ proxies: [first, { ...second, state: 'suspended' }, ...listed.slice(1)] });
      await settled();
      expect(deltas.answers.slice(-2).map((answer) => answer.kind)).toEqual(['delta', 'config']);
      // Suspended: its ports closed.
      await expect(getThroughProxy(secondHttp, echo.url, { credentials: renewed })).rejects.toThrow();
      expect((await getThroughProxy(firstHttp, echo.url, { credentials: carol })).status).toBe(200);

      expect(deltas.answers.filter((answer) => answer.kind === 'config')).toHaveLength(2);
      expect(deltas.refused).toEqual([]);
    } finally {
      await own.stop();
      await deltas.down();
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});

describe('reports', () => {
  it('reports every modem with its status and address', async () => {
    await eventually(() => agent.configVersion === api.version);
    const report = await eventually(() => api.reports.findLast((sent) => sent.config_version === api.version));
    expect(report.modems.map((modem) => [modem.key, modem.modem_id, modem.status])).toEqual([
      ['sim-1', 1, 'online'],
      ['sim-2', 2, 'online'],
      ['sim-3', 3, 'online'],
    ]);
    expect(report.modems.map((modem) => modem.ip)).toEqual([address('sim-1'), address('sim-2'), address('sim-3')]);
  });

  it('reports each proxy’s bytes in and out per minute once the minute is over, once', async () => {
    const reportsBefore = api.reports.length;
    const answer = await getThroughProxy(proxy(12).http_port, `${echo.url}/${'x'.repeat(1000)}`, { credentials: bob });
    expect(answer.status).toBe(200);
    clockOffset += 60_000;
    const bucket = await eventually(() =>
      api.reports
        .slice(reportsBefore)
        .flatMap((report) => report.traffic)
        .find((entry) => entry.proxy_id === 12),
    );
    // The request line carries the 1000-character path in; the echo carries it back out.
    expect(bucket.bytes_in).toBeGreaterThan(1000);
    expect(bucket.bytes_out).toBeGreaterThan(1000);
    expect(bucket.minute).toMatch(/:00\.000Z$/);
    const sent = api.reports.length;
    await eventually(() => api.reports.length >= sent + 2);
    const again = api.reports
      .slice(sent)
      .flatMap((report) => report.traffic)
      .filter((entry) => entry.proxy_id === 12 && entry.minute === bucket.minute);
    expect(again).toEqual([]);
    expect(api.refused).toEqual([]);
  });
});

type SavedTraffic = { buckets: AgentReport['traffic'] };

describe('traffic across a restart (#42)', () => {
  /** What the API holds for `proxyId` after these reports: a bucket by (proxy, minute), each replacing the one before. */
  function held(reports: readonly AgentReport[], proxyId: number) {
    const buckets = new Map<string, { bytes_in: number; bytes_out: number }>();
    for (const bucket of reports.flatMap((report) => report.traffic)) {
      if (bucket.proxy_id === proxyId) buckets.set(bucket.minute, bucket);
    }
    let bytesIn = 0;
    let bytesOut = 0;
    for (const bucket of buckets.values()) {
      bytesIn += bucket.bytes_in;
      bytesOut += bucket.bytes_out;
    }
    return { bytesIn, bytesOut };
  }

  /** What an agent counted for `proxyId` since its start (its metrics' `agent_proxy_bytes_total`). */
  function counted(agent: Agent, proxyId: number) {
    let bytesIn = 0;
    let bytesOut = 0;
    for (const total of agent.meter.allTotals()) {
      if (total.proxyId !== proxyId) continue;
      bytesIn += total.bytesIn;
      bytesOut += total.bytesOut;
    }
    return { bytesIn, bytesOut };
  }

  async function farmOfItsOwn() {
    const own = new FakeApi();
    const [httpPort = 0, socksPort = 0] = await freePorts(2);
    own.set({
      modems: [{ id: 1, name: 'Sim', key: 'sim-1', ip: null }],
      proxies: [
        { id: 5, modem_id: 1, http_port: httpPort, socks_port: socksPort, ...carol, whitelist: [], state: 'active' },
      ],
    });
    await own.up();
    const stateDir = await mkdtemp(path.join(tmpdir(), 'agent-state-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const trafficStore = new TrafficStore({ dir: stateDir, apiUrl: own.url, log });
    /** Minutes end when the test moves this on; both agents read it, so a restart can fall within a minute. */
    let offset = 0;
    const start = () =>
      Agent.start({
        api: { url: own.url, token: own.token },
        host: '127.0.0.1',
        driver: new SimulatorDriver({ modems: 1, network: '127.0.0.208/28', rotationMs: { min: 1, max: 1 } }),
        privateTargets: 'allow',
        log,
        store: new ConfigStore({ dir: stateDir, api: { url: own.url, token: own.token }, log }),
        trafficStore,
        now: () => Date.now() + offset,
        timing: { configWaitSeconds: 1, minPollMs: 50, reportIntervalMs: 100, sampleIntervalMs: 50 },
      });
    const download = async () => {
      const answer = await eventually(() =>
        getThroughProxy(httpPort, `${echo.url}/${'x'.repeat(4_000)}`, { credentials: carol }).catch(() => undefined),
      );
      expect(answer.status).toBe(200);
    };
    return {
      api: own,
      trafficStore,
      start,
      download,
      log: () => lines.join(''),
      endMinute: () => (offset += 60_000),
      dispose: async () => {
        await own.down();
        await rm(stateDir, { recursive: true, force: true });
      },
    };
  }

  it('reports the bytes counted before a stop after the restart, once, though the minute spans both', async () => {
    const farm = await farmOfItsOwn();
    let agent: Agent | undefined;
    try {
      agent = await farm.start();
      await farm.download();
      await agent.stop();
      const before = counted(agent, 5);
      expect(before.bytesOut).toBeGreaterThan(4_000);
      // The stopping agent's last report carried the running minute as it stood.
      expect(held(farm.api.reports, 5)).toEqual(before);
      expect((await stat(farm.trafficStore.file)).mode & 0o777).toBe(0o600);

      // Restarted within the same minute, it adds to the saved bucket: the minute's final sum replaces the partial one.
      agent = await farm.start();
      expect(farm.log()).toContain('traffic saved before the restart taken back; sending it');
      await farm.download();
      farm.endMinute();
      const restarted = agent;
      const both = () => ({
        bytesIn: before.bytesIn + counted(restarted, 5).bytesIn,
        bytesOut: before.bytesOut + counted(restarted, 5).bytesOut,
      });
      await eventually(() => held(farm.api.reports, 5).bytesOut === both().bytesOut);
      expect(held(farm.api.reports, 5)).toEqual(both());
      // The finished minute, once the API took it, is off the disk too: a later restart sends nothing again.
      await eventually(async () => (await farm.trafficStore.load()).length === 0);
      expect(farm.api.refused).toEqual([]);
    } finally {
      await agent?.stop();
      await farm.dispose();
    }
  });

  it('starts and serves with a corrupt traffic file, and replaces it', async () => {
    const farm = await farmOfItsOwn();
    let agent: Agent | undefined;
    try {
      await writeFile(farm.trafficStore.file, '{"api": "x", "buckets": [{"proxy_id": "five"}]');
      agent = await farm.start();
      await farm.download();
      expect(farm.log()).toContain('saved traffic corrupted; ignored');
      const saved = async () => (JSON.parse(await readFile(farm.trafficStore.file, 'utf8')) as SavedTraffic).buckets;
      // Once the closing socket's last bytes are in, the file holds what the agent counted.
      const own = agent;
      await eventually(async () => (await saved())[0]?.bytes_out === counted(own, 5).bytesOut);
      expect(await saved()).toEqual([expect.objectContaining({ proxy_id: 5, bytes_in: counted(own, 5).bytesIn })]);
    } finally {
      await agent?.stop();
      await farm.dispose();
    }
  });
});

describe('without the API', () => {
  it('keeps serving the last config while the API is down and picks up changes when it returns', async () => {
    await api.down();
    const reportsBefore = api.reports.length;
    const answer = await getThroughProxy(proxy(11).http_port, echo.url, { credentials: alice });
    expect(answer.status).toBe(200);
    // A proxy added meanwhile, and traffic counted meanwhile.
    const erin = { login: 'erin', password: 'erins-password-5' };
    api.set({
      proxies: [
        ...api.config().proxies,
        { id: 15, modem_id: 2, http_port: port(8), socks_port: port(9), ...erin, whitelist: [], state: 'active' },
      ],
    });
    clockOffset += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await getThroughProxy(proxy(11).http_port, echo.url, { credentials: alice })).status).toBe(200);
    expect(api.reports.length).toBe(reportsBefore);

    await api.up();
    const served = await eventually(async () => {
      const attempt = await getThroughProxy(port(8), echo.url, { credentials: erin }).catch(() => undefined);
      return attempt?.status === 200 ? attempt : undefined;
    });
    expect(source(served)).toBe(address('sim-2'));
    // The minute counted while the API was away arrives once it is back.
    await eventually(() =>
      api.reports.slice(reportsBefore).some((report) => report.traffic.some((entry) => entry.proxy_id === 11)),
    );
  });
});

describe('a token the API refuses', () => {
  /** An agent of its own: the shared one above must keep its token. */
  async function startRefusable(timing: Partial<AgentTiming>) {
    const refusing = new FakeApi();
    const [httpPort = 0, socksPort = 0] = await freePorts(2);
    refusing.set({
      modems: [{ id: 1, name: 'Sim', key: 'sim-1', ip: null }],
      proxies: [
        { id: 1, modem_id: 1, http_port: httpPort, socks_port: socksPort, ...carol, whitelist: [], state: 'active' },
      ],
    });
    await refusing.up();
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const stateDir = await mkdtemp(path.join(tmpdir(), 'agent-state-'));
    const store = new ConfigStore({ dir: stateDir, api: { url: refusing.url, token: refusing.token }, log });
    const own = await Agent.start({
      api: { url: refusing.url, token: refusing.token },
      host: '127.0.0.1',
      driver: new SimulatorDriver({ modems: 1, network: '127.0.0.192/28', rotationMs: { min: 1, max: 1 } }),
      privateTargets: 'allow',
      log,
      store,
      timing: { minPollMs: 50, maxBackoffMs: 200, ...timing },
    });
    const serves = async (credentials: typeof carol) =>
      (await getThroughProxy(httpPort, echo.url, { credentials }).catch(() => undefined))?.status === 200;
    const refuses = async () =>
      (await getThroughProxy(httpPort, echo.url, { credentials: carol }).then(
        () => false,
        (error: Error) => /ECONNREFUSED/.test(error.message),
      )) &&
      (await socksConnect(socksPort, echo.port, { credentials: carol }).then(
        (socket) => (socket.destroy(), false),
        (error: Error) => /ECONNREFUSED/.test(error.message),
      ));
    await eventually(() => serves(carol), 3_000);
    await eventually(() => existsSync(store.file), 1_000);
    return {
      api: refusing,
      agent: own,
      saved: store.file,
      httpPort,
      log: () => lines.join(''),
      serves,
      refuses,
      stop: async () => {
        await own.stop();
        await refusing.down();
        await rm(stateDir, { recursive: true, force: true });
      },
    };
  }

  it('stops serving every proxy on 401 to its config request, keeps asking, and serves again once accepted', async () => {
    const farm = await startRefusable({ configWaitSeconds: 1, reportIntervalMs: 60_000 });
    try {
      const tunnel = opened(await connectTunnel(farm.httpPort, `127.0.0.1:${echo.port}`, { credentials: carol }));
      farm.api.revokeToken();
      await closedWithin(tunnel, 3_000);
      await eventually(farm.refuses, 1_000);
      expect(farm.log()).toContain("the API refuses this host's token (401): serving nothing until it accepts it");
      // Nothing of it stays on disk for a restart to serve.
      await eventually(() => !existsSync(farm.saved), 1_000);

      farm.api.restoreToken();
      await eventually(() => farm.serves(carol), 3_000);
    } finally {
      await farm.stop();
    }
  });

  it('learns it from a report too, and drops a config the API sent before it refused the token', async () => {
    // The config request is held (a long poll) while a report gets the 401.
    const farm = await startRefusable({ configWaitSeconds: 25, minPollMs: 1_500, reportIntervalMs: 100 });
    try {
      await eventually(() => farm.api.configRequests >= 2, 3_000);
      farm.api.revokeToken();
      await eventually(farm.refuses, 2_000);
      await eventually(() => !existsSync(farm.saved), 1_000);
      // The held request answers with a new config now; it was asked with the token the API no longer takes.
      farm.api.updateProxy(1, { password: 'carols-new-password-4' });
      for (const started = Date.now(); Date.now() - started < 800;) {
        expect(await farm.refuses()).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      farm.api.restoreToken();
      await eventually(() => farm.serves({ ...carol, password: 'carols-new-password-4' }), 3_000);
    } finally {
      await farm.stop();
    }
  });
});
