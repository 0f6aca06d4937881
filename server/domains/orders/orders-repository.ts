/**
 * `orders` and their `order_lines`. An order's row is inserted first in its paying transaction (`claim`), which
 * claims the customer's Idempotency-Key: a second request with the key waits on the unique index until the first
 * commits (then finds its order) or rolls back (then makes its own). The amounts are written once the order is paid
 * (`finish`), still in that transaction.
 */
import type { Currency } from '@proxy/contract/money';
import type { OrderLine, PanelOrderListParams, PanelOrderRow } from '@proxy/contract/schemas/orders';
import type { Queryable, SqlParam } from '../../db/db.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';
import { placeRuOf } from '../farm/index.ts';

export type OrderClaim =
  | { readonly created: true; readonly id: number }
  | { readonly created: false; readonly id: number; readonly fingerprint: string };

export interface NewLine {
  readonly proxyId: number;
  readonly modemId: number;
  readonly country: string;
  readonly city: string;
  readonly operator: string;
  readonly periodDays: number;
  readonly price: number;
}

type OrderRow = Omit<PanelOrderRow, 'lines' | 'created_at'> & { created_at: Date | string };

/** Each order with its customer, whose e-mail the panel's list of every customer's orders shows and searches. */
const FROM = 'orders o JOIN users u ON u.id = o.user_id';
const COLUMNS = `o.id, o.status, o.period_days, o.quantity, o.subtotal, o.discount, o.total, o.currency, o.promo_code,
  o.auto_renew, o.created_at, o.user_id, u.email AS user_email`;
const ORDERINGS: Readonly<Record<string, string>> = { created_at: 'o.created_at', total: 'o.total' };

/** One customer's orders, or every customer's (`userId` null: the panel's list, searched by the customer's e-mail). */
function filter(userId: number | null, params: PanelOrderListParams): { where: string; values: SqlParam[] } {
  const clauses: string[] = [];
  const values: SqlParam[] = [];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  if (userId !== null) add((n) => `o.user_id = $${n}`, userId);
  const { created } = params.filters ?? {};
  if (created?.after) add((n) => `o.created_at >= $${n}::date`, created.after);
  if (created?.before) add((n) => `o.created_at < $${n}::date + 1`, created.before);
  if (userId === null) {
    for (const term of searchTerms(params.search)) add((n) => `u.email ILIKE $${n}`, likePattern(term));
  }
  return { where: clauses.length > 0 ? clauses.join(' AND ') : 'true', values };
}

export function ordersRepository(q: Queryable) {
  /** The orders with their lines (one query for all the lines). */
  async function withLines(rows: readonly OrderRow[]): Promise<PanelOrderRow[]> {
    if (rows.length === 0) return [];
    // A proxy given away since (a transfer) is another customer's now: the order keeps the line, not the link nor
    // the label its new owner gives it (#28).
    const lines = await q.query<OrderLine & { order_id: number }>(
      `SELECT l.order_id, CASE WHEN p.owner_id = o.user_id THEN l.proxy_id END AS proxy_id,
              COALESCE(p.owner_id <> o.user_id, false) AS transferred,
              CASE WHEN p.owner_id = o.user_id THEN p.comment END AS proxy_comment,
              l.country, l.city, ${placeRuOf('l')}, l.operator, l.period_days, l.price
         FROM order_lines l JOIN orders o ON o.id = l.order_id LEFT JOIN proxies p ON p.id = l.proxy_id
        WHERE l.order_id = ANY($1::int[]) ORDER BY l.order_id, l.id`,
      [rows.map((row) => row.id)],
    );
    return rows.map((row) => ({
      ...row,
      lines: lines.filter((line) => line.order_id === row.id).map(({ order_id: _orderId, ...line }) => line),
      created_at: new Date(row.created_at).toISOString(),
    }));
  }

  return {
    /** Inserts the order's row for the key, or answers the order the key already made (waiting for it if need be). */
    async claim(
      userId: number,
      key: string,
      fingerprint: string,
      order: {
        readonly periodDays: number;
        readonly quantity: number;
        readonly currency: Currency;
        readonly autoRenew: boolean;
      },
    ): Promise<OrderClaim> {
      const [inserted] = await q.query<{ id: number }>(
        `INSERT INTO orders (user_id, period_days, quantity, subtotal, discount, total, currency, auto_renew,
                             idempotency_key, request_fingerprint)
         VALUES ($1, $2, $3, 0, 0, 0, $4, $5, $6, $7)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
        [userId, order.periodDays, order.quantity, order.currency, order.autoRenew, key, fingerprint],
      );
      if (inserted) return { created: true, id: inserted.id };
      // A statement of its own: its snapshot sees the order the conflicting transaction committed.
      const [existing] = await q.query<{ id: number; request_fingerprint: string }>(
        'SELECT id, request_fingerprint FROM orders WHERE user_id = $1 AND idempotency_key = $2',
        [userId, key],
      );
      if (!existing) throw new Error('An order claim conflicted with no committed order');
      return { created: false, id: existing.id, fingerprint: existing.request_fingerprint };
    },

    /** The paid amounts and the promo code used. */
    async finish(
      id: number,
      paid: {
        readonly subtotal: number;
        readonly discount: number;
        readonly promo: { readonly id: number; readonly code: string } | null;
      },
    ): Promise<void> {
      await q.query(
        `UPDATE orders SET subtotal = $2::bigint, discount = $3::bigint, total = $2::bigint - $3::bigint,
                promo_code_id = $4, promo_code = $5
          WHERE id = $1`,
        [id, paid.subtotal, paid.discount, paid.promo?.id ?? null, paid.promo?.code ?? null],
      );
    },

    async addLines(orderId: number, lines: readonly NewLine[]): Promise<void> {
      await q.query(
        `INSERT INTO order_lines (order_id, proxy_id, modem_id, country, city, operator, period_days, price)
         SELECT $1, l.proxy_id, l.modem_id, l.country, l.city, l.operator, l.period_days, l.price
           FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[])
             AS l(proxy_id, modem_id, country, city, operator, period_days, price)`,
        [
          orderId,
          lines.map((line) => line.proxyId),
          lines.map((line) => line.modemId),
          lines.map((line) => line.country),
          lines.map((line) => line.city),
          lines.map((line) => line.operator),
          lines.map((line) => line.periodDays),
          lines.map((line) => line.price),
        ],
      );
    },

    /** The customer's own order; another's is null. */
    async get(id: number, userId: number): Promise<PanelOrderRow | null> {
      const rows = await q.query<OrderRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE o.id = $1 AND o.user_id = $2`, [
        id,
        userId,
      ]);
      return (await withLines(rows))[0] ?? null;
    },

    /** One customer's orders, or with `userId` null every customer's. */
    async count(userId: number | null, params: PanelOrderListParams): Promise<number> {
      const { where, values } = filter(userId, params);
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${FROM} WHERE ${where}`,
        values,
      );
      return row?.count ?? 0;
    },

    /** Newest first unless `ordering` says otherwise; the id breaks ties so pages never overlap. */
    async list(
      userId: number | null,
      params: PanelOrderListParams,
      window: Pick<PageWindow, 'limit' | 'offset'>,
    ): Promise<PanelOrderRow[]> {
      const { where, values } = filter(userId, params);
      const ordering = params.ordering ?? '-created_at';
      const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
      const column = ORDERINGS[ordering.replace(/^-/, '')] ?? 'o.created_at';
      const rows = await q.query<OrderRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}
          ORDER BY ${column} ${direction}, o.id ${direction}
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, window.limit, window.offset],
      );
      return withLines(rows);
    },
  };
}
