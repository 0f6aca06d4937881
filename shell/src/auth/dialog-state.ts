import { atom } from '@proxy/contract/state';
import type { AuthParams } from '../session/auth-params.ts';

/** The four forms of the auth dialog (spec §2, §4). */
export type AuthView = 'login' | 'registration' | 'recovery' | 'password';

/**
 * The recovery form replaces the login form while this is set. Login and registration come straight from the hash
 * (#login, #registration), so the first render already shows the right form.
 */
export const recoveryViewAtom = atom(false);

/** The form to show: a pending password reset wins, then recovery, then what the hash asks for. */
export function authView(hash: 'login' | 'registration' | null, recovery: boolean, resetPending: boolean): AuthView {
  if (resetPending) return 'password';
  if (recovery) return 'recovery';
  return hash === 'registration' ? 'registration' : 'login';
}

/** uid + token from a password-reset link: while set, the dialog shows the set-new-password form. */
export const passwordResetAtom = atom<{ uid: string; token: string } | null>(null);

/** The e-mail link parameters the page was opened with, taken out of the URL at start; cleared once acted on. */
export const pendingAuthParamsAtom = atom<AuthParams>({});

/**
 * Where to take the visitor once they sign in through the dialog, when they were sent to sign in for a reason (an
 * unsubscribe link that did not work: the mailing is on /user); null: they stay on the page. Dropped when the
 * dialog closes without a sign-in.
 */
export const afterSignInAtom = atom<string | null>(null);

/**
 * The registration just made in this browser, remembered until it signs in: the address (the login form that
 * registration switches to, and the one the confirmation link opens — in a new tab, often much later — start with
 * it filled in) and the page the visitor was on the way to (a price table's "Order": /order?period=7, reached once
 * they sign in after confirming). localStorage, since the link opens in another tab; dropped at the sign-in, so a
 * shared computer does not keep it. A browser that has signed in before is marked, so a protected address asks a
 * returning customer to sign in and a new visitor to register (#28).
 */
const REGISTRATION_KEY = 'registration';
const SIGNED_IN_BEFORE_KEY = 'signed-in-before';

interface Registration {
  readonly email: string;
  readonly next: string | null;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (a private window, a policy): the forms then start empty, as before.
  }
}

export function rememberRegistration(registration: Registration): void {
  write(REGISTRATION_KEY, JSON.stringify(registration));
}

export function registration(): Registration | null {
  try {
    const value = JSON.parse(read(REGISTRATION_KEY) ?? 'null') as Partial<Registration> | null;
    if (typeof value?.email !== 'string') return null;
    // Only a path of this site: the stored value is the page's own, but storage is not a place to trust blindly.
    const next = typeof value.next === 'string' && /^\/(?!\/)/.test(value.next) ? value.next : null;
    return { email: value.email, next };
  } catch {
    return null;
  }
}

/** Signed in: the registration is done with, and this browser is a returning customer's from now on. */
export function markSignedIn(): void {
  write(REGISTRATION_KEY, null);
  write(SIGNED_IN_BEFORE_KEY, '1');
}

export const hasSignedInBefore = (): boolean => read(SIGNED_IN_BEFORE_KEY) !== null;
