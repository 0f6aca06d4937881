import type { LookupAddress } from 'node:dns';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectTunnel, getThroughProxy, socksConnect } from '../../test/clients.ts';
import { FakeApi, freePorts, startEchoServer } from '../../test/servers.ts';
import { Agent } from '../agent.ts';
import { SimulatorDriver } from '../drivers/simulator.ts';
import { targetPolicy } from './targets.ts';

/** `rebind.test` answers a public and a private address, then only the private one: what a rebinding DNS does. */
let rebindLookups = 0;
vi.mock('node:dns/promises', async (importOriginal) => {
  const dns = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = (hostname: string, options: object): Promise<LookupAddress[]> => {
    if (hostname !== 'rebind.test') return dns.lookup(hostname, { ...options, all: true });
    rebindLookups++;
    return Promise.resolve([
      ...(rebindLookups === 1 ? [{ address: '203.0.113.7', family: 4 }] : []),
      { address: '127.0.0.1', family: 4 },
    ]);
  };
  return { ...dns, lookup };
});

describe('targetPolicy("deny")', () => {
  const policy = targetPolicy('deny');

  it('refuses private literals and names that resolve only to private addresses', async () => {
    for (const host of ['127.0.0.1', '[::1]', '::1', '169.254.169.254', '10.1.2.3', 'localhost']) {
      expect({ host, admission: await policy.admit(host) }).toEqual({ host, admission: { refused: true } });
    }
    expect(await policy.admit('93.184.216.34')).toEqual({ refused: false });
  });

  it('connects a name to the public addresses it checked, without asking DNS again (rebinding)', async () => {
    const admission = await policy.admit('rebind.test');
    if (admission.refused || !admission.lookup) throw new Error('a name with a public address is admitted');
    const lookup = admission.lookup;
    const answer = (options: { all?: boolean; family?: number }) =>
      new Promise((resolve) =>
        lookup('rebind.test', options, (error: unknown, address: unknown, family?: number) =>
          resolve(error ?? { address, family }),
        ),
      );
    expect(await answer({ all: true })).toEqual({ address: [{ address: '203.0.113.7', family: 4 }] });
    expect(await answer({ family: 4 })).toEqual({ address: '203.0.113.7', family: 4 });
    expect(await answer({ family: 6 })).toMatchObject({ code: 'ENOTFOUND' });
    expect(rebindLookups).toBe(1);
  });

  it('is a no-op with "allow"', async () => {
    expect(await targetPolicy('allow').admit('127.0.0.1')).toEqual({ refused: false });
    expect(await targetPolicy('allow').admit('localhost')).toEqual({ refused: false });
  });
});

describe('a gateway that denies private targets', () => {
  const api = new FakeApi();
  let agent: Agent;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let httpPort = 0;
  let socksPort = 0;
  const credentials = { login: 'frank', password: 'franks-password' };

  beforeAll(async () => {
    echo = await startEchoServer();
    [httpPort = 0, socksPort = 0] = await freePorts(2);
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
    await api.up();
    agent = await Agent.start({
      api: { url: api.url, token: api.token },
      host: '127.0.0.1',
      driver: new SimulatorDriver({ modems: 1, network: '127.0.0.0/28', rotationMs: { min: 1, max: 1 } }),
      privateTargets: 'deny',
      log: pino({ level: 'silent' }),
      timing: { configWaitSeconds: 1, minPollMs: 50 },
    });
    const started = Date.now();
    while (agent.configVersion !== api.version && Date.now() - started < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  afterAll(async () => {
    await agent.stop();
    await api.down();
    await echo.close();
  });

  it('answers 403 over HTTP to the host itself, by address and by name, for requests and CONNECT', async () => {
    expect((await getThroughProxy(httpPort, echo.url, { credentials })).status).toBe(403);
    expect((await getThroughProxy(httpPort, `http://localhost:${echo.port}/`, { credentials })).status).toBe(403);
    for (const target of [`127.0.0.1:${echo.port}`, `localhost:${echo.port}`, `[::1]:${echo.port}`]) {
      const tunnel = await connectTunnel(httpPort, target, { credentials });
      expect({ target, status: tunnel.status }).toEqual({ target, status: 403 });
    }
  });

  it('answers SOCKS5 "connection not allowed by ruleset" (0x02) to the host itself, by address and by name', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      await expect(socksConnect(socksPort, echo.port, { credentials, host })).rejects.toThrow(
        /rejected connection - NotAllowed/,
      );
    }
  });
});
