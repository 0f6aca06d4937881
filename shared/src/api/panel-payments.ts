import * as v from 'valibot';
import { decodeWith, paginatedSchema } from './decode.ts';
import {
  PANEL_INVOICE_LIST,
  type PanelInvoice,
  type PanelInvoiceListParams,
  PanelInvoiceSchema,
  type PanelPaymentMethod,
  PanelPaymentMethodSchema,
  type PanelPromoCode,
  PanelPromoCodeSchema,
  type PaymentMethodInput,
  PROMO_LIST,
  type PromoCodeInput,
  type PromoListParams,
} from '../schemas/billing.ts';
import { listQueryOf } from '../schemas/list-query.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/** The panel's Payments section: payment methods (ordered by hand), invoices, promo codes. */

const decodeMethods = decodeWith(v.array(PanelPaymentMethodSchema));
const decodeMethod = decodeWith(PanelPaymentMethodSchema);
const decodeInvoice = decodeWith(PanelInvoiceSchema);
const decodePromo = decodeWith(PanelPromoCodeSchema);

/** `GET /api/panel/payment-methods/`: every method, active or not, in the customers' order. */
export function listPanelPaymentMethods(api: ApiClient, signal?: AbortSignal): Promise<PanelPaymentMethod[]> {
  return api.request('/api/panel/payment-methods/', { signal, decode: decodeMethods });
}

export function getPanelPaymentMethod(api: ApiClient, id: number, signal?: AbortSignal): Promise<PanelPaymentMethod> {
  return api.request(`/api/panel/payment-methods/${id}/`, { signal, decode: decodeMethod });
}

export function createPanelPaymentMethod(api: ApiClient, input: PaymentMethodInput): Promise<PanelPaymentMethod> {
  return api.request('/api/panel/payment-methods/', { method: 'POST', body: input, decode: decodeMethod });
}

/** PATCH: any subset; a secret left out or empty keeps the stored one, `null` removes it. */
export function updatePanelPaymentMethod(
  api: ApiClient,
  id: number,
  changes: Partial<PaymentMethodInput>,
): Promise<PanelPaymentMethod> {
  return api.request(`/api/panel/payment-methods/${id}/`, { method: 'PATCH', body: changes, decode: decodeMethod });
}

/** 204; a method that has invoices is refused with a 400 `detail` (switch it off instead). */
export function deletePanelPaymentMethod(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/payment-methods/${id}/`, { method: 'DELETE' });
}

/** A new order: every method id, first to last. */
export function reorderPanelPaymentMethods(api: ApiClient, ids: readonly number[]): Promise<PanelPaymentMethod[]> {
  return api.request('/api/panel/payment-methods/order/', { method: 'POST', body: { ids }, decode: decodeMethods });
}

export function listPanelInvoices(
  api: ApiClient,
  params: PanelInvoiceListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelInvoice>> {
  return api.request('/api/panel/invoices/', {
    signal,
    query: listQueryOf(PANEL_INVOICE_LIST, params),
    decode: decodeWith(paginatedSchema(PanelInvoiceSchema)),
  });
}

export function getPanelInvoice(api: ApiClient, id: number, signal?: AbortSignal): Promise<PanelInvoice> {
  return api.request(`/api/panel/invoices/${id}/`, { signal, decode: decodeInvoice });
}

/** Credits the customer once (a second call, or the gateway's webhook, changes nothing); 400 if already settled. */
/** Money arrived: the reason, and for a crypto invoice the asset amount that arrived and the transaction's id. */
export function markPanelInvoicePaid(
  api: ApiClient,
  id: number,
  reason = '',
  payment: { readonly asset_amount?: string; readonly txid?: string } = {},
): Promise<PanelInvoice> {
  return api.request(`/api/panel/invoices/${id}/paid/`, {
    method: 'POST',
    body: { reason, ...payment },
    decode: decodeInvoice,
  });
}

export function cancelPanelInvoice(api: ApiClient, id: number, reason: string): Promise<PanelInvoice> {
  return api.request(`/api/panel/invoices/${id}/cancel/`, { method: 'POST', body: { reason }, decode: decodeInvoice });
}

export function listPanelPromoCodes(
  api: ApiClient,
  params: PromoListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelPromoCode>> {
  return api.request('/api/panel/promo-codes/', {
    signal,
    query: listQueryOf(PROMO_LIST, params),
    decode: decodeWith(paginatedSchema(PanelPromoCodeSchema)),
  });
}

export function getPanelPromoCode(api: ApiClient, id: number, signal?: AbortSignal): Promise<PanelPromoCode> {
  return api.request(`/api/panel/promo-codes/${id}/`, { signal, decode: decodePromo });
}

export function createPanelPromoCode(api: ApiClient, input: PromoCodeInput): Promise<PanelPromoCode> {
  return api.request('/api/panel/promo-codes/', { method: 'POST', body: input, decode: decodePromo });
}

export function updatePanelPromoCode(
  api: ApiClient,
  id: number,
  changes: Partial<PromoCodeInput>,
): Promise<PanelPromoCode> {
  return api.request(`/api/panel/promo-codes/${id}/`, { method: 'PATCH', body: changes, decode: decodePromo });
}

export function deletePanelPromoCode(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/promo-codes/${id}/`, { method: 'DELETE' });
}
