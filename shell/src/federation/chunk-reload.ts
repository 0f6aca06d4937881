/**
 * Spec §8: a chunk that fails to load (typically a tab opened before a redeploy) triggers a full page reload, at
 * most once per 60 s, so a broken deployment cannot put the browser into a reload loop.
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = 'chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [^ ]+ failed/i.test(error.message) ||
    // The federation runtime's "failed to load script resources" code.
    error.message.includes('RUNTIME-008')
  );
}

/**
 * Claims the one reload allowed per 60 s: true (and the time is remembered) when the page may reload now, false when
 * it already reloaded for a chunk error less than 60 s ago.
 */
export function claimChunkReload(now: number, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  return true;
}
