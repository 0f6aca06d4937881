import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import type { Language } from '@proxy/contract/languages';
import { appStore, StateProvider } from '@proxy/contract/state';
import { testI18n } from './i18n.ts';

/** Renders a memory router's screens as the shell does: the app's store and the shell's strings in `language`. */
export async function renderRouter(router: ReturnType<typeof createMemoryRouter>, language: Language): Promise<void> {
  await act(async () => {
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={testI18n(language)}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StateProvider>,
    );
  });
}
