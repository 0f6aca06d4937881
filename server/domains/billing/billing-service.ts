/**
 * Every money operation that reads, decides and writes, each in one transaction over locked rows: an invoice is
 * credited once whoever marks it paid and however often (staff twice, a webhook and its replays at once), and a
 * balance never goes below zero (the database refuses it). The gateway is called outside any transaction.
 */
import type { Currency } from '@proxy/contract/money';
import { feeOf, type InvoiceCreate, type LedgerEntry } from '@proxy/contract/schemas/billing';
import type { Db, Queryable } from '../../db/db.ts';
import {
  createBtcpayInvoice,
  getBtcpayInvoice,
  decimalAmount,
  parseEvent,
  validSignature,
  type BtcpayStore,
} from './btcpay.ts';
import { invoicesRepository, type InvoiceRow } from './invoices-repository.ts';
import { ledgerRepository, type Posting } from './ledger-repository.ts';
import { paymentMethodsRepository, type StoredMethod } from './payment-methods-repository.ts';

export interface BillingOptions {
  /** The site's one currency: balances, invoices and prices are in it. */
  readonly currency: Currency;
  /** How long a top-up waits to be paid. */
  readonly invoiceTtlMinutes: number;
  /** PUBLIC_URL: where the gateway sends the customer back. */
  readonly publicUrl: string;
}

/** A rule of the money domain said no; the routes word it (`field` null: the whole request). */
export class BillingRefusal extends Error {
  readonly field: string | null;
  readonly reason:
    'method_unavailable' | 'below_min' | 'idempotency_mismatch' | 'settled' | 'not_pending' | 'insufficient_funds';
  readonly minAmount: number;

  constructor(field: string | null, reason: BillingRefusal['reason'], minAmount = 0) {
    super(`${field ?? 'request'}: ${reason}`);
    this.name = 'BillingRefusal';
    this.field = field;
    this.reason = reason;
    this.minAmount = minAmount;
  }
}

/** What became of a webhook delivery. */
export type WebhookOutcome =
  | 'bad_signature'
  | 'malformed'
  | 'other_store'
  | 'replay'
  | 'unknown_invoice'
  /** Settled for another amount or currency than the invoice's: recorded, not credited (staff decide). */
  | 'mismatch'
  | 'applied';

export function btcpayStore(method: StoredMethod): BtcpayStore | null {
  const { server_url: serverUrl, store_id: storeId } = method.settings;
  const apiKey = method.secrets.api_key;
  return serverUrl && storeId && apiKey ? { serverUrl, storeId, apiKey } : null;
}

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
    const store = btcpayStore(method);
    const invoice = await invoices.get(id);
    if (!store || !invoice) throw new BillingRefusal('method', 'method_unavailable');
    const prefix = language === 'en' ? '/en' : '';
    try {
      const remote = await createBtcpayInvoice(store, {
        id,
        total: invoice.amount + invoice.fee,
        currency: invoice.currency,
        redirectUrl: `${options.publicUrl}${prefix}/user?invoice=${id}`,
        expirationMinutes: options.invoiceTtlMinutes,
      });
      await invoices.setCheckout(id, remote.id, remote.checkoutLink);
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
          throw new BillingRefusal(null, 'idempotency_mismatch');
        }
        return { id: existing.id, created: false };
      };
      const repeated = await same();
      if (repeated) return repeated;

      const method = await methods.get(input.method);
      if (!method || !method.active || (method.provider === 'btcpay' && !btcpayStore(method))) {
        throw new BillingRefusal('method', 'method_unavailable');
      }
      if (input.amount < method.min_amount) throw new BillingRefusal('amount', 'below_min', method.min_amount);
      const id = await invoices.create({
        userId,
        methodId: method.id,
        provider: method.provider,
        amount: input.amount,
        fee: feeOf(input.amount, method.fee_basis_points / 100),
        currency: options.currency,
        payAddress: method.provider === 'manual' ? method.settings.address : '',
        idempotencyKey: key,
        ttlMinutes: options.invoiceTtlMinutes,
      });
      // The key was taken between the read and the insert: the other request made it.
      if (id === null) return (await same()) as { id: number; created: false };
      if (method.provider === 'btcpay') await openCheckout(id, method, language);
      return { id, created: true };
    },

    /**
     * Money arrived (staff saw it, or the gateway settled): credits once. Answers false when it was paid already
     * (nothing written); a cancelled invoice is refused.
     */
    markPaid(id: number, change: { readonly actorId: number | null; readonly reason: string }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const invoice = await invoicesRepository(tx).lock(id);
        if (!invoice) throw new BillingRefusal(null, 'not_pending');
        if (invoice.status === 'paid') return false;
        if (invoice.status === 'cancelled') throw new BillingRefusal(null, 'settled');
        await credit(tx, invoice, change.actorId, change.reason);
        return true;
      });
    },

    /** Staff or the customer give up a pending invoice; anything else is refused. */
    cancel(id: number, change: { readonly actorId: number | null; readonly reason: string }): Promise<void> {
      return db.transaction(async (tx) => {
        const repository = invoicesRepository(tx);
        const invoice = await repository.lock(id);
        if (!invoice || invoice.status !== 'pending') throw new BillingRefusal(null, 'not_pending');
        await repository.setStatus(id, 'cancelled', change);
      });
    },

    /** Writes `expired` on the pending invoices past their time (reads already show it); idempotent. */
    expireDue: () => invoices.expireDue(),

    /** A staff adjustment or any other posting on its own (orders post inside their own transaction). */
    post(posting: Posting): Promise<LedgerEntry> {
      return db.transaction((tx) => ledgerRepository(tx).post(posting));
    },

    /**
     * A BTCPay webhook for `method`: the signature checked on the raw body, the invoice re-read from the API (a
     * failure there throws `GatewayError`: answered 503, so BTCPay delivers again), then in one transaction the
     * delivery recorded (a replay stops here) and the invoice's new state applied.
     */
    async btcpayWebhook(method: StoredMethod, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      if (!validSignature(rawBody, signature, method.secrets.webhook_secret ?? '')) return 'bad_signature';
      const event = parseEvent(rawBody);
      if (!event) return 'malformed';
      const store = btcpayStore(method);
      if (!store || event.storeId !== store.storeId) return 'other_store';
      if (!event.type.startsWith('Invoice')) return 'applied';
      const remote = await getBtcpayInvoice(store, event.invoiceId);
      return db.transaction(async (tx) => {
        const fresh = await tx.query(
          `INSERT INTO webhook_deliveries (provider, delivery_id) VALUES ('btcpay', $1)
           ON CONFLICT DO NOTHING RETURNING delivery_id`,
          [`${store.storeId}:${event.deliveryId}`],
        );
        if (fresh.length === 0) return 'replay';
        const repository = invoicesRepository(tx);
        const invoice = await repository.lockByProviderReference('btcpay', remote.id);
        if (!invoice) return 'unknown_invoice';
        await tx.query(`UPDATE webhook_deliveries SET invoice_id = $1 WHERE provider = 'btcpay' AND delivery_id = $2`, [
          invoice.id,
          `${store.storeId}:${event.deliveryId}`,
        ]);
        if (remote.status === 'Settled' && invoice.status !== 'paid') {
          // What BTCPay says was paid must be what this invoice asked for; anything else waits for staff.
          const total = decimalAmount(invoice.amount + invoice.fee);
          if (Number(remote.amount) !== Number(total) || remote.currency !== invoice.currency) return 'mismatch';
          await credit(tx, invoice, null, '');
        } else if (invoice.status === 'pending' && (remote.status === 'Expired' || remote.status === 'Invalid')) {
          await repository.setStatus(invoice.id, remote.status === 'Expired' ? 'expired' : 'cancelled', {
            reason: remote.status === 'Invalid' ? 'invalid' : '',
            actorId: null,
          });
        }
        return 'applied';
      });
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
