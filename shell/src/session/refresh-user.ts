import { getCurrentUser } from '@proxy/contract/api/auth';
import { ApiError } from '@proxy/contract/api/errors';
import { api, appStore, setUserAtom, signedOutAtom, tokenAtom } from '@proxy/contract/state';

/**
 * Refreshes the signed-in user (a new balance after a payment); a 401 returns the session to anonymous silently
 * (spec §4, §8). Its own module: only lazily loaded code (the top-up dialog) uses it, so the first paint does not
 * carry it with the rest of session.ts.
 */
export async function refreshUser(): Promise<void> {
  if (!appStore.get(tokenAtom)) return;
  try {
    appStore.set(setUserAtom, await getCurrentUser(api));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) appStore.set(signedOutAtom);
    else throw error;
  }
}
