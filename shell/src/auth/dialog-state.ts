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
