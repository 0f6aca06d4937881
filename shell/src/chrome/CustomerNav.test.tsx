// A signed-in customer's own menu (#28): under the header and at the top of the mobile menu, every customer page with
// the current one marked (a proxy's page under "My IPs"), "Sign out" in it, in the page's language; visitors get none
// of it, and keep the header's sign-in links.
import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { appStore, hydrateAppStore } from '@proxy/contract/state';
import { renderRouter } from '../test/render.tsx';
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
  await renderRouter(router, language);
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

  it.each([
    ['ru', 'Передачи, входящих предложений: 2'],
    ['en', 'Transfers, incoming offers: 2'],
  ] as const)('marks "Transfers" with the offers waiting for an answer (%s)', async (language, name) => {
    const counts = vi.fn(async (_url: string) => Response.json({ incoming_pending: 2, outgoing_pending: 1 }));
    vi.stubGlobal('fetch', counts);
    try {
      await renderAt(language === 'en' ? '/en/home' : '/home', customer, language);
      const bar = await screen.findByRole(
        'navigation',
        { name: language === 'en' ? 'Account sections' : 'Разделы кабинета' },
        { timeout: 10_000 },
      );
      const transfers = await within(bar).findByRole('link', { name });
      expect(transfers.textContent).toMatch(/2/);
      expect(counts.mock.calls.map(([url]) => String(url))).toContain('/api/transfers/counts/');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
