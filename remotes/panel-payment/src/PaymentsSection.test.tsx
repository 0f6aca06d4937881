import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@proxy/contract/money';
import type { PanelPaymentMethod } from '@proxy/contract/schemas/billing';
import { appStore, messageAtom } from '@proxy/contract/state';
import { screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import { renderSection } from './test/render-section.tsx';

const method = (
  id: number,
  code: string,
  name: string,
  extra: Partial<PanelPaymentMethod> = {},
): PanelPaymentMethod => ({
  id,
  code,
  name_ru: name,
  name_en: name,
  icon: null,
  kind: 'crypto',
  provider: 'manual',
  settings: { address: 'addr', server_url: '', store_id: '' },
  secrets_set: { api_key: false, webhook_secret: false },
  webhook_url: '',
  min_amount: 100_000,
  max_amount: null,
  fee_percent: 2.5,
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
  sort_order: id,
  invoice_count: 0,
  updated_at: '2026-02-01T10:00:00Z',
  ...extra,
});

const METHODS = [
  method(1, 'btc', 'Bitcoin', { provider: 'btcpay', icon: { id: 40, width: 64, height: 64, alt: '' } }),
  method(2, 'usdt_trc20', 'USDT TRC20', { invoice_count: 3 }),
  method(3, 'card', 'Card', { kind: 'fiat', active: false }),
];

const METHOD_PERMISSIONS = [
  'payments.view_paymentmethod',
  'payments.add_paymentmethod',
  'payments.change_paymentmethod',
  'payments.delete_paymentmethod',
];

function answerMethods(call: Call) {
  if (call.url === '/api/panel/payment-methods/order/') {
    const ids = (call.body as { ids: number[] }).ids;
    return { body: ids.map((id) => METHODS.find((row) => row.id === id)) };
  }
  if (call.url === '/api/panel/payment-methods/2/' && call.method === 'DELETE') {
    return { status: 400, body: { detail: 'The method has invoices: switch it off instead.' } };
  }
  if (call.method === 'DELETE') return { status: 204 };
  if (call.url === '/api/panel/payment-methods/') return { body: METHODS };
  return { body: { count: 0, next: null, previous: null, results: [] } };
}

screenTests();

describe('the Payments section', () => {
  it('shows only the tabs whose list the user may read', async () => {
    signIn(['payments.view_invoice', 'payments.view_promocode']);
    stubApi(answerMethods);
    const router = await renderSection();
    expect(screen.queryByRole('tab', { name: 'Methods' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Invoices' })).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Promo codes' }));
    });
    expect(router.state.location.search).toBe('?tab=promo');
  });

  it('lists the methods in order with icon, code, provider, state, minimum and fee, each linking to its edit screen', async () => {
    signIn(METHOD_PERMISSIONS);
    stubApi(answerMethods);
    await renderSection();
    const bitcoin = (await screen.findByRole('link', { name: 'Bitcoin' })).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Bitcoin' }).getAttribute('href')).toBe('/en/panel/payment/1');
    expect(bitcoin.querySelector('img')?.getAttribute('src')).toBe('/api/users/images/40-32x32.webp');
    expect(within(bitcoin).getByText('btc')).toBeDefined();
    expect(within(bitcoin).getByText('BTCPay Server')).toBeDefined();
    expect(within(bitcoin).getByText('Active')).toBeDefined();
    expect(bitcoin.textContent).toContain(formatPrice(100_000, 'RUB', 'en'));
    expect(within(bitcoin).getByText('fee 2.5%')).toBeDefined();
    const card = screen.getByRole('link', { name: 'Card' }).closest('tr') as HTMLElement;
    expect(within(card).getByText('Off')).toBeDefined();
    expect(within(card).getByText('Fiat')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add payment method' })).toBeDefined();
  });

  it('moves a method down, saving the new order of every id', async () => {
    signIn(METHOD_PERMISSIONS);
    const calls = stubApi(answerMethods);
    await renderSection();
    await screen.findByRole('link', { name: 'Bitcoin' });
    expect((screen.getByRole('button', { name: 'Move Bitcoin up' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Move Bitcoin down' }));
    });
    const order = calls.find((call) => call.url === '/api/panel/payment-methods/order/');
    expect(order?.method).toBe('POST');
    expect(order?.body).toEqual({ ids: [2, 1, 3] });
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Order saved', color: 'success' });
    const names = screen.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['USDT TRC20', 'Bitcoin', 'Card']);
  });

  it("asks before deleting, and shows the server's refusal for a method with invoices, keeping the row", async () => {
    signIn(METHOD_PERMISSIONS);
    const calls = stubApi(answerMethods);
    await renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete USDT TRC20' }));
    expect(await screen.findByText('Delete the payment method “USDT TRC20”? This cannot be undone.')).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/panel/payment-methods/2/',
    ]);
    expect(appStore.get(messageAtom)).toMatchObject({
      text: 'The method has invoices: switch it off instead.',
      color: 'error',
    });
    expect(screen.getByRole('link', { name: 'USDT TRC20' })).toBeDefined();
  });

  it('shows a viewer the methods with no add, move or delete', async () => {
    signIn(['payments.view_paymentmethod']);
    stubApi(answerMethods);
    await renderSection();
    await screen.findByRole('link', { name: 'Bitcoin' });
    expect(screen.queryByRole('button', { name: 'Add payment method' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'View Bitcoin' })).toBeDefined();
  });
});
