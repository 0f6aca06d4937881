import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@proxy/contract/schemas/billing';
import { appStore, hydrateAppStore, userAtom } from '@proxy/contract/state';
import { customerWith, partProviders, stubApi, type Reply } from './test/harness.tsx';
import { INVOICE_POLL_MS, useInvoice } from './use-invoice.ts';

const invoice = (status: Invoice['status']): Invoice => ({
  id: 31,
  status,
  amount: 50_000,
  fee: 0,
  total: 50_000,
  currency: 'RUB',
  method: { id: 1, code: 'usdt', name: 'USDT', icon: null, kind: 'crypto', provider: 'manual' },
  instructions: '',
  pay_address: 'T123',
  pay_qr: null,
  pay_uri: 'T123',
  asset: null,
  checkout_url: null,
  customer_reference: '',
  status_reason: '',
  expires_at: '2026-06-01T13:00:00Z',
  paid_at: status === 'paid' ? '2026-06-01T12:10:00Z' : null,
  created_at: '2026-06-01T12:00:00Z',
});

beforeEach(() => {
  vi.useFakeTimers();
  hydrateAppStore(appStore, { user: customerWith({ balance: 0 }), token: 'customer-token', language: 'en' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the invoice poller', () => {
  it('asks while the invoice is pending, stops once it is paid, and reads the new balance', async () => {
    const answers: Invoice['status'][] = ['pending', 'pending', 'paid'];
    const calls = stubApi((call): Reply | undefined =>
      call.path === '/api/invoices/31/'
        ? [200, invoice(answers.shift() ?? 'paid')]
        : call.path === '/api/users/'
          ? [200, customerWith({ balance: 50_000 })]
          : undefined,
    );
    const { result } = renderHook(() => useInvoice(31), { wrapper: partProviders() });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.invoice?.status).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(INVOICE_POLL_MS * 2));
    expect(result.current.invoice?.status).toBe('paid');
    expect(appStore.get(userAtom)?.balance).toBe(50_000);
    await act(() => vi.advanceTimersByTimeAsync(INVOICE_POLL_MS * 5));
    expect(calls.filter((call) => call.path === '/api/invoices/31/')).toHaveLength(3);
  });

  it('waits a round before asking about the invoice it was given, and says when there is no such invoice', async () => {
    const calls = stubApi(() => [404, { detail: 'Not found.' }]);
    const { result } = renderHook(() => useInvoice(31, invoice('pending')), { wrapper: partProviders() });
    await act(() => vi.advanceTimersByTimeAsync(INVOICE_POLL_MS - 1));
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.missing).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(INVOICE_POLL_MS * 3));
    expect(calls).toHaveLength(1);
  });
});
