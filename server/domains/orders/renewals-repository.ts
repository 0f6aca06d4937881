/**
 * `renewals`: a hand renewal of a selection of proxies, claimed by the customer's Idempotency-Key as an order is
 * (`ordersRepository.claim`), and kept with exactly what it answered so a repeated key answers the same.
 * `proxy_renewals` (migration 0147): every renewal of a proxy, by hand or automatic, with when it was made — the panel's
 * list of renewals and the panel home's renewals figure read the same rows (#49).
 */
import type { Currency } from '@proxy/contract/money';
import type { PanelRenewalListParams, PanelRenewalRow, Renewal, RenewalSource } from '@proxy/contract/schemas/proxies';
import type { Queryable, SqlParam } from '../../db/db.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';

export type RenewalClaim =
  | { readonly created: true; readonly id: number }
  | { readonly created: false; readonly renewal: Renewal; readonly fingerprint: string };

interface RenewalRow {
  period_days: number;
  total: number;
  currency: Currency;
  balance_after: number;
  lines: Renewal['lines'];
  request_fingerprint: string;
}

/** A proxy's renewal as its transaction writes it. */
export interface ProxyRenewal {
  readonly proxyId: number;
  readonly userId: number;
  readonly periodDays: number;
  readonly price: number;
  readonly expiresAt: Date;
}

const FROM = 'proxy_renewals r JOIN users u ON u.id = r.user_id';
const ORDERINGS: Readonly<Record<string, string>> = { renewed_at: 'r.renewed_at', price: 'r.price' };

/** The panel's filters: the day renewed (the figure's window, whole UTC days), how, and the customer's e-mail. */
function filter(params: PanelRenewalListParams): { where: string; values: SqlParam[] } {
  const clauses: string[] = [];
  const values: SqlParam[] = [];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  const { renewed, source } = params.filters ?? {};
  if (renewed?.after) add((n) => `r.renewed_at >= ($${n}::date::timestamp AT TIME ZONE 'UTC')`, renewed.after);
  if (renewed?.before) {
    add((n) => `r.renewed_at < (($${n}::date + 1)::timestamp AT TIME ZONE 'UTC')`, renewed.before);
  }
  if (source) add((n) => `r.source = ANY($${n}::text[])`, source);
  for (const term of searchTerms(params.search)) add((n) => `u.email ILIKE $${n}`, likePattern(term));
  return { where: clauses.length > 0 ? clauses.join(' AND ') : 'true', values };
}

export function renewalsRepository(q: Queryable) {
  return {
    /** Records proxies' renewals, in the transaction that extends them and posts their price. */
    async record(
      renewals: readonly ProxyRenewal[],
      how: { readonly source: RenewalSource; readonly currency: Currency; readonly at: Date },
    ): Promise<void> {
      if (renewals.length === 0) return;
      await q.query(
        `INSERT INTO proxy_renewals (proxy_id, user_id, source, period_days, price, currency, expires_at, renewed_at)
         SELECT r.proxy_id, r.user_id, $6, r.period_days, r.price, $7, r.expires_at, $8
           FROM unnest($1::int[], $2::int[], $3::int[], $4::bigint[], $5::timestamptz[])
             AS r(proxy_id, user_id, period_days, price, expires_at)`,
        [
          renewals.map((renewal) => renewal.proxyId),
          renewals.map((renewal) => renewal.userId),
          renewals.map((renewal) => renewal.periodDays),
          renewals.map((renewal) => renewal.price),
          renewals.map((renewal) => renewal.expiresAt.toISOString()),
          how.source,
          how.currency,
          how.at.toISOString(),
        ],
      );
    },

    async count(params: PanelRenewalListParams): Promise<number> {
      const { where, values } = filter(params);
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${FROM} WHERE ${where}`,
        values,
      );
      return row?.count ?? 0;
    },

    /** Newest first unless `ordering` says otherwise; the id breaks ties so pages never overlap. */
    async list(
      params: PanelRenewalListParams,
      window: Pick<PageWindow, 'limit' | 'offset'>,
    ): Promise<PanelRenewalRow[]> {
      const { where, values } = filter(params);
      const ordering = params.ordering ?? '-renewed_at';
      const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
      const column = ORDERINGS[ordering.replace(/^-/, '')] ?? 'r.renewed_at';
      const rows = await q.query<
        Omit<PanelRenewalRow, 'id' | 'price' | 'expires_at' | 'renewed_at'> & {
          id: number | string;
          price: number | string;
          expires_at: Date | string;
          renewed_at: Date | string;
        }
      >(
        `SELECT r.id, r.proxy_id, r.source, r.period_days, r.price, r.currency, r.expires_at, r.renewed_at,
                r.user_id, u.email AS user_email
           FROM ${FROM} WHERE ${where}
          ORDER BY ${column} ${direction}, r.id ${direction}
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, window.limit, window.offset],
      );
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        price: Number(row.price),
        expires_at: new Date(row.expires_at).toISOString(),
        renewed_at: new Date(row.renewed_at).toISOString(),
      }));
    },

    async claim(
      userId: number,
      key: string,
      fingerprint: string,
      renewal: { readonly periodDays: number; readonly currency: Currency },
    ): Promise<RenewalClaim> {
      const [inserted] = await q.query<{ id: number }>(
        `INSERT INTO renewals (user_id, period_days, total, currency, balance_after, lines, idempotency_key,
                               request_fingerprint)
         VALUES ($1, $2, 0, $3, 0, '[]', $4, $5)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
        [userId, renewal.periodDays, renewal.currency, key, fingerprint],
      );
      if (inserted) return { created: true, id: inserted.id };
      // A statement of its own: its snapshot sees the renewal the conflicting transaction committed.
      const [row] = await q.query<RenewalRow>(
        `SELECT period_days, total, currency, balance_after, lines, request_fingerprint FROM renewals
          WHERE user_id = $1 AND idempotency_key = $2`,
        [userId, key],
      );
      if (!row) throw new Error('A renewal claim conflicted with no committed renewal');
      return {
        created: false,
        fingerprint: row.request_fingerprint,
        renewal: {
          period_days: row.period_days,
          lines: row.lines,
          total: row.total,
          currency: row.currency,
          balance: row.balance_after + row.total,
          balance_after: row.balance_after,
        },
      };
    },

    async finish(id: number, renewal: Renewal): Promise<void> {
      await q.query('UPDATE renewals SET total = $2, balance_after = $3, lines = $4 WHERE id = $1', [
        id,
        renewal.total,
        renewal.balance_after,
        JSON.stringify(renewal.lines),
      ]);
    },
  };
}
