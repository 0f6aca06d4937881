import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { appStore, StateProvider, type AppStore } from '@proxy/contract/state';
import { ProgressBarHost } from '../chrome/ProgressBarHost.tsx';

/**
 * The application: the session's store and strings around the router. The server renders the same tree with its
 * request's store and a static router in place of `RouterProvider` (shell/src/server/render.tsx), so the browser
 * hydrates exactly what it would have rendered.
 */
export function App({
  router,
  i18n,
  store = appStore,
  children,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  i18n: I18n;
  store?: AppStore;
  children?: ReactNode;
}) {
  return (
    <StateProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <ProgressBarHost router={router} />
        {children ?? <RouterProvider router={router} />}
      </I18nextProvider>
    </StateProvider>
  );
}
