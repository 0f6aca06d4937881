/**
 * The `payment_methods` table: as staff edit them (secrets reduced to whether each is set) and as customers pick
 * one (active only, one language). `create` and `reorder` read then write: they run in the service's transaction.
 */
import type { Language } from '@proxy/contract/languages';
import type {
  PanelPaymentMethod,
  PaymentMethod,
  PaymentMethodInput,
  PaymentProvider,
  PaymentSecret,
  PaymentSettings,
} from '@proxy/contract/schemas/billing';
import type { BlockImage } from '@proxy/contract/schemas/blocks';
import type { PaymentMethodBadge } from '@proxy/contract/session-state';
import type { Queryable } from '../../db/db.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { shortCache } from '../../lib/short-cache.ts';
import { assignments, json, localized, nextSortOrder, reorder } from '../../lib/sql.ts';
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
  readonly fee_basis_points: number;
  readonly instructions_ru: string;
  readonly instructions_en: string;
  readonly active: boolean;
  readonly sort_order: number;
  readonly invoice_count: number;
  readonly updated_at: Date | string;
}

const COLUMNS = `m.id, m.code, m.name_ru, m.name_en, m.icon, m.kind, m.provider, m.settings, m.secrets, m.min_amount,
  m.fee_basis_points, m.instructions_ru, m.instructions_en, m.active, m.sort_order, m.updated_at,
  (SELECT count(*)::int FROM invoices i WHERE i.method_id = m.id) AS invoice_count`;

const EMPTY_SETTINGS: Required<PaymentSettings> = { address: '', server_url: '', store_id: '' };

function toStored(row: StoredMethod): StoredMethod {
  return { ...row, settings: { ...EMPTY_SETTINGS, ...row.settings } };
}

/** What staff see: everything but the secrets' values. */
export function toPanelMethod(method: StoredMethod, webhookUrl: string): PanelPaymentMethod {
  const { secrets, fee_basis_points: fee, updated_at: updated, ...rest } = method;
  return {
    ...rest,
    secrets_set: { api_key: Boolean(secrets.api_key), webhook_secret: Boolean(secrets.webhook_secret) },
    webhook_url: method.provider === 'manual' ? '' : webhookUrl,
    fee_percent: fee / 100,
    updated_at: new Date(updated).toISOString(),
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
  fee_basis_points: { column: 'fee_basis_points' },
  instructions_ru: { column: 'instructions_ru' },
  instructions_en: { column: 'instructions_en' },
  active: { column: 'active' },
};

/** A method's row as written: the input with the fee in basis points and the secrets merged by the service. */
export type MethodRow = Omit<PaymentMethodInput, 'fee_percent' | 'secrets'> & {
  readonly fee_basis_points: number;
  readonly secrets: Partial<Record<PaymentSecret, string>>;
};

/** A code another method has; a method invoices name (kept as history: switch it off instead). */
const refusing = refuseOnConstraint({
  payment_methods_code_key: BILLING_REFUSALS.methodCodeTaken,
  invoices_method_id_fkey: BILLING_REFUSALS.methodHasInvoices,
});

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

    /** The active methods in the panel's order, as customers see them. */
    listActive(language: Language, currency: string): Promise<PaymentMethod[]> {
      return q.query<PaymentMethod>(
        `SELECT id, code, ${localized('name', language)} AS name, icon, kind, provider, min_amount,
                (fee_basis_points / 100.0)::float8 AS fee_percent, $1::text AS currency
           FROM payment_methods
          WHERE active
          ORDER BY sort_order, id`,
        [currency],
      );
    },

    async create(row: MethodRow): Promise<number> {
      const sortOrder = await nextSortOrder(q, 'payment_methods', 'true', []);
      const [created] = await q
        .query<{ id: number }>(
          `INSERT INTO payment_methods (code, name_ru, name_en, icon, kind, provider, settings, secrets, min_amount,
                                      fee_basis_points, instructions_ru, instructions_en, active, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
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
