/**
 * Every money operation that reads, decides and writes, each in one transaction over locked rows: an invoice is
 * credited once whoever marks it paid and however often (staff twice, a webhook and its replays at once), and a
 * balance never goes below zero (the database refuses it). The gateway is called outside any transaction.
 */
import type { Currency } from '@proxy/contract/money';
import { feeOf, type InvoiceCreate, type LedgerEntry } from '@proxy/contract/schemas/billing';
import type { Db, Queryable } from '../../db/db.ts';
import { IDEMPOTENCY_REFUSALS } from '../../lib/idempotency.ts';
import { invoicesRepository, type InvoiceRow } from './invoices-repository.ts';
import { ledgerRepository, type Posting } from './ledger-repository.ts';
import { paymentMethodsRepository, type MethodRow, type StoredMethod } from './payment-methods-repository.ts';
import { PROVIDERS } from './providers.ts';
import { BILLING_REFUSALS } from './refusals.ts';

export interface BillingOptions {
  /** The site's one currency: balances, invoices and prices are in it. */
  readonly currency: Currency;
  /** How long a top-up waits to be paid. */
  readonly invoiceTtlMinutes: number;
  /** PUBLIC_URL: where the gateway sends the customer back. */
  readonly publicUrl: string;
}

/** What became of a webhook delivery. */
export type WebhookOutcome =
  | 'bad_signature'
  | 'malformed'
  | 'other_store'
  /** The invoice named belongs to another payment method: whoever holds one store's secret settles only its own. */
  | 'other_method'
  | 'replay'
  | 'unknown_invoice'
  /** Settled for another amount or currency than the invoice's: recorded, not credited (staff decide). */
  | 'mismatch'
  | 'applied';

/** Credits a pending or expired invoice with one `topup` entry, on a row the caller locked. */
async function credit(tx: Queryable, invoice: InvoiceRow, actorId: number | null, reason: string): Promise<void> {
  await ledgerRepository(tx).post({
    userId: invoice.user_id,
    kind: 'topup',
    amount: invoice.amount,
    currency: invoice.currency,
    reference: `invoice:${invoice.id}`,
    actorId,
    reason,
  });
  await invoicesRepository(tx).setStatus(invoice.id, 'paid', { reason, actorId });
}

export function billingService(db: Db, options: BillingOptions) {
  const invoices = invoicesRepository(db);
  const methods = paymentMethodsRepository(db);

  /** A gateway method gets its checkout made now; a failure takes the invoice back (nobody has seen it). */
  async function openCheckout(id: number, method: StoredMethod, language: string): Promise<void> {
    const invoice = await invoices.get(id);
    if (!invoice) throw BILLING_REFUSALS.methodUnavailable();
    try {
      const checkout = await PROVIDERS[method.provider].openCheckout(method, {
        invoiceId: id,
        total: invoice.amount + invoice.fee,
        currency: invoice.currency,
        returnUrl: `${options.publicUrl}${language === 'en' ? '/en' : ''}/user?invoice=${id}`,
        expirationMinutes: options.invoiceTtlMinutes,
      });
      if (checkout) await invoices.setCheckout(id, checkout.reference, checkout.url);
    } catch (error) {
      await invoices.remove(id);
      throw error;
    }
  }

  return {
    /**
     * A top-up for `userId`. With an idempotency key, a repeated request (even a concurrent one) answers the same
     * invoice, and `created` is false; the same key with another amount or method is refused.
     */
    async createInvoice(
      userId: number,
      input: InvoiceCreate,
      key: string | null,
      language: string,
    ): Promise<{ readonly id: number; readonly created: boolean }> {
      const same = async (): Promise<{ id: number; created: false } | null> => {
        const existing = key ? await invoices.byIdempotencyKey(userId, key) : null;
        if (!existing) return null;
        if (existing.amount !== input.amount || existing.method_id !== input.method) {
          throw IDEMPOTENCY_REFUSALS.mismatch();
        }
        return { id: existing.id, created: false };
      };
      const repeated = await same();
      if (repeated) return repeated;

      const method = await methods.get(input.method);
      if (!method || !method.active || !PROVIDERS[method.provider].ready(method)) {
        throw BILLING_REFUSALS.methodUnavailable();
      }
      if (input.amount < method.min_amount) {
        throw BILLING_REFUSALS.belowMinAmount({ amount: method.min_amount, currency: options.currency });
      }
      const id = await invoices.create({
        userId,
        methodId: method.id,
        provider: method.provider,
        amount: input.amount,
        fee: feeOf(input.amount, method.fee_basis_points / 100),
        currency: options.currency,
        payAddress: PROVIDERS[method.provider].payAddress(method),
        idempotencyKey: key,
        ttlMinutes: options.invoiceTtlMinutes,
      });
      // The key was taken between the read and the insert: the other request made it.
      if (id === null) return (await same()) as { id: number; created: false };
      await openCheckout(id, method, language);
      return { id, created: true };
    },

    /**
     * Money arrived (staff saw it, or the gateway settled): credits once. Answers false when it was paid already
     * (nothing written); a cancelled invoice is refused.
     */
    markPaid(id: number, change: { readonly actorId: number | null; readonly reason: string }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const invoice = await invoicesRepository(tx).lock(id);
        if (!invoice) throw BILLING_REFUSALS.invoiceNotPending();
        if (invoice.status === 'paid') return false;
        if (invoice.status === 'cancelled') throw BILLING_REFUSALS.invoiceSettled();
        await credit(tx, invoice, change.actorId, change.reason);
        return true;
      });
    },

    /** Staff or the customer give up a pending invoice; anything else is refused. */
    cancel(id: number, change: { readonly actorId: number | null; readonly reason: string }): Promise<void> {
      return db.transaction(async (tx) => {
        const repository = invoicesRepository(tx);
        const invoice = await repository.lock(id);
        if (!invoice || invoice.status !== 'pending') throw BILLING_REFUSALS.invoiceNotPending();
        await repository.setStatus(id, 'cancelled', change);
      });
    },

    /** A new payment method, at the end of the list (its position read, then written: one transaction). */
    createMethod(row: MethodRow): Promise<number> {
      return db.transaction((tx) => paymentMethodsRepository(tx).create(row));
    },

    /**
     * Edits a method: `changes` sees the stored method under its row lock (the secrets merge reads the stored ones,
     * so two edits cannot drop each other's key). False when there is no such method.
     */
    updateMethod(id: number, changes: (current: StoredMethod) => Partial<MethodRow>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const repository = paymentMethodsRepository(tx);
        const current = await repository.lock(id);
        return current ? repository.update(id, changes(current)) : false;
      });
    },

    /** False when `ids` is not exactly the methods. */
    reorderMethods(ids: readonly number[]): Promise<boolean> {
      return db.transaction((tx) => paymentMethodsRepository(tx).reorder(ids));
    },

    /** Writes `expired` on the pending invoices past their time (reads already show it); idempotent. */
    expireDue: (now: Date) => invoices.expireDue(now),

    /** A staff adjustment or any other posting on its own (orders post inside their own transaction). */
    post(posting: Posting): Promise<LedgerEntry> {
      return db.transaction((tx) => ledgerRepository(tx).post(posting));
    },

    /**
     * A gateway's webhook for `method`: its provider checks the signature on the raw body and re-reads the invoice
     * from the gateway (a failure there is refused as unavailable: 503, so the gateway delivers again); then, in
     * one transaction, the delivery is recorded (a replay stops here) and the invoice's new state applied.
     */
    async webhook(method: StoredMethod, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      const adapter = PROVIDERS[method.provider];
      if (!adapter.readWebhook) return 'malformed';
      const event = await adapter.readWebhook(method, rawBody, signature);
      if (event.kind === 'refused') return event.reason;
      if (event.kind === 'ignored') return 'applied';
      return db.transaction(async (tx) => {
        const repository = invoicesRepository(tx);
        const invoice = await repository.lockByProviderReference(method.provider, event.reference);
        // The delivery's method, the store it was verified against and the invoice's method all agree, under the
        // invoice's lock (and the method's, so staff re-pointing it to another store wait for this delivery or it
        // for them); otherwise nothing is written, not even the delivery.
        if (invoice && invoice.method_id !== method.id) return 'other_method';
        const current = await paymentMethodsRepository(tx).share(method.id);
        if (
          !current ||
          current.provider !== method.provider ||
          adapter.account?.(current) !== adapter.account?.(method)
        ) {
          return 'other_store';
        }
        const fresh = await tx.query(
          `INSERT INTO webhook_deliveries (provider, delivery_id, invoice_id) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING delivery_id`,
          [method.provider, event.deliveryId, invoice?.id ?? null],
        );
        if (fresh.length === 0) return 'replay';
        if (!invoice) return 'unknown_invoice';
        if (event.state === 'settled' && invoice.status !== 'paid') {
          // What the gateway says was paid must be what this invoice asked for; anything else waits for staff.
          if (event.total !== invoice.amount + invoice.fee || event.currency !== invoice.currency) return 'mismatch';
          await credit(tx, invoice, null, '');
        } else if (invoice.status === 'pending' && (event.state === 'expired' || event.state === 'invalid')) {
          await repository.setStatus(invoice.id, event.state === 'expired' ? 'expired' : 'cancelled', {
            reason: event.state === 'invalid' ? 'invalid' : '',
            actorId: null,
          });
        }
        return 'applied';
      });
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
