import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { appStore, StateProvider } from '@proxy/contract/state';
import { ProgressBar } from '../chrome/ProgressBar.tsx';
import type { createRouter } from './router.tsx';

export function App({ router, i18n }: { router: ReturnType<typeof createRouter>; i18n: I18n }) {
  return (
    <StateProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <ProgressBar router={router} />
        <RouterProvider router={router} />
      </I18nextProvider>
    </StateProvider>
  );
}
