import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PanelPaymentMethod } from '@proxy/contract/schemas/billing';
import { appStore, messageAtom } from '@proxy/contract/state';
import { installBrowserStubs, Providers, signIn, stubApi } from '../test/setup.tsx';
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
  fee_percent: 1.5,
  instructions_ru: '',
  instructions_en: '',
  active: true,
  sort_order: 0,
  invoice_count: 0,
  updated_at: '2026-02-01T10:00:00Z',
};

async function renderAt(path: string, method: PanelPaymentMethod = BTCPAY) {
  const router = createMemoryRouter(
    [
      { path: '/en/panel/payment', Component: () => null },
      { path: '/en/panel/payment/add', Component: MethodCreate },
      { path: '/en/panel/payment/:id', Component: MethodEdit, loader: () => method },
    ],
    { initialEntries: [path] },
  );
  await act(async () => {
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  return router;
}

/** The field of that label (the first: both language tabs are rendered, Russian first). */
const field = (label: string) => screen.getAllByLabelText(label, { exact: true })[0] as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

beforeEach(() => {
  installBrowserStubs();
  signIn(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
      fee_percent: 2.5,
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
    await choose('Provider', 'BTCPay Server');
    expect(screen.queryByLabelText('Wallet address or payment details')).toBeNull();
    expect(screen.getByLabelText('BTCPay Server URL')).toBeDefined();
    expect(screen.getByLabelText('Store ID')).toBeDefined();
    expect(field('API key').type).toBe('password');
    expect(field('Webhook secret').type).toBe('password');
    // A new method has no webhook URL yet: the server makes it on save.
    expect(screen.getByText('Shown once the method is saved.')).toBeDefined();
    await choose('Provider', 'Manual');
    expect(screen.getByLabelText('Wallet address or payment details')).toBeDefined();
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
