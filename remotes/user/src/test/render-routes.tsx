// The user remote's pages as the shell mounts them, for the component tests: this remote's translations in the
// language asked, the session in the app store, a memory router at `url`.
import { act, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';

export async function renderRoutes(
  routes: RouteObject[],
  url: string,
  session: { readonly user: AuthUser; readonly token: string; readonly language: 'ru' | 'en' },
) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: session.language, resources: { ru: { user: ru }, en: { user: en } } });
  hydrateAppStore(appStore, session);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  await act(async () => {
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StateProvider>,
    );
  });
  return router;
}

/** Text with Intl's no-break and thin spaces made plain. */
export const plain = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ');
