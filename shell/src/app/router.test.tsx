import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@proxy/contract/api/errors';
import type { RemoteModule } from '@proxy/contract/remote';
import type { AuthUser } from '@proxy/contract/schemas/user';
import {
  api,
  appStore,
  hydrateAppStore,
  languageAtom,
  signedInAtom,
  signedOutAtom,
  StateProvider,
} from '@proxy/contract/state';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '../test/i18n.ts';
import { RemoteUnavailableError } from '../federation/remotes.ts';
import { buildRoutes } from './router.tsx';
import { guardOnSessionEnd } from '../session/session.ts';
import { startErrorAtom } from './start-error.ts';
import { stubMatchMedia } from '../test/browser.ts';

const CUSTOMER: AuthUser = {
  pk: 5,
  email: 'customer@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 0,
  currency: 'RUB',
};

// The shell's composition is under test; loading real federated code is the end-to-end suite's job.
const remotes = { load: vi.fn<(name: string) => Promise<RemoteModule>>() };

const fakeMarketing: RemoteModule = {
  pages: {
    home: { Component: () => <h1>{'home page'}</h1> },
    page: {
      Component: () => <h1>{'a content page'}</h1>,
      loader: async ({ params }) => {
        if (params.id !== 'about') throw Object.assign(new Error('Not found.'), { status: 404 });
        return null;
      },
    },
  },
  translations: { ru: {}, en: {} },
};

async function renderAt(path: string, deployed: string[] | null = ['marketing']) {
  const i18n = testI18n('ru');
  const session = { store: appStore, api, i18n, loadRemote: remotes.load };
  const router = createMemoryRouter(buildRoutes({ remotes: deployed ? new Set(deployed) : null }, session), {
    initialEntries: [path],
  });
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

beforeEach(() => {
  // jsdom has no layout: the Root's scroll-to-top on navigation is a no-op here.
  window.scrollTo = () => undefined;
  hydrateAppStore(appStore);
  remotes.load.mockResolvedValue(fakeMarketing);
});
afterEach(() => {
  cleanup();
  remotes.load.mockReset();
});

describe('the shell router', () => {
  it("renders a remote's page inside the public layout", async () => {
    await renderAt('/about');
    expect(await screen.findByRole('heading', { name: 'a content page' })).toBeDefined();
    expect(screen.getByRole('contentinfo').textContent).toContain('C нами мобильные прокси - это просто');
  });

  it('switches the session language to the URL language before the page loads', async () => {
    await renderAt('/en/about');
    await screen.findByRole('heading', { name: 'a content page' });
    expect(appStore.get(languageAtom)).toBe('en');
    expect(screen.getByRole('contentinfo').textContent).toContain('With us, mobile proxies are simple');
  });

  it('shows the 404 page for a loader that answers 404 and for an unmatched path', async () => {
    await renderAt('/nothing-here');
    expect(await screen.findByText('This page could not be found')).toBeDefined();
    expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeDefined();
    // The spec's English strings, each followed on a Russian page by its translation.
    expect(screen.getByText('Страница не найдена: такого адреса на сайте нет.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'На главную · Home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the 404 page for a multi-segment unknown path in English', async () => {
    await renderAt('/en/a/b');
    expect(await screen.findByText('This page could not be found')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/en');
    expect(screen.queryByText(/Страница не найдена/)).toBeNull();
  });

  it('keeps the layout and shows a section-level message when the remote cannot be loaded', async () => {
    remotes.load.mockRejectedValue(new RemoteUnavailableError('marketing'));
    await renderAt('/about');
    expect((await screen.findByRole('alert')).textContent).toContain('Раздел временно недоступен');
    expect(screen.getByRole('banner').textContent).toContain('ProxyMob');
  });

  it('names the site as the server embedded it (SITE_NAME): tab title, header, mobile menu and copyright', async () => {
    hydrateAppStore(appStore, { siteName: 'Acme Proxies' });
    // Opened with the mobile menu (#menu), whose code loads when it is first opened.
    const router = await renderAt('/en/about#menu');
    await screen.findByRole('heading', { name: 'a content page' });
    expect(document.title).toBe('Acme Proxies');
    expect(screen.getByRole('banner').textContent).toContain('Acme Proxies');
    expect((await screen.findByRole('dialog', {}, { timeout: 10_000 })).textContent).toContain('Acme Proxies');
    expect(screen.getByRole('contentinfo').textContent).toContain(
      `© ${new Date().getFullYear()} Acme Proxies. All rights reserved.`,
    );
    // A client-side navigation titles the next screen with it too, in the page's language.
    await act(async () => router.navigate('/nothing-here'));
    await screen.findByText('This page could not be found');
    expect(document.title).toBe('Страница не найдена — Acme Proxies');
    expect(document.body.textContent).not.toContain('ProxyMob');
  });

  it('shows "An error occurred" when a page throws without a status', async () => {
    remotes.load.mockResolvedValue({
      ...fakeMarketing,
      pages: {
        page: {
          Component: () => null,
          loader: async () => {
            throw new Error('boom');
          },
        },
      },
    });
    await renderAt('/about');
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeDefined();
    expect(screen.getByText('boom')).toBeDefined();
    expect(screen.getByText('Произошла ошибка.')).toBeDefined();
  });

  it("says in the page's language that the server could not be reached, not the request's English error", async () => {
    remotes.load.mockResolvedValue({
      ...fakeMarketing,
      pages: {
        page: {
          Component: () => null,
          loader: async () => {
            throw new NetworkError(new TypeError('Failed to fetch'));
          },
        },
      },
    });
    await renderAt('/about');
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeDefined();
    expect(screen.getByText(/^Сервер не ответил: проверьте подключение к интернету/)).toBeDefined();
    expect(document.body.textContent).not.toContain('Network request failed');
  });

  it('shows the error page with the status the server reported for loading the user', async () => {
    appStore.set(startErrorAtom, 503);
    try {
      await renderAt('/about');
      expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeDefined();
      expect(screen.getByText('503')).toBeDefined();
      expect(screen.queryByRole('heading', { name: 'a content page' })).toBeNull();
    } finally {
      appStore.set(startErrorAtom, null);
    }
  });

  it('sends a visitor who signs out on a protected page to the home page, as a fresh visit would', async () => {
    remotes.load.mockImplementation(async (name: string) =>
      name === 'user'
        ? { pages: { account: { Component: () => <h1>{'my account'}</h1> } }, translations: { ru: {}, en: {} } }
        : fakeMarketing,
    );
    hydrateAppStore(appStore, { token: 'a'.repeat(40), user: CUSTOMER });
    const router = await renderAt('/home', ['marketing', 'user']);
    expect(await screen.findByRole('heading', { name: 'my account' })).toBeDefined();
    const stop = guardOnSessionEnd(() => router.revalidate());
    try {
      await act(async () => appStore.set(signedOutAtom));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByRole('heading', { name: 'home page' })).toBeDefined();
      // They just signed out: no sign-in dialog pops up.
      expect(router.state.location.hash).toBe('');
    } finally {
      stop();
    }
  });

  it.each([
    ['/order?period=7', '/'],
    ['/en/order?period=30', '/en'],
  ])(
    'opens sign-in for a visitor who opens %s, and takes them there once signed in',
    async (asked, home) => {
      stubMatchMedia();
      remotes.load.mockImplementation(async (name: string) =>
        name === 'order'
          ? { pages: { order: { Component: () => <h1>{'order page'}</h1> } }, translations: { ru: {}, en: {} } }
          : fakeMarketing,
      );
      const router = await renderAt(asked, ['marketing', 'order']);
      expect(await screen.findByRole('heading', { name: 'home page' })).toBeDefined();
      expect(router.state.location.pathname).toBe(home);
      // A browser that never signed in: a new visitor, who gets registration first.
      expect(router.state.location.hash).toBe('#registration');
      // The first opening imports antd and the forms: on a busy machine that takes a while.
      expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeDefined();

      // The dialog's form signs in (session.ts); the shell goes on to the address asked for, query and all.
      await act(async () => appStore.set(signedInAtom, { token: 'a'.repeat(40), user: CUSTOMER }));
      expect(await screen.findByRole('heading', { name: 'order page' })).toBeDefined();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(asked);
      expect(router.state.location.hash).toBe('');
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
    20_000,
  );

  it('answers an unknown panel address inside the panel, and a section not deployed with that news', async () => {
    stubMatchMedia();
    hydrateAppStore(appStore, { token: 'a'.repeat(40), user: { ...CUSTOMER, is_superuser: true } });
    const router = await renderAt('/panel/nothing-here', ['marketing', 'panel-page']);
    // The frame is antd, loaded lazily with the first panel page: slow in jsdom.
    expect(await screen.findByText('This page could not be found', {}, { timeout: 15_000 })).toBeDefined();
    // The panel's frame is around it (its menu and its toggle), not the public site's footer.
    expect(screen.getByRole('button', { name: 'Свернуть или развернуть меню' })).toBeDefined();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await act(async () => router.navigate('/panel/users/4'));
    expect(await screen.findByRole('heading', { name: 'Этого раздела пока нет' })).toBeDefined();
    await act(async () => router.navigate('/en/panel/users'));
    expect(await screen.findByRole('heading', { name: 'This section is not here yet' })).toBeDefined();
    // Under a section this site does deploy, an address none of its pages has is unknown, not "not here yet".
    await act(async () => router.navigate('/panel/page/1/extra'));
    expect(await screen.findByText('This page could not be found')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Этого раздела пока нет' })).toBeNull();
  });

  it('does not mount the routes of a remote that is not deployed', async () => {
    await renderAt('/home', ['marketing']);
    // /home then falls to the generic page route of the marketing remote, which answers 404 for it.
    expect(await screen.findByText('This page could not be found')).toBeDefined();
    expect(remotes.load).toHaveBeenCalledWith('marketing');
  });
});
