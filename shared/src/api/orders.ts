import { decodeWith, paginatedSchema } from './decode.ts';
import {
  type Order,
  type OrderCreate,
  ORDER_LIST,
  type OrderListParams,
  type OrderRequest,
  OrderSchema,
  type Quote,
  QuoteSchema,
  type Stock,
  StockSchema,
} from '../schemas/orders.ts';
import { listQueryOf } from '../schemas/list-query.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/** Ordering: stock and prices (public), the quote, placing an order and the customer's orders. */

const decodeOrder = decodeWith(OrderSchema);

/** `GET /api/stock/`: free modems per country/city/operator and the price list (no sign-in needed). */
export function getStock(api: ApiClient, signal?: AbortSignal): Promise<Stock> {
  return api.request('/api/stock/', { signal, decode: decodeWith(StockSchema) });
}

/** `POST /api/orders/quote/`: what the order would cost now; changes nothing. */
export function quoteOrder(api: ApiClient, input: OrderRequest, signal?: AbortSignal): Promise<Quote> {
  return api.request('/api/orders/quote/', {
    method: 'POST',
    body: input,
    signal,
    decode: decodeWith(QuoteSchema),
  });
}

/**
 * `POST /api/orders/`: 201 with the paid order, or 200 with the same one when `idempotencyKey` was used before (a
 * retried click never buys twice; the same key with another request is a 422). Refusals, nothing changed: 409
 * `{detail}` when the place has fewer free modems than asked, 402 `{detail}` when the balance does not cover the
 * total, 400 on `promo_code` or `period_days`.
 */
export function placeOrder(api: ApiClient, input: OrderCreate, idempotencyKey: string): Promise<Order> {
  return api.request('/api/orders/', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    decode: decodeOrder,
  });
}

export function getOrder(api: ApiClient, id: number, signal?: AbortSignal): Promise<Order> {
  return api.request(`/api/orders/${id}/`, { signal, decode: decodeOrder });
}

export function listOrders(
  api: ApiClient,
  params: OrderListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<Order>> {
  return api.request('/api/orders/', {
    signal,
    query: listQueryOf(ORDER_LIST, params),
    decode: decodeWith(paginatedSchema(OrderSchema)),
  });
}
