import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime plugin of the shell's federation container (runs before React or any shared module is available, so it
 * imports nothing but types).
 *
 * 1. Manifest fetches are retried on network errors and 5xx, with a short backoff: a remote whose host blips should
 *    not take its section down.
 * 2. When a remote still cannot be loaded, `errorLoadRemote` answers a fallback module marked `unavailable` instead
 *    of throwing, so the shell renders a section-level message while the rest of the site keeps working.
 */
export const REMOTE_UNAVAILABLE = '__remoteUnavailable';

const RETRY_DELAYS_MS = [300, 1000];

async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { ...init, cache: 'no-cache' });
      if (response.status < 500 || attempt >= RETRY_DELAYS_MS.length) return response;
    } catch (error) {
      if (attempt >= RETRY_DELAYS_MS.length) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
  }
}

export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-fallback',
    fetch(url, init) {
      return fetchWithRetry(url, init);
    },
    errorLoadRemote({ id, lifecycle, error }) {
      if (lifecycle === 'beforeLoadShare') return undefined;
      console.error(`Remote module ${id} failed at ${lifecycle}`, error);
      return { [REMOTE_UNAVAILABLE]: true, pages: {}, translations: { ru: {}, en: {} } };
    },
  };
}
