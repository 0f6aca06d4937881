import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, claimChunkReload, isChunkLoadError } from './chunk-reload.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
}

describe('the chunk reload guard (spec §8)', () => {
  it('recognises chunk load failures', () => {
    const chunk = new Error('Loading chunk 42 failed.\n(error: http://x/42.js)');
    const named = Object.assign(new Error('x'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError(new Error('[ Federation Runtime ]: RUNTIME-008 failed to load script'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    const storage = memoryStorage();
    expect(claimChunkReload(1_000_000, storage)).toBe(true);
    expect(claimChunkReload(1_000_000 + 59_999, storage)).toBe(false);
    expect(claimChunkReload(1_000_000 + 60_000, storage)).toBe(true);
  });
});
