import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { unsubscribe, verifyEmail } from '@proxy/contract/api/auth';
import { paths } from '@proxy/contract/routes';
import { ApiError } from '@proxy/contract/api/errors';
import { api, appStore, isAuthenticatedAtom, showMessageAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { afterSignInAtom, passwordResetAtom, pendingAuthParamsAtom } from './dialog-state.ts';

/** What the server answers verify-email with on success, per language (the Russian one is Cyrillic о+к). */
const VERIFIED_DETAIL = { ru: 'ок', en: 'ok' } as const;

/**
 * Acts on the e-mail link the page was opened with (spec §2, §4, §8), once:
 * `email_key` confirms the address, then goes home and opens login; `uid`+`token` open the set-new-password form;
 * `unsubscribe` ends the mailing subscription; a bad one (cut short by a mail client, mistyped) leads to the user
 * page, where the subscription is switched by hand: at once when signed in, through sign-in otherwise.
 * `email_change` confirms a new address; its code loads only for such a link (the first paint is at its byte budget).
 */
export function AuthParamsEffects() {
  const params = useAtomValue(pendingAuthParamsAtom);
  const clearParams = useSetAtom(pendingAuthParamsAtom);
  const { t, language } = useT();
  const navigate = useNavigate();
  const show = useSetAtom(showMessageAtom);
  const setReset = useSetAtom(passwordResetAtom);
  const setAfterSignIn = useSetAtom(afterSignInAtom);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    clearParams({});
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
    if (params.reset) setReset(params.reset);
    const { emailChange } = params;
    if (emailChange) {
      import('./email-change-link.ts')
        .then((link) => link.confirmEmailChangeLink(emailChange, language, navigate))
        .catch(fail);
    }
    if (params.unsubscribe) {
      unsubscribe(api, params.unsubscribe).then(
        ({ result }) => {
          show(
            result === 'ok' ? t('auth.unsubscribed') : t('auth.unknownError'),
            result === 'ok' ? 'success' : 'error',
          );
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
            setAfterSignIn(account);
            toLogin();
          }
        },
      );
    }
  }, [params, clearParams, language, navigate, show, setReset, setAfterSignIn, t]);

  return null;
}
