/**
 * The `invoices` table: a customer's top-ups. Status changes (`settle`, `cancel`) are made on a row the service has
 * locked (`lock`), so two staff, a webhook and a replay deciding about one invoice apply one after another.
 */
import { type CryptoAsset, toUnits } from '@proxy/contract/assets';
import type { Currency } from '@proxy/contract/money';
import type {
  InvoiceListParams,
  InvoiceStatus,
  PanelInvoiceListParams,
  PaymentProvider,
} from '@proxy/contract/schemas/billing';
import type { Queryable, SqlParam } from '../../db/db.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';

export interface InvoiceRow {
  readonly id: number;
  readonly user_id: number;
  readonly user_email: string;
  readonly method_id: number;
  readonly provider: PaymentProvider;
  readonly amount: number;
  readonly fee: number;
  readonly currency: Currency;
  readonly status: InvoiceStatus;
  readonly pay_address: string;
  readonly asset: CryptoAsset | null;
  /** Exact decimals as the database keeps them ('105.2301'). */
  readonly asset_amount: string | null;
  readonly asset_decimals: number | null;
  readonly asset_rate: string | null;
  readonly asset_rate_at: Date | null;
  readonly paid_asset_amount: string | null;
  readonly paid_txid: string;
  readonly provider_reference: string;
  readonly checkout_url: string | null;
  readonly customer_reference: string;
  readonly status_reason: string;
  readonly actor_id: number | null;
  readonly actor_email: string | null;
  readonly idempotency_key: string | null;
  readonly expires_at: Date;
  readonly paid_at: Date | null;
  readonly created_at: Date;
  readonly updated_at: Date;
}

// An invoice past its time is expired whether or not the sweep has written it yet: every read says so.
const STATUS = `CASE WHEN i.status = 'pending' AND i.expires_at <= now() THEN 'expired' ELSE i.status END`;
const COLUMNS = `i.id, i.user_id, u.email AS user_email, i.method_id, i.provider, i.amount, i.fee, i.currency,
  ${STATUS} AS status, i.pay_address, i.asset, i.asset_amount::text AS asset_amount, i.asset_decimals,
  i.asset_rate::text AS asset_rate, i.asset_rate_at, i.paid_asset_amount::text AS paid_asset_amount, i.paid_txid,
  i.provider_reference, i.checkout_url, i.customer_reference, i.status_reason,
  i.actor_id, a.email AS actor_email, i.idempotency_key, i.expires_at, i.paid_at, i.created_at, i.updated_at`;
const FROM = `invoices i JOIN users u ON u.id = i.user_id LEFT JOIN users a ON a.id = i.actor_id`;

export interface NewInvoice {
  readonly userId: number;
  readonly methodId: number;
  readonly provider: PaymentProvider;
  readonly amount: number;
  readonly fee: number;
  readonly currency: Currency;
  readonly payAddress: string;
  readonly idempotencyKey: string | null;
  readonly ttlMinutes: number;
  /** A crypto method: the asset amount (with its unique tail) and the rate it was priced at. */
  readonly asset?: {
    readonly code: CryptoAsset;
    readonly amount: string;
    readonly decimals: number;
    readonly rate: string;
    readonly rateAt: Date | string;
    /** How long after the invoice expires its amount stays held at the address (INVOICE_AMOUNT_RESERVE_HOURS). */
    readonly reserveHours: number;
  };
}

/** A search term that is an amount ('105.2301'): staff paste what a deposit came with. */
function asAmount(term: string): string | null {
  return toUnits(term, 18) === null ? null : term;
}

type Filters = {
  readonly status?: readonly InvoiceStatus[];
  readonly method?: readonly number[];
  readonly user?: readonly number[];
  readonly created?: { readonly after?: string; readonly before?: string };
};

function where(filters: Filters, search: string | undefined, userId?: number): { sql: string; values: SqlParam[] } {
  const clauses: string[] = [];
  const values: SqlParam[] = [];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  if (userId !== undefined) add((n) => `i.user_id = $${n}`, userId);
  if (filters.status) add((n) => `${STATUS} = ANY($${n}::text[])`, filters.status);
  if (filters.method) add((n) => `i.method_id = ANY($${n}::int[])`, filters.method);
  if (filters.user) add((n) => `i.user_id = ANY($${n}::int[])`, filters.user);
  if (filters.created?.after) add((n) => `i.created_at >= $${n}::date`, filters.created.after);
  if (filters.created?.before) add((n) => `i.created_at < $${n}::date + 1`, filters.created.before);
  // DRF's terms split on commas, so an amount with a decimal comma ('104,7122') is read as one number first.
  const amountWithComma = /^\s*\d+,\d+\s*$/.test(search ?? '');
  for (const term of searchTerms(amountWithComma ? (search ?? '').replace(',', '.') : search)) {
    const amount = asAmount(term);
    if (amount === null) add((n) => `u.email ILIKE $${n}`, likePattern(term));
    else add((n) => `(i.asset_amount = $${n}::numeric OR i.paid_asset_amount = $${n}::numeric)`, amount);
  }
  return { sql: clauses.length > 0 ? clauses.join(' AND ') : 'true', values };
}

export function invoicesRepository(q: Queryable) {
  async function one(condition: string, values: readonly SqlParam[], lock = false): Promise<InvoiceRow | null> {
    const [row] = await q.query<InvoiceRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${condition}${lock ? ' FOR UPDATE OF i' : ''}`,
      values,
    );
    return row ?? null;
  }

  async function page(
    filters: Filters,
    search: string | undefined,
    ordering: string,
    window: Pick<PageWindow, 'limit' | 'offset'>,
    userId?: number,
  ): Promise<InvoiceRow[]> {
    const { sql, values } = where(filters, search, userId);
    const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
    const column = ordering.replace(/^-/, '') === 'status' ? STATUS : `i.${ordering.replace(/^-/, '')}`;
    return q.query<InvoiceRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${sql}
        ORDER BY ${column} ${direction}, i.id ${direction}
        LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, window.limit, window.offset],
    );
  }

  async function count(filters: Filters, search: string | undefined, userId?: number): Promise<number> {
    const { sql, values } = where(filters, search, userId);
    const [row] = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${FROM} WHERE ${sql}`, values);
    return row?.count ?? 0;
  }

  return {
    get: (id: number) => one('i.id = $1', [id]),
    /** Locks the invoice for the rest of the transaction. */
    lock: (id: number) => one('i.id = $1', [id], true),
    forUser: (id: number, userId: number) => one('i.id = $1 AND i.user_id = $2', [id, userId]),
    byIdempotencyKey: (userId: number, key: string) => one('i.user_id = $1 AND i.idempotency_key = $2', [userId, key]),
    lockByProviderReference: (provider: PaymentProvider, reference: string) =>
      one('i.provider = $1 AND i.provider_reference = $2', [provider, reference], true),

    /**
     * Locks the account's row (`FOR NO KEY UPDATE`: what a balance change takes, so a top-up and a credit of one
     * account wait for each other, while rows merely naming the account do not wait). Top-ups of one account then
     * count, reuse and write their open invoices one after another, however many arrive at once.
     */
    async lockAccount(userId: number): Promise<void> {
      await q.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    },

    /**
     * The account's open invoice of this method for this amount, to answer a repeated top-up with instead of a new
     * one: only while less than half its time has passed (a fresh one is better than one about to expire), and at a
     * gateway only with its checkout open — or being opened, made less than `openingSeconds` ago by a request still
     * waiting for the gateway (an older one without a checkout was left by a process that died mid-call: unpayable).
     */
    async reusable(userId: number, methodId: number, amount: number, openingSeconds: number): Promise<number | null> {
      const [row] = await q.query<{ id: number }>(
        `SELECT id FROM invoices
          WHERE user_id = $1 AND method_id = $2 AND amount = $3 AND status = 'pending'
            AND now() < created_at + (expires_at - created_at) / 2
            AND (provider = 'manual' OR checkout_url IS NOT NULL OR created_at > now() - make_interval(secs => $4))
          ORDER BY created_at DESC, id DESC
          LIMIT 1`,
        [userId, methodId, amount, openingSeconds],
      );
      return row?.id ?? null;
    },

    /** How many open invoices the account has in all and of this method (pending and not past their time). */
    async openCounts(userId: number, methodId: number): Promise<{ total: number; method: number }> {
      const [row] = await q.query<{ total: number; method: number }>(
        `SELECT count(*)::int AS total, (count(*) FILTER (WHERE method_id = $2))::int AS method
           FROM invoices WHERE user_id = $1 AND status = 'pending' AND expires_at > now()`,
        [userId, methodId],
      );
      return row ?? { total: 0, method: 0 };
    },

    /**
     * Takes the advisory lock of an address's amounts in an asset for the rest of the transaction (the address as its
     * chain compares it, as the reservations key it): top-ups to one wallet pick their tails one after another.
     */
    async lockAmountsAt(asset: CryptoAsset, payAddress: string): Promise<void> {
      await q.query(
        `SELECT pg_advisory_xact_lock(hashtext('invoices.asset_amount'), hashtext($1 || ' ' || receiving_address($1, $2)))`,
        [asset, payAddress],
      );
    },

    /**
     * The amounts held at a receiving address for an asset between `above` (exclusive) and `upTo`: the tails taken,
     * by an open invoice of any method or by one closed within the reserve window. Read under the address's advisory
     * lock (the service's), so no other top-up to the address picks one meanwhile.
     */
    async heldAmounts(asset: CryptoAsset, payAddress: string, above: string, upTo: string): Promise<string[]> {
      const rows = await q.query<{ amount: string }>(
        `SELECT asset_amount::text AS amount FROM invoice_amount_reservations
          WHERE pay_address = receiving_address($1, $2) AND asset = $1
            AND asset_amount > $3::numeric AND asset_amount <= $4::numeric AND reserved_until > now()`,
        [asset, payAddress, above, upTo],
      );
      return rows.map((row) => row.amount);
    },

    /**
     * The new invoice's id; null when the customer's idempotency key was taken meanwhile (a concurrent retry). A
     * crypto invoice holds its amount at the address in the same transaction, until its expiry plus the window; an
     * amount another invoice still holds is a bug above (the service read it as free), so it fails rather than
     * asking two payers for one amount.
     */
    async create(invoice: NewInvoice): Promise<number | null> {
      const rows = await q.query<{ id: number }>(
        `INSERT INTO invoices (user_id, method_id, provider, amount, fee, currency, pay_address, idempotency_key,
                               expires_at, asset, asset_amount, asset_decimals, asset_rate, asset_rate_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(mins => $9), $10, $11::numeric, $12,
                 $13::numeric, $14)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING
         RETURNING id`,
        [
          invoice.userId,
          invoice.methodId,
          invoice.provider,
          invoice.amount,
          invoice.fee,
          invoice.currency,
          invoice.payAddress,
          invoice.idempotencyKey,
          invoice.ttlMinutes,
          invoice.asset?.code ?? null,
          invoice.asset?.amount ?? null,
          invoice.asset?.decimals ?? null,
          invoice.asset?.rate ?? null,
          invoice.asset?.rateAt ?? null,
        ],
      );
      const id = rows[0]?.id ?? null;
      if (id !== null && invoice.asset) {
        const held = await q.query(
          `INSERT INTO invoice_amount_reservations (pay_address, asset, asset_amount, invoice_id, reserved_until)
           SELECT receiving_address(asset, pay_address), asset, asset_amount, id,
                  expires_at + make_interval(hours => $2)
             FROM invoices WHERE id = $1
           ON CONFLICT (pay_address, asset, asset_amount) DO UPDATE
             SET invoice_id = EXCLUDED.invoice_id, reserved_until = EXCLUDED.reserved_until
             WHERE invoice_amount_reservations.reserved_until <= now()
           RETURNING invoice_id`,
          [id, invoice.asset.reserveHours],
        );
        if (held.length === 0) {
          throw new Error(`${invoice.asset.amount} ${invoice.asset.code} at ${invoice.payAddress} is held already`);
        }
      }
      return id;
    },

    /**
     * A paid invoice keeps its amount for the window after the payment too (staff credited money that came late):
     * a second deposit of it still names this invoice. Nothing when another invoice holds the amount by now.
     */
    async holdPaidAmount(id: number, reserveHours: number): Promise<void> {
      await q.query(
        `UPDATE invoice_amount_reservations
            SET reserved_until = greatest(reserved_until, now() + make_interval(hours => $2))
          WHERE invoice_id = $1`,
        [id, reserveHours],
      );
    },

    async setCheckout(id: number, providerReference: string, checkoutUrl: string): Promise<void> {
      await q.query(
        'UPDATE invoices SET provider_reference = $2, checkout_url = $3, updated_at = now() WHERE id = $1',
        [id, providerReference, checkoutUrl],
      );
    },

    async setCustomerReference(id: number, reference: string): Promise<void> {
      await q.query('UPDATE invoices SET customer_reference = $2, updated_at = now() WHERE id = $1', [id, reference]);
    },

    /** Writes a decided status (the caller holds the lock and checked the transition). */
    async setStatus(
      id: number,
      status: Exclude<InvoiceStatus, 'pending'>,
      change: { readonly reason: string; readonly actorId: number | null },
    ): Promise<void> {
      await q.query(
        `UPDATE invoices
            SET status = $2, status_reason = $3, actor_id = $4, updated_at = now(),
                paid_at = CASE WHEN $2 = 'paid' THEN now() END
          WHERE id = $1`,
        [id, status, change.reason, change.actorId],
      );
    },

    /** What staff saw arrive, written with the paid status (the caller holds the lock). */
    async recordPayment(id: number, payment: { readonly assetAmount: string | null; readonly txid: string }) {
      await q.query('UPDATE invoices SET paid_asset_amount = $2::numeric, paid_txid = $3 WHERE id = $1', [
        id,
        payment.assetAmount,
        payment.txid,
      ]);
    },

    async remove(id: number): Promise<void> {
      await q.query('DELETE FROM invoices WHERE id = $1', [id]);
    },

    /** Writes `expired` on every pending invoice past its time; answers how many. */
    /** A single UPDATE: with several processes each row is written by whichever gets its lock first, once. */
    async expireDue(now: Date): Promise<number> {
      const rows = await q.query(
        `UPDATE invoices SET status = 'expired', updated_at = now()
          WHERE status = 'pending' AND expires_at <= $1 RETURNING id`,
        [now],
      );
      return rows.length;
    },

    countForUser: (userId: number, params: InvoiceListParams) => count(params.filters ?? {}, undefined, userId),
    listForUser: (userId: number, params: InvoiceListParams, window: Pick<PageWindow, 'limit' | 'offset'>) =>
      page(params.filters ?? {}, undefined, params.ordering ?? '-created_at', window, userId),
    countAll: (params: PanelInvoiceListParams) => count(params.filters ?? {}, params.search),
    listAll: (params: PanelInvoiceListParams, window: Pick<PageWindow, 'limit' | 'offset'>) =>
      page(params.filters ?? {}, params.search, params.ordering ?? '-created_at', window),
  };
}
