// The customer's own page: the balance with "Top up", the top-up invoices (a pending one opens again in the top-up
// dialog), the balance history with its filters and page in the URL, the outcome of an invoice a payment gateway
// sent the customer back for, and a 404 for /user/{id} until staff get that page.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, LedgerEntry } from '@proxy/contract/schemas/billing';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { appStore, hydrateAppStore, messageAtom, StateProvider, userAtom } from '@proxy/contract/state';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { UserPage, validateUserPage } from './UserPage.tsx';

const customer: AuthUser = {
  pk: 5,
  email: 'buyer@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 95_000,
  currency: 'RUB',
};

const method = { id: 1, code: 'usdt', name: 'USDT', icon: null, kind: 'crypto', provider: 'manual' } as const;
const invoice = (id: number, status: Invoice['status'], amount: number): Invoice => ({
  id,
  status,
  amount,
  fee: 0,
  total: amount,
  currency: 'RUB',
  method,
  instructions: '',
  pay_address: 'T123',
  pay_qr: null,
  checkout_url: null,
  customer_reference: '',
  status_reason: '',
  expires_at: '2026-06-02T10:00:00Z',
  paid_at: status === 'paid' ? '2026-06-01T10:30:00Z' : null,
  created_at: '2026-06-01T10:00:00Z',
});
const entry = (id: number, changes: Partial<LedgerEntry>): LedgerEntry => ({
  id,
  kind: 'topup',
  amount: 100_000,
  currency: 'RUB',
  balance_after: 100_000,
  reference: '',
  reason: '',
  created_at: '2026-06-01T10:30:00Z',
  ...changes,
});

const page = <T,>(count: number, results: T[]) => ({ count, next: null, previous: null, results });

/** Every request the page makes, as path + query. */
function stubApi(answers: Record<string, unknown>): string[] {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const body = answers[url.split('?')[0] ?? ''];
    return new Response(JSON.stringify(body ?? { detail: 'Не найдено.' }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  return urls;
}

const ANSWERS = {
  '/api/invoices/': page(7, [invoice(31, 'pending', 50_000), invoice(30, 'paid', 100_000)]),
  '/api/ledger/': page(45, [
    entry(2, { kind: 'adjustment', amount: -5_000, balance_after: 95_000, reason: 'Возврат комиссии' }),
    entry(1, { reference: 'invoice:30' }),
  ]),
};

async function openPage(url: string, language: 'ru' | 'en' = 'ru') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: { ru: { user: ru }, en: { user: en } } });
  hydrateAppStore(appStore, { user: customer, token: 'customer-token', language });
  const router = createMemoryRouter(
    [
      { path: '/user', Component: UserPage },
      { path: '/en/user', Component: UserPage },
    ],
    { initialEntries: [url] },
  );
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

/** Text with Intl's no-break and thin spaces made plain. */
const plain = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ');

beforeEach(() => vi.useRealTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the user page', () => {
  it('shows the balance with "Top up" and the invoices, a pending one to pay in the top-up dialog', async () => {
    const urls = stubApi(ANSWERS);
    await openPage('/user');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru.profile.title);
    expect(plain(screen.getByRole('region', { name: ru.balance.title }))).toContain('950 ₽');
    expect(screen.getByRole('link', { name: ru.balance.topUp }).getAttribute('href')).toBe('/user#topup');

    const invoices = screen.getByRole('region', { name: ru.invoices.title });
    const rows = await within(invoices).findAllByRole('row');
    expect(rows.map((row) => plain(row))).toEqual([
      expect.stringContaining(ru.invoices.status),
      expect.stringMatching(/^31.*USDT500 ₽Ожидает оплатыОплатить$/),
      expect.stringMatching(/^30.*USDT1 000 ₽ОплаченОткрыть$/),
    ]);
    expect(within(invoices).getByRole('link', { name: ru.invoices.pay }).getAttribute('href')).toBe('/user#invoice-31');
    expect(within(invoices).getByRole('link', { name: ru.invoices.open }).getAttribute('href')).toBe(
      '/user#invoice-30',
    );
    // 7 invoices, 5 a page.
    expect(within(invoices).getByText('Страница 1 из 2')).toBeTruthy();
    expect(urls).toContain('/api/invoices/?ordering=-created_at&page=1&page_size=5');
  });

  it('shows the mailing subscription and switches it off and on again, saying so', async () => {
    stubApi(ANSWERS);
    const sent: unknown[] = [];
    const listFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url !== '/api/users/' || init?.method !== 'PATCH') return listFetch(url);
      const body = JSON.parse(String(init.body)) as { subscribed: boolean };
      sent.push(body);
      return new Response(JSON.stringify({ ...customer, subscribed: body.subscribed }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    await openPage('/en/user', 'en');
    const mailing = screen.getByRole('region', { name: 'Mailing list' });
    expect(mailing.textContent).toContain("You receive the service's news by e-mail.");
    await act(async () => fireEvent.click(within(mailing).getByRole('button', { name: 'Unsubscribe' })));
    expect(await within(mailing).findByText("You do not receive the service's news by e-mail.")).toBeTruthy();
    expect(appStore.get(userAtom)?.subscribed).toBe(false);
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'success',
      text: 'You have unsubscribed from the mailing list',
    });
    await act(async () => fireEvent.click(within(mailing).getByRole('button', { name: 'Subscribe' })));
    expect(await within(mailing).findByText("You receive the service's news by e-mail.")).toBeTruthy();
    expect(sent).toEqual([{ subscribed: false }, { subscribed: true }]);
  });

  it('says so when the subscription cannot be changed, and keeps it as it was', async () => {
    stubApi(ANSWERS);
    const listFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      url === '/api/users/' && init?.method === 'PATCH'
        ? new Response('{}', { status: 502, headers: { 'content-type': 'application/json' } })
        : listFetch(url),
    );
    await openPage('/user');
    const mailing = screen.getByRole('region', { name: ru.mailing.title });
    await act(async () => fireEvent.click(within(mailing).getByRole('button', { name: 'Отписаться' })));
    await vi.waitFor(() =>
      expect(appStore.get(messageAtom)).toMatchObject({
        color: 'error',
        text: 'Не удалось изменить подписку. Попробуйте ещё раз.',
      }),
    );
    expect(mailing.textContent).toContain('Вы получаете новости сервиса по e-mail.');
    expect(within(mailing).getByRole('button', { name: 'Отписаться' }).hasAttribute('disabled')).toBe(false);
  });

  it('lists the balance history: signed amounts, the balance after, what each was for', async () => {
    stubApi(ANSWERS);
    await openPage('/user');
    const ledger = screen.getByRole('region', { name: ru.ledger.title });
    const rows = await within(ledger).findAllByRole('row');
    expect(plain(rows[1] ?? null)).toMatch(/КорректировкаВозврат комиссии-50 ₽950 ₽$/);
    expect(plain(rows[2] ?? null)).toMatch(/ПополнениеСчёт № 30\+1 000 ₽1 000 ₽$/);
    expect(within(ledger).getByRole('link', { name: 'Счёт № 30' }).getAttribute('href')).toBe('/user#invoice-30');
  });

  it('keeps the history filters and page in the URL and asks the API for them', async () => {
    const urls = stubApi(ANSWERS);
    const router = await openPage('/user?invoices_page=2');
    const ledger = screen.getByRole('region', { name: ru.ledger.title });
    await within(ledger).findAllByRole('row');
    const lastLedgerUrl = () => urls.filter((url) => url.startsWith('/api/ledger/')).at(-1);
    expect(lastLedgerUrl()).toBe('/api/ledger/?page_size=20');

    await act(async () => {
      fireEvent.click(within(ledger).getByRole('checkbox', { name: ru.ledger.kinds.topup }));
    });
    await act(async () => {
      fireEvent.click(within(ledger).getByRole('checkbox', { name: ru.ledger.kinds.refund }));
    });
    await act(async () => {
      fireEvent.change(within(ledger).getByLabelText(ru.ledger.from), { target: { value: '2026-05-01' } });
    });
    // The invoices' own page stays where it was.
    expect(router.state.location.search).toBe('?invoices_page=2&kind=topup%2Crefund&created_after=2026-05-01');
    expect(lastLedgerUrl()).toBe('/api/ledger/?page_size=20&kind=topup%2Crefund&created_after=2026-05-01');

    // 45 entries, 20 a page: a next page, and a new filter goes back to the first.
    await act(async () => {
      fireEvent.click(within(ledger).getByRole('button', { name: ru.pager.next }));
    });
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(lastLedgerUrl()).toContain('page=2&');
    expect(within(ledger).getByText('Страница 2 из 3')).toBeTruthy();
    await act(async () => {
      fireEvent.change(within(ledger).getByLabelText(ru.ledger.to), { target: { value: '2026-05-31' } });
    });
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();

    await act(async () => {
      fireEvent.click(within(ledger).getByRole('button', { name: ru.ledger.reset }));
    });
    expect(router.state.location.search).toBe('?invoices_page=2');
    expect(within(ledger).getByRole('checkbox', { name: ru.ledger.kinds.topup })).toHaveProperty('checked', false);
  });

  it('opens with the filters a shared URL carries', async () => {
    const urls = stubApi({ ...ANSWERS, '/api/ledger/': page(0, []) });
    await openPage('/en/user?kind=purchase&created_before=2026-05-31&page=3', 'en');
    const ledger = screen.getByRole('region', { name: en.ledger.title });
    expect(await within(ledger).findByText(en.ledger.emptyFiltered)).toBeTruthy();
    expect(within(ledger).getByRole('checkbox', { name: en.ledger.kinds.purchase })).toHaveProperty('checked', true);
    expect(within(ledger).getByLabelText(en.ledger.to)).toHaveProperty('value', '2026-05-31');
    expect(urls).toContain('/api/ledger/?page=3&page_size=20&kind=purchase&created_before=2026-05-31');
    expect(screen.getByRole('link', { name: en.balance.topUp }).getAttribute('href')).toBe(
      '/en/user?kind=purchase&created_before=2026-05-31&page=3#topup',
    );
  });

  it("tells a customer back from the gateway what became of the invoice, and loads the new balance once it's paid", async () => {
    const urls = stubApi({
      ...ANSWERS,
      '/api/invoices/31/': invoice(31, 'paid', 50_000),
      '/api/users/': { ...customer, balance: 145_000 },
    });
    const router = await openPage('/user?invoice=31');
    const result = await screen.findByText('Счёт № 31');
    expect(plain(result.parentElement)).toContain('Оплата получена: баланс пополнен на 500 ₽.');
    await vi.waitFor(() => expect(appStore.get(userAtom)?.balance).toBe(145_000));
    expect(plain(screen.getByRole('region', { name: ru.balance.title }))).toContain('1 450 ₽');
    // The lists follow the new balance.
    await vi.waitFor(() => expect(urls.filter((url) => url.startsWith('/api/ledger/'))).toHaveLength(2));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: ru.result.dismiss }));
    });
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('Счёт № 31')).toBeNull();
  });

  it('keeps asking about an invoice the gateway has not confirmed yet', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let status: Invoice['status'] = 'pending';
    const urls = stubApi({ ...ANSWERS });
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      url === '/api/invoices/31/'
        ? new Response(JSON.stringify(invoice(31, status, 50_000)), { headers: { 'content-type': 'application/json' } })
        : fetchStub(url, init),
    );
    await openPage('/user?invoice=31');
    expect(plain((await screen.findByText('Счёт № 31')).parentElement)).toContain(ru.result.pending);
    status = 'expired';
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(plain(screen.getByText('Счёт № 31').parentElement)).toContain(ru.result.expired);
    expect(urls.some((url) => url === '/api/users/')).toBe(false);
  });

  it('is a 404 with an id, until staff get the page of a customer', () => {
    const args = { language: 'ru' as const, signal: new AbortController().signal };
    expect(validateUserPage({ ...args, params: {} })).toBe(true);
    expect(validateUserPage({ ...args, params: { id: '5' } })).toBe(false);
  });
});
