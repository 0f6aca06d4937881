import {
  AgentConfigSchema,
  applyConfigDelta,
  type AgentConfig,
  type AgentProxy,
} from '@proxy/contract/schemas/farm-agent';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { deltaOf, digestOf } from './config-delta.ts';

/** A small seeded generator (mulberry32): a failing sequence is the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const STATES = ['active', 'expiring', 'expired', 'suspended'] as const;

function proxyOf(id: number, next: () => number): AgentProxy {
  return {
    id,
    modem_id: 1 + Math.floor(next() * 3),
    http_port: 20_000 + 2 * id,
    socks_port: 20_001 + 2 * id,
    login: `login-${id}`,
    password: `password-${Math.floor(next() * 1e9)}`,
    whitelist: next() < 0.3 ? ['203.0.113.7'] : [],
    state: STATES[Math.floor(next() * STATES.length)] ?? 'active',
  };
}

/** One random change to the host: what orders, expiries, moves, credentials and staff do to its config. */
function change(config: AgentConfig, version: number, next: () => number): AgentConfig {
  let proxies = [...config.proxies];
  let modems = config.modems;
  let checkUrl = config.check_url;
  for (let n = 1 + Math.floor(next() * 4); n > 0; n--) {
    const roll = next();
    const index = Math.floor(next() * proxies.length);
    const target = proxies[index];
    if (roll < 0.35 || !target) {
      const id = Math.max(0, ...proxies.map((proxy) => proxy.id)) + 1 + Math.floor(next() * 3);
      proxies.push(proxyOf(id, next));
    } else if (roll < 0.55) proxies = proxies.filter((proxy) => proxy !== target);
    else if (roll < 0.85) proxies[index] = { ...proxyOf(target.id, next), login: target.login };
    else if (roll < 0.93) modems = modems.map((modem) => ({ ...modem, name: `${modem.name}'` }));
    else checkUrl = checkUrl ? undefined : 'https://check.example.com/ip';
  }
  proxies.sort((a, b) => a.id - b.id);
  return {
    version: String(version),
    rotations_version: String(Math.floor(next() * 5)),
    modems,
    proxies,
    rotations:
      next() < 0.2 ? [{ id: version, modem_id: 1, kind: 'rotate', requested_at: new Date(0).toISOString() }] : [],
    checks: [],
    ...(checkUrl ? { check_url: checkUrl } : {}),
  };
}

describe('config deltas (#42)', () => {
  it('applying the deltas ends in exactly the whole config, after random sequences of changes', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const modems = [1, 2, 3].map((id) => ({ id, name: `Modem ${id}`, key: `sim-${id}`, ip: null }));
      let served = change(
        { version: '0', modems, proxies: Array.from({ length: 40 }, (_, i) => proxyOf(i + 1, next)), rotations: [] },
        1,
        next,
      );
      const digests = new Map([[served.version, digestOf(served)]]);
      // The agent is sometimes a few versions behind (a burst between two polls), sometimes on the last one.
      let agent = served;
      for (let version = 2; version <= 30; version++) {
        served = change(served, version, next);
        digests.set(served.version, digestOf(served));
        if (next() < 0.4) continue;
        const before = digests.get(agent.version);
        const delta = before ? deltaOf(served, agent.version, before) : null;
        const applied = delta ? applyConfigDelta(agent, delta) : served;
        expect(applied, `seed ${seed}, version ${version}`).toEqual(served);
        expect(v.safeParse(AgentConfigSchema, applied).success).toBe(true);
        agent = applied ?? served;
      }
    }
  });

  it('sends the changes of one order in a few hundred bytes, and the whole config when everything changed', () => {
    const next = random(7);
    const modems = [1, 2, 3].map((id) => ({ id, name: `Modem ${id}`, key: `sim-${id}`, ip: null }));
    const proxies = Array.from({ length: 300 }, (_, i) => proxyOf(i + 1, next));
    const config: AgentConfig = { version: '5', rotations_version: '0', modems, proxies, rotations: [], checks: [] };
    const ordered = { ...config, version: '6', proxies: [...proxies, proxyOf(301, next)] };
    const delta = deltaOf(ordered, '5', digestOf(config));
    expect(delta).toMatchObject({ kind: 'delta', from: '5', version: '6', upserts: [{ id: 301 }], removals: [] });
    expect(delta).not.toHaveProperty('modems');
    expect(JSON.stringify(delta).length).toBeLessThan(1_000);

    const renewed = {
      ...config,
      version: '7',
      modems: modems.map((modem) => ({ ...modem, name: `${modem.name} renamed` })),
      proxies: proxies.map((proxy) => ({ ...proxy, password: 'x'.repeat(20) })),
    };
    expect(deltaOf(renewed, '5', digestOf(config))).toBeNull();
  });

  it('does not apply to another version than its `from`', () => {
    const config: AgentConfig = { version: '3', modems: [], proxies: [], rotations: [] };
    const delta = deltaOf({ ...config, version: '5', rotations_version: '1' }, '4', digestOf(config));
    expect(delta && applyConfigDelta(config, delta)).toBeNull();
  });
});
