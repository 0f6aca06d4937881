import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PanelPaymentMethod } from '@proxy/contract/schemas/billing';
import { appStore, messageAtom } from '@proxy/contract/state';
import { chooseOption, screenTests, signIn, stubApi } from '@proxy/panel-kit/testing';
import { renderForm } from '../test/setup.tsx';
import { MethodCreate } from './MethodCreate.tsx';
import { MethodEdit } from './MethodEdit.tsx';

const ALL = [
  'payments.view_paymentmethod',
  'payments.add_paymentmethod',
  'payments.change_paymentmethod',
  'payments.delete_paymentmethod',
];

const BTCPAY: PanelPaymentMethod = {
  id: 3,
  code: 'btc',
  name_ru: 'Биткоин',
  name_en: 'Bitcoin',
  icon: null,
  kind: 'crypto',
  provider: 'btcpay',
  settings: { address: '', server_url: 'https://pay.example.com', store_id: 'store-1' },
  secrets_set: { api_key: true, webhook_secret: false },
  webhook_url: 'https://proxy.example.com/api/payments/webhooks/btcpay/3/',
  min_amount: 50_000,
  max_amount: null,
  fee_percent: 1.5,
  asset: null,
  asset_decimals: 0,
  rate_source: 'staff',
  rate: null,
  rate_at: null,
  rate_set_by: null,
  rate_url: '',
  rate_path: '',
  rate_max_age_minutes: 1440,
  rate_error: '',
  instructions_ru: '',
  instructions_en: '',
  active: true,
  sort_order: 0,
  invoice_count: 0,
  updated_at: '2026-02-01T10:00:00Z',
};

/** A manual USDT method priced at a rate a cashier set. */
const USDT: PanelPaymentMethod = {
  ...BTCPAY,
  id: 4,
  code: 'usdt_trc20',
  name_ru: 'USDT',
  name_en: 'USDT',
  provider: 'manual',
  settings: { address: 'TXYZ1234', server_url: '', store_id: '' },
  secrets_set: { api_key: false, webhook_secret: false },
  webhook_url: '',
  asset: 'USDT-TRC20',
  asset_decimals: 4,
  rate: '95.50',
  rate_at: '2026-02-01T09:30:00Z',
  rate_set_by: { id: 1, email: 'cashier@example.com' },
  rate_max_age_minutes: 60,
};

const renderAt = (path: string, method: PanelPaymentMethod = BTCPAY) =>
  renderForm(path, { list: '/en/panel/payment', Create: MethodCreate, Edit: MethodEdit, loaded: method });

/** The field of that label (the first: both language tabs are rendered, Russian first). */
const field = (label: string) => screen.getAllByLabelText(label, { exact: true })[0] as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function save() {
  await act(async () => {
    // After a refused save the spinner's leaving motion never ends in jsdom: it stays in the button's name.
    fireEvent.click(screen.getByRole('button', { name: /^(loading )?Save$/ }));
  });
}

screenTests(ALL);

describe('the payment method form', () => {
  it('creates a manual method with the minimum sent in minor units, no secrets, then opens its edit screen', async () => {
    const calls = stubApi(({ body }) => ({ status: 201, body: { ...BTCPAY, ...(body as object), id: 9 } }));
    const router = await renderAt('/en/panel/payment/add');
    type('Code', 'USDT_trc20');
    type('Name', 'USDT (TRC20)');
    type('Min. top-up, RUB', '12.34');
    type('Fee, %', '2.5');
    type('Wallet address or payment details', ' TXYZ1234 ');
    await save();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/panel/payment-methods/');
    expect(calls[0]?.body).toEqual({
      code: 'usdt_trc20',
      name_ru: 'USDT (TRC20)',
      name_en: '',
      icon: null,
      kind: 'crypto',
      provider: 'manual',
      settings: { address: 'TXYZ1234', server_url: '', store_id: '' },
      secrets: {},
      min_amount: 1234,
      max_amount: null,
      fee_percent: 2.5,
      asset: null,
      rate_source: 'staff',
      rate_url: '',
      rate_path: '',
      rate_max_age_minutes: 1440,
      instructions_ru: '',
      instructions_en: '',
      active: true,
    });
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Created', color: 'success' });
    expect(router.state.location.pathname).toBe('/en/panel/payment/9');
  });

  it('refuses a fee over 50 % on its field, before sending anything', async () => {
    const calls = stubApi(() => ({ status: 201, body: BTCPAY }));
    await renderAt('/en/panel/payment/add');
    type('Code', 'card');
    type('Name', 'Карта');
    type('Fee, %', '51');
    await save();
    expect(calls).toHaveLength(0);
    const item = field('Fee, %').closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText('At most 50.')).toBeDefined();
  });

  it('shows the fields of the provider chosen: the address for manual, the BTCPay settings and secrets for BTCPay', async () => {
    stubApi(() => ({ body: BTCPAY }));
    await renderAt('/en/panel/payment/add');
    expect(screen.getByLabelText('Wallet address or payment details')).toBeDefined();
    expect(screen.queryByLabelText('BTCPay Server URL')).toBeNull();
    expect(screen.queryByLabelText('API key')).toBeNull();
    await chooseOption('Provider', 'BTCPay Server');
    expect(screen.queryByLabelText('Wallet address or payment details')).toBeNull();
    expect(screen.getByLabelText('BTCPay Server URL')).toBeDefined();
    expect(screen.getByLabelText('Store ID')).toBeDefined();
    expect(field('API key').type).toBe('password');
    expect(field('Webhook secret').type).toBe('password');
    // A new method has no webhook URL yet: the server makes it on save.
    expect(screen.getByText('Shown once the method is saved.')).toBeDefined();
    await chooseOption('Provider', 'Manual');
    expect(screen.getByLabelText('Wallet address or payment details')).toBeDefined();
  });

  it('creates a NOWPayments method: its API URL, API key and IPN secret, no store id', async () => {
    const calls = stubApi(({ body }) => ({ status: 201, body: { ...BTCPAY, ...(body as object), id: 10 } }));
    await renderAt('/en/panel/payment/add');
    type('Code', 'nowpayments');
    type('Name', 'Криптовалюта');
    await chooseOption('Provider', 'NOWPayments');
    expect(screen.getByText(/pays on NOWPayments' invoice page/)).toBeDefined();
    expect(screen.queryByLabelText('Store ID')).toBeNull();
    expect(field('IPN secret').type).toBe('password');
    type('NOWPayments API URL', 'https://api.nowpayments.io');
    type('API key', 'NP-API-KEY');
    type('IPN secret', 'np-ipn-secret');
    await save();
    expect(calls[0]?.body).toMatchObject({
      provider: 'nowpayments',
      settings: { server_url: 'https://api.nowpayments.io' },
      secrets: { api_key: 'NP-API-KEY', webhook_secret: 'np-ipn-secret' },
    });
  });

  it('keeps secrets write-only: shows only whether each is set, leaves out an empty one, sends a typed one, and null to remove', async () => {
    const saved: PanelPaymentMethod = {
      ...BTCPAY,
      secrets_set: { api_key: false, webhook_secret: true },
      updated_at: '2026-02-02T10:00:00Z',
    };
    const calls = stubApi(() => ({ body: saved }));
    await renderAt('/en/panel/payment/3');
    // Nothing secret is on the page: empty password inputs, and whether each one is stored.
    expect(field('API key').value).toBe('');
    expect(field('API key').type).toBe('password');
    const apiKey = field('API key').closest('.ant-form-item') as HTMLElement;
    expect(within(apiKey).getByText('set')).toBeDefined();
    expect(within(apiKey).getByText('Leave empty to keep the stored value.')).toBeDefined();
    const secret = field('Webhook secret').closest('.ant-form-item') as HTMLElement;
    expect(within(secret).getByText('not set')).toBeDefined();
    // Nothing stored, nothing to remove.
    expect(screen.queryByRole('button', { name: 'Remove the Webhook secret' })).toBeNull();
    expect(screen.getByText(BTCPAY.webhook_url)).toBeDefined();

    // Saved untouched: no secret in the request, so the stored ones stay.
    await save();
    expect((calls[0]?.body as { secrets: object }).secrets).toEqual({});
    expect((calls[0]?.body as { min_amount: number }).min_amount).toBe(50_000);

    // The form starts again from the answer: now the webhook secret is set and the API key is not.
    fireEvent.click(screen.getByRole('button', { name: 'Remove the Webhook secret' }));
    expect(screen.getByText('Will be removed when you save.')).toBeDefined();
    type('API key', 'new-greenfield-key');
    await save();
    expect((calls[1]?.body as { secrets: object }).secrets).toEqual({
      api_key: 'new-greenfield-key',
      webhook_secret: null,
    });
    // What was typed leaves the page once stored.
    expect(field('API key').value).toBe('');
  });

  it('prices a manual method in an asset at a staff rate: who set it shows, a new one is sent with the asset', async () => {
    const calls = stubApi(({ body }) => ({ body: { ...USDT, ...(body as object) } }));
    await renderAt('/en/panel/payment/4', USDT);
    const rate = field('1 USDT in RUB');
    expect(rate.value).toBe('95.50');
    const item = rate.closest('.ant-form-item') as HTMLElement;
    expect(item.textContent).toContain('Set by cashier@example.com on');
    expect(field('Decimals of the amount').value).toBe('4');
    expect(field('Rate valid for, minutes').value).toBe('60');
    type('1 USDT in RUB', '96.10');
    type('Max. top-up, RUB', '20000');
    await save();
    expect(calls[0]?.body).toMatchObject({
      asset: 'USDT-TRC20',
      asset_decimals: 4,
      rate_source: 'staff',
      rate: '96.10',
      rate_max_age_minutes: 60,
      max_amount: 2_000_000,
    });
  });

  it('asks to confirm a rate the server refuses as too far from the current one, and sends the confirmation', async () => {
    const refusal = 'The new rate is 10× above the current one (95.50), more than the ×2 a change may move.';
    const calls = stubApi(({ body }) =>
      (body as { confirm_rate?: boolean }).confirm_rate
        ? { body: { ...USDT, rate: '9550' } }
        : { status: 400, body: { rate: [refusal] } },
    );
    await renderAt('/en/panel/payment/4', USDT);
    const confirmation = 'The rate 955 is right: save it although it is far from the current one';
    type('1 USDT in RUB', '955');
    // Nothing to confirm before the server has said the change is too big.
    expect(screen.queryByRole('checkbox', { name: confirmation })).toBeNull();
    await save();
    expect(calls[0]?.body).toMatchObject({ rate: '955' });
    expect(calls[0]?.body).not.toHaveProperty('confirm_rate');
    const item = field('1 USDT in RUB').closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText(refusal)).toBeDefined();

    // Ticked, then the rate typed again: the tick was for 955, so it goes with it, and 9550 is asked about anew.
    fireEvent.click(screen.getByRole('checkbox', { name: confirmation }));
    type('1 USDT in RUB', '9550');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await save();
    expect(calls[1]?.body).toMatchObject({ rate: '9550' });
    expect(calls[1]?.body).not.toHaveProperty('confirm_rate');
    const again = screen.getByRole('checkbox', {
      name: 'The rate 9550 is right: save it although it is far from the current one',
    }) as HTMLInputElement;
    expect(again.checked).toBe(false);
    fireEvent.click(again);
    expect(again.checked).toBe(true);
    await save();
    expect(calls).toHaveLength(3);
    expect(calls[2]?.body).toMatchObject({ rate: '9550', confirm_rate: true });
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Saved', color: 'success' });
    expect(field('1 USDT in RUB').value).toBe('9550');
  });

  it('reads the rate from a provider: its URL and path instead of a typed rate, and the last read shown', async () => {
    const provider: PanelPaymentMethod = {
      ...USDT,
      rate_source: 'provider',
      rate_url: 'https://api.exchange.example/ticker',
      rate_path: 'data.0.last',
      rate_set_by: null,
      rate_error: 'HTTP 502',
    };
    const calls = stubApi(() => ({ body: provider }));
    await renderAt('/en/panel/payment/4', provider);
    expect(screen.queryByLabelText('1 USDT in RUB')).toBeNull();
    expect(field('Rate URL (JSON)').value).toBe('https://api.exchange.example/ticker');
    expect(field('Path to the price').value).toBe('data.0.last');
    expect(screen.getByText('The last read failed: HTTP 502')).toBeDefined();
    await save();
    // The rate is the job's to write: none is sent.
    expect(calls[0]?.body).not.toHaveProperty('rate');
    expect(calls[0]?.body).toMatchObject({ rate_source: 'provider', rate_path: 'data.0.last' });
    await chooseOption('Rate', 'Set by staff');
    expect(field('1 USDT in RUB')).toBeDefined();
    await chooseOption('What the customer sends', 'The site currency (RUB)');
    expect(screen.queryByLabelText('Rate')).toBeNull();
  });

  it('is read-only without the change permission: no save, delete or remove, fields disabled', async () => {
    signIn(['payments.view_paymentmethod']);
    stubApi(() => ({ body: BTCPAY }));
    await renderAt('/en/panel/payment/3');
    expect(screen.getByText('You can view this payment method but not change it.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove the/ })).toBeNull();
    expect(field('Code').disabled).toBe(true);
    expect(field('API key').disabled).toBe(true);
  });

  it("deletes a method after a confirmation, and shows the server's refusal for one with invoices", async () => {
    stubApi(({ method }) =>
      method === 'DELETE'
        ? { status: 400, body: { detail: 'This payment method has invoices: switch it off instead.' } }
        : { body: BTCPAY },
    );
    const router = await renderAt('/en/panel/payment/3');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Bitcoin' }));
    expect(await screen.findByText('Delete the payment method “Bitcoin”? This cannot be undone.')).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect(appStore.get(messageAtom)).toMatchObject({
      text: 'This payment method has invoices: switch it off instead.',
      color: 'error',
    });
    expect(router.state.location.pathname).toBe('/en/panel/payment/3');
  });
});
