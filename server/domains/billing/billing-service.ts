/**
 * Every money operation that reads, decides and writes, each in one transaction over locked rows: an invoice is
 * credited once whoever marks it paid and however often (staff twice, a webhook and its replays at once), and a
 * balance never goes below zero (the database refuses it). The gateway is called outside any transaction.
 */
import { assetUnitsFor, formatUnits, toUnits, UNIQUE_TAIL_MAX } from '@proxy/contract/assets';
import { amountProblem, type AmountProblem, type Currency } from '@proxy/contract/money';
import { feeOf, MAX_AMOUNT, type InvoiceCreate, type LedgerEntry } from '@proxy/contract/schemas/billing';
import type { Db, Queryable } from '../../db/db.ts';
import { IDEMPOTENCY_REFUSALS } from '../../lib/idempotency.ts';
import { userAuditRepository } from '../accounts/index.ts';
import { invoicesRepository, type InvoiceRow, type NewInvoice } from './invoices-repository.ts';
import { ledgerRepository, type Posting } from './ledger-repository.ts';
import {
  paymentMethodsRepository,
  unavailableReason,
  type MethodRow,
  type StoredMethod,
} from './payment-methods-repository.ts';
import { judgeRate, rateJump, readRate } from './rates.ts';
import { PROVIDERS } from './providers.ts';
import { BILLING_REFUSALS } from './refusals.ts';
import { webhookPath } from './webhook-routes.ts';

export interface BillingOptions {
  /** The site's one currency: balances, invoices and prices are in it. */
  readonly currency: Currency;
  /** How long a top-up waits to be paid. */
  readonly invoiceTtlMinutes: number;
  /**
   * How long a crypto invoice's amount stays held at its address after the invoice expires or is paid
   * (`INVOICE_AMOUNT_RESERVE_HOURS`). Left out (other domains' tests build the service only to post): the setting's
   * default.
   */
  readonly invoiceAmountReserveHours?: number;
  /** PUBLIC_URL: where the gateway sends the customer back. */
  readonly publicUrl: string;
  /**
   * Outside production: a rate endpoint may be `http://` (a local ticker). Left out (other domains' tests build the
   * service without it): production's rule, `https://` only.
   */
  readonly allowLocal?: boolean;
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

/** How often the rates job looks for provider-rated methods to read (each at most once per interval). */
export const RATE_READ_EVERY_MS = 60_000;

/** `INVOICE_AMOUNT_RESERVE_HOURS`' default (config.ts): a day for a late deposit to still name its invoice. */
const AMOUNT_RESERVE_HOURS = 24;

/**
 * Open invoices one account may have (issue #43: one customer opened 999 in 20 s and took every unique amount near a
 * method's minimum, and 50 gateway top-ups in half a second opened 50 invoices at the gateway). Nobody pays more than
 * a few at once; a repeated top-up is answered with the open invoice and counts nothing.
 */
const OPEN_INVOICES_PER_ACCOUNT = 20;
const OPEN_INVOICES_PER_METHOD = 5;

/**
 * A gateway invoice without its checkout is still being opened for this long (the gateway calls give up after 10 s,
 * btcpay.ts and nowpayments.ts): a repeated top-up meanwhile is answered with it rather than a second gateway call.
 */
const CHECKOUT_OPENING_SECONDS = 60;

/** The refusal for each answer of the contract's amount rule. */
function amountRefusal(problem: AmountProblem, method: StoredMethod, currency: Currency) {
  switch (problem) {
    case 'format':
      return BILLING_REFUSALS.amountFormat();
    case 'negative':
      return BILLING_REFUSALS.amountNegative();
    case 'zero':
      return BILLING_REFUSALS.amountZero();
    case 'decimals':
      return BILLING_REFUSALS.amountDecimals();
    case 'below_min':
      return BILLING_REFUSALS.belowMinAmount({ amount: method.min_amount, currency });
    case 'above_max':
      return BILLING_REFUSALS.aboveMaxAmount({ amount: method.max_amount ?? MAX_AMOUNT, currency });
  }
}

/** A method's limits for the amount rule: at least one minor unit, at most MAX_AMOUNT. */
export const amountLimitsOf = (method: Pick<StoredMethod, 'min_amount' | 'max_amount'>) => ({
  min: Math.max(method.min_amount, 1),
  max: method.max_amount ?? MAX_AMOUNT,
});

/** Refuses a method that cannot price an invoice now (no rate, or one older than its limit). */
function checkRate(method: StoredMethod): void {
  const reason = unavailableReason(method);
  if (reason === 'no_rate') throw BILLING_REFUSALS.noRate();
  if (reason === 'stale_rate') throw BILLING_REFUSALS.staleRate();
}

/**
 * The asset amount of an invoice of `total` minor units through `method` to `payAddress`: the total at the method's
 * rate, rounded up to its decimals, plus the lowest tail (1…UNIQUE_TAIL_MAX smallest units) no invoice to that
 * address in that asset holds — open, or closed within the reserve window, whatever its method. Runs in the
 * transaction holding the address's advisory lock, so two top-ups never pick the same tail.
 */
async function uniqueAssetAmount(
  tx: Queryable,
  method: StoredMethod,
  payAddress: string,
  total: number,
  reserveHours: number,
): Promise<NewInvoice['asset']> {
  const { asset, rate, rate_at: rateAt, asset_decimals: decimals } = method;
  const base = asset && rate && rateAt ? assetUnitsFor(total, rate, decimals) : null;
  if (!asset || !rate || !rateAt || base === null) throw BILLING_REFUSALS.noRate();
  const taken = new Set(
    (
      await invoicesRepository(tx).heldAmounts(
        asset,
        payAddress,
        formatUnits(base, decimals),
        formatUnits(base + BigInt(UNIQUE_TAIL_MAX), decimals),
      )
    ).map((amount) => toUnits(amount, decimals)),
  );
  for (let tail = 1n; tail <= BigInt(UNIQUE_TAIL_MAX); tail += 1n) {
    if (!taken.has(base + tail)) {
      return { code: asset, amount: formatUnits(base + tail, decimals), decimals, rate, rateAt, reserveHours };
    }
  }
  throw BILLING_REFUSALS.amountsTaken();
}

export function billingService(db: Db, options: BillingOptions) {
  const invoices = invoicesRepository(db);
  const methods = paymentMethodsRepository(db);
  const reserveHours = options.invoiceAmountReserveHours ?? AMOUNT_RESERVE_HOURS;

  /** Credits a pending or expired invoice with one `topup` entry, on a row the caller locked. */
  async function credit(tx: Queryable, invoice: InvoiceRow, actorId: number | null, reason: string): Promise<void> {
    await ledgerRepository(tx).post({
      userId: invoice.user_id,
      kind: 'topup',
      amount: invoice.amount,
      currency: invoice.currency,
      reference: `invoice:${invoice.id}`,
      data: { invoice_id: invoice.id },
      actorId,
      reason,
    });
    const repository = invoicesRepository(tx);
    await repository.setStatus(invoice.id, 'paid', { reason, actorId });
    if (invoice.asset_amount !== null) await repository.holdPaidAmount(invoice.id, reserveHours);
  }

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
        webhookUrl: `${options.publicUrl}${webhookPath(method.provider, method.id)}`,
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
     * invoice, and `created` is false; the same key with another amount or method is refused. Any other top-up of an
     * amount through a method the account has an open invoice of that amount for is answered with that invoice too
     * (`reusable`: no second invoice, no second gateway call); otherwise the account's open invoices must be fewer
     * than OPEN_INVOICES_PER_ACCOUNT in all and OPEN_INVOICES_PER_METHOD of the method.
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
      const problem = amountProblem(input.amount, amountLimitsOf(method));
      if (problem) throw amountRefusal(problem, method, options.currency);
      const fee = feeOf(input.amount, method.fee_basis_points / 100);
      const invoice = {
        userId,
        methodId: method.id,
        provider: method.provider,
        amount: input.amount,
        fee,
        currency: options.currency,
        payAddress: PROVIDERS[method.provider].payAddress(method),
        idempotencyKey: key,
        ttlMinutes: options.invoiceTtlMinutes,
      };
      // Under the account's row lock the open invoices are looked at, counted and added to by one top-up at a time,
      // so the limits hold however many arrive at once (with rate limits off too), and a burst of one top-up makes
      // one invoice that the rest are answered with.
      const outcome = await db.transaction(async (tx) => {
        const repository = invoicesRepository(tx);
        await repository.lockAccount(userId);
        const open = await repository.reusable(userId, method.id, input.amount, CHECKOUT_OPENING_SECONDS);
        if (open !== null) return { id: open, created: false };
        const counts = await repository.openCounts(userId, method.id);
        if (counts.total >= OPEN_INVOICES_PER_ACCOUNT) {
          throw BILLING_REFUSALS.tooManyOpenInvoices({ limit: OPEN_INVOICES_PER_ACCOUNT });
        }
        if (counts.method >= OPEN_INVOICES_PER_METHOD) {
          throw BILLING_REFUSALS.tooManyOpenInvoicesOfMethod({ limit: OPEN_INVOICES_PER_METHOD });
        }
        if (!method.asset) return { id: await repository.create(invoice), created: true };
        // A crypto method asks for its asset: the amount is picked and held under the advisory lock of the address
        // and asset the invoice shows (not the method's row lock: staff edits and webhooks do not wait for top-ups),
        // so concurrent top-ups to one wallet take their tails one after another, whichever methods they come through.
        const current = await paymentMethodsRepository(tx).get(method.id);
        if (!current?.active || current.asset === null) throw BILLING_REFUSALS.methodUnavailable();
        const payAddress = PROVIDERS[current.provider].payAddress(current);
        await repository.lockAmountsAt(current.asset, payAddress);
        checkRate(current);
        const asset = await uniqueAssetAmount(tx, current, payAddress, input.amount + fee, reserveHours);
        return { id: await repository.create({ ...invoice, payAddress, asset }), created: true };
      });
      // The key was taken between the read and the insert: the other request made it.
      if (outcome.id === null) return (await same()) as { id: number; created: false };
      if (outcome.created) await openCheckout(outcome.id, method, language);
      return { id: outcome.id, created: outcome.created };
    },

    /**
     * Money arrived (staff saw it, or the gateway settled): credits once. Answers false when it was paid already
     * (nothing written); a cancelled invoice is refused.
     */
    markPaid(
      id: number,
      change: {
        readonly actorId: number | null;
        readonly reason: string;
        /** What staff saw arrive: the asset amount and the transaction's id. */
        readonly assetAmount?: string | null;
        readonly txid?: string;
        /** The second factor staff confirmed for it (step-up, issue #48): audited on the customer's account. */
        readonly factor?: string | null;
      },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const invoice = await invoicesRepository(tx).lock(id);
        if (!invoice) throw BILLING_REFUSALS.invoiceNotPending();
        if (invoice.status === 'paid') return false;
        if (invoice.status === 'cancelled') throw BILLING_REFUSALS.invoiceSettled();
        await credit(tx, invoice, change.actorId, change.reason);
        if (change.actorId !== null) {
          await userAuditRepository(tx).record({
            userId: invoice.user_id,
            actorId: change.actorId,
            action: 'invoice_paid',
            changes: {
              invoice: invoice.id,
              amount: invoice.amount,
              reason: change.reason,
              ...(change.factor ? { step_up: change.factor } : {}),
            },
          });
        }
        if (change.assetAmount || change.txid) {
          await invoicesRepository(tx).recordPayment(id, {
            assetAmount: change.assetAmount || null,
            txid: change.txid ?? '',
          });
        }
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

    /**
     * A new payment method, at the end of the list (its position read, then written: one transaction), with the
     * rate staff typed, if any, signed by them.
     */
    createMethod(row: MethodRow, rate?: { readonly value: string | null; readonly actorId: number }): Promise<number> {
      return db.transaction(async (tx) => {
        const repository = paymentMethodsRepository(tx);
        const id = await repository.create(row);
        if (rate?.value) await repository.setRate(id, rate.value, rate.actorId);
        return id;
      });
    },

    /**
     * Edits a method: `changes` sees the stored method under its row lock (the secrets merge reads the stored ones,
     * so two edits cannot drop each other's key). A typed rate past the band from the stored one (as it is under the
     * lock) is refused unless staff `confirmed` it. False when there is no such method.
     */
    updateMethod(
      id: number,
      changes: (current: StoredMethod) => Partial<MethodRow>,
      rate?: {
        readonly value: string | null | undefined;
        readonly actorId: number;
        readonly confirmed: boolean;
      },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const repository = paymentMethodsRepository(tx);
        const current = await repository.lock(id);
        if (!current) return false;
        await repository.update(id, changes(current));
        // Only a changed rate is re-dated and re-signed: saving the form again does not make an old rate look new.
        if (rate && rate.value !== undefined && !sameRate(rate.value, current.rate)) {
          if (rate.value !== null && current.rate !== null && !rate.confirmed) {
            const jump = rateJump(current.rate, rate.value);
            if (jump) throw BILLING_REFUSALS.rateJump({ current: current.rate, jump });
          }
          await repository.setRate(id, rate.value, rate.actorId);
        }
        return true;
      });
    },

    /**
     * The rates job: reads each claimed provider-rated method's endpoint (outside any transaction: a slow exchange
     * holds no lock) and records the rate or the failure. A rate past the band from the method's accepted one (as it
     * is under the row's lock: staff may have set one meanwhile) is refused: the old rate stays and ages, `rate_error`
     * says why, and the `rate_refused` alert tells staff. Answers how many methods it read.
     */
    async readRates(now: Date): Promise<number> {
      const claims = await methods.claimRateReads(now, RATE_READ_EVERY_MS);
      const allowLocal = options.allowLocal ?? false;
      for (const claim of claims) {
        const read = await readRate(claim.rate_url, claim.rate_path, { allowLocal });
        if (!('rate' in read)) {
          await methods.recordRead(claim, read, now);
          continue;
        }
        await db.transaction(async (tx) => {
          const repository = paymentMethodsRepository(tx);
          const accepted = (await repository.lock(claim.id))?.rate ?? null;
          await repository.recordRead(claim, judgeRate(accepted, read.rate), now);
        });
      }
      return claims.length;
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

/** '95.5' and '95.50' are one rate. */
function sameRate(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return toUnits(a, 18) === toUnits(b, 18);
}

export type BillingService = ReturnType<typeof billingService>;
