/**
 * Traffic per proxy: the agent's minute buckets (`traffic_minutes`; a repeated report replaces, never adds) and their
 * hourly and daily sums (`traffic_rollups`), recomputed for the hours and days a report touched. Minutes older than
 * `MINUTES_KEPT_DAYS` are pruned; the rollups stay for charts. Hours and days are UTC's.
 */
import type { TrafficBucket } from '@proxy/contract/schemas/farm-agent';
import type { Queryable } from '../../db/db.ts';

export const MINUTES_KEPT_DAYS = 3;

export function trafficRepository(q: Queryable) {
  return {
    /**
     * Stores the host's buckets (another host's proxies and minutes already pruned are ignored: a bucket from
     * before the horizon would rewrite an hour from a part of its minutes) and refreshes their hours and days.
     */
    async record(hostId: number, buckets: readonly TrafficBucket[]): Promise<void> {
      if (buckets.length === 0) return;
      await q.query(
        `INSERT INTO traffic_minutes (proxy_id, minute, bytes_in, bytes_out)
         SELECT b.proxy_id, b.minute, b.bytes_in, b.bytes_out
           FROM unnest($2::int[], $3::timestamptz[], $4::bigint[], $5::bigint[]) AS b(proxy_id, minute, bytes_in, bytes_out)
           JOIN proxies p ON p.id = b.proxy_id AND p.host_id = $1
          WHERE b.minute > now() - make_interval(days => $6)
         ON CONFLICT (proxy_id, minute) DO UPDATE SET bytes_in = EXCLUDED.bytes_in, bytes_out = EXCLUDED.bytes_out`,
        [
          hostId,
          buckets.map((bucket) => bucket.proxy_id),
          buckets.map((bucket) => bucket.minute),
          buckets.map((bucket) => bucket.bytes_in),
          buckets.map((bucket) => bucket.bytes_out),
          MINUTES_KEPT_DAYS - 1,
        ],
      );
      const proxies = buckets.map((bucket) => bucket.proxy_id);
      const minutes = buckets.map((bucket) => bucket.minute);
      for (const period of ['hour', 'day'] as const) {
        // Hours from their minutes; days from their hours (a day's early minutes may be pruned already).
        const source =
          period === 'hour'
            ? `SELECT m.proxy_id, date_trunc('hour', m.minute, 'UTC') AS starts_at, m.bytes_in, m.bytes_out
                 FROM traffic_minutes m`
            : `SELECT m.proxy_id, date_trunc('day', m.starts_at, 'UTC') AS starts_at, m.bytes_in, m.bytes_out
                 FROM traffic_rollups m WHERE m.period = 'hour'`;
        await q.query(
          `WITH touched AS (
             SELECT DISTINCT t.proxy_id, date_trunc($3, t.minute, 'UTC') AS starts_at
               FROM unnest($1::int[], $2::timestamptz[]) AS t(proxy_id, minute)
           ), sums AS (
             SELECT s.proxy_id, s.starts_at, sum(s.bytes_in) AS bytes_in, sum(s.bytes_out) AS bytes_out
               FROM (${source}) s JOIN touched USING (proxy_id, starts_at)
              GROUP BY s.proxy_id, s.starts_at
           )
           INSERT INTO traffic_rollups (proxy_id, period, starts_at, bytes_in, bytes_out)
           SELECT proxy_id, $3, starts_at, bytes_in, bytes_out FROM sums
           ON CONFLICT (proxy_id, period, starts_at)
             DO UPDATE SET bytes_in = EXCLUDED.bytes_in, bytes_out = EXCLUDED.bytes_out`,
          [proxies, minutes, period],
        );
      }
    },

    /** Deletes the minutes older than `MINUTES_KEPT_DAYS` at `now`; answers how many went. */
    async pruneMinutes(now: Date): Promise<number> {
      const [row] = await q.query<{ pruned: number }>(
        `WITH pruned AS (
           DELETE FROM traffic_minutes WHERE minute < $1::timestamptz - make_interval(days => $2) RETURNING 1
         )
         SELECT count(*)::int AS pruned FROM pruned`,
        [now, MINUTES_KEPT_DAYS],
      );
      return row?.pruned ?? 0;
    },

    /** A proxy's sums per hour or day, newest first. */
    rollups(proxyId: number, period: 'hour' | 'day', limit: number) {
      return q.query<{ starts_at: Date; bytes_in: number; bytes_out: number }>(
        `SELECT starts_at, bytes_in, bytes_out FROM traffic_rollups
          WHERE proxy_id = $1 AND period = $2 ORDER BY starts_at DESC LIMIT $3`,
        [proxyId, period, limit],
      );
    },
  };
}
