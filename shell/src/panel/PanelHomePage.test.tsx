// The panel's home as staff see it: the dashboard widgets their permissions cover, each figure opening its list, and
// each section they may open, what it is for and how many entries it holds.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import { testI18n } from '../test/i18n.ts';
import { PanelHomePage } from './PanelHomePage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const figure = (value: number, link: string) => ({ value, link });
const days = Array.from({ length: 30 }, (_, n) => `2026-11-${String(n + 1).padStart(2, '0')}`);
const periods = (link: string) => ({ today: figure(100, link), days7: figure(700, link), days30: figure(3000, link) });
const MONEY = {
  currency: 'RUB',
  topups: periods('/panel/payment?tab=invoices&status=paid'),
  purchases: periods('/panel/users?ordering=-proxies'),
  renewals: periods('/panel/users?ordering=-proxies'),
  daily: { days, topups: days.map(() => 0), purchases: days.map(() => 0), renewals: days.map(() => 0) },
  open_invoices: { count: figure(3, '/panel/payment?tab=invoices&status=pending'), total: 450_000 },
  balance_total: figure(1_234_500, '/panel/users?balance_min=1&ordering=-balance'),
};

/**
 * The farm widget: one host, free stock in two places, one city and operator with a Russian name and one without.
 */
const hours = Array.from({ length: 24 }, (_, n) => `2026-11-30T${String(n).padStart(2, '0')}:00:00Z`);
const FARM = {
  hosts: [
    {
      id: 1,
      name: 'local',
      online: figure(7, '/panel/farm?host=1&status=online'),
      offline: figure(1, '/panel/farm?host=1&status=offline'),
      maintenance: figure(0, '/panel/farm?host=1&status=maintenance'),
      last_seen_at: '2026-11-30T10:00:00Z',
      config_lag: 0,
      link: '/panel/farm/hosts/1',
    },
  ],
  stock: [
    {
      country: 'RU',
      city: 'Moscow',
      city_ru: 'Москва',
      operator: 'Beeline',
      operator_ru: 'Билайн',
      free: 2,
      link: '/panel/farm?city=Moscow',
    },
    {
      country: 'RU',
      city: 'Tver',
      city_ru: '',
      operator: 'Yota',
      operator_ru: '',
      free: 1,
      link: '/panel/farm?city=Tver',
    },
  ],
  rotations_hour: figure(5, '/panel/farm'),
  rotations_failed_hour: figure(0, '/panel/farm'),
  hourly: { hours, done: hours.map(() => 0), failed: hours.map(() => 0) },
};

async function openHome(permissions: string[], language: 'en' | 'ru' = 'en') {
  hydrateAppStore(appStore, {
    token: 'a'.repeat(40),
    user: {
      pk: 1,
      email: 'editor@example.com',
      premission: permissions,
      is_superuser: false,
      language,
      subscribed: false,
      date_joined: '2026-01-01T00:00:00Z',
      balance: 0,
      currency: 'RUB',
    },
  });
  const asked: string[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const answer = url.startsWith('/api/panel/pages/')
      ? { count: 21, next: null, previous: null, results: [] }
      : url.startsWith('/api/panel/dashboard/money/')
        ? MONEY
        : url.startsWith('/api/panel/dashboard/farm/')
          ? FARM
          : null;
    return new Response(JSON.stringify(answer ?? {}), {
      status: answer ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  const home = language === 'en' ? '/en/panel' : '/panel';
  const router = createMemoryRouter([{ path: home, Component: PanelHomePage }], { initialEntries: [home] });
  await act(async () => {
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={testI18n(language)}>
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
    expect(asked.filter((url) => !url.startsWith('/api/panel/dashboard/'))).toHaveLength(2);
    expect(asked.every((url) => /^\/api\/panel\/((pages|users)\/\?page_size=1|dashboard\/sales\/)$/.test(url))).toBe(
      true,
    );
  });

  it('shows the money widget, each figure opening its filtered list, only to staff with payment rights', async () => {
    const asked = await openHome(['payments.view_invoice']);
    const open = await screen.findByRole('link', { name: /Open invoices/ });
    expect(open.getAttribute('href')).toBe('/en/panel/payment?tab=invoices&status=pending');
    expect(open.textContent).toContain('3');
    expect(screen.getByRole('link', { name: /Customers hold in total/ }).getAttribute('href')).toBe(
      '/en/panel/users?balance_min=1&ordering=-balance',
    );
    expect(asked).toContain('/api/panel/dashboard/money/');
    cleanup();
    const others = await openHome(['pages.view_page', 'farm.view_modem', 'users.view_user']);
    expect(others.some((url) => url.includes('/dashboard/money/'))).toBe(false);
    expect(screen.queryByText('Money')).toBeNull();
  });

  it("names the farm's places in the page's language: country, city and operator by their Russian names (#49)", async () => {
    await openHome(['farm.view_modem'], 'ru');
    const moscow = await screen.findByRole('link', { name: /Россия, Москва, Билайн/ });
    expect(moscow.getAttribute('href')).toBe('/panel/farm?city=Moscow');
    expect(moscow.textContent).toContain('2');
    expect(screen.queryByText(/Moscow|Beeline|RU,/)).toBeNull();
    // A city or operator staff have not named in Russian keeps the name it has.
    expect(screen.getByRole('link', { name: /Россия, Tver, Yota/ })).toBeDefined();
    cleanup();
    await openHome(['farm.view_modem'], 'en');
    expect(await screen.findByRole('link', { name: /Russia, Moscow, Beeline/ })).toBeDefined();
    expect(screen.queryByText(/Москва|Билайн/)).toBeNull();
  });
});
