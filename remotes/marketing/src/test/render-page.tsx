import { act, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppStore, StateProvider, type AppStore } from '@proxy/contract/state';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';

/** Renders one of the remote's pages at `/` with `data` as its loader's answer, in `language`, on `store`'s state. */
export async function renderPage(
  Page: ComponentType,
  data: unknown,
  language: 'ru' | 'en' = 'ru',
  store: AppStore = createAppStore(),
): Promise<void> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: { ru: { marketing: ru }, en: { marketing: en } } });
  const router = createMemoryRouter([{ path: '/', Component: Page, loader: () => data }]);
  await act(async () => {
    render(
      <StateProvider store={store}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StateProvider>,
    );
  });
}
