/** Invoices as their owner reads them, with their payment methods: the account's money page and the customer API. */
import type { Language } from '@proxy/contract/languages';
import type { Queryable } from '../../db/db.ts';
import type { InvoiceRow } from './invoices-repository.ts';
import { paymentMethodsRepository, type StoredMethod } from './payment-methods-repository.ts';
import { toInvoice } from './presenters.ts';

export function invoicePresenter(db: Queryable) {
  const methods = paymentMethodsRepository(db);
  /** The invoices with their methods (a short list, read once per answer). */
  return async (rows: readonly InvoiceRow[], language: Language, withQr = false) => {
    const byId = new Map<number, StoredMethod>((await methods.list()).map((method) => [method.id, method]));
    return Promise.all(rows.map((row) => toInvoice(row, byId.get(row.method_id) as StoredMethod, language, withQr)));
  };
}
