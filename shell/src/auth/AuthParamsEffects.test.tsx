// An e-mail confirmation link that no longer works (used, stale, tampered) says so and leads on to sign-in, where a
// confirmed address gets in and an unconfirmed one is offered the confirmation again. An unsubscribe link that does
// not work leads to the user page's mailing switch: at once when signed in, after sign-in otherwise. A link confirming
// a new e-mail address changes it and says so; a stale one says what the other stale links say.
import { act, cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appStore,
  clearMessageAtom,
  hydrateAppStore,
  messageAtom,
  signedInAtom,
  StateProvider,
  userAtom,
} from '@proxy/contract/state';
import { testI18n } from '../test/i18n.ts';
import { renderRouter } from '../test/render.tsx';
import { AuthDialogHost } from './AuthDialogHost.tsx';
import { AuthParamsEffects } from './AuthParamsEffects.tsx';
import { afterSignInAtom, pendingAuthParamsAtom } from './dialog-state.ts';
import { stubMatchMedia } from '../test/browser.ts';

const CUSTOMER: AuthUser = {
  pk: 5,
  email: 'reader@example.com',
  premission: [],
  is_superuser: false,
  language: 'en',
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 0,
  currency: 'RUB',
};

// The auth dialog these tests open is antd, which asks matchMedia (jsdom has none): without it, a dialog that loads
// before the test moves on throws, the layout is replaced by the error page, and what it does on closing never runs.
// The dialog's module (antd, the forms) loads lazily: imported cold in a busy worker it takes seconds, which the
// first test's wait for the dialog would otherwise pay.
beforeAll(async () => {
  await import('./AuthDialog.tsx');
}, 60_000);

beforeEach(() => {
  stubMatchMedia();
});

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
        <I18nextProvider i18n={testI18n('ru')}>
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

/** The public layout's part under test: the link effects and the auth dialog's host, around a home and /user. */
function Layout() {
  return (
    <>
      <AuthParamsEffects />
      <AuthDialogHost />
      <Outlet />
    </>
  );
}

/** The public layout at the home page (its user page beside it), as the link opens it, in `language`. */
async function renderHome(language: 'ru' | 'en') {
  const prefix = language === 'en' ? '/en' : '';
  const router = createMemoryRouter(
    [
      {
        path: `${prefix}/`,
        Component: Layout,
        children: [
          { index: true, element: <h1>{'home'}</h1> },
          { path: 'user', element: <h1>{'user page'}</h1> },
        ],
      },
    ],
    { initialEntries: [`${prefix}/`] },
  );
  await renderRouter(router, language);
  return router;
}

async function openUnsubscribeLink(language: 'ru' | 'en', session: { token: string; user: AuthUser } | null) {
  hydrateAppStore(appStore, session ? { ...session, language } : { language });
  appStore.set(afterSignInAtom, null);
  appStore.set(pendingAuthParamsAtom, { unsubscribe: 'MTc:cut-sho' });
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    return new Response(JSON.stringify({ detail: language === 'en' ? 'Not found.' : 'Страница не найдена.' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { router: await renderHome(language), requests };
}

describe('an unsubscribe link that does not work', () => {
  it('takes a signed-in reader to the mailing switch on the user page, saying so', async () => {
    const { router, requests } = await openUnsubscribeLink('ru', { token: 'a'.repeat(40), user: CUSTOMER });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user'));
    expect(requests[0]).toContain('/api/users/unsubscribe?token=MTc%3Acut-sho');
    expect(appStore.get(messageAtom)).toEqual({
      show: true,
      color: 'error',
      text: 'Ссылка для отписки не сработала: возможно, она обрезана. Отписаться можно здесь, в блоке «Рассылка».',
    });
  });

  it('asks a visitor to sign in, then takes them to the user page', async () => {
    const { router } = await openUnsubscribeLink('en', null);
    await vi.waitFor(() => expect(router.state.location.hash).toBe('#login'));
    expect(router.state.location.pathname).toBe('/en');
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'error',
      text: 'This unsubscribe link did not work: it may have been cut short. Sign in to unsubscribe in your profile, under “Mailing list”.',
    });
    await act(async () => appStore.set(signedInAtom, { token: 'b'.repeat(40), user: CUSTOMER }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en/user'));
    expect(router.state.location.hash).toBe('');
    expect(appStore.get(afterSignInAtom)).toBeNull();
    // One step forward in the history, not two: Back leads to where the link opened.
    await act(async () => router.navigate(-1));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en'));
  });

  it('forgets the user page when the visitor closes sign-in instead', async () => {
    const { router } = await openUnsubscribeLink('en', null);
    await vi.waitFor(() => expect(router.state.location.hash).toBe('#login'));
    // The visitor sees the dialog (loaded on demand), then closes it.
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull(), { timeout: 10_000 });
    await act(async () => router.navigate('/en', { replace: true }));
    await act(async () => appStore.set(signedInAtom, { token: 'b'.repeat(40), user: CUSTOMER }));
    expect(router.state.location.pathname).toBe('/en');
    expect(appStore.get(afterSignInAtom)).toBeNull();
  });
});

async function openEmailChangeLink(
  language: 'ru' | 'en',
  session: { token: string; user: AuthUser } | null,
  answers: Record<string, readonly [number, unknown]>,
) {
  hydrateAppStore(appStore, session ? { ...session, language } : { language });
  appStore.set(afterSignInAtom, null);
  appStore.set(pendingAuthParamsAtom, { emailChange: 'WzUsIm9sZCJd:1u:sig' });
  const requests: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : null });
    const [status, body] = answers[url] ?? [404, { detail: 'Not found.' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { router: await renderHome(language), requests };
}

const NEW_ADDRESS = { ...CUSTOMER, email: 'new@example.com' };

describe('a link confirming a new e-mail address', () => {
  // The effect loads its code on demand; compiling it on a busy machine can outlast a waitFor.
  beforeAll(() => import('./auth-links.ts'));

  it('changes it, loads the signed-in user again and shows the user page, saying so', async () => {
    const { router, requests } = await openEmailChangeLink(
      'en',
      { token: 'a'.repeat(40), user: CUSTOMER },
      {
        '/api/users/email/confirm/': [200, { detail: 'ok', email: 'new@example.com' }],
        '/api/users/': [200, NEW_ADDRESS],
      },
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en/user'));
    expect(requests[0]).toEqual({
      method: 'POST',
      url: '/api/users/email/confirm/',
      body: { key: 'WzUsIm9sZCJd:1u:sig' },
    });
    expect(appStore.get(userAtom)?.email).toBe('new@example.com');
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'success',
      text: 'E-mail address changed to new@example.com',
    });
  });

  it('asks a visitor to sign in with the new address, then goes to the user page', async () => {
    const { router, requests } = await openEmailChangeLink('ru', null, {
      '/api/users/email/confirm/': [200, { detail: 'ок', email: 'new@example.com' }],
    });
    await vi.waitFor(() => expect(router.state.location.hash).toBe('#login'));
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'success',
      text: 'Адрес почты изменён. Войдите с новым адресом.',
    });
    expect(appStore.get(afterSignInAtom)).toBe('/user');
    expect(requests.map((request) => request.url)).toEqual(['/api/users/email/confirm/']);
  });

  it('names the changed address but stays put in a browser signed in as someone else', async () => {
    const { router } = await openEmailChangeLink(
      'en',
      { token: 'a'.repeat(40), user: CUSTOMER },
      {
        '/api/users/email/confirm/': [200, { detail: 'ok', email: 'moved@example.com' }],
        '/api/users/': [200, CUSTOMER],
      },
    );
    await vi.waitFor(() =>
      expect(appStore.get(messageAtom)).toMatchObject({
        color: 'success',
        text: 'E-mail address changed to moved@example.com',
      }),
    );
    expect(router.state.location.pathname).not.toBe('/en/user');
    expect(appStore.get(userAtom)?.email).toBe(CUSTOMER.email);
  });

  it('that no longer works says the link has expired', async () => {
    const { router } = await openEmailChangeLink(
      'ru',
      { token: 'a'.repeat(40), user: CUSTOMER },
      { '/api/users/email/confirm/': [404, { detail: 'Страница не найдена.' }] },
    );
    await vi.waitFor(() =>
      expect(appStore.get(messageAtom)).toMatchObject({
        color: 'error',
        text: 'Токен устарел, отправьте запрос повторно',
      }),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(appStore.get(userAtom)?.email).toBe(CUSTOMER.email);
  });

  it('for an address taken since says so in the words of the server', async () => {
    await openEmailChangeLink(
      'en',
      { token: 'a'.repeat(40), user: CUSTOMER },
      { '/api/users/email/confirm/': [400, { email: ['A user with this e-mail address already exists.'] }] },
    );
    await vi.waitFor(() =>
      expect(appStore.get(messageAtom)).toMatchObject({
        color: 'error',
        text: 'A user with this e-mail address already exists.',
      }),
    );
  });
});
