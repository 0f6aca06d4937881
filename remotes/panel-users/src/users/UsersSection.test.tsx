import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@proxy/contract/money';
import { locationQuery, queryOf, screenTests, stubApi, type Call } from '@proxy/panel-kit/testing';
import { account, page, panelOrder, panelProxy } from '../test/fixtures.ts';
import { Providers } from '../test/setup.tsx';
import type { PanelRenewalRow } from '@proxy/contract/schemas/proxies';
import { UsersSection } from './UsersSection.tsx';

const ORDERS = [
  panelOrder(5, { quantity: 3, total: 1_170_000, promo_code: 'SPRING' }),
  panelOrder(4, { user_id: 8, user_email: 'other@example.com' }),
];
const PROXIES = [
  panelProxy(12, { comment: 'Shop bot', auto_renew: true, renewal_failed: true, state: 'expiring', days_left: 1 }),
  panelProxy(11, {
    user_id: 8,
    user_email: 'other@example.com',
    country: 'RU',
    city: 'Moscow',
    city_ru: 'Москва',
    operator: 'MTS',
    operator_ru: 'МТС',
  }),
];

const renewal = (id: number, changes: Partial<PanelRenewalRow>): PanelRenewalRow => ({
  id,
  proxy_id: 12,
  source: 'hand',
  period_days: 30,
  price: 390_000,
  currency: 'RUB',
  expires_at: '2026-12-20T12:00:00Z',
  renewed_at: '2026-11-20T10:00:00Z',
  user_id: 7,
  user_email: 'buyer@example.com',
  ...changes,
});
const RENEWALS = [
  renewal(2, { proxy_id: 31, source: 'auto', period_days: 7, price: 120_050 }),
  renewal(1, { user_id: 8, user_email: 'other@example.com' }),
];

/** Answers each of the section's lists with its rows. */
function answerLists(call: Call) {
  const path = new URL(call.url, 'http://x').pathname;
  if (path === '/api/panel/orders/') return { body: page(ORDERS, 41) };
  if (path === '/api/panel/proxies/') return { body: page(PROXIES, 17) };
  if (path === '/api/panel/renewals/') return { body: page(RENEWALS, 2) };
  return { body: page([account(7, { email: 'buyer@example.com' })]) };
}

/** The section at `path` in `language` (Russian URLs have no prefix), the accounts' screens a stand-in. */
async function renderSection(path: string, language: 'ru' | 'en' = 'en') {
  const base = language === 'en' ? '/en/panel/users' : '/panel/users';
  const router = createMemoryRouter(
    [
      { path: base, Component: UsersSection },
      { path: `${base}/:id`, Component: () => null },
    ],
    { initialEntries: [`${base}${path}`] },
  );
  await act(async () => {
    render(
      <Providers language={language}>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  return router;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const apiPath = (call: Call | undefined) => new URL(call?.url ?? '', 'http://x').pathname;

screenTests(['users.view_user']);

describe('the users section', () => {
  it('opens on the accounts with no tab in the URL, and switches to every customer’s orders and proxies', async () => {
    const calls = stubApi(answerLists);
    const router = await renderSection('');
    await screen.findByRole('link', { name: 'buyer@example.com' });
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    expect(apiPath(calls[0])).toBe('/api/panel/users/');

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Orders' })));
    expect(locationQuery(router)).toEqual({ tab: 'orders' });
    await screen.findByText('No. 5');
    expect(apiPath(calls.at(-1))).toBe('/api/panel/orders/');

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Proxies' })));
    expect(locationQuery(router)).toEqual({ tab: 'proxies' });
    await screen.findByText('Shop bot');
    expect(apiPath(calls.at(-1))).toBe('/api/panel/proxies/');

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Users' })));
    expect(locationQuery(router)).toEqual({});
  });

  it('lists the orders of a day the panel home links to, each with its customer opening the account', async () => {
    const calls = stubApi(answerLists);
    await renderSection('?tab=orders&created_after=2026-11-20&created_before=2026-11-20&ordering=-created_at');
    await screen.findByText('No. 5');
    expect(queryOf(calls[0]?.url)).toEqual({
      created_after: '2026-11-20',
      created_before: '2026-11-20',
      ordering: '-created_at',
      page: '1',
      page_size: '20',
    });
    const first = rowOf('No. 5');
    expect(within(first).getByRole('link', { name: 'buyer@example.com' }).getAttribute('href')).toBe(
      '/en/panel/users/7',
    );
    expect(first.textContent).toContain('3 × 30 days');
    expect(first.textContent).toContain('Kazakhstan, Almaty, Beeline');
    expect(first.textContent).toContain(formatPrice(1_170_000, 'RUB', 'en'));
    expect(first.textContent).toContain('promo SPRING');
    expect(within(rowOf('No. 4')).getByRole('link', { name: 'other@example.com' }).getAttribute('href')).toBe(
      '/en/panel/users/8',
    );
    expect(screen.getByText('Total: 41')).toBeDefined();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeDefined();
  });

  it.each([
    ['en', ['Proxy #31', 'Automatically', '7 d.'], ['Proxy #12', 'By hand', '30 d.']],
    ['ru', ['Прокси № 31', 'Автоматически', '7 дн.'], ['Прокси № 12', 'Вручную', '30 дн.']],
  ] as const)(
    'lists the renewals the home’s renewals figure links to (%s), each with its customer, how, period and price (#49)',
    async (language, auto, hand) => {
      const calls = stubApi(answerLists);
      await renderSection(
        '?tab=renewals&renewed_after=2026-11-14&renewed_before=2026-11-20&ordering=-renewed_at',
        language,
      );
      await screen.findByText(auto[0]);
      expect(apiPath(calls[0])).toBe('/api/panel/renewals/');
      expect(queryOf(calls[0]?.url)).toEqual({
        renewed_after: '2026-11-14',
        renewed_before: '2026-11-20',
        ordering: '-renewed_at',
        page: '1',
        page_size: '20',
      });
      const first = rowOf(auto[0]);
      for (const text of auto) expect(first.textContent).toContain(text);
      expect(first.textContent).toContain(formatPrice(120_050, 'RUB', language));
      const base = language === 'en' ? '/en/panel/users' : '/panel/users';
      expect(within(first).getByRole('link', { name: 'buyer@example.com' }).getAttribute('href')).toBe(`${base}/7`);
      const second = rowOf(hand[0]);
      for (const text of hand) expect(second.textContent).toContain(text);
      expect(within(second).getByRole('link', { name: 'other@example.com' }).getAttribute('href')).toBe(`${base}/8`);
    },
  );

  it('lists the proxies a figure links to, flagging a failed renewal, and sends the filters to the API', async () => {
    const calls = stubApi(answerLists);
    const router = await renderSection('?tab=proxies&status=active,expiring&renewal_failed=true&ordering=expires_at');
    await screen.findByText('Shop bot');
    expect(queryOf(calls[0]?.url)).toEqual({
      status: 'active,expiring',
      renewal_failed: 'true',
      ordering: 'expires_at',
      page: '1',
      page_size: '20',
    });
    const failed = rowOf('Shop bot');
    expect(within(failed).getByRole('link', { name: 'buyer@example.com' }).getAttribute('href')).toBe(
      '/en/panel/users/7',
    );
    expect(within(failed).getByText('Expiring')).toBeDefined();
    expect(within(failed).getByText('Yes')).toBeDefined();
    expect(within(failed).getByText('Renewal failed: low balance')).toBeDefined();
    expect(failed.textContent).toContain('1 days left');
    // A proxy without a label is named by its number.
    const plain = rowOf('No. 11');
    expect(within(plain).getByText('No')).toBeDefined();
    expect(within(plain).queryByText('Renewal failed: low balance')).toBeNull();
    expect(screen.getByText('Total: 17')).toBeDefined();

    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'other@' } });
      fireEvent.click(screen.getByRole('button', { name: /Search$/ }));
    });
    expect(locationQuery(router)).toMatchObject({ tab: 'proxies', search: 'other@', renewal_failed: 'true' });
    expect(queryOf(calls.at(-1)?.url)).toMatchObject({ search: 'other@', status: 'active,expiring' });
    expect(queryOf(calls.at(-1)?.url)).not.toHaveProperty('tab');
  });

  it('speaks Russian: the tabs, the orders and the proxies with their customers', async () => {
    stubApi(answerLists);
    await renderSection('?tab=proxies', 'ru');
    await screen.findByText('Shop bot');
    expect(screen.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Прокси' }).getAttribute('aria-selected')).toBe('true');
    const failed = rowOf('Shop bot');
    expect(within(failed).getByRole('link', { name: 'buyer@example.com' }).getAttribute('href')).toBe('/panel/users/7');
    expect(within(failed).getByText('Не продлён: не хватило средств')).toBeDefined();
    expect(within(failed).getByText('Да')).toBeDefined();
    expect(within(failed).getByText('Истекает')).toBeDefined();
    expect(screen.getByRole('columnheader', { name: 'Клиент' })).toBeDefined();
    // Countries by name, cities and operators in Russian (#49).
    expect(rowOf('№ 11').textContent).toContain('Россия, Москва');
    expect(within(rowOf('№ 11')).getByText('МТС')).toBeDefined();

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Заказы' })));
    await screen.findByText('№ 5');
    expect(rowOf('№ 5').textContent).toContain('3 × 30 дн.');
    expect(rowOf('№ 5').textContent).toContain('Казахстан, Алматы, Beeline');
    expect(screen.getByRole('columnheader', { name: /Оформлен/ })).toBeDefined();
  });
});
