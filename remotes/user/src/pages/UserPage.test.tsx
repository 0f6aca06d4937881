// The customer's own page: the balance with "Top up", the top-up invoices (a pending one opens again in the top-up
// dialog), the balance history with its filters and page in the URL, the outcome of an invoice a payment gateway
// sent the customer back for, the order history (links to its proxies, its own date filter in the URL, the ledger's
// "Order no. N" pointing at its row), and a 404 for a customer at /user/{id} (staff's view: CustomerPage.test.tsx).
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, LedgerEntry } from '@proxy/contract/schemas/billing';
import type { Order, OrderLine } from '@proxy/contract/schemas/orders';
import { api, appStore, messageAtom, userAtom } from '@proxy/contract/state';
import { customerWith, kitText, plain } from '@proxy/site-kit/testing';
import { renderRoutes } from '../test/render-routes.tsx';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { UserPage, validateUserPage } from './UserPage.tsx';

const customer = customerWith({ balance: 95_000 });

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
  pay_uri: 'T123',
  asset: null,
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

const line = (proxy_id: number | null, changes: Partial<OrderLine> = {}): OrderLine => ({
  proxy_id,
  transferred: false,
  proxy_comment: proxy_id === null ? null : '',
  country: 'RU',
  city: 'Moscow',
  city_ru: 'Москва',
  operator: 'MTS',
  operator_ru: 'МТС',
  period_days: 7,
  price: 30_000,
  ...changes,
});
const order = (id: number, changes: Partial<Order>): Order => ({
  id,
  status: 'paid',
  period_days: 7,
  quantity: 1,
  subtotal: 30_000,
  discount: 0,
  total: 30_000,
  currency: 'RUB',
  promo_code: null,
  auto_renew: false,
  lines: [line(101)],
  created_at: '2026-06-01T09:00:00Z',
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
  '/api/orders/': page(2, [
    order(8, {
      quantity: 2,
      subtotal: 60_000,
      discount: 6_000,
      total: 54_000,
      promo_code: 'SPRING10',
      lines: [line(102), line(null), line(null, { transferred: true })],
    }),
    order(7, { period_days: 1 }),
  ]),
};

function openPage(url: string, language: 'ru' | 'en' = 'ru') {
  const routes = [
    { path: '/user', Component: UserPage },
    { path: '/en/user', Component: UserPage },
  ];
  return renderRoutes(routes, url, { user: customer, token: 'customer-token', language });
}

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
      fireEvent.change(within(ledger).getByLabelText(kitText.ru.dates.from), { target: { value: '2026-05-01' } });
    });
    // The invoices' own page stays where it was.
    expect(router.state.location.search).toBe('?invoices_page=2&kind=topup%2Crefund&created_after=2026-05-01');
    expect(lastLedgerUrl()).toBe('/api/ledger/?page_size=20&kind=topup%2Crefund&created_after=2026-05-01');

    // 45 entries, 20 a page: a next page, and a new filter goes back to the first.
    await act(async () => {
      fireEvent.click(within(ledger).getByRole('button', { name: kitText.ru.pager.next }));
    });
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(lastLedgerUrl()).toContain('page=2&');
    expect(within(ledger).getByText('Страница 2 из 3')).toBeTruthy();
    await act(async () => {
      fireEvent.change(within(ledger).getByLabelText(kitText.ru.dates.to), { target: { value: '2026-05-31' } });
    });
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();

    await act(async () => {
      fireEvent.click(within(ledger).getByRole('button', { name: ru.filters.reset }));
    });
    expect(router.state.location.search).toBe('?invoices_page=2');
    expect(within(ledger).getByRole('checkbox', { name: ru.ledger.kinds.topup })).toHaveProperty('checked', false);
  });

  it('opens with the filters a shared URL carries', async () => {
    const urls = stubApi({ ...ANSWERS, '/api/ledger/': page(0, []) });
    await openPage('/en/user?kind=purchase&created_before=2026-05-31&page=3', 'en');
    const ledger = screen.getByRole('region', { name: en.ledger.title });
    expect(await within(ledger).findByText(en.filters.nothing)).toBeTruthy();
    expect(within(ledger).getByRole('checkbox', { name: en.ledger.kinds.purchase })).toHaveProperty('checked', true);
    expect(within(ledger).getByLabelText(kitText.en.dates.to)).toHaveProperty('value', '2026-05-31');
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

  it('lists the orders: what, where, the promo code, the total and links to their proxies, a released or given away one as text', async () => {
    const urls = stubApi(ANSWERS);
    await openPage('/user');
    const orders = screen.getByRole('region', { name: ru.orders.title });
    const rows = await within(orders).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(plain(rows[1] ?? null)).toMatch(
      /^8.*2 × 7 дней Россия, Москва МТСSPRING10-60 ₽540 ₽Прокси №102освобождёнпередан$/,
    );
    expect(plain(rows[2] ?? null)).toMatch(/^7.*1 × 1 день Россия, Москва МТС300 ₽Прокси №101$/);
    expect(rows[1]?.querySelector('img')?.getAttribute('src')).toBe('/flags/ru.svg');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'Прокси №102' })
        .getAttribute('href'),
    ).toBe('/ip/102');
    expect(within(rows[1] as HTMLElement).getAllByRole('link')).toHaveLength(1);
    expect(within(rows[1] as HTMLElement).getByText(ru.orders.released).tagName).toBe('SPAN');
    expect(rows[2]?.id).toBe('order-7');
    expect(urls).toContain('/api/orders/?ordering=-created_at&page_size=10');
  });

  it("names a proxy by the customer's own label, as every other screen does, else by its number (#28)", async () => {
    stubApi({
      ...ANSWERS,
      '/api/orders/': page(1, [
        order(10, { quantity: 2, lines: [line(103, { proxy_comment: 'Парсер цен' }), line(104)] }),
      ]),
    });
    await openPage('/user');
    const orders = screen.getByRole('region', { name: ru.orders.title });
    expect((await within(orders).findByRole('link', { name: 'Парсер цен' })).getAttribute('href')).toBe('/ip/103');
    expect(within(orders).getByRole('link', { name: 'Прокси №104' }).getAttribute('href')).toBe('/ip/104');
    expect(within(orders).queryByText('Прокси №103')).toBeNull();
  });

  it('words the period in Russian plural forms and in English', async () => {
    stubApi({ ...ANSWERS, '/api/orders/': page(1, [order(9, { quantity: 3, period_days: 3 })]) });
    await openPage('/user');
    const orders = screen.getByRole('region', { name: ru.orders.title });
    expect(await within(orders).findByText('3 × 3 дня')).toBeTruthy();
    cleanup();
    stubApi({ ...ANSWERS, '/api/orders/': page(1, [order(9, { quantity: 1, period_days: 30 })]) });
    await openPage('/en/user', 'en');
    const ordersEn = screen.getByRole('region', { name: en.orders.title });
    expect(await within(ordersEn).findByText('1 × 30 days')).toBeTruthy();
    expect(within(ordersEn).getByRole('link', { name: 'Proxy #101' }).getAttribute('href')).toBe('/en/ip/101');
    // The place in English: the city's English name (#28).
    expect(within(ordersEn).getByText('Russia, Moscow MTS')).toBeTruthy();
  });

  it('offers to order when there are no orders yet', async () => {
    stubApi({ ...ANSWERS, '/api/orders/': page(0, []) });
    await openPage('/user');
    const orders = screen.getByRole('region', { name: ru.orders.title });
    expect(await within(orders).findByText(ru.orders.empty)).toBeTruthy();
    expect(within(orders).getByRole('link', { name: ru.orders.order }).getAttribute('href')).toBe('/order');
    expect(within(orders).queryByRole('table')).toBeNull();
  });

  it('says so when the orders cannot be loaded, and tries again', async () => {
    stubApi({ ...ANSWERS, '/api/orders/': undefined });
    await openPage('/user');
    const orders = screen.getByRole('region', { name: ru.orders.title });
    expect((await within(orders).findByRole('alert')).textContent).toContain(kitText.ru.loadFailed);
    stubApi(ANSWERS);
    await act(async () => fireEvent.click(within(orders).getByRole('button', { name: kitText.ru.retry })));
    expect(await within(orders).findByRole('link', { name: 'Прокси №102' })).toBeTruthy();
  });

  it('keeps the orders date filter in the URL apart from the ledger and sends created_after/created_before', async () => {
    const urls = stubApi(ANSWERS);
    const router = await openPage('/user?kind=topup&orders_created_before=2026-06-30');
    const orders = screen.getByRole('region', { name: ru.orders.title });
    await within(orders).findAllByRole('row');
    const lastOrdersUrl = () => urls.filter((url) => url.startsWith('/api/orders/')).at(-1);
    expect(lastOrdersUrl()).toBe('/api/orders/?ordering=-created_at&page_size=10&created_before=2026-06-30');
    expect(within(orders).getByLabelText(kitText.ru.dates.to)).toHaveProperty('value', '2026-06-30');

    await act(async () => {
      fireEvent.change(within(orders).getByLabelText(kitText.ru.dates.from), { target: { value: '2026-05-01' } });
    });
    expect(router.state.location.search).toBe(
      '?kind=topup&orders_created_after=2026-05-01&orders_created_before=2026-06-30',
    );
    expect(lastOrdersUrl()).toBe(
      '/api/orders/?ordering=-created_at&page_size=10&created_after=2026-05-01&created_before=2026-06-30',
    );
    // The ledger's own filters did not move, and it was not asked for the orders' dates.
    expect(urls.filter((url) => url.startsWith('/api/ledger/')).every((url) => !url.includes('created'))).toBe(true);

    await act(async () => {
      fireEvent.click(within(orders).getByRole('button', { name: ru.filters.reset }));
    });
    expect(router.state.location.search).toBe('?kind=topup');
  });

  it('words a purchase in the ledger as "Order no. N", pointing at its row in the orders', async () => {
    stubApi({
      ...ANSWERS,
      '/api/ledger/': page(1, [entry(3, { kind: 'purchase', amount: -30_000, reference: 'order:7' })]),
    });
    await openPage('/en/user', 'en');
    const ledger = screen.getByRole('region', { name: en.ledger.title });
    const link = await within(ledger).findByRole('link', { name: 'Order no. 7' });
    expect(link.getAttribute('href')).toBe('#order-7');
    const orders = screen.getByRole('region', { name: en.orders.title });
    await within(orders).findAllByRole('row');
    expect(document.getElementById('order-7')?.closest('section')).toBe(orders);
  });

  it("is a 404 for a customer at another's page", () => {
    const args = { language: 'ru' as const, signal: new AbortController().signal, store: appStore, api };
    expect(validateUserPage({ ...args, params: {} })).toBe(true);
    expect(validateUserPage({ ...args, params: { id: '5' } })).toBe(false);
  });
});
