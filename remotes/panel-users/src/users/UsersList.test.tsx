import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@proxy/contract/money';
import { account, page } from '../test/fixtures.ts';
import { locationQuery, queryOf, screenTests, stubApi } from '@proxy/panel-kit/testing';
import { Providers, renderRoutes } from '../test/setup.tsx';
import { UsersList } from './UsersList.tsx';

const ROWS = [
  account(7, { email: 'buyer@example.com', balance: 123_456, proxies: 3 }),
  account(8, {
    email: 'admin@example.com',
    is_active: false,
    email_verified: false,
    is_staff: true,
    is_superuser: true,
    last_login: null,
    balance: 0,
    proxies: 0,
  }),
];

// The kit's words for a refused number, as the user reads them.
const REFUSED = {
  en: {
    format: 'Enter a number like 2.5 or 2,5: digits and one decimal point or comma.',
    decimals: 'At most 2 digits after the decimal point or comma.',
  },
  ru: {
    format: 'Введите число вида 2,5 или 2.5: цифры и одна запятая или точка перед дробной частью.',
    decimals: 'Не больше 2 знаков после запятой или точки.',
  },
};

const renderList = (path = '/en/panel/users') =>
  renderRoutes([{ path: '/en/panel/users', Component: UsersList }, { path: '/en/panel/users/:id' }], path);

const rowOf = (email: string) => screen.getByRole('link', { name: email }).closest('tr') as HTMLElement;

screenTests(['users.view_user']);

describe('the users list', () => {
  it('shows each account with its flags, dates, balance and proxy count, linked to its screen, with the total', async () => {
    stubApi(() => ({ body: page(ROWS, 57) }));
    await renderList();
    await screen.findByRole('link', { name: 'buyer@example.com' });
    const buyer = rowOf('buyer@example.com');
    expect(screen.getByRole('link', { name: 'buyer@example.com' }).getAttribute('href')).toBe('/en/panel/users/7');
    expect(buyer.textContent).toContain(formatPrice(123_456, 'RUB', 'en'));
    expect(buyer.textContent).toContain('1,234.56');
    // Dates as the dashboard writes them in English: the day first, a 24-hour clock (#49) — not the US "1/10/26, 8:00 AM".
    expect(buyer.textContent).toMatch(/\d{2}\/01\/2026, \d{2}:\d{2}/);
    expect(buyer.textContent).not.toMatch(/[AP]M/);
    expect(within(buyer).getByText('Active')).toBeDefined();
    expect(within(buyer).getByText('Verified')).toBeDefined();
    expect(within(buyer).queryByText('Staff')).toBeNull();
    expect(within(buyer).getAllByRole('cell').at(-1)?.textContent).toBe('3');
    const admin = rowOf('admin@example.com');
    expect(within(admin).getByText('Blocked')).toBeDefined();
    expect(within(admin).getByText('Not verified')).toBeDefined();
    expect(within(admin).getByText('Staff')).toBeDefined();
    expect(within(admin).getByText('Superuser')).toBeDefined();
    expect(within(admin).getByText('never')).toBeDefined();
    expect(within(admin).getAllByRole('cell').at(-1)?.textContent).toBe('0');
    expect(screen.getByText('Total: 57')).toBeDefined();
    // People register themselves and accounts are blocked, not deleted: no add, no delete.
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('sends the filters of the URL to the API, the balance in minor units though typed in major', async () => {
    const calls = stubApi(() => ({ body: page(ROWS) }));
    const router = await renderList(
      '/en/panel/users?active=false&staff=true&date_joined_after=2026-01-01&last_login_before=2026-03-01&ordering=-balance',
    );
    await screen.findByRole('link', { name: 'buyer@example.com' });
    expect(calls[0]?.url.startsWith('/api/panel/users/?')).toBe(true);
    expect(queryOf(calls[0]?.url)).toEqual({
      active: 'false',
      staff: 'true',
      date_joined_after: '2026-01-01',
      last_login_before: '2026-03-01',
      ordering: '-balance',
      page: '1',
      page_size: '20',
    });
    // The balance filter: 12.5 typed is 1250 kopecks in the URL and the API's query.
    await act(async () => {
      const min = screen.getByLabelText('Balance: From');
      fireEvent.change(min, { target: { value: '12.5' } });
      fireEvent.blur(min);
    });
    expect(locationQuery(router)).toMatchObject({ balance_min: '1250', active: 'false' });
    expect(queryOf(calls.at(-1)?.url)).toMatchObject({ balance_min: '1250', staff: 'true' });
  });

  it('shows a balance filter of the URL in major units', async () => {
    stubApi(() => ({ body: page(ROWS) }));
    await renderList('/en/panel/users?balance_max=50000');
    await screen.findByRole('link', { name: 'buyer@example.com' });
    expect((screen.getByLabelText('Balance: To') as HTMLInputElement).value).toBe('500');
  });

  it.each([
    ['en', 'Balance: From', REFUSED.en],
    ['ru', 'Баланс: От', REFUSED.ru],
  ] as const)(
    'reads a balance typed with a comma or a point in %s, and refuses ambiguous text visibly (#49)',
    async (language, field, words) => {
      const calls = stubApi(() => ({ body: page(ROWS) }));
      const router = createMemoryRouter([{ path: '/:lang/panel/users', Component: UsersList }], {
        initialEntries: [`/${language}/panel/users`],
      });
      await act(async () => {
        render(
          <Providers language={language}>
            <RouterProvider router={router} />
          </Providers>,
        );
      });
      await screen.findByRole('link', { name: 'buyer@example.com' });
      const min = screen.getByLabelText(field) as HTMLInputElement;
      const type = (text: string) =>
        act(async () => {
          fireEvent.change(min, { target: { value: text } });
          fireEvent.blur(min);
        });
      await type('150,5');
      expect(locationQuery(router)).toMatchObject({ balance_min: '15050' });
      expect(queryOf(calls.at(-1)?.url)).toMatchObject({ balance_min: '15050' });
      await type('150.25');
      expect(locationQuery(router)).toMatchObject({ balance_min: '15025' });
      expect(min.getAttribute('aria-invalid')).toBeNull();
      const asked = calls.length;
      for (const [text, message] of [
        ['1.000,5', words.format],
        ['150,505', words.decimals],
      ] as const) {
        await type(text);
        // Refused where the user looks, the text kept to be fixed, and the list still filtered by the last good bound.
        expect(min.value).toBe(text);
        expect(min.getAttribute('aria-invalid')).toBe('true');
        expect(screen.getByRole('alert').textContent).toBe(message);
        expect(locationQuery(router)).toMatchObject({ balance_min: '15025' });
      }
      expect(calls.length).toBe(asked);
      await type('');
      expect(locationQuery(router).balance_min).toBeUndefined();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('puts the e-mail search and a sort by a column into the URL and the query', async () => {
    const calls = stubApi(() => ({ body: page(ROWS) }));
    const router = await renderList();
    await screen.findByRole('link', { name: 'buyer@example.com' });
    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' buyer ' } });
      fireEvent.click(screen.getByRole('button', { name: /Search$/ }));
    });
    expect(locationQuery(router)).toEqual({ search: 'buyer' });
    expect(queryOf(calls.at(-1)?.url)).toMatchObject({ search: 'buyer' });
    await act(async () => {
      fireEvent.click(screen.getByRole('columnheader', { name: /Proxies/ }));
    });
    expect(locationQuery(router)).toEqual({ search: 'buyer', ordering: 'proxies' });
    expect(queryOf(calls.at(-1)?.url)).toMatchObject({ search: 'buyer', ordering: 'proxies' });
  });
});
