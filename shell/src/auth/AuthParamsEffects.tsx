import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { appStore, showMessageAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { pendingAuthParamsAtom } from './dialog-state.ts';

/**
 * Acts on the e-mail link the page was opened with, once (auth-links.ts says how). Few visits come from one, so the
 * code that acts on a link loads only then: the public first paint is held to a byte budget.
 */
export function AuthParamsEffects() {
  const params = useAtomValue(pendingAuthParamsAtom);
  const clearParams = useSetAtom(pendingAuthParamsAtom);
  const { t, language } = useT();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (Object.keys(params).length === 0) return;
    clearParams({});
    import('./auth-links.ts').then(
      (links) => links.actOnAuthLinks(params, { t, language, navigate }),
      () => appStore.set(showMessageAtom, t('auth.unknownError'), 'error'),
    );
  }, [params, clearParams, language, navigate, t]);

  return null;
}
