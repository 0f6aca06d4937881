import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyConfigDelta, type AgentConfig, type AgentConfigDelta } from '@proxy/contract/schemas/farm-agent';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigStore } from './config-store.ts';

const api = { url: 'https://api.example.com', token: 'host-token-0123456789abcdef' };
const config: AgentConfig = {
  version: 'v7',
  modems: [{ id: 1, name: 'Sim', key: 'sim-1', ip: null }],
  proxies: [
    {
      id: 3,
      modem_id: 1,
      http_port: 30_000,
      socks_port: 30_001,
      login: 'ivan',
      password: 'ivans-password-1',
      whitelist: [],
      state: 'active',
    },
  ],
  rotations: [],
};

describe('ConfigStore', () => {
  let parent: string;
  let dir: string;
  let lines: string[];
  const store = (owner = api) =>
    new ConfigStore({ dir, api: owner, log: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) });

  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'config-store-'));
    dir = path.join(parent, 'state');
    lines = [];
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  it('keeps the config, with its version, readable only by the agent’s user, and gives it back', async () => {
    await store().save(config);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(store().file)).mode & 0o777).toBe(0o600);
    // Written through a temporary file that the rename consumed.
    expect(await readdir(dir)).toEqual(['config.json']);
    expect(await store().load()).toEqual(config);

    await store().save({ ...config, version: 'v8' });
    expect((await store().load())?.version).toBe('v8');
  });

  it('has nothing before the first save and after a clear', async () => {
    expect(await store().load()).toBeNull();
    await store().save(config);
    await store().clear();
    expect(existsSync(store().file)).toBe(false);
    expect(await store().load()).toBeNull();
    expect(lines).toEqual([]);
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, text.length / 2)],
    ['not JSON at all', () => '\u0000\u0000garbage'],
    ['JSON the contract refuses', (text: string) => text.replace('"http_port":30000', '"http_port":"x"')],
  ])('ignores a file %s, with a warning', async (_case, damage) => {
    await store().save(config);
    await writeFile(store().file, damage(await readFile(store().file, 'utf8')));
    expect(await store().load()).toBeNull();
    expect(lines.join('')).toContain('saved config corrupted; ignored');
  });

  it('does not serve a config saved for another API or another token', async () => {
    await store().save(config);
    expect(await store({ ...api, token: 'another-token-0123456789' }).load()).toBeNull();
    expect(await store({ ...api, url: 'https://other.example.com' }).load()).toBeNull();
    expect(lines.join('')).toContain('saved config belongs to another API URL or host token; ignored');
  });

  it('keeps a config a delta made (#42) as it keeps a whole one: what a restart serves is the new version', async () => {
    await store().save(config);
    const delta: AgentConfigDelta = {
      kind: 'delta',
      from: 'v7',
      version: 'v8',
      rotations_version: '2',
      upserts: [
        {
          id: 4,
          modem_id: 1,
          http_port: 30_002,
          socks_port: 30_003,
          login: 'olga',
          password: 'olgas-password-2',
          whitelist: ['203.0.113.9'],
          state: 'active',
        },
      ],
      removals: [3],
      rotations: [],
      checks: [],
      check_url: 'https://check.example.com/ip',
    };
    const changed = applyConfigDelta(config, delta);
    if (!changed) throw new Error('the delta did not apply');
    await store().save(changed);
    expect(await readdir(dir)).toEqual(['config.json']);
    const loaded = await store().load();
    expect(loaded).toEqual(changed);
    expect(loaded?.proxies.map((proxy) => proxy.login)).toEqual(['olga']);
    expect(loaded?.check_url).toBe('https://check.example.com/ip');
    // A delta from a version other than the saved one does not apply: the agent asks for the whole config instead.
    expect(applyConfigDelta(config, { ...delta, from: 'v6' })).toBeNull();
  });

  it('never writes the host token to the file', async () => {
    await store().save(config);
    expect(await readFile(store().file, 'utf8')).not.toContain(api.token);
  });
});
