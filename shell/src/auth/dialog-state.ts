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
