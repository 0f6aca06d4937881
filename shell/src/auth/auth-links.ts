import type { NavigateFunction } from 'react-router';
import { confirmEmailChange, unsubscribe, verifyEmail } from '@proxy/contract/api/auth';
import { ApiError } from '@proxy/contract/api/errors';
import { joinMessages } from '@proxy/contract/forms';
import type { Language } from '@proxy/contract/languages';
import { paths } from '@proxy/contract/routes';
import { api, appStore, isAuthenticatedAtom, showMessageAtom, userAtom } from '@proxy/contract/state';
import type { AuthParams } from '../session/auth-params.ts';
import { refreshUser } from '../session/refresh-user.ts';
import type { useT } from '../i18n/use-t.ts';
import { afterSignInAtom, passwordResetAtom, registration } from './dialog-state.ts';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

/** What the server answers verify-email with on success, per language (the Russian one is Cyrillic о+к). */
const VERIFIED_DETAIL = { ru: 'ок', en: 'ok' } as const;

export interface LinkContext {
  readonly t: ReturnType<typeof useT>['t'];
  readonly language: Language;
  readonly navigate: NavigateFunction;
}

const show = (text: string, color: 'success' | 'error') => appStore.set(showMessageAtom, text, color);

/**
 * Acts on the e-mail link the page was opened with (spec §2, §4, §8), once (`AuthParamsEffects` loads this module only
 * when the page was opened with one): `email_key` confirms the address, then goes home and opens login; `uid`+`token`
 * open the set-new-password form; `email_change` confirms a new address; `unsubscribe` ends the mailing
 * subscription, and a bad one (cut short by a mail client, mistyped) leads to the user page, where the subscription
 * is switched by hand: at once when signed in, through sign-in otherwise.
 */
export function actOnAuthLinks(params: AuthParams, { t, language, navigate }: LinkContext): void {
  const fail = (error: unknown) => {
    // A bad, used or expired link answers 404; say so in the words spec §8 uses for stale links.
    if (error instanceof ApiError && error.status === 404) show(t('auth.tokenExpired'), 'error');
    else show(error instanceof ApiError && error.detail ? error.detail : t('auth.unknownError'), 'error');
  };
  const toLogin = () => void navigate({ pathname: paths.home(language), hash: 'login' });
  if (params.emailKey) {
    verifyEmail(api, params.emailKey).then(
      ({ detail }) => {
        if (detail !== VERIFIED_DETAIL[language]) return show(t('auth.unknownError'), 'error');
        show(t('auth.emailConfirmed'), 'success');
        // Registered here on the way to a page (a plan's "Order"): signing in now goes on there.
        const next = registration()?.next;
        if (next) appStore.set(afterSignInAtom, next);
        toLogin();
      },
      (error: unknown) => {
        fail(error);
        // The way on from a used or stale link is the same sign-in: a confirmed address gets in, one still
        // unconfirmed is offered the confirmation e-mail again there.
        toLogin();
      },
    );
  }
  if (params.reset) appStore.set(passwordResetAtom, params.reset);
  if (params.emailChange) confirmEmailChangeLink(params.emailChange, language, navigate).catch(fail);
  if (params.unsubscribe) {
    unsubscribe(api, params.unsubscribe).then(
      ({ result }) => {
        show(result === 'ok' ? t('auth.unsubscribed') : t('auth.unknownError'), result === 'ok' ? 'success' : 'error');
      },
      (error: unknown) => {
        // 404: no such subscriber (a token cut short, mistyped or forged); 400: an empty one. There is nothing to
        // resend, but the link's job can still be done by hand on the user page, which has the mailing switch.
        if (!(error instanceof ApiError && (error.status === 404 || error.status === 400))) return fail(error);
        const account = paths.user(undefined, language);
        // The session as it is when the answer comes (as the route guards read it).
        if (appStore.get(isAuthenticatedAtom)) {
          show(t('auth.unsubscribeLinkBadSignedIn'), 'error');
          void navigate(account);
        } else {
          show(t('auth.unsubscribeLinkBadSignIn'), 'error');
          appStore.set(afterSignInAtom, account);
          toLogin();
        }
      },
    );
  }
}

/**
 * The `?email_change=` link from the mail sent to a new address. Confirmed: the owner, signed in here, is loaded again
 * (their e-mail is the new one) and taken to the user page; a browser signed in as someone else is only told; anyone
 * else signs in with the new address, and then goes there. The address taken meanwhile (400): the server's words. A
 * bad, used or expired key (404) and anything else are thrown for the caller to word as for its other links.
 */
async function confirmEmailChangeLink(key: string, language: Language, navigate: NavigateFunction): Promise<void> {
  const text = (language === 'en' ? en : ru).emailChange;
  let email: string;
  try {
    ({ email } = await confirmEmailChange(api, key));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400 && error.messages.length > 0)) throw error;
    appStore.set(showMessageAtom, joinMessages(error.messages), 'error');
    return;
  }
  const account = paths.user(undefined, language);
  if (appStore.get(isAuthenticatedAtom)) {
    // The change is made either way; without the fresh user the page shows the old address until the next load.
    await refreshUser().catch(() => undefined);
  }
  const user = appStore.get(userAtom);
  if (user) {
    appStore.set(showMessageAtom, text.changed.replace('{{email}}', email), 'success');
    if (user.email === email) void navigate(account);
  } else {
    appStore.set(showMessageAtom, text.changedSignIn, 'success');
    appStore.set(afterSignInAtom, account);
    void navigate({ pathname: paths.home(language), hash: 'login' });
  }
}
