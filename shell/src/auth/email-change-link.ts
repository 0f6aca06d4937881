import type { NavigateFunction } from 'react-router';
import { confirmEmailChange } from '@proxy/contract/api/account';
import { ApiError } from '@proxy/contract/api/errors';
import type { Language } from '@proxy/contract/languages';
import { paths } from '@proxy/contract/routes';
import { api, appStore, isAuthenticatedAtom, showMessageAtom, userAtom } from '@proxy/contract/state';
import { refreshUser } from '../session/refresh-user.ts';
import { afterSignInAtom } from './dialog-state.ts';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

/**
 * The `?email_change=` link from the mail sent to a new address (`AuthParamsEffects` loads this module only for such
 * a link). Confirmed: a signed-in user is loaded again (their e-mail is the new one) and taken to the user page;
 * anyone else signs in with the new address, and then goes there. The address taken meanwhile (400): the server's
 * words. A bad, used or expired key (404) and anything else are thrown for the caller to word as for its other links.
 */
export async function confirmEmailChangeLink(
  key: string,
  language: Language,
  navigate: NavigateFunction,
): Promise<void> {
  const text = (language === 'en' ? en : ru).emailChange;
  try {
    await confirmEmailChange(api, key);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400 && error.messages.length > 0)) throw error;
    appStore.set(showMessageAtom, error.messages.join(', '), 'error');
    return;
  }
  const account = paths.user(undefined, language);
  if (appStore.get(isAuthenticatedAtom)) {
    // The change is made either way; without the fresh user the page shows the old address until the next load.
    await refreshUser().catch(() => undefined);
  }
  const user = appStore.get(userAtom);
  if (user) {
    appStore.set(showMessageAtom, text.changed.replace('{{email}}', user.email), 'success');
    void navigate(account);
  } else {
    appStore.set(showMessageAtom, text.changedSignIn, 'success');
    appStore.set(afterSignInAtom, account);
    void navigate({ pathname: paths.home(language), hash: 'login' });
  }
}
