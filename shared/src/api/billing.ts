import * as v from 'valibot';
import { decodeWith, paginatedSchema } from './decode.ts';
import {
  BalanceSchema,
  type Balance,
  type Invoice,
  type InvoiceCreate,
  INVOICE_LIST,
  type InvoiceListParams,
  InvoiceSchema,
  LEDGER_LIST,
  type LedgerEntry,
  LedgerEntrySchema,
  type LedgerListParams,
  type PaymentMethod,
  PaymentMethodSchema,
} from '../schemas/billing.ts';
import { listQueryOf } from '../schemas/list-query.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/** The customer's side of money: balance, payment methods, top-up invoices and the ledger history. */

const decodeInvoice = decodeWith(InvoiceSchema);

/** `GET /api/balance/`: the signed-in customer's balance (the header has it from `GET /api/users/`). */
export function getBalance(api: ApiClient, signal?: AbortSignal): Promise<Balance> {
  return api.request('/api/balance/', { signal, decode: decodeWith(BalanceSchema) });
}

/** `GET /api/payment-methods/`: the active methods in the panel's order, in the request's language. */
export function listPaymentMethods(api: ApiClient, signal?: AbortSignal): Promise<PaymentMethod[]> {
  return api.request('/api/payment-methods/', { signal, decode: decodeWith(v.array(PaymentMethodSchema)) });
}

/**
 * `POST /api/invoices/`: 201 with the new invoice, or 200 with the same one when `idempotencyKey` was used before
 * (a retried click or a lost answer never makes a second invoice). A key is one attempt: a new amount, a new key.
 */
export function createInvoice(api: ApiClient, input: InvoiceCreate, idempotencyKey: string): Promise<Invoice> {
  return api.request('/api/invoices/', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    decode: decodeInvoice,
  });
}

export function getInvoice(api: ApiClient, id: number, signal?: AbortSignal): Promise<Invoice> {
  return api.request(`/api/invoices/${id}/`, { signal, decode: decodeInvoice });
}

/** The customer's transaction reference for a manual payment. */
export function setInvoiceReference(api: ApiClient, id: number, customerReference: string): Promise<Invoice> {
  return api.request(`/api/invoices/${id}/`, {
    method: 'PATCH',
    body: { customer_reference: customerReference },
    decode: decodeInvoice,
  });
}

/** The customer gives up a pending invoice. */
export function cancelInvoice(api: ApiClient, id: number): Promise<Invoice> {
  return api.request(`/api/invoices/${id}/cancel/`, { method: 'POST', body: {}, decode: decodeInvoice });
}

export function listInvoices(
  api: ApiClient,
  params: InvoiceListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<Invoice>> {
  return api.request('/api/invoices/', {
    signal,
    query: listQueryOf(INVOICE_LIST, params),
    decode: decodeWith(paginatedSchema(InvoiceSchema)),
  });
}

/** `GET /api/ledger/`: the history of the customer's balance, newest first by default. */
export function listLedger(
  api: ApiClient,
  params: LedgerListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<LedgerEntry>> {
  return api.request('/api/ledger/', {
    signal,
    query: listQueryOf(LEDGER_LIST, params),
    decode: decodeWith(paginatedSchema(LedgerEntrySchema)),
  });
}
