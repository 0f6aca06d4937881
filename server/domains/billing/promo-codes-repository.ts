/**
 * The `promo_codes` table and its uses. `redeem` reads, decides and writes a use: it locks the code's row first,
 * so the last use of a limited code goes to exactly one of two customers ordering at once.
 */
import type { PanelPromoCode, PromoCodeInput, PromoListParams } from '@proxy/contract/schemas/billing';
import type { Queryable, SqlParam } from '../../db/db.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';
import { assignments, withIsoDates } from '../../lib/sql.ts';
import { BILLING_REFUSALS } from './refusals.ts';

const COLUMNS = `id, code, kind, value, to_char(valid_from, 'YYYY-MM-DD') AS valid_from,
  to_char(valid_until, 'YYYY-MM-DD') AS valid_until, max_uses, once_per_customer, active, uses, created_at, updated_at`;

const FIELDS = {
  code: { column: 'code' },
  kind: { column: 'kind' },
  value: { column: 'value' },
  valid_from: { column: 'valid_from' },
  valid_until: { column: 'valid_until' },
  max_uses: { column: 'max_uses' },
  once_per_customer: { column: 'once_per_customer' },
  active: { column: 'active' },
};

/** Why a code does not apply; the order page words each. */
export type PromoRefusal = 'unknown' | 'inactive' | 'not_yet' | 'expired' | 'used_up' | 'used';

function filter(params: PromoListParams): { sql: string; values: SqlParam[] } {
  const clauses: string[] = [];
  const values: SqlParam[] = [];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  const { active, kind } = params.filters ?? {};
  if (active)
    add(
      (n) => `active = ANY($${n}::boolean[])`,
      active.map((value) => value === 'true'),
    );
  if (kind) add((n) => `kind = ANY($${n}::text[])`, kind);
  for (const term of searchTerms(params.search)) add((n) => `code ILIKE $${n}`, likePattern(term));
  return { sql: clauses.length > 0 ? clauses.join(' AND ') : 'true', values };
}

export type PromoJudgement = { readonly promo: PanelPromoCode } | { readonly refused: PromoRefusal };

/** A code another promo code has; a code that was used (its uses are history: switch it off instead). */
const refusing = refuseOnConstraint({
  promo_codes_code_key: BILLING_REFUSALS.promoCodeTaken,
  promo_code_uses_promo_code_id_fkey: BILLING_REFUSALS.promoHasUses,
});

export function promoCodesRepository(q: Queryable) {
  /** The code's rules for the customer, on its row read (`lock`: and locked) by this statement. */
  async function judge(code: string, userId: number, lock: boolean): Promise<PromoJudgement> {
    const [row] = await q.query<PanelPromoCode & { started: boolean; ended: boolean }>(
      `SELECT ${COLUMNS}, (valid_from IS NULL OR valid_from <= current_date) AS started,
              (valid_until IS NOT NULL AND valid_until < current_date) AS ended
         FROM promo_codes WHERE code = upper($1)${lock ? ' FOR UPDATE' : ''}`,
      [code.trim()],
    );
    if (!row) return { refused: 'unknown' };
    if (!row.active) return { refused: 'inactive' };
    if (!row.started) return { refused: 'not_yet' };
    if (row.ended) return { refused: 'expired' };
    if (row.max_uses !== null && row.uses >= row.max_uses) return { refused: 'used_up' };
    if (row.once_per_customer) {
      const used = await q.query('SELECT 1 FROM promo_code_uses WHERE promo_code_id = $1 AND user_id = $2', [
        row.id,
        userId,
      ]);
      if (used.length > 0) return { refused: 'used' };
    }
    const { started: _started, ended: _ended, ...promo } = row;
    return { promo: withIsoDates(promo) };
  }

  return {
    async get(id: number): Promise<PanelPromoCode | null> {
      const [row] = await q.query<PanelPromoCode>(`SELECT ${COLUMNS} FROM promo_codes WHERE id = $1`, [id]);
      return row ? withIsoDates(row) : null;
    },

    async count(params: PromoListParams): Promise<number> {
      const { sql, values } = filter(params);
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM promo_codes WHERE ${sql}`,
        values,
      );
      return row?.count ?? 0;
    },

    async list(params: PromoListParams, window: Pick<PageWindow, 'limit' | 'offset'>): Promise<PanelPromoCode[]> {
      const { sql, values } = filter(params);
      const ordering = params.ordering ?? '-created_at';
      const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
      const rows = await q.query<PanelPromoCode>(
        `SELECT ${COLUMNS} FROM promo_codes WHERE ${sql}
          ORDER BY ${ordering.replace(/^-/, '')} ${direction}, id ${direction}
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, window.limit, window.offset],
      );
      return rows.map(withIsoDates);
    },

    async create(input: PromoCodeInput): Promise<PanelPromoCode> {
      const [row] = await q
        .query<PanelPromoCode>(
          `INSERT INTO promo_codes (code, kind, value, valid_from, valid_until, max_uses, once_per_customer, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
          [
            input.code,
            input.kind,
            input.value,
            input.valid_from,
            input.valid_until,
            input.max_uses,
            input.once_per_customer,
            input.active,
          ],
        )
        .catch(refusing);
      return withIsoDates(row as PanelPromoCode);
    },

    async update(id: number, changes: Partial<PromoCodeInput>): Promise<PanelPromoCode | null> {
      const { sql, params } = assignments(changes, FIELDS, 2);
      const [row] = await q
        .query<PanelPromoCode>(`UPDATE promo_codes SET ${sql} WHERE id = $1 RETURNING ${COLUMNS}`, [id, ...params])
        .catch(refusing);
      return row ? withIsoDates(row) : null;
    },

    async delete(id: number): Promise<boolean> {
      const rows = await q.query('DELETE FROM promo_codes WHERE id = $1 RETURNING id', [id]).catch(refusing);
      return rows.length > 0;
    },

    /**
     * Whether `code` would apply for `userId` now, by the rules `redeem` applies, without using it or locking it (the
     * order's quote shows it). Answers the code, or why not.
     */
    check(code: string, userId: number): Promise<PromoJudgement> {
      return judge(code, userId, false);
    },

    /**
     * Uses `code` for `userId` (in the caller's transaction, which also writes what it pays for): the code's row is
     * locked, every rule checked under the lock, the use recorded and counted. Answers the code, or why not.
     */
    async redeem(code: string, userId: number, reference: string): Promise<PromoJudgement> {
      const judged = await judge(code, userId, true);
      if ('refused' in judged) return judged;
      const { promo } = judged;
      await q.query('INSERT INTO promo_code_uses (promo_code_id, user_id, reference) VALUES ($1, $2, $3)', [
        promo.id,
        userId,
        reference,
      ]);
      await q.query('UPDATE promo_codes SET uses = uses + 1 WHERE id = $1', [promo.id]);
      return { promo: { ...promo, uses: promo.uses + 1 } };
    },
  };
}
