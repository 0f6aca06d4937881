// The panel's home as staff see it: each section they may open, what it is for and how many entries it holds.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import { createI18n } from '../i18n/instance.ts';
import { PanelHomePage } from './PanelHomePage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openHome(permissions: string[]) {
  hydrateAppStore(appStore, {
    token: 'a'.repeat(40),
    user: {
      pk: 1,
      email: 'editor@example.com',
      premission: permissions,
      is_superuser: false,
      language: 'en',
      subscribed: false,
      date_joined: '2026-01-01T00:00:00Z',
      balance: 0,
      currency: 'RUB',
    },
  });
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const pages = url.startsWith('/api/panel/pages/');
    return new Response(JSON.stringify(pages ? { count: 21, next: null, previous: null, results: [] } : {}), {
      status: pages ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  const router = createMemoryRouter([{ path: '/en/panel', Component: PanelHomePage }], {
    initialEntries: ['/en/panel'],
  });
  await act(async () => {
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={createI18n('en')}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StateProvider>,
    );
  });
  return asked;
}

describe('the panel home', () => {
  it("shows each section the user may open with its purpose and its list's count", async () => {
    const asked = await openHome(['pages.view_page', 'users.view_user']);
    const pages = screen.getByRole('link', { name: /Pages/ });
    expect(pages.getAttribute('href')).toBe('/en/panel/page');
    expect(pages.textContent).toContain('The public site: pages, home page blocks, plans and menus.');
    expect(await screen.findByText('21 entries')).toBeDefined();
    expect(screen.getByRole('link', { name: /Users/ }).textContent).toContain('accounts, permissions');
    // Sections the user may not open are neither shown nor counted.
    expect(screen.queryByRole('link', { name: /Updates/ })).toBeNull();
    expect(asked.every((url) => /^\/api\/panel\/(pages|users)\/\?page_size=1$/.test(url))).toBe(true);
  });
});
