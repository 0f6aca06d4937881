// The order page as a customer uses it, against a stubbed API that keeps to the contract (shared/src/api/orders.ts):
// the places with their free modems (sold out: not choosable), the period from the URL, a quote asked again as the
// choices change (once they rest, the running one aborted) with the promo code's discount or its refusal, "Pay from
// balance" or "Top up the difference" (the shell's dialog with the missing amount), one Idempotency-Key per attempt,
// the server's refusals (409, 402, 400) with the order kept, and the paid order with the way to its proxies.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderRequest, Quote, Stock } from '@proxy/contract/schemas/orders';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { appStore, clearMessageAtom, messageAtom, setUserAtom, userAtom } from '@proxy/contract/state';
import { type Call, customerWith, kitText, plain, renderRoutes, type Reply, stubApi } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { QUOTE_DEBOUNCE_MS } from '../order/use-quote.ts';
import { OrderPage } from './OrderPage.tsx';

const customer = customerWith({ balance: 1_000_000 });

const STOCK: Stock = {
  stock: [
    { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'MTS', operator_ru: 'МТС', free: 5 },
    { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'Beeline', operator_ru: 'Билайн', free: 0 },
    {
      country: 'RU',
      city: 'Saint Petersburg',
      city_ru: 'Санкт-Петербург',
      operator: 'MegaFon',
      operator_ru: 'МегаФон',
      free: 2,
    },
    { country: 'KZ', city: 'Almaty', city_ru: 'Алматы', operator: 'Kcell', free: 9 },
    { country: 'DE', city: 'Berlin', operator: 'Vodafone', free: 0 },
  ],
  prices: [
    { period_days: 7, country: null, price: 90_000, currency: 'RUB', title: 'Неделя' },
    { period_days: 30, country: null, price: 290_000, currency: 'RUB', title: 'Месяц' },
    { period_days: 30, country: 'KZ', price: 250_000, currency: 'RUB', title: 'Месяц в Казахстане' },
    { period_days: 90, country: 'DE', price: 700_000, currency: 'RUB', title: 'Квартал в Германии' },
  ],
};

/** The server's quote for a request, by the price list above, the session user's balance and two promo codes. */
function quoteFor(request: OrderRequest): Quote {
  const list = STOCK.prices.filter((p) => p.period_days === request.period_days);
  const price = (list.find((p) => p.country === request.country) ?? list.find((p) => p.country === null))?.price ?? 0;
  const subtotal = price * request.quantity;
  const promo = request.promo_code
    ? { code: request.promo_code, error: request.promo_code === 'SALE10' ? null : 'Срок действия промокода истёк.' }
    : null;
  const discount = promo && !promo.error ? subtotal / 10 : 0;
  const balance = appStore.get(userAtom)?.balance ?? 0;
  const available = STOCK.stock
    .filter((s) => s.country === request.country && s.city === request.city && s.operator === request.operator)
    .reduce((sum, s) => sum + s.free, 0);
  return {
    period_days: request.period_days,
    quantity: request.quantity,
    price,
    subtotal,
    discount,
    total: subtotal - discount,
    currency: 'RUB',
    balance,
    balance_after: balance - (subtotal - discount),
    available,
    promo,
  };
}

const order = (changes: Partial<Order> = {}): Order => ({
  id: 77,
  status: 'paid',
  period_days: 30,
  quantity: 2,
  subtotal: 500_000,
  discount: 0,
  total: 500_000,
  currency: 'RUB',
  promo_code: null,
  auto_renew: true,
  lines: [
    {
      proxy_id: 41,
      transferred: false,
      proxy_comment: '',
      country: 'KZ',
      city: 'Almaty',
      city_ru: 'Алматы',
      operator: 'Kcell',
      period_days: 30,
      price: 250_000,
    },
    {
      proxy_id: 42,
      transferred: false,
      proxy_comment: '',
      country: 'KZ',
      city: 'Almaty',
      city_ru: 'Алматы',
      operator: 'Kcell',
      period_days: 30,
      price: 250_000,
    },
  ],
  created_at: '2026-06-01T10:00:00Z',
  ...changes,
});

type Answer = Reply | 'network-error';

/**
 * The API: the stock and the quote as above, and `orders` answering `POST /api/orders/` in turn (the last repeats).
 * Every call is recorded with its body, its Idempotency-Key and its abort signal.
 */
function stubOrderApi({ orders = [], stock = [[200, STOCK]] }: { orders?: Answer[]; stock?: Answer[] }) {
  const next = (answers: Answer[]) => (answers.length > 1 ? answers.shift() : answers[0]);
  return stubApi((call) => {
    let answer: Answer | undefined;
    if (call.url === '/api/stock/') answer = next(stock);
    else if (call.url === '/api/orders/quote/') answer = [200, quoteFor(call.body as OrderRequest)];
    else if (call.url === '/api/orders/' && call.method === 'POST') answer = next(orders);
    else if (call.url === '/api/users/') answer = [200, appStore.get(userAtom)];
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return answer;
  });
}

const keyOf = (call: Call) => call.headers.get('Idempotency-Key');
const quotes = (calls: Call[]) => calls.filter((call) => call.url === '/api/orders/quote/');
const orderPosts = (calls: Call[]) => calls.filter((call) => call.url === '/api/orders/' && call.method === 'POST');

function openPage(url: string, language: 'ru' | 'en' = 'ru', user: AuthUser = customer) {
  return renderRoutes(
    [
      { path: '/order', Component: OrderPage },
      { path: '/en/order', Component: OrderPage },
    ],
    url,
    { namespace: 'order', translations: { ru, en }, session: { user, language } },
  );
}

const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
const quoteRegion = () => screen.getByRole('complementary', { name: ru.quote.title });
const payButton = () => screen.getByRole('button', { name: new RegExp(`${ru.pay}|${ru.paying}`) }) as HTMLButtonElement;

/** Waits until the quote on screen is for the order as it stands, and the pay button may be pressed. */
async function quoteSettled() {
  await vi.waitFor(() => expect(payButton().disabled).toBe(false));
}

beforeEach(() => vi.useRealTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

describe('choosing what to order', () => {
  it('shows every place with its free modems, and what is sold out cannot be chosen', async () => {
    stubOrderApi({});
    await openPage('/order');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru.title);
    const countries = within(await screen.findByRole('group', { name: ru.country }));
    // In the order of their Russian names; the flag is decoration (hidden from screen readers).
    expect(countries.getAllByRole('radio').map((input) => plain(input.closest('label')))).toEqual([
      'Германиясвободно: 0',
      'Казахстансвободно: 9',
      'Россиясвободно: 7',
    ]);
    expect(
      countries.getAllByRole('radio').map((input) => input.closest('label')?.querySelector('img')?.getAttribute('src')),
    ).toEqual(['/flags/de.svg', '/flags/kz.svg', '/flags/ru.svg']);
    expect(radio(/^Германия/).disabled).toBe(true);
    // The place with the most free modems is chosen, so there is a price at once.
    expect(radio(/^Казахстан/).checked).toBe(true);

    fireEvent.click(radio(/^Россия/));
    const cities = within(screen.getByRole('group', { name: ru.city }));
    expect(cities.getAllByRole('radio').map((input) => plain(input.closest('label')))).toEqual([
      'Москвасвободно: 5',
      'Санкт-Петербургсвободно: 2',
    ]);
    // Operators by their Russian names, in the order of those names (#49).
    const operators = within(screen.getByRole('group', { name: ru.operator }));
    expect(operators.getAllByRole('radio').map((input) => plain(input.closest('label')))).toEqual([
      'Билайнсвободно: 0',
      'МТСсвободно: 5',
    ]);
    expect(radio(/^Билайн/).disabled).toBe(true);
    expect(radio(/^МТС/).checked).toBe(true);
    expect(plain(document.getElementById('order-quantity-help'))).toBe('От 1 до 5');

    fireEvent.click(radio(/^Санкт-Петербург/));
    expect(radio(/^МегаФон/).checked).toBe(true);
    // At most what is free there: "+" stops at 2.
    const more = screen.getByRole('button', { name: ru.quantity.increase }) as HTMLButtonElement;
    fireEvent.click(more);
    expect(screen.getByLabelText(ru.quantity.label)).toHaveProperty('value', '2');
    expect(more.disabled).toBe(true);
  });

  it("preselects the URL's period when the price list has it, priced for the chosen country", async () => {
    const calls = stubOrderApi({});
    await openPage('/order?period=30');
    const periods = within(await screen.findByRole('group', { name: ru.period.legend }));
    // Kazakhstan: its own 30-day plan wins over the one for any country; Germany's 90 days are not offered.
    expect(periods.getAllByRole('radio').map((input) => plain(input.closest('label')))).toEqual([
      '7 дней900 ₽',
      '30 дней2 500 ₽',
    ]);
    expect(radio(/^30 дней/).checked).toBe(true);
    await quoteSettled();
    expect(quotes(calls).at(-1)?.body).toEqual({
      country: 'KZ',
      city: 'Almaty',
      operator: 'Kcell',
      period_days: 30,
      quantity: 1,
      promo_code: '',
    });
    cleanup();

    stubOrderApi({});
    await openPage('/order?period=14');
    await screen.findByRole('group', { name: ru.period.legend });
    expect(radio(/^7 дней/).checked).toBe(true);
  });

  it('says so when nothing is free, and offers to try again when the stock cannot be loaded', async () => {
    stubOrderApi({ stock: [[200, { stock: [{ ...STOCK.stock[4] }], prices: STOCK.prices }]] });
    await openPage('/order');
    expect((await screen.findByRole('heading', { name: ru.empty.title })).closest('[role=status]')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    cleanup();

    const calls = stubOrderApi({
      stock: [
        [502, null],
        [200, STOCK],
      ],
    });
    await openPage('/order');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ru.loadFailed);
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: kitText.ru.retry })));
    expect(await screen.findByRole('group', { name: ru.country })).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/stock/')).toHaveLength(2);
  });
});

describe('the quote', () => {
  it('is asked again once the choices rest, the request still running aborted', async () => {
    const calls = stubOrderApi({});
    await openPage('/order?period=30');
    await quoteSettled();
    expect(plain(quoteRegion())).toContain('Цена за один прокси2 500 ₽');
    expect(plain(quoteRegion())).toContain('Итого2 500 ₽');
    const before = quotes(calls).length;

    // Three quick changes: one request, for the last of them.
    const quantity = screen.getByLabelText(ru.quantity.label);
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(radio(/^7 дней/));
    // Meanwhile the old figures stay, marked as being updated.
    expect(quoteRegion().querySelector('[aria-live]')?.getAttribute('aria-busy')).toBe('true');
    expect(payButton().disabled).toBe(true);
    await quoteSettled();
    expect(
      quotes(calls)
        .slice(before)
        .map((call) => call.body),
    ).toEqual([expect.objectContaining({ quantity: 3, period_days: 7 })]);
    expect(plain(quoteRegion())).toContain('Итого2 700 ₽');

    // A request still running when the order changes is aborted: its late answer cannot overwrite the newer one.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.change(quantity, { target: { value: '2' } });
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS));
    const running = quotes(calls).at(-1);
    fireEvent.change(quantity, { target: { value: '1' } });
    expect(running?.signal?.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS));
    await quoteSettled();
    expect(quotes(calls).at(-1)?.body).toEqual(expect.objectContaining({ quantity: 1 }));
    expect(plain(quoteRegion())).toContain('Итого900 ₽');
  });

  it("shows a promo code's discount, and the reason one is refused on its field", async () => {
    const calls = stubOrderApi({});
    await openPage('/order?period=30');
    await quoteSettled();
    const promo = screen.getByLabelText(ru.promo.label);
    fireEvent.change(promo, { target: { value: 'sale10' } });
    await vi.waitFor(() => expect(plain(quoteRegion())).toContain('Скидка (SALE10)-250 ₽'));
    expect(plain(quoteRegion())).toContain('Итого2 250 ₽');
    expect(document.getElementById('order-promo-help')?.textContent).toBe('Промокод SALE10 применён');
    // The code goes to the server as the contract writes it: upper case.
    expect(quotes(calls).at(-1)?.body).toEqual(expect.objectContaining({ promo_code: 'SALE10' }));

    fireEvent.change(promo, { target: { value: 'OLD2024' } });
    await vi.waitFor(() =>
      expect(document.getElementById('order-promo-help')?.textContent).toBe('Срок действия промокода истёк.'),
    );
    expect(promo.getAttribute('aria-invalid')).toBe('true');
    expect(plain(quoteRegion())).not.toContain('Скидка');
    expect(plain(quoteRegion())).toContain('Итого2 500 ₽');

    // Not a promo code at all ("!!"): said at once, while typing, and the price is shown without it (#28).
    fireEvent.change(promo, { target: { value: '!!' } });
    expect(document.getElementById('order-promo-help')?.textContent).toBe(ru.promo.invalid);
    expect(promo.getAttribute('aria-invalid')).toBe('true');
    await quoteSettled();
    expect(quotes(calls).at(-1)?.body).toEqual(expect.objectContaining({ promo_code: '' }));
    expect(plain(quoteRegion())).toContain('Итого2 500 ₽');
    // Too short yet may still grow into a code: said once the field is left.
    fireEvent.change(promo, { target: { value: 'ab' } });
    expect(document.getElementById('order-promo-help')?.textContent).not.toBe(ru.promo.invalid);
    fireEvent.blur(promo);
    expect(document.getElementById('order-promo-help')?.textContent).toBe(ru.promo.invalid);
    // And paying with it is refused on the field, nothing sent.
    await act(async () => fireEvent.click(payButton()));
    expect(orderPosts(calls)).toEqual([]);
    expect(document.getElementById('order-promo-help')?.textContent).toBe(ru.promo.invalid);
  });
});

describe('paying', () => {
  it('pays from the balance and shows the order with the way to each proxy', async () => {
    const calls = stubOrderApi({ orders: [[201, order()]] });
    await openPage('/order?period=30');
    await quoteSettled();
    fireEvent.click(screen.getByRole('button', { name: ru.quantity.increase }));
    fireEvent.click(screen.getByRole('checkbox', { name: ru.autoRenew.label }));
    await quoteSettled();
    expect(plain(quoteRegion())).toContain('Баланс после оплаты5 000 ₽');
    expect(plain(payButton())).toBe('Оплатить с баланса5 000 ₽');
    await act(async () => fireEvent.click(payButton()));

    expect(orderPosts(calls).map((call) => call.body)).toEqual([
      {
        country: 'KZ',
        city: 'Almaty',
        operator: 'Kcell',
        period_days: 30,
        quantity: 2,
        promo_code: '',
        auto_renew: true,
      },
    ]);
    expect(keyOf(orderPosts(calls)[0] as Call)).toMatch(/^[0-9a-f]{32}$/);
    const done = await screen.findByRole('heading', { name: 'Заказ № 77 оплачен' });
    expect(document.activeElement).toBe(done);
    const summary = done.closest('section') as HTMLElement;
    expect(plain(summary)).toContain('Прокси2Срок30 днейОплачено5 000 ₽');
    // Where they are, the city in Russian on a Russian page (#28).
    expect(plain(summary)).toContain('Казахстан, Алматы, Kcell');
    expect(within(summary).getByRole('link', { name: 'Прокси №41' }).getAttribute('href')).toBe('/ip/41');
    expect(within(summary).getByRole('link', { name: 'Прокси №42' }).getAttribute('href')).toBe('/ip/42');
    expect(within(summary).getByRole('link', { name: ru.done.allIps }).getAttribute('href')).toBe('/ip');
    // The header's balance follows: the session user is loaded again.
    expect(calls.some((call) => call.url === '/api/users/')).toBe(true);
  });

  it('offers to top up the difference in the top-up dialog, and keeps the order for when the money arrives', async () => {
    const calls = stubOrderApi({});
    const router = await openPage('/order?period=30', 'ru', { ...customer, balance: 100_050 });
    await vi.waitFor(() => expect(screen.getByRole('link', { name: /Пополнить на недостающую сумму/ })).toBeTruthy());
    fireEvent.change(screen.getByLabelText(ru.quantity.label), { target: { value: '2' } });
    // 2 × 2 500 ₽ against 1 000,50 ₽: 3 999,50 ₽ missing.
    await vi.waitFor(() => expect(plain(quoteRegion())).toContain('Не хватает3 999,50 ₽'));
    const topUp = screen.getByRole('link', { name: /Пополнить на недостающую сумму/ });
    expect(plain(topUp)).toBe('Пополнить на недостающую сумму3 999,50 ₽');
    expect(topUp.getAttribute('href')).toBe('/order?period=30#topup-399950');
    expect(screen.queryByRole('button', { name: new RegExp(ru.pay) })).toBeNull();

    await act(async () => fireEvent.click(topUp));
    expect(router.state.location.hash).toBe('#topup-399950');
    // The shell's dialog credits the balance (the session user is loaded again); the order is still here, priced anew.
    const asked = quotes(calls).length;
    await act(async () => appStore.set(setUserAtom, { ...customer, balance: 600_000 }));
    await quoteSettled();
    expect(quotes(calls).length).toBe(asked + 1);
    expect(screen.getByLabelText(ru.quantity.label)).toHaveProperty('value', '2');
    expect(plain(quoteRegion())).toContain('Баланс после оплаты1 000 ₽');
    expect(screen.queryByRole('link', { name: /Пополнить/ })).toBeNull();
  });

  it('sends a retried order with the same Idempotency-Key, and a changed one with a new key', async () => {
    const calls = stubOrderApi({
      orders: ['network-error', [502, null], 'network-error', 'network-error', [201, order()]],
    });
    await openPage('/order?period=30');
    await quoteSettled();
    const pay = async () => {
      await quoteSettled();
      await act(async () => fireEvent.click(payButton()));
    };
    await pay();
    expect(screen.getByRole('alert').textContent).toBe(ru.errors.network);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: ru.errors.network });
    await pay();
    expect(screen.getByRole('alert').textContent).toBe(ru.errors.unknown);
    await pay();
    // The same order asked for again, another way: still the same attempt.
    fireEvent.change(screen.getByLabelText(ru.quantity.label), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: ru.quantity.decrease }));
    await pay();
    fireEvent.change(screen.getByLabelText(ru.quantity.label), { target: { value: '2' } });
    await pay();

    const posts = orderPosts(calls);
    expect(posts.map((call) => (call.body as { quantity: number }).quantity)).toEqual([1, 1, 1, 1, 2]);
    const keys = posts.map((call) => keyOf(call));
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[0]);
    expect(await screen.findByRole('heading', { name: 'Заказ № 77 оплачен' })).toBeTruthy();
  });

  it('says why the server refused (409 stock, 402 balance), keeps the order, and asks for fresh figures', async () => {
    const calls = stubOrderApi({
      orders: [
        [409, { detail: 'Свободных модемов меньше, чем в заказе.' }],
        [402, { detail: 'Недостаточно средств на балансе.' }],
        [201, order()],
      ],
    });
    await openPage('/order?period=30');
    await quoteSettled();
    fireEvent.change(screen.getByLabelText(ru.quantity.label), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: ru.autoRenew.label }));
    await quoteSettled();
    const stockLoads = () => calls.filter((call) => call.url === '/api/stock/').length;
    const asked = quotes(calls).length;

    await act(async () => fireEvent.click(payButton()));
    expect(screen.getByRole('alert').textContent).toBe('Свободных модемов меньше, чем в заказе.');
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'error',
      text: 'Свободных модемов меньше, чем в заказе.',
    });
    // Fresh counts and a fresh quote; the order as it was.
    await vi.waitFor(() => expect(stockLoads()).toBe(2));
    await quoteSettled();
    expect(quotes(calls).length).toBeGreaterThan(asked);
    expect(screen.getByLabelText(ru.quantity.label)).toHaveProperty('value', '2');
    expect(screen.getByRole('checkbox', { name: ru.autoRenew.label })).toHaveProperty('checked', true);

    await act(async () => fireEvent.click(payButton()));
    expect(screen.getByRole('alert').textContent).toBe('Недостаточно средств на балансе.');
    // The balance is loaded again: the header and the quote show what it is now.
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/users/')).toBe(true));
    await quoteSettled();

    // The message is about the order as it was sent: a change takes it away.
    fireEvent.click(screen.getByRole('checkbox', { name: ru.autoRenew.label }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: ru.autoRenew.label }));

    await act(async () => fireEvent.click(payButton()));
    // A refusal bought nothing: each press after one is a new attempt with its own key.
    const keys = orderPosts(calls).map((call) => keyOf(call));
    expect(new Set(keys).size).toBe(3);
    expect(await screen.findByRole('heading', { name: 'Заказ № 77 оплачен' })).toBeTruthy();
  });

  it("puts the server's field errors (400) on their fields", async () => {
    stubOrderApi({
      orders: [[400, { promo_code: ['Промокод уже использован.'], period_days: ['Этого срока нет в прайс-листе.'] }]],
    });
    await openPage('/order?period=30');
    await quoteSettled();
    await act(async () => fireEvent.click(payButton()));
    expect(document.getElementById('order-promo-help')?.textContent).toBe('Промокод уже использован.');
    expect(screen.getByLabelText(ru.promo.label).getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('order-period-error')?.textContent).toBe('Этого срока нет в прайс-листе.');
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'error',
      text: 'Промокод уже использован. Этого срока нет в прайс-листе.',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('in English', () => {
  it('speaks English, with English country names and prices', async () => {
    stubOrderApi({});
    await openPage('/en/order?period=7', 'en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.title);
    const countries = within(await screen.findByRole('group', { name: en.country }));
    expect(countries.getAllByRole('radio').map((input) => plain(input.closest('label')))).toEqual([
      'Germany0 free',
      'Kazakhstan9 free',
      'Russia7 free',
    ]);
    expect(radio(/^7 days/).checked).toBe(true);
    // The cities in English, as the stock names them (a Russian page shows their Russian names, #28).
    fireEvent.click(radio(/^Russia/));
    const cities = within(screen.getByRole('group', { name: en.city }));
    expect(cities.getAllByRole('radio').map((input) => plain(input.closest('label')))).toEqual([
      'Moscow5 free',
      'Saint Petersburg2 free',
    ]);
    fireEvent.click(radio(/^Kazakhstan/));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: new RegExp(en.pay) })).toHaveProperty('disabled', false),
    );
    expect(plain(screen.getByRole('complementary', { name: en.quote.title }))).toContain('TotalRUB 900');
  });
});
