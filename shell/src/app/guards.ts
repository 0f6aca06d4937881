import { redirect } from 'react-router';
import type { ApiClient } from '@proxy/contract/api/client';
import { getTwoFactorStatus } from '@proxy/contract/api/two-factor';
import type { Language } from '@proxy/contract/languages';
import { paths } from '@proxy/contract/routes';
import { hasPermission } from '@proxy/contract/permissions';
import { isAuthenticatedAtom, userAtom, type AppStore } from '@proxy/contract/state';
import { afterSignInAtom, hasSignedInBefore } from '../auth/dialog-state.ts';

/** Set while the open page's guards run again because its session just ended (session.ts). */
let sessionEnding = false;

/**
 * Runs the open page's guards again once its session has ended (sign-out, a token the server no longer knows): a
 * protected page then sends the visitor home, without the sign-in dialog a fresh visitor gets — they just left.
 */
export async function revalidateAfterSessionEnd(revalidate: () => Promise<void>): Promise<void> {
  sessionEnding = true;
  try {
    await revalidate();
  } finally {
    sessionEnding = false;
  }
}

/**
 * Route middleware by name (spec §4, §6): signed-out visitors opening a protected page go to / — with the sign-in
 * dialog open (registration when a browser that never signed in asks for the order page, #28) and, once they sign in
 * (or register, confirm, then sign in), on to `asked`, the address they opened (a price table's "Order" leads to
 * /order?period=7 and must end there, not on the home page); signed-in users opening a guest-only page go to /home. An unknown name is a configuration error: 500 'Unknown middleware {name}'.
 */
export function runGuard(store: AppStore, name: string | undefined, language: Language, asked?: string): void {
  if (name === undefined) return;
  const authenticated = store.get(isAuthenticatedAtom);
  switch (name) {
    case 'authenticated':
      if (authenticated) return;
      if (asked === undefined || sessionEnding) throw redirect(paths.home(language));
      store.set(afterSignInAtom, asked);
      // A new visitor pressing a plan's "Order" has no account yet: registration first (#28). Anyone opening another
      // private address (a link to a proxy, a bookmark) most likely has one: sign-in.
      throw redirect(`${paths.home(language)}#${isNewBuyer(asked, language) ? 'registration' : 'login'}`);
    case 'notAuthenticated':
      if (authenticated) throw redirect(paths.account(language));
      return;
    default:
      throw Object.assign(new Error(`Unknown middleware ${name}`), { status: 500 });
  }
}

/**
 * A panel page's permission (spec §6; the panel menu shows the same sections): signed-out visitors go to the panel's
 * sign-in page, a signed-in user without the permission gets the 403 error page.
 */
export function requirePermission(store: AppStore, expression: string | undefined, language: Language): void {
  if (expression === undefined) return;
  const user = store.get(userAtom);
  if (!user) throw redirect(paths.panelLogin(language));
  if (!hasPermission(user, expression)) {
    throw Object.assign(new Error('You do not have permission to perform this action.'), { status: 403 });
  }
}

/** Staff accounts seen to have their second factor, or not to need one: the panel asks once per account and tab. */
const secondFactorChecked = new Set<number>();

/**
 * STAFF_TWO_FACTOR=required (issue #48): a staff account without a second factor is sent to its own page to set one
 * up before the panel opens (`/user#two-factor`). The server refuses the panel's API to it anyway; this spares it a
 * panel of errors. A failed check lets the panel open, and the server's refusal speaks.
 */
export async function requireStaffSecondFactor(store: AppStore, api: ApiClient, language: Language): Promise<void> {
  const user = store.get(userAtom);
  if (!user || secondFactorChecked.has(user.pk)) return;
  let status;
  try {
    status = await getTwoFactorStatus(api);
  } catch {
    return;
  }
  if (!status.required || status.enabled) {
    secondFactorChecked.add(user.pk);
    return;
  }
  throw redirect(`${paths.user(undefined, language)}#${TWO_FACTOR_ANCHOR}`);
}

/** The user page's two-factor card (remotes/user: `TWO_FACTOR_ANCHOR`). */
const TWO_FACTOR_ANCHOR = 'two-factor';

/** The order page asked for by a browser that never signed in: a plan's "Order" pressed by someone new. */
function isNewBuyer(asked: string, language: Language): boolean {
  return !hasSignedInBefore() && new URL(asked, 'http://site').pathname === paths.order(language);
}
