// The top-up dialog as a customer uses it: a method and an amount in major units (sent in minor units, the method's
// minimum and fee shown with the total), one Idempotency-Key per request and the same one when it is retried, the
// server's field errors on the field, a manual invoice's way to pay, and its status followed until paid — when the
// session user (the header's balance) is loaded again.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, PaymentMethod } from '@proxy/contract/schemas/billing';
import type { AuthUser } from '@proxy/contract/schemas/user';
import {
  appStore,
  clearMessageAtom,
  hydrateAppStore,
  messageAtom,
  signedInAtom,
  StateProvider,
  userAtom,
} from '@proxy/contract/state';
import { INVOICE_POLL_MS } from '@proxy/site-kit';
import { testI18n } from '../test/i18n.ts';
import ru from './i18n/ru.json';
import { TopUpDialogHost } from './TopUpDialogHost.tsx';
import { stubMatchMedia } from '../test/browser.ts';

const customer: AuthUser = {
  pk: 5,
  email: 'buyer@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 0,
  currency: 'RUB',
};

const USDT: PaymentMethod = {
  id: 1,
  code: 'usdt_trc20',
  name: 'USDT (TRC20)',
  icon: { id: 7, width: 64, height: 64, alt: '' },
  kind: 'crypto',
  provider: 'manual',
  min_amount: 50_000,
  max_amount: 100_000_000_000,
  fee_percent: 2.5,
  currency: 'RUB',
  asset: null,
  rate: null,
  rate_at: null,
  unavailable: null,
};
const CARD: PaymentMethod = { ...USDT, id: 2, code: 'card', name: 'Карта', icon: null, min_amount: 0, fee_percent: 0 };

const invoice = (changes: Partial<Invoice> = {}): Invoice => ({
  id: 31,
  status: 'pending',
  amount: 100_000,
  fee: 2_500,
  total: 102_500,
  currency: 'RUB',
  method: { id: 1, code: 'usdt_trc20', name: 'USDT (TRC20)', icon: null, kind: 'crypto', provider: 'manual' },
  instructions: '<p>Send <strong>exactly</strong> the total.</p>',
  pay_address: 'TXYZ1234567890abcdef',
  pay_qr: 'data:image/svg+xml;base64,PHN2Zy8+',
  pay_uri: 'TXYZ1234567890abcdef',
  asset: null,
  checkout_url: null,
  customer_reference: '',
  status_reason: '',
  expires_at: '2026-06-01T12:00:00Z',
  paid_at: null,
  created_at: '2026-06-01T11:00:00Z',
  ...changes,
});

interface Call {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  readonly key: string | null;
}
type Answer = { status: number; body: unknown } | 'network-error';

/** Answers by `METHOD /path`, in turn when a list of answers is given (the last one repeats). */
function stubApi(answers: Record<string, Answer | Answer[]>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    calls.push({ method, url, body: JSON.parse(String(init.body ?? 'null')), key: headers.get('Idempotency-Key') });
    const planned = answers[`${method} ${url.split('?')[0]}`];
    const answer = Array.isArray(planned) ? (planned.length > 1 ? planned.shift() : planned[0]) : planned;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const { status, body } = answer ?? { status: 404, body: { detail: 'Не найдено.' } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

async function openDialog(hash: string) {
  const router = createMemoryRouter([{ path: '/user', Component: TopUpDialogHost }], {
    initialEntries: [`/user?page=2${hash}`],
  });
  await act(async () => {
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={testI18n('ru')}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StateProvider>,
    );
  });
  return { router, dialog: await screen.findByRole('dialog', {}, { timeout: 5000 }) };
}

/** Text with Intl's no-break and thin spaces made plain, to compare with what a test writes. */
const plain = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ');

// The name, also while antd's loading icon (named "loading") fades out after a submit.
const submitName = new RegExp(ru.submit);

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST' && call.url === '/api/invoices/');

// The dialog's module (antd, the forms) loads lazily: imported cold in a busy worker it takes seconds, which the
// first test's wait for the dialog would otherwise pay.
beforeAll(async () => {
  await import('./TopUpDialog.tsx');
}, 60_000);

beforeEach(() => {
  hydrateAppStore(appStore);
  appStore.set(signedInAtom, { token: 'customer-token', user: customer });
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

describe('choosing a method and an amount', () => {
  it("shows each method's minimum and fee, the fee and total of the amount, and sends minor units", async () => {
    const calls = stubApi({
      'GET /api/payment-methods/': { status: 200, body: [USDT, CARD] },
      'POST /api/invoices/': { status: 201, body: invoice({ amount: 100_050, fee: 2_502, total: 102_552 }) },
    });
    const { router, dialog } = await openDialog('#topup');
    expect(within(dialog).getByText(ru.title)).toBeTruthy();
    const usdt = await within(dialog).findByRole('radio', { name: /USDT \(TRC20\)/ });
    expect(plain(usdt.closest('label'))).toContain('от 500 ₽ · комиссия 2,5 %');
    expect(plain(within(dialog).getByRole('radio', { name: /Карта/ }).closest('label'))).toContain('без комиссии');
    // The icon is a small square the image server renders (images.ts), twice as large for 2x screens.
    const icon = usdt.closest('label')?.querySelector('img');
    expect(icon?.getAttribute('src')).toBe('/api/users/images/7-32x32.webp');
    expect(icon?.getAttribute('srcset')).toBe('/api/users/images/7-64x64.webp 2x');

    const amount = within(dialog).getByLabelText(ru.amount.label);
    expect(plain(document.getElementById(amount.getAttribute('aria-describedby') ?? ''))).toBe('Минимум 500 ₽');
    fireEvent.change(amount, { target: { value: '1 000,50' } });
    // 2.5 % of 1 000,50 ₽ is 25,0125 ₽: the fee is rounded up to whole kopecks.
    const summary = plain(dialog.querySelector('dl'));
    expect(summary).toContain('На баланс1 000,50 ₽');
    expect(summary).toContain('Комиссия (2,5 %)25,02 ₽');
    expect(summary).toContain('К оплате1 025,52 ₽');

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: submitName }));
    });
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.body).toEqual({ method: 1, amount: 100_050 });
    expect(posts(calls)[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    // The invoice is shown in place of the form (Back does not return to it), the page's own query kept.
    expect(router.state.location.hash).toBe('#invoice-31');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('fills in the amount a page asks for with #topup-{minor}, and sends exactly that', async () => {
    const calls = stubApi({
      'GET /api/payment-methods/': { status: 200, body: [CARD, USDT] },
      'POST /api/invoices/': { status: 201, body: invoice({ amount: 123_450 }) },
    });
    const { router, dialog } = await openDialog('#topup-123450');
    expect(within(dialog).getByText(ru.title)).toBeTruthy();
    const amount = await within(dialog).findByLabelText(ru.amount.label);
    expect((amount as HTMLInputElement).value).toBe('1234,50');
    expect(plain(dialog.querySelector('dl'))).toContain('К оплате1 234,50 ₽');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: submitName }));
    });
    expect(posts(calls)[0]?.body).toEqual({ method: 2, amount: 123_450 });
    expect(router.state.location.hash).toBe('#invoice-31');
  });

  it("raises an asked amount below the first method's minimum to that minimum", async () => {
    stubApi({ 'GET /api/payment-methods/': { status: 200, body: [USDT, CARD] } });
    const { dialog } = await openDialog('#topup-3705');
    const amount = await within(dialog).findByLabelText(ru.amount.label);
    expect((amount as HTMLInputElement).value).toBe('500');
  });

  it("refuses an amount under the method's minimum on the field, without asking the server", async () => {
    const calls = stubApi({ 'GET /api/payment-methods/': { status: 200, body: [USDT, CARD] } });
    const { dialog } = await openDialog('#topup');
    const amount = await within(dialog).findByLabelText(ru.amount.label);
    fireEvent.change(amount, { target: { value: '100' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: submitName }));
    });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(plain(document.getElementById('topup-amount-help'))).toBe('Минимальная сумма для этого способа — 500 ₽');
    expect(posts(calls)).toHaveLength(0);

    // Another method, another minimum: 100 ₽ by card is fine.
    fireEvent.click(within(dialog).getByRole('radio', { name: /Карта/ }));
    fireEvent.change(amount, { target: { value: '12.345' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: submitName }));
    });
    expect(plain(document.getElementById('topup-amount-help'))).toBe(ru.errors.decimals);
    expect(posts(calls)).toHaveLength(0);
  });

  it.each([
    ['-100', 'Сумма не может быть отрицательной'],
    ['0', 'Введите сумму больше нуля'],
    ['99999999999999', 'Максимальная сумма для этого способа — 20 000 ₽'],
    ['20000,01', 'Максимальная сумма для этого способа — 20 000 ₽'],
    ['12,345', 'Не больше двух знаков после запятой'],
    ['пятьсот', 'Введите сумму, например 500 или 99,50'],
  ])('says what is wrong with %j, each in its own words', async (typed, message) => {
    const calls = stubApi({ 'GET /api/payment-methods/': { status: 200, body: [{ ...USDT, max_amount: 2_000_000 }] } });
    const { dialog } = await openDialog('#topup');
    const amount = await within(dialog).findByLabelText(ru.amount.label);
    expect(plain(document.getElementById('topup-amount-help'))).toBe('От 500 ₽ до 20 000 ₽');
    fireEvent.change(amount, { target: { value: typed } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: submitName }));
    });
    expect(plain(document.getElementById('topup-amount-help'))).toBe(message);
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows a crypto method with its rate and an estimate, and one with a stale rate as unavailable', async () => {
    const asset = { code: 'USDT-TRC20', symbol: 'USDT', network: 'Tron (TRC-20)', decimals: 4 } as const;
    const live: PaymentMethod = { ...USDT, fee_percent: 0, asset, rate: '95.50', rate_at: '2026-06-01T10:00:00Z' };
    const stale: PaymentMethod = { ...live, id: 3, name: 'USDT (ERC-20)', unavailable: 'stale_rate' };
    const calls = stubApi({ 'GET /api/payment-methods/': { status: 200, body: [stale, live] } });
    const { dialog } = await openDialog('#topup');
    const staleRadio = await within(dialog).findByRole('radio', { name: /ERC-20/ });
    expect((staleRadio as HTMLInputElement).disabled).toBe(true);
    expect(plain(staleRadio.closest('label'))).toContain(ru.method.unavailable.stale_rate);
    const liveRadio = within(dialog).getByRole('radio', { name: /TRC20/ });
    // The first method that can take a top-up is chosen.
    expect((liveRadio as HTMLInputElement).checked).toBe(true);
    expect(plain(liveRadio.closest('label'))).toContain('1 USDT = 95,50 ₽');
    fireEvent.change(within(dialog).getByLabelText(ru.amount.label), { target: { value: '10000' } });
    expect(plain(dialog.querySelector('dl'))).toContain('К отправке, примерно≈ 104.7121 USDT');
    expect(posts(calls)).toHaveLength(0);
  });

  it("puts the server's field errors on the field", async () => {
    stubApi({
      'GET /api/payment-methods/': { status: 200, body: [USDT] },
      'POST /api/invoices/': { status: 400, body: { amount: ['Сумма не может быть меньше 500 ₽.'] } },
    });
    const { dialog } = await openDialog('#topup');
    const amount = await within(dialog).findByLabelText(ru.amount.label);
    fireEvent.change(amount, { target: { value: '700' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: submitName }));
    });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(plain(document.getElementById('topup-amount-help'))).toBe('Сумма не может быть меньше 500 ₽.');
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: 'Сумма не может быть меньше 500 ₽.' });
  });

  it('sends a retried request with the same Idempotency-Key, and a changed one with a new key', async () => {
    const calls = stubApi({
      'GET /api/payment-methods/': { status: 200, body: [USDT, CARD] },
      'POST /api/invoices/': [
        'network-error',
        { status: 502, body: null },
        'network-error',
        { status: 201, body: invoice() },
      ],
    });
    const { dialog } = await openDialog('#topup');
    const amount = await within(dialog).findByLabelText(ru.amount.label);
    const submit = () =>
      act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: submitName }));
      });
    fireEvent.change(amount, { target: { value: '1000' } });
    await submit();
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: ru.errors.networkError });
    await submit();
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: ru.errors.unknownError });
    // "1 000" is the same request as "1000": still the same attempt.
    fireEvent.change(amount, { target: { value: '1 000' } });
    await submit();
    fireEvent.change(amount, { target: { value: '2000' } });
    await submit();

    const keys = posts(calls).map((call) => call.key);
    expect(posts(calls).map((call) => call.body)).toEqual([
      { method: 1, amount: 100_000 },
      { method: 1, amount: 100_000 },
      { method: 1, amount: 100_000 },
      { method: 1, amount: 200_000 },
    ]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });
});

describe('an invoice', () => {
  it('of a manual method shows the instructions, the address to copy, its QR code and the total', async () => {
    const calls = stubApi({
      'GET /api/invoices/31/': { status: 200, body: invoice() },
      'PATCH /api/invoices/31/': { status: 200, body: invoice({ customer_reference: 'a1b2c3' }) },
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { dialog } = await openDialog('#invoice-31');
    expect(await within(dialog).findByText('Счёт № 31')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe(ru.status.pending);
    expect(plain(within(dialog).getByText(/Оплатите 1/))).toBe('Оплатите 1 025 ₽');
    expect(plain(dialog.querySelector('dl'))).toContain('Комиссия (2,5 %)25 ₽');
    expect(within(dialog).getByText('exactly').tagName).toBe('STRONG');
    expect(within(dialog).getByLabelText(ru.invoice.address).textContent).toBe('TXYZ1234567890abcdef');
    expect(within(dialog).getByRole('img', { name: ru.invoice.qr }).getAttribute('src')).toBe(invoice().pay_qr);

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: ru.invoice.copy }));
    });
    expect(writeText).toHaveBeenCalledWith('TXYZ1234567890abcdef');

    fireEvent.change(within(dialog).getByLabelText(ru.invoice.reference), { target: { value: ' a1b2c3 ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: ru.invoice.saveReference }));
    });
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ customer_reference: 'a1b2c3' });
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: ru.invoice.referenceSaved });
  });

  it('is asked about while pending and, once paid, says so and loads the session user again', async () => {
    const calls = stubApi({
      'GET /api/invoices/31/': [
        { status: 200, body: invoice() },
        { status: 200, body: invoice() },
        { status: 200, body: invoice({ status: 'paid', paid_at: '2026-06-01T11:05:00Z' }) },
      ],
      'GET /api/users/': { status: 200, body: { ...customer, balance: 100_000 } },
    });
    // Timers run on their own (the dialog's lazy chunk, antd's motion) and jump ahead when the test says so.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { dialog } = await openDialog('#invoice-31');
    await within(dialog).findByText(ru.invoice.address);
    const invoiceCalls = () => calls.filter((call) => call.url === '/api/invoices/31/').length;
    expect(invoiceCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(INVOICE_POLL_MS));
    expect(invoiceCalls()).toBe(2);
    expect(within(dialog).getByRole('status').textContent).toBe(ru.status.pending);
    expect(calls.some((call) => call.url === '/api/users/')).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(INVOICE_POLL_MS));
    expect(within(dialog).getByRole('status').textContent).toBe(ru.status.paid);
    expect(plain(within(dialog).getByText(/Баланс пополнен/))).toBe('Баланс пополнен на 1 000 ₽.');
    // The way to pay is gone, and the header's balance follows the session user.
    expect(within(dialog).queryByText(ru.invoice.address)).toBeNull();
    expect(appStore.get(userAtom)?.balance).toBe(100_000);
    // A paid invoice is not asked about again.
    await act(() => vi.advanceTimersByTimeAsync(INVOICE_POLL_MS * 3));
    expect(invoiceCalls()).toBe(3);
  });

  it('of a crypto method says exactly how much to send, at what locked rate, with both copy buttons', async () => {
    const crypto = invoice({
      fee: 0,
      total: 1_000_000,
      amount: 1_000_000,
      pay_uri: 'bitcoin:bc1qexample?amount=0.00111112',
      pay_address: 'bc1qexample',
      asset: {
        code: 'BTC',
        symbol: 'BTC',
        network: 'Bitcoin',
        decimals: 8,
        amount: '0.00111112',
        rate: '9000000',
        rate_at: '2026-06-01T10:30:00Z',
        locked_at: '2026-06-01T11:00:00Z',
      },
    });
    stubApi({ 'GET /api/invoices/31/': { status: 200, body: crypto } });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { dialog } = await openDialog('#invoice-31');
    expect((await within(dialog).findByLabelText(ru.invoice.sendExactly)).textContent).toBe('0.00111112 BTC');
    expect(plain(dialog)).toContain('Сеть: Bitcoin');
    expect(plain(dialog)).toMatch(/Курс 1 BTC = 9 000 000 ₽, зафиксирован с .+ до .+/);
    expect(within(dialog).getByRole('img', { name: ru.invoice.qrUri })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: ru.invoice.copyAmount }));
    });
    expect(writeText).toHaveBeenLastCalledWith('0.00111112');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: ru.invoice.copyAddress }));
    });
    expect(writeText).toHaveBeenLastCalledWith('bc1qexample');
  });

  it("of a gateway, still pending, leads back to the gateway's checkout page", async () => {
    stubApi({
      'GET /api/invoices/32/': {
        status: 200,
        body: invoice({
          id: 32,
          method: { ...invoice().method, provider: 'btcpay', name: 'Bitcoin' },
          instructions: '',
          pay_address: '',
          pay_qr: null,
          checkout_url: 'https://pay.example.com/i/abc',
        }),
      },
    });
    const { dialog } = await openDialog('#invoice-32');
    const checkout = await within(dialog).findByRole('link', { name: ru.invoice.checkout });
    expect(checkout.getAttribute('href')).toBe('https://pay.example.com/i/abc');
    expect(dialog.querySelector('img')).toBeNull();
  });

  it('is not shown to a visitor', async () => {
    appStore.set(signedInAtom, { token: '', user: null });
    stubApi({});
    const router = createMemoryRouter([{ path: '/', Component: TopUpDialogHost }], { initialEntries: ['/#topup'] });
    await act(async () => {
      render(
        <StateProvider store={appStore}>
          <I18nextProvider i18n={testI18n('ru')}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </StateProvider>,
      );
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
