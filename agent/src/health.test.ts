import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HealthCheck } from '@proxy/contract/schemas/farm-agent';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../test/clients.ts';
import { FakeApi, freePorts } from '../test/servers.ts';
import { Agent } from './agent.ts';
import { DEFAULT_TIMING } from './options.ts';
import { SimulatorDriver } from './drivers/simulator.ts';
import { CHECK_CONCURRENCY, checkEach, measure } from './health.ts';

/**
 * Health checks over real sockets: a simulated farm whose modems are loopback addresses, and a local check target
 * that answers the caller's address as plain text (what the API's `/api/ip/` does), so a check through a
 * modem must come back with that modem's address.
 */

const api = new FakeApi();
let target: Server;
let targetUrl: string;
let agent: Agent;

const modems = [
  { id: 1, name: 'Moscow MTS 1', key: 'sim-1', ip: null },
  { id: 2, name: 'Moscow MTS 2', key: 'sim-2', ip: null },
];

beforeAll(async () => {
  target = createServer((request, response) => {
    if (request.url === '/ip/') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(request.socket.remoteAddress);
    } else if (request.url === '/silent/') {
      // Never answers: the check must give up on its own.
    } else {
      response.writeHead(502);
      response.end('bad gateway');
    }
  });
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const [httpPort = 0, socksPort = 0] = await freePorts(2);
  api.set({
    modems,
    proxies: [
      {
        id: 11,
        modem_id: 1,
        http_port: httpPort,
        socks_port: socksPort,
        login: 'alice',
        password: 'first-password-1',
        whitelist: [],
        state: 'active',
      },
    ],
    checkUrl: `${targetUrl}/ip/`,
  });
  await api.up();
  agent = await Agent.start({
    api: { url: api.url, token: api.token },
    host: '127.0.0.1',
    driver: new SimulatorDriver({ modems: 2, network: '127.0.0.0/26', rotationMs: { min: 20, max: 60 } }),
    privateTargets: 'allow',
    log: pino({ level: 'silent' }),
    timing: {
      configWaitSeconds: 2,
      minPollMs: 50,
      maxBackoffMs: 200,
      reportIntervalMs: 100,
      statusIntervalMs: 200,
      checkIntervalMs: 100,
      checkTimeoutMs: 300,
    },
  });
  await eventually(() => agent.configVersion === api.version);
});

afterAll(async () => {
  await agent?.stop();
  await api.down();
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
});

const reported = (): HealthCheck[] => api.reports.flatMap((report) => report.checks ?? []);

describe('health checks', () => {
  it('check each modem through its own egress and report the address the target saw, with the latency', async () => {
    const [one, two] = await eventually(() => {
      const one = reported().find((check) => check.modem_id === 1);
      const two = reported().find((check) => check.modem_id === 2);
      return one && two && ([one, two] as const);
    });
    for (const [check, key] of [
      [one, 'sim-1'],
      [two, 'sim-2'],
    ] as const) {
      expect(check).toMatchObject({ ok: true, ip: agent.modems.view(key)?.ip, error: null });
      expect(check.ip).toMatch(/^127\.0\.0\.\d+$/);
      expect(check.latency_ms).toBeGreaterThanOrEqual(0);
      expect(check.latency_ms).toBeLessThan(300);
    }
    expect(one.ip).not.toBe(two.ip);
    expect(api.refused).toEqual([]);
  });

  it('report a failed check when the target fails, and send each check once', async () => {
    api.set({ checkUrl: `${targetUrl}/broken/` });
    const failed = await eventually(() => reported().find((check) => !check.ok));
    expect(failed).toMatchObject({ ok: false, ip: null, error: 'status 502' });
    expect(failed.latency_ms).toBeGreaterThanOrEqual(0);
    const times = reported().map((check) => `${check.modem_id} ${check.checked_at}`);
    expect(new Set(times).size).toBe(times.length);
  });
});

describe('the target the config names', () => {
  it("is what the checks request, and without one (staff set none, or an older API) the API's own /api/ip/", async () => {
    api.set({ checkUrl: null });
    await eventually(() => agent.configVersion === api.version);
    const from = api.ipRequests;
    const checkedAt = new Date().toISOString();
    const viaDefault = await eventually(() =>
      reported().find((check) => check.modem_id === 1 && check.checked_at > checkedAt && api.ipRequests > from),
    );
    expect(viaDefault).toMatchObject({ ok: true, ip: agent.modems.view('sim-1')?.ip, error: null });

    // Named again (staff saved one in the panel): the checks go there, not to the API.
    api.set({ checkUrl: `${targetUrl}/ip/` });
    await eventually(() => agent.configVersion === api.version);
    const switched = new Date().toISOString();
    await eventually(() => reported().some((check) => check.checked_at > switched && check.ok));
    const before = api.ipRequests;
    const later = new Date().toISOString();
    await eventually(() => reported().filter((check) => check.checked_at > later && check.ok).length >= 2);
    expect(api.ipRequests).toBe(before);
  });
});

describe('a check the config asks for ("check now")', () => {
  it('is measured at once, whatever the interval, and its result posted for the request', async () => {
    api.set({ checkUrl: `${targetUrl}/ip/` });
    await eventually(() => agent.configVersion === api.version);
    const id = api.requestCheck(2);
    const result = await eventually(() => api.checkResults.get(id));
    expect(result).toMatchObject({ ok: true, ip: agent.modems.view('sim-2')?.ip, error: null });
    expect(api.refused).toEqual([]);
  });

  it('keeps a result the API did not take and posts that same result once it takes results again', async () => {
    api.failResults = true;
    const id = api.requestCheck(1);
    const refused = await eventually(() => api.failedResults.find((failed) => failed.id === id));
    api.failResults = false;
    const result = await eventually(() => api.checkResults.get(id));
    // The same measurement, not a second one: the customer asked about that moment.
    expect(result).toEqual(refused.body);
    expect(result).toMatchObject({ ok: true, ip: agent.modems.view('sim-1')?.ip });
  });
});

describe('one measurement', () => {
  it('gives up after the timeout on a target that never answers', async () => {
    const result = await measure(`${targetUrl}/silent/`, '127.0.0.5', 200);
    expect(result).toEqual({ ok: false, latencyMs: null, ip: null, error: 'timeout' });
  });

  it('fails on a target nobody listens on, and on an answer that is not an address', async () => {
    const [closed] = await freePorts(1);
    expect(await measure(`http://127.0.0.1:${closed}/`, '127.0.0.5', 1_000)).toMatchObject({
      ok: false,
      error: 'ECONNREFUSED',
    });
    const wrong = createServer((_request, response) => response.end('<html>hello</html>'));
    wrong.listen(0, '127.0.0.1');
    await once(wrong, 'listening');
    const url = `http://127.0.0.1:${(wrong.address() as AddressInfo).port}/`;
    expect(await measure(url, '127.0.0.5', 1_000)).toMatchObject({ ok: false, error: 'the answer is not an address' });
    await new Promise((resolve) => wrong.close(resolve));
  });
});

describe('a round of checks (#42)', () => {
  it('checks at most CHECK_CONCURRENCY modems at once, so 50 that all time out finish inside the interval', async () => {
    const { checkIntervalMs, checkTimeoutMs } = DEFAULT_TIMING;
    // One at a time they would not: the round would outlast the interval.
    expect(50 * checkTimeoutMs).toBeGreaterThan(checkIntervalMs);
    vi.useFakeTimers();
    try {
      const started = Date.now();
      let running = 0;
      let most = 0;
      const finished: number[] = [];
      let lastEnd = started;
      const round = checkEach(
        Array.from({ length: 50 }, (_, index) => index),
        async (modem) => {
          running++;
          most = Math.max(most, running);
          // The slowest a check can be: no answer until the timeout.
          await new Promise((resolve) => setTimeout(resolve, checkTimeoutMs));
          running--;
          finished.push(modem);
          lastEnd = Date.now();
        },
      );
      await vi.advanceTimersByTimeAsync(checkIntervalMs);
      await round;
      expect(finished).toHaveLength(50);
      expect(new Set(finished).size).toBe(50);
      expect(most).toBe(CHECK_CONCURRENCY);
      // Fake time: the round took as many timeouts as it has slots' worth of modems, inside the interval.
      expect(lastEnd - started).toBe(Math.ceil(50 / CHECK_CONCURRENCY) * checkTimeoutMs);
      expect(lastEnd - started).toBeLessThanOrEqual(checkIntervalMs);
    } finally {
      vi.useRealTimers();
    }
  });

  it("runs the agent's checks that many at a time through slow modems, and reports every modem", async () => {
    let inFlight = 0;
    let most = 0;
    // A slow target (slow modems, as far as the agent can tell): every answer comes 100 ms late.
    const slow = createServer((request, response) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(request.socket.remoteAddress);
      }, 100);
    });
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const own = new FakeApi();
    const farm = Array.from({ length: 20 }, (_, index) => ({
      id: index + 1,
      name: `Slow ${index + 1}`,
      key: `sim-${index + 1}`,
      ip: null,
    }));
    own.set({ modems: farm, proxies: [], checkUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/` });
    await own.up();
    const slowAgent = await Agent.start({
      api: { url: own.url, token: own.token },
      host: '127.0.0.1',
      driver: new SimulatorDriver({ modems: 20, network: '127.0.1.0/26', rotationMs: { min: 1, max: 1 } }),
      privateTargets: 'allow',
      log: pino({ level: 'silent' }),
      timing: {
        configWaitSeconds: 2,
        minPollMs: 50,
        reportIntervalMs: 100,
        checkIntervalMs: 200,
        checkTimeoutMs: 2_000,
      },
    });
    try {
      const checked = () =>
        new Set(own.reports.flatMap((report) => report.checks ?? []).map((check) => check.modem_id));
      await eventually(() => checked().size === 20, 10_000);
      expect(own.reports.flatMap((report) => report.checks ?? []).every((check) => check.ok)).toBe(true);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(CHECK_CONCURRENCY);
    } finally {
      await slowAgent.stop();
      await own.down();
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
