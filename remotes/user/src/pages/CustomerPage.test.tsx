// `/user/{id}`: staff with `users.view_user` read that customer's page — the account, the balance, the invoices, orders
// and balance history from the panel's endpoints — and change nothing there; for anyone else the address is the 404
// page, and so is an id nobody has.
import { cleanup, screen, within } from '@testing-library/react';
import { useRouteError, type LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { AuthUser } from '@proxy/contract/schemas/user';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { api, appStore, hydrateAppStore } from '@proxy/contract/state';
import { plain } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import { pages } from '../routes.ts';
import { renderRoutes } from '../test/render-routes.tsx';

const staff = (premission: string[], is_superuser = false): AuthUser => ({
  pk: 1,
  email: 'support@example.com',
  premission,
  is_superuser,
  language: 'en',
  subscribed: false,
  date_joined: '2025-01-01T00:00:00Z',
  balance: 0,
  currency: 'RUB',
});

const CUSTOMER: PanelUserDetail = {
  id: 42,
  email: 'buyer@example.com',
  is_active: false,
  email_verified: true,
  is_staff: false,
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-15T12:00:00Z',
  last_login: null,
  balance: 95_000,
  currency: 'RUB',
  proxies: 1,
  permissions: [],
};

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const ANSWERS: Record<string, unknown> = {
  '/api/panel/users/42/': CUSTOMER,
  '/api/panel/users/42/ledger/': page([
    {
      id: 9,
      kind: 'topup',
      amount: 100_000,
      currency: 'RUB',
      balance_after: 100_000,
      reference: 'invoice:30',
      reason: '',
      created_at: '2026-06-01T10:30:00Z',
    },
  ]),
  '/api/panel/users/42/orders/': page([
    {
      id: 8,
      status: 'paid',
      period_days: 7,
      quantity: 1,
      subtotal: 30_000,
      discount: 0,
      total: 30_000,
      currency: 'RUB',
      promo_code: null,
      auto_renew: false,
      lines: [
        {
          proxy_id: 102,
          transferred: false,
          country: 'RU',
          city: 'Moscow',
          operator: 'MTS',
          period_days: 7,
          price: 30_000,
        },
      ],
      created_at: '2026-06-01T09:00:00Z',
    },
  ]),
  '/api/panel/invoices/': page([
    {
      id: 30,
      user: { id: 42, email: 'buyer@example.com' },
      status: 'paid',
      amount: 100_000,
      fee: 0,
      total: 100_000,
      currency: 'RUB',
      method: { id: 1, code: 'usdt', name_ru: 'USDT (TRC-20)', name_en: 'Tether', provider: 'manual' },
      pay_address: 'T123',
      asset: null,
      paid_asset_amount: null,
      paid_txid: '',
      provider_reference: '',
      customer_reference: '',
      status_reason: '',
      actor: null,
      expires_at: '2026-06-02T10:00:00Z',
      paid_at: '2026-06-01T10:30:00Z',
      created_at: '2026-06-01T10:00:00Z',
      updated_at: '2026-06-01T10:30:00Z',
    },
  ]),
};

/** Every request as path + query; unknown paths answer 404. */
function stubApi(answers: Record<string, unknown>): string[] {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    urls.push(`${init?.method ?? 'GET'} ${url}`);
    const body = answers[url.split('?')[0] ?? ''];
    return new Response(JSON.stringify(body ?? { detail: 'Not found.' }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  return urls;
}

/** What the shell's error page needs: the status (a 404 from the API is "not found"). */
function ErrorPage() {
  const error = useRouteError() as { status?: number };
  return <h1>{`error ${error.status ?? 'without a status'}`}</h1>;
}

/** The route as the shell builds it: validate (false → 404), then the loader, then the page. */
function openPage(url: string, viewer: AuthUser) {
  const { Component, validate, loader } = pages.user ?? {};
  if (!Component || !validate || !loader) throw new Error('the user page has no validate or loader');
  const routes = [
    {
      path: '/en/user/:id?',
      Component,
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        const args: PageLoaderArgs = { params, language: 'en', signal: request.signal, store: appStore, api };
        if (!(await validate(args))) throw new Response('', { status: 404 });
        return loader(args);
      },
      ErrorBoundary: ErrorPage,
      HydrateFallback: () => null,
    },
  ];
  return renderRoutes(routes, url, { user: viewer, token: 'staff-token', language: 'en' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("staff's view of a customer", () => {
  it("shows the customer's account and lists from the panel's endpoints, read-only", async () => {
    const urls = stubApi(ANSWERS);
    await openPage('/en/user/42', staff(['users.view_user', 'payments.view_invoice']));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('User no. 42');

    const account = screen.getByRole('region', { name: en.customer.facts });
    const facts = plain(account);
    expect(facts).toContain('buyer@example.com');
    expect(facts).toContain(`${en.customer.blocked}${en.customer.verified}`);
    expect(facts).not.toContain(en.customer.staff);
    expect(facts).toContain(`${en.customer.lastLogin}${en.customer.never}`);
    expect(facts).toContain(`${en.customer.language}Русский`);
    expect(facts).toContain('RUB 950');
    expect(within(account).getByRole('link', { name: en.customer.openInPanel }).getAttribute('href')).toBe(
      '/en/panel/users/42',
    );

    const invoices = screen.getByRole('region', { name: en.invoices.title });
    expect(plain((await within(invoices).findAllByRole('row'))[1] ?? null)).toMatch(/^30.*TetherRUB 1,000Paid$/);
    const orders = screen.getByRole('region', { name: en.orders.title });
    expect(plain((await within(orders).findAllByRole('row'))[1] ?? null)).toContain('Proxy #102');
    const ledger = screen.getByRole('region', { name: en.ledger.title });
    expect(plain((await within(ledger).findAllByRole('row'))[1] ?? null)).toContain('Invoice no. 30');

    // Nothing to act on: no top-up, no forms, no mailing switch, no devices, no links into the customer's own pages.
    for (const region of [invoices, orders, ledger]) {
      expect(within(region).queryAllByRole('link')).toEqual([]);
    }
    expect(screen.queryByRole('region', { name: en.balance.title })).toBeNull();
    expect(screen.queryByRole('region', { name: en.mailing.title })).toBeNull();
    expect(screen.queryByRole('region', { name: en.password.title })).toBeNull();
    expect(screen.queryByRole('region', { name: en.email.title })).toBeNull();
    expect(screen.queryByRole('region', { name: en.sessions.title })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();

    const asked = urls.map((url) => url.split('?')[0]);
    expect(asked).toEqual(
      expect.arrayContaining([
        'GET /api/panel/users/42/',
        'GET /api/panel/users/42/orders/',
        'GET /api/panel/users/42/ledger/',
        'GET /api/panel/invoices/',
      ]),
    );
    expect(urls).toContain('GET /api/panel/invoices/?ordering=-created_at&page=1&page_size=5&user=42');
    expect(asked.filter((url) => !url?.startsWith('GET /api/panel/'))).toEqual([]);
  });

  it('leaves the invoices out for staff who may not read them', async () => {
    const urls = stubApi(ANSWERS);
    await openPage('/en/user/42', staff(['users.view_user']));
    expect(await screen.findByRole('region', { name: en.orders.title })).toBeTruthy();
    expect(screen.queryByRole('region', { name: en.invoices.title })).toBeNull();
    expect(urls.some((url) => url.includes('/api/panel/invoices/'))).toBe(false);
  });

  it('is the 404 page for an id nobody has', async () => {
    stubApi(ANSWERS);
    await openPage('/en/user/43', staff([], true));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('error 404');
  });
});

describe('who gets the 404 page at /user/{id}', () => {
  const validate = pages.user?.validate;
  const check = (id: string | undefined, viewer: AuthUser | null) => {
    hydrateAppStore(appStore, viewer ? { user: viewer, token: 'token' } : {});
    return validate?.({ params: { id }, language: 'ru', signal: new AbortController().signal, store: appStore, api });
  };

  it('lets a superuser and staff with users.view_user in, and everyone to their own page', () => {
    expect(check('42', staff([], true))).toBe(true);
    expect(check('42', staff(['users.view_user']))).toBe(true);
    expect(check(undefined, staff([]))).toBe(true);
  });

  it('keeps customers, staff without the permission and malformed ids out', () => {
    expect(check('42', staff([]))).toBe(false);
    expect(check('42', staff(['users.change_user', 'payments.view_invoice']))).toBe(false);
    expect(check('42', null)).toBe(false);
    expect(check('0', staff([], true))).toBe(false);
    expect(check('4x', staff([], true))).toBe(false);
  });
});
