// The auth dialog keeps the form the visitor chose ("Forgot your password?") while its host is mounted again, as when
// the layout around it is replaced, and goes back to sign-in only when the address's hash changes.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import { testI18n } from '../test/i18n.ts';
import { AuthDialogHost } from './AuthDialogHost.tsx';
import { recoveryViewAtom } from './dialog-state.ts';
import { stubMatchMedia } from '../test/browser.ts';

// The dialog's code (antd, the forms) loads lazily: the first import takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

// The dialog's module (antd, the forms) loads lazily: imported cold in a busy worker it takes seconds, which the
// first test's wait for the dialog would otherwise pay.
beforeAll(async () => {
  await import('./AuthDialog.tsx');
}, 60_000);

beforeEach(() => {
  hydrateAppStore(appStore);
  stubMatchMedia();
});
afterEach(cleanup);

function renderHost(router: ReturnType<typeof createMemoryRouter>) {
  return render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={testI18n('en')}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StateProvider>,
  );
}

/** Waits for the dialog named `title` (its title names it). */
const dialogNamed = (title: string) => screen.findByRole('dialog', { name: title }, { timeout: 15_000 });

it('keeps the recovery form when the host mounts again, and leaves it on a new hash', async () => {
  const router = createMemoryRouter([{ path: '*', Component: AuthDialogHost }], { initialEntries: ['/en#login'] });
  const first = renderHost(router);
  expect(await dialogNamed('Sign in')).toBeTruthy();
  act(() => appStore.set(recoveryViewAtom, true));
  expect(await dialogNamed('Password recovery')).toBeTruthy();

  // The layout replaced: the same address, a new host.
  first.unmount();
  renderHost(router);
  expect(await dialogNamed('Password recovery')).toBeTruthy();

  await act(async () => router.navigate('/en#registration'));
  expect(await dialogNamed('Create an account')).toBeTruthy();
});
