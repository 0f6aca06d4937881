/**
 * `renewals`: a hand renewal of a selection of proxies, claimed by the customer's Idempotency-Key as an order is
 * (`ordersRepository.claim`), and kept with exactly what it answered so a repeated key answers the same.
 */
import type { Currency } from '@proxy/contract/money';
import type { Renewal } from '@proxy/contract/schemas/proxies';
import type { Queryable } from '../../db/db.ts';

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

export function renewalsRepository(q: Queryable) {
  return {
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
