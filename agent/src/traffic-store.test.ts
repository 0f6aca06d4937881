import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TrafficBucket } from '@proxy/contract/schemas/farm-agent';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TrafficStore } from './traffic-store.ts';

const apiUrl = 'https://api.example.com';
const buckets: TrafficBucket[] = [
  { proxy_id: 3, minute: '2026-11-24T10:00:00.000Z', bytes_in: 120, bytes_out: 100_000 },
  { proxy_id: 4, minute: '2026-11-24T10:01:00.000Z', bytes_in: 7, bytes_out: 0 },
];

describe('TrafficStore', () => {
  let parent: string;
  let dir: string;
  let lines: string[];
  const store = (url = apiUrl) =>
    new TrafficStore({ dir, apiUrl: url, log: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) });

  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'traffic-store-'));
    dir = path.join(parent, 'state');
    lines = [];
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  it('keeps the buckets readable only by the agent’s user and gives them back', async () => {
    await store().save(buckets);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(store().file)).mode & 0o777).toBe(0o600);
    // Written through a temporary file that the rename consumed.
    expect(await readdir(dir)).toEqual(['traffic.json']);
    expect(await store().load()).toEqual(buckets);

    await store().save([]);
    expect(await store().load()).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('has none before the first save', async () => {
    expect(await store().load()).toEqual([]);
    expect(lines).toEqual([]);
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, text.length / 2)],
    ['not JSON at all', () => '\u0000\u0000garbage'],
    ['JSON the contract refuses', (text: string) => text.replace('"bytes_out":100000', '"bytes_out":-1')],
  ])('ignores a file %s, with a warning, and a save replaces it', async (_case, damage) => {
    await store().save(buckets);
    await writeFile(store().file, damage(await readFile(store().file, 'utf8')));
    expect(await store().load()).toEqual([]);
    expect(lines.join('')).toContain('saved traffic corrupted; ignored');
    await store().save(buckets);
    expect(await store().load()).toEqual(buckets);
  });

  it('does not send buckets saved for another API: its proxy ids are not this one’s', async () => {
    await store().save(buckets);
    expect(await store('https://other.example.com').load()).toEqual([]);
    expect(lines.join('')).toContain('saved traffic is for another API URL; ignored');
  });
});
