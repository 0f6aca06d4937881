// A signed-in customer's own menu (#28): under the header and at the top of the mobile menu, every customer page with
// the current one marked (a proxy's page under "My IPs"), "Sign out" in it, in the page's language; visitors get none
// of it, and keep the header's sign-in links.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import { testI18n } from '../test/i18n.ts';
import { PublicLayout } from '../layouts/PublicLayout.tsx';

const customer: AuthUser = {
  pk: 5,
  email: 'buyer@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 123_450,
  currency: 'RUB',
};

async function renderAt(path: string, user: AuthUser | null, language: 'ru' | 'en') {
  hydrateAppStore(appStore, { user, token: user ? 'token' : '', language });
  const router = createMemoryRouter([{ path: '*', Component: () => <PublicLayout>{null}</PublicLayout> }], {
    initialEntries: [path],
  });
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

afterEach(cleanup);
// The menu's code loads lazily (for customers only): the first import takes a while on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

describe('the customer menu', () => {
  it('links every customer page, marks the one open (a proxy under "My IPs") and offers "Sign out"', async () => {
    // With the mobile menu open (#menu): it loads when first opened.
    await renderAt('/ip/12#menu', customer, 'ru');
    const menus = await screen.findAllByRole(
      'navigation',
      { name: 'Разделы кабинета', hidden: true },
      // Loaded lazily, for customers only.
      { timeout: 10_000 },
    );
    // The bar under the header and the top of the mobile menu.
    expect(menus).toHaveLength(2);
    for (const menu of menus) {
      const links = within(menu).getAllByRole('link', { hidden: true });
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Личный кабинет', '/home'],
        ['Мои IP', '/ip'],
        ['Заказать', '/order'],
        ['Передачи', '/ip/transfer'],
        ['Профиль и баланс', '/user'],
      ]);
      expect(
        links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent),
      ).toEqual(['Мои IP']);
      expect(within(menu).getByRole('button', { name: 'Выйти', hidden: true })).toBeDefined();
    }
    // The header itself no longer repeats the account links beside the balance.
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Выйти' })).toBeNull();
  });

  it('speaks the page language, and marks transfers apart from the proxies', async () => {
    await renderAt('/en/ip/transfer', customer, 'en');
    const [bar] = await screen.findAllByRole(
      'navigation',
      { name: 'Account sections', hidden: true },
      { timeout: 10_000 },
    );
    const current = within(bar as HTMLElement)
      .getAllByRole('link', { hidden: true })
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Transfers', '/en/ip/transfer'],
    ]);
  });

  it('is not there for a visitor, who has the sign-in links in the header', async () => {
    await renderAt('/', null, 'ru');
    expect(screen.queryAllByRole('navigation', { name: 'Разделы кабинета', hidden: true })).toEqual([]);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Войти' })).toBeDefined();
  });
});
