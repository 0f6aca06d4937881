import { setTimeout as delay } from 'node:timers/promises';

/** Waits `ms`; resolves false instead of throwing when `signal` aborts first (shutdown is not an error). */
export async function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return false;
  try {
    await delay(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

export type Sleep = typeof sleep;
