import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { languageCookie } from '@proxy/contract/cookies';
import { splitLanguage } from '@proxy/contract/languages';
import { siteNameAtom, useAtomValue } from '@proxy/contract/state';
import { matchRoute } from '@proxy/contract/routes';
import { routeTitle } from '@proxy/contract/titles';
import { Toaster } from '../chrome/Toaster.tsx';
import { ErrorPage } from '../errors/ErrorPage.tsx';
import { PublicLayout } from '../layouts/PublicLayout.tsx';
import { startErrorAtom } from './start-error.ts';

/**
 * Above every layout: keeps `<html lang>` and the remembered-language cookie in step with the URL's language
 * (spec §4), scrolls to the top on a new page unless the URL targets an anchor, and hosts the toasts. When the
 * server could not load the signed-in user (a status other than 401), the error page with that status shows instead.
 *
 * It also titles every screen by its route's name and the site's name (configured on the server, SITE_NAME, and
 * embedded in the document), the rule the server follows for the first document (`routeTitle`), so a client-side
 * navigation never leaves the previous page's title in the tab. A page with a title of its own (a content page, a
 * proxy, the 404 page) renders a `<title>` as well. React inserts each newly mounted title in front of the others in
 * <head>, and the browser shows the first: the page's title mounts after this one, so it wins; once that page is
 * gone, the brand is first again (the server's own `<title>` stays last, behind both).
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
  const siteName = useAtomValue(siteNameAtom);
  return (
    <>
      {/* Before the page in the tree, so a page's own title, mounted in the same commit, still goes in front. */}
      <title>{routeTitle(siteName, matchRoute(pathname)?.route.id, language)}</title>
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
