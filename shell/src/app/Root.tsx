import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { languageCookie } from '@proxy/contract/cookies';
import { splitLanguage } from '@proxy/contract/languages';
import { useAtomValue } from '@proxy/contract/state';
import { Toaster } from '../chrome/Toaster.tsx';
import { ErrorPage } from '../errors/ErrorPage.tsx';
import { PublicLayout } from '../layouts/PublicLayout.tsx';
import { startErrorAtom } from './start-error.ts';

/**
 * Above every layout: keeps `<html lang>` and the remembered-language cookie in step with the URL's language
 * (spec §4), scrolls to the top on a new page unless the URL targets an anchor, and hosts the toasts. When the
 * server could not load the signed-in user (a status other than 401), the error page with that status shows instead.
 */
export function Root() {
  const { pathname, hash } = useLocation();
  const { language } = splitLanguage(pathname);
  useEffect(() => {
    document.documentElement.lang = language;
    document.cookie = languageCookie(language);
  }, [language]);
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
    // Only a new path scrolls; a hash change (menu, dialog) must not move the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  const startError = useAtomValue(startErrorAtom);
  return (
    <>
      {startError === null ? (
        <Outlet />
      ) : (
        <PublicLayout>
          <ErrorPage status={startError} />
        </PublicLayout>
      )}
      <Toaster />
    </>
  );
}
