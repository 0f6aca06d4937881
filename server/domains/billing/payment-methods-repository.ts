/**
 * The `payment_methods` table: as staff edit them (secrets reduced to whether each is set) and as customers pick
 * one (active only, one language). `create` and `reorder` read then write: they run in the service's transaction.
 */
import type { CryptoAsset } from '@proxy/contract/assets';
import type { Language } from '@proxy/contract/languages';
import {
  assetOf,
  MAX_AMOUNT,
  type PanelPaymentMethod,
  type PaymentMethod,
  type PaymentMethodInput,
  type PaymentProvider,
  type PaymentSecret,
  type PaymentSettings,
  type RateSource,
  type UnavailableReason,
} from '@proxy/contract/schemas/billing';
import type { BlockImage } from '@proxy/contract/schemas/blocks';
import type { PaymentMethodBadge } from '@proxy/contract/session-state';
import type { Queryable } from '../../db/db.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { shortCache } from '../../lib/short-cache.ts';
import { assignments, json, localized, nextSortOrder, reorder } from '../../lib/sql.ts';
import type { RateRead } from './rates.ts';
import { BILLING_REFUSALS } from './refusals.ts';

/** A method as the server uses it: its secrets too. Never sent to a client as is. */
export interface StoredMethod {
  readonly id: number;
  readonly code: string;
  readonly name_ru: string;
  readonly name_en: string;
  readonly icon: BlockImage | null;
  readonly kind: PaymentMethod['kind'];
  readonly provider: PaymentProvider;
  readonly settings: Required<PaymentSettings>;
  readonly secrets: Partial<Record<PaymentSecret, string>>;
  readonly min_amount: number;
  readonly max_amount: number | null;
  readonly fee_basis_points: number;
  readonly asset: CryptoAsset | null;
  readonly asset_decimals: number;
  readonly rate_source: RateSource;
  /** Exact, as the database keeps it ('95.37'). */
  readonly rate: string | null;
  readonly rate_at: Date | string | null;
  readonly rate_set_by: number | null;
  readonly rate_set_by_email: string | null;
  readonly rate_url: string;
  readonly rate_path: string;
  readonly rate_max_age_minutes: number;
  readonly rate_error: string;
  /** The rate is there and younger than the method's limit, by the database's clock (which dated it). */
  readonly rate_fresh: boolean;
  readonly instructions_ru: string;
  readonly instructions_en: string;
  readonly active: boolean;
  readonly sort_order: number;
  readonly invoice_count: number;
  readonly updated_at: Date | string;
}

const COLUMNS = `m.id, m.code, m.name_ru, m.name_en, m.icon, m.kind, m.provider, m.settings, m.secrets, m.min_amount,
  m.max_amount, m.fee_basis_points, m.asset, m.asset_decimals, m.rate_source, m.rate::text AS rate, m.rate_at,
  m.rate_set_by, (SELECT s.email FROM users s WHERE s.id = m.rate_set_by) AS rate_set_by_email, m.rate_url,
  m.rate_path, m.rate_max_age_minutes, m.rate_error,
  COALESCE(m.rate_at >= now() - make_interval(mins => m.rate_max_age_minutes), false) AS rate_fresh,
  m.instructions_ru, m.instructions_en, m.active, m.sort_order, m.updated_at,
  (SELECT count(*)::int FROM invoices i WHERE i.method_id = m.id) AS invoice_count`;

const EMPTY_SETTINGS: Required<PaymentSettings> = { address: '', server_url: '', store_id: '' };

function toStored(row: StoredMethod): StoredMethod {
  return { ...row, settings: { ...EMPTY_SETTINGS, ...row.settings } };
}

/** Why a method cannot take a top-up now: a crypto method without a rate young enough. */
export function unavailableReason(method: StoredMethod): UnavailableReason | null {
  if (!method.asset) return null;
  if (method.rate === null || method.rate_at === null) return 'no_rate';
  return method.rate_fresh ? null : 'stale_rate';
}

/** What staff see: everything but the secrets' values. */
export function toPanelMethod(method: StoredMethod, webhookUrl: string): PanelPaymentMethod {
  const {
    secrets,
    fee_basis_points: fee,
    updated_at: updated,
    rate_set_by: setBy,
    rate_set_by_email: setByEmail,
    rate_fresh: _fresh,
    ...rest
  } = method;
  return {
    ...rest,
    secrets_set: { api_key: Boolean(secrets.api_key), webhook_secret: Boolean(secrets.webhook_secret) },
    webhook_url: method.provider === 'manual' ? '' : webhookUrl,
    fee_percent: fee / 100,
    rate_at: method.rate_at === null ? null : new Date(method.rate_at).toISOString(),
    rate_set_by: setBy === null ? null : { id: setBy, email: setByEmail ?? '' },
    updated_at: new Date(updated).toISOString(),
  };
}

/** What customers see of a method, in their language. */
function toCustomerMethod(
  method: StoredMethod,
  language: Language,
  currency: PaymentMethod['currency'],
): PaymentMethod {
  return {
    id: method.id,
    code: method.code,
    name: (language === 'en' && method.name_en) || method.name_ru,
    icon: method.icon,
    kind: method.kind,
    provider: method.provider,
    min_amount: method.min_amount,
    max_amount: method.max_amount ?? MAX_AMOUNT,
    fee_percent: method.fee_basis_points / 100,
    currency,
    asset: method.asset ? assetOf(method.asset, method.asset_decimals) : null,
    rate: method.asset ? method.rate : null,
    rate_at: method.asset && method.rate_at ? new Date(method.rate_at).toISOString() : null,
    unavailable: unavailableReason(method),
  };
}

/** The row's columns for an input (secrets and fee converted by the caller). */
const FIELDS = {
  code: { column: 'code' },
  name_ru: { column: 'name_ru' },
  name_en: { column: 'name_en' },
  icon: { column: 'icon', store: json },
  kind: { column: 'kind' },
  provider: { column: 'provider' },
  settings: { column: 'settings', store: json },
  secrets: { column: 'secrets', store: json },
  min_amount: { column: 'min_amount' },
  max_amount: { column: 'max_amount' },
  fee_basis_points: { column: 'fee_basis_points' },
  asset: { column: 'asset' },
  asset_decimals: { column: 'asset_decimals' },
  rate_source: { column: 'rate_source' },
  rate_url: { column: 'rate_url' },
  rate_path: { column: 'rate_path' },
  rate_max_age_minutes: { column: 'rate_max_age_minutes' },
  instructions_ru: { column: 'instructions_ru' },
  instructions_en: { column: 'instructions_en' },
  active: { column: 'active' },
};

/**
 * A method's row as written: the input with the fee in basis points, the secrets merged and the decimals settled by
 * the service; a staff-typed rate is written apart (`setRate`), with who and when.
 */
export type MethodRow = Omit<
  PaymentMethodInput,
  'fee_percent' | 'secrets' | 'rate' | 'confirm_rate' | 'asset_decimals'
> & {
  readonly fee_basis_points: number;
  readonly secrets: Partial<Record<PaymentSecret, string>>;
  readonly asset_decimals: number;
};

/** A code another method has; a method invoices name (kept as history: switch it off instead); a max under the min. */
const refusing = refuseOnConstraint({
  payment_methods_code_key: BILLING_REFUSALS.methodCodeTaken,
  invoices_method_id_fkey: BILLING_REFUSALS.methodHasInvoices,
  payment_methods_amount_range: BILLING_REFUSALS.maxBelowMin,
});

/** A method whose rate the `payments.rates` job reads now. */
export interface RateClaim {
  readonly id: number;
  readonly rate_url: string;
  readonly rate_path: string;
}

export function paymentMethodsRepository(q: Queryable) {
  async function get(id: number, lock: '' | ' FOR UPDATE OF m' | ' FOR SHARE OF m' = ''): Promise<StoredMethod | null> {
    const [row] = await q.query<StoredMethod>(`SELECT ${COLUMNS} FROM payment_methods m WHERE m.id = $1${lock}`, [id]);
    return row ? toStored(row) : null;
  }

  return {
    get: (id: number) => get(id),
    /** Locked for the rest of the transaction: an edit of its secrets waits for it, and it for the edit. */
    lock: (id: number) => get(id, ' FOR UPDATE OF m'),
    /** Read under a share lock: an edit waits for the transaction, which sees the method as it stays until commit. */
    share: (id: number) => get(id, ' FOR SHARE OF m'),

    async list(): Promise<StoredMethod[]> {
      const rows = await q.query<StoredMethod>(`SELECT ${COLUMNS} FROM payment_methods m ORDER BY sort_order, id`);
      return rows.map(toStored);
    },

    /** The active methods in the panel's order, as customers see them (a crypto one says if it is unavailable). */
    async listActive(language: Language, currency: PaymentMethod['currency']): Promise<PaymentMethod[]> {
      const rows = await q.query<StoredMethod>(
        `SELECT ${COLUMNS} FROM payment_methods m WHERE m.active ORDER BY m.sort_order, m.id`,
      );
      return rows.map((row) => toCustomerMethod(toStored(row), language, currency));
    },

    async create(row: MethodRow): Promise<number> {
      const sortOrder = await nextSortOrder(q, 'payment_methods', 'true', []);
      const [created] = await q
        .query<{ id: number }>(
          `INSERT INTO payment_methods (code, name_ru, name_en, icon, kind, provider, settings, secrets, min_amount,
                                      fee_basis_points, instructions_ru, instructions_en, active, sort_order,
                                      max_amount, asset, asset_decimals, rate_source, rate_url, rate_path,
                                      rate_max_age_minutes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
         RETURNING id`,
          [
            row.code,
            row.name_ru,
            row.name_en,
            json(row.icon),
            row.kind,
            row.provider,
            json(row.settings),
            json(row.secrets),
            row.min_amount,
            row.fee_basis_points,
            row.instructions_ru,
            row.instructions_en,
            row.active,
            sortOrder,
            row.max_amount,
            row.asset,
            row.asset_decimals,
            row.rate_source,
            row.rate_url,
            row.rate_path,
            row.rate_max_age_minutes,
          ],
        )
        .catch(refusing);
      return (created as { id: number }).id;
    },

    /** False when there is no such method. */
    async update(id: number, changes: Partial<MethodRow>): Promise<boolean> {
      const { sql, params } = assignments(changes, FIELDS, 2);
      const rows = await q
        .query(`UPDATE payment_methods SET ${sql} WHERE id = $1 RETURNING id`, [id, ...params])
        .catch(refusing);
      return rows.length > 0;
    },

    /** A rate staff typed: dated now and signed with who set it; the provider's refused reads are over. */
    async setRate(id: number, rate: string | null, actorId: number): Promise<void> {
      await q.query(
        `UPDATE payment_methods
            SET rate = $2::numeric, rate_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END,
                rate_set_by = $3, rate_error = '', rate_refused_since = NULL, updated_at = now()
          WHERE id = $1`,
        [id, rate, actorId],
      );
    },

    /**
     * Claims the provider-rated methods not read in the last `everyMs` (SKIP LOCKED, and the claim written at once):
     * with several processes each method is read by one of them per interval.
     */
    claimRateReads(now: Date, everyMs: number): Promise<RateClaim[]> {
      return q.query<RateClaim>(
        `UPDATE payment_methods SET rate_checked_at = $1
          WHERE id IN (SELECT id FROM payment_methods
                        WHERE active AND asset IS NOT NULL AND rate_source = 'provider' AND rate_url <> ''
                          AND (rate_checked_at IS NULL OR rate_checked_at <= $1::timestamptz - make_interval(secs => $2))
                        ORDER BY id FOR UPDATE SKIP LOCKED)
          RETURNING id, rate_url, rate_path`,
        [now, everyMs / 1000],
      );
    },

    /**
     * What a provider answered: the rate (dated by the database, as freshness is judged) or why it failed; a rate
     * refused as implausible also starts (or continues) the refusal, from `now`. Written only while the method still
     * reads that endpoint: staff re-pointing it meanwhile wins.
     */
    async recordRead(claim: RateClaim, outcome: RateRead, now: Date): Promise<void> {
      const sets =
        'rate' in outcome
          ? `rate = $4::numeric, rate_at = now(), rate_set_by = NULL, rate_error = '', rate_refused_since = NULL`
          : 'refused' in outcome
            ? `rate_error = left($4, 500), rate_refused_since = COALESCE(rate_refused_since, $5)`
            : `rate_error = left($4, 500)`;
      await q.query(
        `UPDATE payment_methods SET ${sets}
          WHERE id = $1 AND rate_source = 'provider' AND rate_url = $2 AND rate_path = $3`,
        [
          claim.id,
          claim.rate_url,
          claim.rate_path,
          'rate' in outcome ? outcome.rate : outcome.error,
          ...('refused' in outcome ? [now] : []),
        ],
      );
    },

    async delete(id: number): Promise<boolean> {
      const rows = await q.query('DELETE FROM payment_methods WHERE id = $1 RETURNING id', [id]).catch(refusing);
      return rows.length > 0;
    },

    reorder: (ids: readonly number[]) => reorder(q, 'payment_methods', 'true', [], ids),
  };
}

/** How long this process shows the same payment methods on the home page (staff edits show within it). */
const BADGES_CACHE_MS = 5_000;

/**
 * The active methods' names and icons in a language, in the panel's order, kept in this process for a few seconds:
 * the home page's document shows them to every visitor (its stock strip), and a query per page view would be the
 * document's only one beyond the cached stock.
 */
export function paymentMethodBadges(q: Queryable): (language: Language) => Promise<PaymentMethodBadge[]> {
  return shortCache(BADGES_CACHE_MS, (language: Language) =>
    q.query<PaymentMethodBadge>(
      `SELECT id, ${localized('name', language)} AS name, icon FROM payment_methods WHERE active ORDER BY sort_order, id`,
    ),
  );
}
