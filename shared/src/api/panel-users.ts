import { decodeWith, paginatedSchema } from './decode.ts';
import {
  LEDGER_LIST,
  LedgerEntrySchema,
  PANEL_INVOICE_LIST,
  PanelInvoiceSchema,
  type LedgerEntry,
  type LedgerListParams,
  type PanelInvoice,
  type PanelInvoiceListParams,
} from '../schemas/billing.ts';
import { listQueryOf } from '../schemas/list-query.ts';
import {
  ORDER_LIST,
  OrderSchema,
  PANEL_ORDER_LIST,
  PanelOrderRowSchema,
  type Order,
  type OrderListParams,
  type PanelOrderListParams,
  type PanelOrderRow,
} from '../schemas/orders.ts';
import {
  PANEL_PROXY_LIST,
  PANEL_RENEWAL_LIST,
  PanelProxyRowSchema,
  PanelProxySchema,
  PanelRenewalRowSchema,
  PROXY_LIST,
  type PanelProxy,
  type PanelProxyListParams,
  type PanelProxyRow,
  type PanelRenewalListParams,
  type PanelRenewalRow,
  type ProxyListParams,
} from '../schemas/proxies.ts';
import {
  PANEL_USER_LIST,
  PanelUserDetailSchema,
  PanelUserSchema,
  UserAuditEntrySchema,
  type BalanceAdjustment,
  type PanelUser,
  type PanelUserDetail,
  type PanelUserListParams,
  type PanelUserUpdate,
  type UserAuditEntry,
} from '../schemas/users.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/**
 * The panel's Users section (`/api/panel/users/`, staff only): reads need `users.view_user`, changes
 * `users.change_user`, a balance adjustment `users.change_balance`.
 */

const decodeUser = decodeWith(PanelUserDetailSchema);
const userPath = (id: number) => `/api/panel/users/${id}/`;

export function listPanelUsers(
  api: ApiClient,
  params: PanelUserListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelUser>> {
  return api.request('/api/panel/users/', {
    signal,
    query: listQueryOf(PANEL_USER_LIST, params),
    decode: decodeWith(paginatedSchema(PanelUserSchema)),
  });
}

export function getPanelUser(api: ApiClient, id: number, signal?: AbortSignal): Promise<PanelUserDetail> {
  return api.request(userPath(id), { signal, decode: decodeUser });
}

/** PATCH: any subset; 403 `detail` for a grant only a superuser may make, 400 per field otherwise. */
export function updatePanelUser(api: ApiClient, id: number, changes: PanelUserUpdate): Promise<PanelUserDetail> {
  return api.request(userPath(id), { method: 'PATCH', body: changes, decode: decodeUser });
}

/**
 * Posts an `adjustment` ledger entry; 400 `amount` when a debit would take the balance below zero. The same
 * `idempotencyKey` sent again (a retry after a lost answer) posts nothing more; with another amount or reason, 422.
 */
export function adjustPanelUserBalance(
  api: ApiClient,
  id: number,
  body: BalanceAdjustment,
  idempotencyKey: string,
): Promise<PanelUserDetail> {
  return api.request(`${userPath(id)}balance/`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    decode: decodeUser,
  });
}

/** Inactive, every login revoked, every proxy suspended at its agent. */
export function blockPanelUser(api: ApiClient, id: number): Promise<PanelUserDetail> {
  return api.request(`${userPath(id)}block/`, { method: 'POST', decode: decodeUser });
}

/** Active again; the proxies still within their term are served again. */
export function unblockPanelUser(api: ApiClient, id: number): Promise<PanelUserDetail> {
  return api.request(`${userPath(id)}unblock/`, { method: 'POST', decode: decodeUser });
}

/**
 * Staff's reset of the account's second factors (issue #48: a lost phone, no recovery codes): its authenticator and
 * passkeys removed, every device signed out, the owner mailed. 409 when it has none.
 */
export function resetPanelUserTwoFactor(api: ApiClient, id: number): Promise<{ detail: string }> {
  return api.request<{ detail: string }>(`${userPath(id)}two-factor/reset/`, { method: 'POST' });
}

/** Every recorded change of the account, newest first (`?page=`). */
export function listPanelUserAudit(
  api: ApiClient,
  id: number,
  page = 1,
  signal?: AbortSignal,
): Promise<Paginated<UserAuditEntry>> {
  return api.request(`${userPath(id)}audit/`, {
    signal,
    query: page > 1 ? { page: String(page) } : {},
    decode: decodeWith(paginatedSchema(UserAuditEntrySchema)),
  });
}

/** The customer's proxies as the customer sees them (`PROXY_LIST`), less their credentials. */
export function listPanelUserProxies(
  api: ApiClient,
  id: number,
  params: ProxyListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelProxy>> {
  return api.request(`${userPath(id)}proxies/`, {
    signal,
    query: listQueryOf(PROXY_LIST, params),
    decode: decodeWith(paginatedSchema(PanelProxySchema)),
  });
}

export function listPanelUserOrders(
  api: ApiClient,
  id: number,
  params: OrderListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<Order>> {
  return api.request(`${userPath(id)}orders/`, {
    signal,
    query: listQueryOf(ORDER_LIST, params),
    decode: decodeWith(paginatedSchema(OrderSchema)),
  });
}

/** Every customer's orders (`PANEL_ORDER_LIST`: `?search=` by the customer's e-mail), each with its customer. */
export function listPanelOrders(
  api: ApiClient,
  params: PanelOrderListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelOrderRow>> {
  return api.request('/api/panel/orders/', {
    signal,
    query: listQueryOf(PANEL_ORDER_LIST, params),
    decode: decodeWith(paginatedSchema(PanelOrderRowSchema)),
  });
}

/** Every renewal of a proxy (`PANEL_RENEWAL_LIST`), each with its customer: what the home's renewals figure sums. */
export function listPanelRenewals(
  api: ApiClient,
  params: PanelRenewalListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelRenewalRow>> {
  return api.request('/api/panel/renewals/', {
    signal,
    query: listQueryOf(PANEL_RENEWAL_LIST, params),
    decode: decodeWith(paginatedSchema(PanelRenewalRowSchema)),
  });
}

/** Every customer's proxies (`PANEL_PROXY_LIST`), each with its customer and without its credentials. */
export function listPanelProxies(
  api: ApiClient,
  params: PanelProxyListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelProxyRow>> {
  return api.request('/api/panel/proxies/', {
    signal,
    query: listQueryOf(PANEL_PROXY_LIST, params),
    decode: decodeWith(paginatedSchema(PanelProxyRowSchema)),
  });
}

export function listPanelUserLedger(
  api: ApiClient,
  id: number,
  params: LedgerListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<LedgerEntry>> {
  return api.request(`${userPath(id)}ledger/`, {
    signal,
    query: listQueryOf(LEDGER_LIST, params),
    decode: decodeWith(paginatedSchema(LedgerEntrySchema)),
  });
}

/** The customer's invoices: the Payments section's list filtered to them (needs `payments.view_invoice`). */
export function listPanelUserInvoices(
  api: ApiClient,
  id: number,
  params: PanelInvoiceListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelInvoice>> {
  return api.request('/api/panel/invoices/', {
    signal,
    query: listQueryOf(PANEL_INVOICE_LIST, { ...params, filters: { ...params.filters, user: [id] } }),
    decode: decodeWith(paginatedSchema(PanelInvoiceSchema)),
  });
}
