import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@proxy/contract/money';
import type { PanelInvoice, PanelPaymentMethod } from '@proxy/contract/schemas/billing';
import { appStore, messageAtom } from '@proxy/contract/state';
import { queryOf, screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import { renderSection } from '../test/render-section.tsx';

const invoice = (id: number, status: PanelInvoice['status'], extra: Partial<PanelInvoice> = {}): PanelInvoice => ({
  id,
  user: { id: 7, email: 'buyer@example.com' },
  status,
  amount: 150_000,
  fee: 2_250,
  total: 152_250,
  currency: 'RUB',
  method: { id: 2, code: 'usdt_trc20', name_ru: 'USDT TRC20', name_en: 'USDT on Tron', provider: 'manual' },
  pay_address: 'TXYZ',
  asset: null,
  paid_asset_amount: null,
  paid_txid: '',
  provider_reference: '',
  customer_reference: '',
  status_reason: '',
  actor: null,
  expires_at: '2026-02-02T10:00:00Z',
  paid_at: null,
  created_at: '2026-02-01T10:00:00Z',
  updated_at: '2026-02-01T10:00:00Z',
  ...extra,
});

const METHOD: PanelPaymentMethod = {
  id: 2,
  code: 'usdt_trc20',
  name_ru: 'USDT TRC20',
  name_en: 'USDT on Tron',
  icon: null,
  kind: 'crypto',
  provider: 'manual',
  settings: { address: 'TXYZ', server_url: '', store_id: '' },
  secrets_set: { api_key: false, webhook_secret: false },
  webhook_url: '',
  min_amount: 0,
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
  invoice_count: 3,
  updated_at: '2026-02-01T10:00:00Z',
};

const INVOICES = [
  invoice(11, 'pending'),
  invoice(12, 'expired'),
  invoice(13, 'paid', { paid_at: '2026-02-01T11:00:00Z', actor: { id: 1, email: 'cashier@example.com' } }),
];

const VIEW = ['payments.view_invoice', 'payments.view_paymentmethod'];
const SETTLE = [...VIEW, 'payments.change_invoice'];

function answer(action: (call: Call) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return (call: Call) => {
    const acted = action(call);
    if (acted) return acted;
    if (call.url.startsWith('/api/panel/invoices/')) {
      return { body: { count: 3, next: null, previous: null, results: INVOICES } };
    }
    if (call.url === '/api/panel/payment-methods/') return { body: [METHOD] };
    return { status: 404, body: { detail: 'Not found.' } };
  };
}

const rowOf = (id: number) => screen.getByText(String(id), { selector: 'td' }).closest('tr') as HTMLElement;

screenTests();

describe('the invoices list', () => {
  it('shows amount, fee and total formatted, method, status and who settled it; filters go to the URL and the API', async () => {
    signIn(VIEW);
    const calls = stubApi(answer());
    const router = await renderSection('/en/panel/payment?tab=invoices&status=pending,expired&method=2');
    await screen.findByText('11', { selector: 'td' });
    const listCall = calls.find((call) => call.url.startsWith('/api/panel/invoices/'));
    expect(queryOf(listCall?.url)).toEqual({ status: 'pending,expired', method: '2', page: '1', page_size: '20' });
    const paid = rowOf(13);
    expect(paid.textContent).toContain(formatPrice(150_000, 'RUB', 'en'));
    expect(paid.textContent).toContain(formatPrice(2_250, 'RUB', 'en'));
    expect(paid.textContent).toContain(formatPrice(152_250, 'RUB', 'en'));
    expect(within(paid).getByText('USDT on Tron')).toBeDefined();
    expect(within(paid).getByText('Paid')).toBeDefined();
    expect(within(paid).getByText('cashier@example.com')).toBeDefined();
    expect(within(rowOf(11)).getByText('Pending')).toBeDefined();
    // The method filter names its rows from the methods list.
    expect(screen.getByRole('combobox', { name: 'Method' }).closest('.ant-select')?.textContent).toContain(
      'USDT on Tron',
    );
    // A customer's e-mail filters the list by that customer.
    await act(async () => {
      fireEvent.click(within(rowOf(11)).getByRole('link', { name: 'buyer@example.com' }));
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'invoices',
      user: '7',
    });
    expect(queryOf(calls.at(-1)?.url)).toMatchObject({ user: '7' });
  });

  it('offers no settling actions without the change permission', async () => {
    signIn(VIEW);
    stubApi(answer());
    await renderSection('/en/panel/payment?tab=invoices');
    await screen.findByText('11', { selector: 'td' });
    expect(screen.queryByRole('button', { name: /^Mark paid/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel invoice/ })).toBeNull();
  });

  it('marks a pending or expired invoice paid after a confirmation, and shows the new status', async () => {
    signIn(SETTLE);
    const calls = stubApi(
      answer((call) =>
        call.method === 'POST'
          ? {
              body: invoice(12, 'paid', {
                paid_at: '2026-02-03T09:00:00Z',
                actor: { id: 1, email: 'cashier@example.com' },
              }),
            }
          : undefined,
      ),
    );
    await renderSection('/en/panel/payment?tab=invoices');
    await screen.findByText('11', { selector: 'td' });
    // Pending: both; expired: only mark paid; paid: neither.
    expect(screen.getByRole('button', { name: 'Cancel invoice 11' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Cancel invoice 12' })).toBeNull();
    expect(within(rowOf(13)).queryAllByRole('button')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Mark paid: invoice 12' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      `buyer@example.com's balance is credited with ${formatPrice(150_000, 'RUB', 'en')}`,
    );
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: ' Tx 0xabc seen ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    });
    const post = calls.filter((call) => call.method === 'POST');
    expect(post.map((call) => [call.url, call.body])).toEqual([
      ['/api/panel/invoices/12/paid/', { reason: 'Tx 0xabc seen' }],
    ]);
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Invoice 12 is paid', color: 'success' });
    expect(within(rowOf(12)).getByText('Paid')).toBeDefined();
    expect(within(rowOf(12)).queryByRole('button', { name: 'Mark paid: invoice 12' })).toBeNull();
  });

  it('shows the asset amount a deposit must come with, and records what arrived and the transaction id', async () => {
    signIn(SETTLE);
    const crypto = invoice(14, 'pending', {
      asset: {
        code: 'USDT-TRC20',
        symbol: 'USDT',
        network: 'Tron (TRC-20)',
        decimals: 4,
        amount: '15.7069',
        rate: '95.5',
      },
    });
    const calls = stubApi(
      answer((call) => {
        if (call.method === 'POST') {
          return { body: { ...crypto, status: 'paid', paid_at: '2026-02-03T09:00:00Z', paid_asset_amount: '15.7069' } };
        }
        if (call.url.startsWith('/api/panel/invoices/')) {
          return { body: { count: 1, next: null, previous: null, results: [crypto] } };
        }
        return undefined;
      }),
    );
    await renderSection('/en/panel/payment?tab=invoices&search=15.7069');
    await screen.findByText('14', { selector: 'td' });
    expect(queryOf(calls.find((call) => call.url.startsWith('/api/panel/invoices/'))?.url)).toMatchObject({
      search: '15.7069',
    });
    expect(within(rowOf(14)).getByText('15.7069 USDT')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid: invoice 14' }));
    const dialog = await screen.findByRole('dialog');
    const received = within(dialog).getByLabelText('Asset amount received') as HTMLInputElement;
    expect(received.value).toBe('15.7069');
    expect(dialog.textContent).toContain('Expected: 15.7069 USDT');
    fireEvent.change(within(dialog).getByLabelText('Transaction ID'), { target: { value: ' 0xabc123 ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/panel/invoices/14/paid/', { reason: '', asset_amount: '15.7069', txid: '0xabc123' }],
    ]);
    expect(within(rowOf(14)).getByText('received 15.7069')).toBeDefined();
  });

  // The confirm button's name may keep antd's "loading" icon label while its spinner fades out: matched at the end.
  it("cancels a pending invoice only with a reason, and puts the server's error on the reason field", async () => {
    signIn(SETTLE);
    let refuse = true;
    const calls = stubApi(
      answer((call) => {
        if (call.method !== 'POST') return undefined;
        if (refuse) return { status: 400, body: { reason: ['Say what happened in more words.'] } };
        return { body: invoice(11, 'cancelled', { status_reason: 'No payment arrived' }) };
      }),
    );
    await renderSection('/en/panel/payment?tab=invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel invoice 11' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /Cancel the invoice$/ }));
    });
    // Required: refused on the field, nothing sent.
    expect(within(dialog).getByText('This field is required.')).toBeDefined();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'no' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /Cancel the invoice$/ }));
    });
    expect(within(dialog).getByText('Say what happened in more words.')).toBeDefined();
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Say what happened in more words.', color: 'error' });

    refuse = false;
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'No payment arrived' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /Cancel the invoice$/ }));
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/panel/invoices/11/cancel/', { reason: 'no' }],
      ['/api/panel/invoices/11/cancel/', { reason: 'No payment arrived' }],
    ]);
    expect(within(rowOf(11)).getByText('Cancelled')).toBeDefined();
  });
});
