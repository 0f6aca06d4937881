import { listInvoices, listLedger } from '@proxy/contract/api/billing';
import { listOrders } from '@proxy/contract/api/orders';
import type { Paginated } from '@proxy/contract/api/pagination';
import { listPanelUserInvoices, listPanelUserLedger, listPanelUserOrders } from '@proxy/contract/api/panel-users';
import type { Language } from '@proxy/contract/languages';
import type { Currency } from '@proxy/contract/money';
import type { InvoiceStatus, LedgerEntry, LedgerListParams } from '@proxy/contract/schemas/billing';
import type { Order, OrderListParams } from '@proxy/contract/schemas/orders';
import { api } from '@proxy/contract/state';

/** What the invoices list shows of an invoice, whichever endpoint it came from. */
export interface InvoiceRow {
  readonly id: number;
  readonly status: InvoiceStatus;
  readonly amount: number;
  readonly currency: Currency;
  readonly method: string;
  /** A crypto invoice's exact amount in its asset ('104.7122' 'USDT'). */
  readonly asset: { readonly amount: string; readonly symbol: string } | null;
  readonly created_at: string;
}

export interface InvoicePage {
  readonly page: number;
  readonly page_size: number;
}

/**
 * Where the user page's lists come from: the signed-in customer's own endpoints (`/api/invoices/`, …), or the panel's
 * endpoints for the customer a staff member is looking at (`/user/{id}`). The lists are the same components; only the
 * own ones offer actions (paying an invoice, a proxy's page, ordering).
 */
export interface UserData {
  /** The customer's own page: the actions are theirs to take. */
  readonly own: boolean;
  /** Part of every list's load key: whose lists these are. */
  readonly key: string;
  /** Absent when the viewer may not read them (staff without `payments.view_invoice`). */
  readonly listInvoices?: (
    params: InvoicePage,
    language: Language,
    signal: AbortSignal,
  ) => Promise<Paginated<InvoiceRow>>;
  readonly listOrders: (params: OrderListParams, signal: AbortSignal) => Promise<Paginated<Order>>;
  readonly listLedger: (params: LedgerListParams, signal: AbortSignal) => Promise<Paginated<LedgerEntry>>;
}

const NEWEST_FIRST = '-created_at' as const;

/** The signed-in customer's own lists. */
export const OWN_DATA: UserData = {
  own: true,
  key: 'own',
  listInvoices: async (params, _language, signal) => {
    const page = await listInvoices(api, { ...params, ordering: NEWEST_FIRST }, signal);
    return { ...page, results: page.results.map((invoice) => ({ ...invoice, method: invoice.method.name })) };
  },
  listOrders: (params, signal) => listOrders(api, params, signal),
  listLedger: (params, signal) => listLedger(api, params, signal),
};

/** Another customer's lists as staff read them (`users.view_user`; the invoices also need `payments.view_invoice`). */
export function customerData(id: number, withInvoices: boolean): UserData {
  return {
    own: false,
    key: `user:${id}`,
    ...(withInvoices
      ? {
          listInvoices: async (params: InvoicePage, language: Language, signal: AbortSignal) => {
            const page = await listPanelUserInvoices(api, id, { ...params, ordering: NEWEST_FIRST }, signal);
            return {
              ...page,
              results: page.results.map((invoice) => ({
                ...invoice,
                method: language === 'en' ? invoice.method.name_en : invoice.method.name_ru,
              })),
            };
          },
        }
      : {}),
    listOrders: (params, signal) => listPanelUserOrders(api, id, params, signal),
    listLedger: (params, signal) => listPanelUserLedger(api, id, params, signal),
  };
}
