import { decodeWith, paginatedSchema } from './decode.ts';
import { listQueryOf } from '../schemas/list-query.ts';
import {
  type Transfer,
  type TransferCounts,
  TransferCountsSchema,
  type TransferCreate,
  TRANSFER_LIST,
  type TransferListParams,
  TransferSchema,
} from '../schemas/transfers.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/**
 * Proxy transfers between customers. Every call on an offer id answers 404 unless the signed-in customer is its
 * sender or its (registered) recipient; an action the viewer's side may not take (accepting one's own offer,
 * cancelling someone else's) is a 404 too.
 */

const decodeTransfer = decodeWith(TransferSchema);

export function listTransfers(
  api: ApiClient,
  params: TransferListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<Transfer>> {
  return api.request('/api/transfers/', {
    signal,
    query: listQueryOf(TRANSFER_LIST, params),
    decode: decodeWith(paginatedSchema(TransferSchema)),
  });
}

export function getTransferCounts(api: ApiClient, signal?: AbortSignal): Promise<TransferCounts> {
  return api.request('/api/transfers/counts/', { signal, decode: decodeWith(TransferCountsSchema) });
}

export function getTransfer(api: ApiClient, id: number, signal?: AbortSignal): Promise<Transfer> {
  return api.request(`/api/transfers/${id}/`, { signal, decode: decodeTransfer });
}

/**
 * Offers a proxy: 201 the offer (the same answer whether or not the address is a customer's). 400 field errors
 * (`email`, `note`, `proxy_id`: yourself, not active, already offered); 404 not the customer's proxy.
 */
export function createTransfer(api: ApiClient, input: TransferCreate): Promise<Transfer> {
  return api.request('/api/transfers/', { method: 'POST', body: input, decode: decodeTransfer });
}

/** The recipient takes the proxy. 409 `{detail}` when the offer is no longer pending or the proxy has expired. */
export function acceptTransfer(api: ApiClient, id: number): Promise<Transfer> {
  return api.request(`/api/transfers/${id}/accept/`, { method: 'POST', body: {}, decode: decodeTransfer });
}

/** The recipient turns it down. 409 `{detail}` when it is no longer pending. */
export function declineTransfer(api: ApiClient, id: number): Promise<Transfer> {
  return api.request(`/api/transfers/${id}/decline/`, { method: 'POST', body: {}, decode: decodeTransfer });
}

/** The sender withdraws it. 409 `{detail}` when it is no longer pending. */
export function cancelTransfer(api: ApiClient, id: number): Promise<Transfer> {
  return api.request(`/api/transfers/${id}/cancel/`, { method: 'POST', body: {}, decode: decodeTransfer });
}
