// An e-mail confirmation link that no longer works (used, stale, tampered) says so and leads on to sign-in, where a
// confirmed address gets in and an unconfirmed one is offered the confirmation again.
import { act, cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore, clearMessageAtom, hydrateAppStore, messageAtom, StateProvider } from '@proxy/contract/state';
import { createI18n } from '../i18n/instance.ts';
import { AuthParamsEffects } from './AuthParamsEffects.tsx';
import { pendingAuthParamsAtom } from './dialog-state.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

async function openLink(status: number, body: unknown) {
  hydrateAppStore(appStore);
  appStore.set(pendingAuthParamsAtom, { emailKey: 'MQ:1u:stale' });
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  const router = createMemoryRouter([{ path: '/', Component: AuthParamsEffects }], { initialEntries: ['/'] });
  await act(async () => {
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={createI18n('ru')}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StateProvider>,
    );
  });
  return router;
}

describe('an e-mail confirmation link', () => {
  it('that no longer works says so and opens sign-in', async () => {
    const router = await openLink(404, { detail: 'Страница не найдена.' });
    await vi.waitFor(() => expect(router.state.location.hash).toBe('#login'));
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'error',
      text: 'Токен устарел, отправьте запрос повторно',
    });
  });

  it('that works confirms the address and opens sign-in', async () => {
    const router = await openLink(200, { detail: 'ок' });
    await vi.waitFor(() => expect(router.state.location.hash).toBe('#login'));
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success' });
  });
});
