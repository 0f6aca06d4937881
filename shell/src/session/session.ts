import { getCurrentUser, login, loginTwoFactor, logout } from '@proxy/contract/api/auth';
import { passkeySignInOptions, signInWithPasskey } from '@proxy/contract/api/two-factor';
import { siteCookie, TOKEN_COOKIE } from '@proxy/contract/cookies';
import { signWithPasskey } from '@proxy/contract/passkeys';
import type { TwoFactorChallenge } from '@proxy/contract/schemas/two-factor';
import {
  api,
  appStore,
  isAuthenticatedAtom,
  setUserAtom,
  signedInAtom,
  signedOutAtom,
  tokenAtom,
} from '@proxy/contract/state';
import { revalidateAfterSessionEnd } from '../app/guards.ts';

/** The token cookie lives as long as an unused token does on the server (30 days). */
const TOKEN_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function writeTokenCookie(token: string): void {
  document.cookie = siteCookie(
    TOKEN_COOKIE,
    token,
    token ? TOKEN_COOKIE_MAX_AGE_SECONDS : 0,
    window.location.protocol === 'https:',
  );
}

/**
 * Keeps the `accessToken` cookie equal to the token in state, whatever changed it (sign-in, sign-out, a 401), so the
 * server renders the next page for the same session.
 */
export function syncTokenCookie(): () => void {
  return appStore.sub(tokenAtom, () => writeTokenCookie(appStore.get(tokenAtom)));
}

/**
 * A session that ends while a page is open (sign-out, a token the server no longer knows) runs the page's guards
 * again, so a protected page sends the visitor on as a fresh visit would (spec §4: to /; the panel: to its sign-in)
 * instead of leaving an empty page under the same address.
 */
export function guardOnSessionEnd(revalidate: () => Promise<void>): () => void {
  return appStore.sub(isAuthenticatedAtom, () => {
    if (!appStore.get(isAuthenticatedAtom)) void revalidateAfterSessionEnd(revalidate);
  });
}

function endSession(): void {
  appStore.set(signedOutAtom);
}

/**
 * Spec §4, §7: login clears any existing session first, sends username, email and password, keeps the token in state
 * and in the `accessToken` cookie, then loads the user. A failure is passed to the caller (the form shows it).
 */
export async function signIn(credentials: { email: string; password: string }): Promise<SignInStep> {
  endSession();
  const answer = await login(api, { username: credentials.email, ...credentials });
  if ('two_factor_required' in answer) return { challenge: answer.challenge, methods: answer.methods };
  await startSession(answer.key);
  return null;
}

/** What a right password leads to: null once signed in, or the second step's challenge (issue #48). */
export type SignInStep = { readonly challenge: string; readonly methods: readonly SecondFactor[] } | null;
type SecondFactor = TwoFactorChallenge['methods'][number];

/** The second step: the challenge and a code from the authenticator app, or a recovery code. */
export async function completeSignIn(challenge: string, code: string): Promise<void> {
  const { key } = await loginTwoFactor(api, { challenge, code });
  await startSession(key);
}

/**
 * A passkey signs in: with the sign-in's challenge, as its second step; without, alone (the browser offers this site's
 * passkeys). The browser's prompt closed or failing throws as the browser said (`passkeyCancelled`).
 */
export async function completeSignInWithPasskey(challenge?: string): Promise<void> {
  if (challenge === undefined) endSession();
  const options = await passkeySignInOptions(api, challenge);
  const credential = await signWithPasskey(options);
  const { key } = await signInWithPasskey(api, { ...(challenge === undefined ? {} : { challenge }), credential });
  await startSession(key);
}

async function startSession(key: string): Promise<void> {
  appStore.set(signedInAtom, { token: key, user: null });
  try {
    appStore.set(setUserAtom, await getCurrentUser(api));
  } catch (error) {
    endSession();
    throw error;
  }
}

/** Sign-out clears user and token even if the call fails (spec §4). */
export async function signOut(): Promise<void> {
  try {
    if (appStore.get(tokenAtom)) await logout(api);
  } catch {
    // Errors are ignored (spec §7): the session ends on this device either way.
  } finally {
    endSession();
  }
}
