import type { LookupAddress } from 'node:dns';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getThroughProxy, socksConnect } from '../../test/clients.ts';
import { FakeApi, freePorts, startEchoServer } from '../../test/servers.ts';
import { Agent } from '../agent.ts';
import { SimulatorDriver } from '../drivers/simulator.ts';
import { targetPolicy } from './targets.ts';

describe('targetPolicy("deny")', () => {
  const policy = targetPolicy('deny');

  it('refuses private literals and leaves public ones and names to the lookup', () => {
    expect(policy.refusesLiteral('127.0.0.1')).toBe(true);
    expect(policy.refusesLiteral('[::1]')).toBe(true);
    expect(policy.refusesLiteral('169.254.169.254')).toBe(true);
    expect(policy.refusesLiteral('93.184.216.34')).toBe(false);
    expect(policy.refusesLiteral('localhost')).toBe(false);
  });

  it('refuses a name that resolves only to private addresses', async () => {
    const lookup = policy.lookup;
    if (!lookup) throw new Error('deny has a lookup');
    const error = await new Promise((resolve) =>
      lookup('localhost', { all: true }, (failure: unknown, addresses: string | LookupAddress[]) =>
        resolve(failure ?? addresses),
      ),
    );
    expect(error).toMatchObject({ code: 'ENOTFOUND', name: 'RefusedTargetError' });
  });

  it('is a no-op with "allow"', () => {
    expect(targetPolicy('allow').refusesLiteral('127.0.0.1')).toBe(false);
    expect(targetPolicy('allow').lookup).toBeUndefined();
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

  it('keeps customers off the host itself over HTTP, by address and by name, and over SOCKS5', async () => {
    expect((await getThroughProxy(httpPort, echo.url, { credentials })).status).toBe(403);
    expect((await getThroughProxy(httpPort, `http://localhost:${echo.port}/`, { credentials })).status).not.toBe(200);
    await expect(socksConnect(socksPort, echo.port, { credentials })).rejects.toThrow(
      /rejected connection - NotAllowed/,
    );
  });
});
