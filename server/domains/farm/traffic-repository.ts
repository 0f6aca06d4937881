/**
 * Traffic per proxy: the agent's minute buckets (`traffic_minutes`, partitioned by UTC day; a repeated report
 * replaces, never adds) and their hourly and daily sums (`traffic_rollups`). A report's cost does not grow with history
 * (#42): it stores its minutes under the host's modem locks, then, after that commit, `rollUp` recomputes only the
 * hours and days it touched, each by a range of the primary key. Hours and days are UTC's.
 *
 * Kept: minutes `MINUTES_KEPT_DAYS` (to a day more: a day's table is dropped whole), hourly sums `HOURS_KEPT_DAYS`
 * (the 24 h chart and a month of detail), daily sums `DAYS_KEPT_DAYS` (the 7 d chart; a day's sum already holds its
 * hours, so dropping them loses nothing the daily figures show).
 */
import type { TrafficBucket } from '@proxy/contract/schemas/farm-agent';
import type { Queryable } from '../../db/db.ts';

export const MINUTES_KEPT_DAYS = 3;
export const HOURS_KEPT_DAYS = 35;
export const DAYS_KEPT_DAYS = 400;
/** Days of minutes' tables the prune keeps created ahead, so a report never finds its day missing. */
const DAYS_AHEAD = 7;
/** A day's minutes' table is `traffic_minutes_YYYYMMDD` (migration 0144, `traffic_minutes_days`). */
const DAY_TABLE = /^traffic_minutes_\d{8}$/;

/** An hour of a proxy's traffic that a report wrote minutes of. */
export interface TouchedHour {
  readonly proxy_id: number;
  readonly hour: Date;
}

export function trafficRepository(q: Queryable) {
  return {
    /**
     * Stores the host's buckets and answers the hours they fall in. Ignored: another host's proxies, minutes from
     * before the horizon (a bucket past it would rewrite an hour from a part of its minutes, the rest pruned) and from
     * a day ahead on (an agent's clock gone wrong; no day's table may exist for them).
     */
    async record(hostId: number, buckets: readonly TrafficBucket[]): Promise<TouchedHour[]> {
      if (buckets.length === 0) return [];
      return q.query<TouchedHour>(
        `WITH stored AS (
           INSERT INTO traffic_minutes (proxy_id, minute, bytes_in, bytes_out)
           SELECT b.proxy_id, b.minute, b.bytes_in, b.bytes_out
             FROM unnest($2::int[], $3::timestamptz[], $4::bigint[], $5::bigint[])
                    AS b(proxy_id, minute, bytes_in, bytes_out)
             JOIN proxies p ON p.id = b.proxy_id AND p.host_id = $1
            WHERE b.minute > now() - make_interval(days => $6) AND b.minute < now() + interval '1 day'
           ON CONFLICT (proxy_id, minute) DO UPDATE SET bytes_in = EXCLUDED.bytes_in, bytes_out = EXCLUDED.bytes_out
           RETURNING proxy_id, minute
         )
         SELECT DISTINCT proxy_id, date_trunc('hour', minute, 'UTC') AS hour FROM stored`,
        [
          hostId,
          buckets.map((bucket) => bucket.proxy_id),
          buckets.map((bucket) => bucket.minute),
          buckets.map((bucket) => bucket.bytes_in),
          buckets.map((bucket) => bucket.bytes_out),
          MINUTES_KEPT_DAYS - 1,
        ],
      );
    },

    /**
     * Recomputes the touched hours from their minutes and their days from their hours; run in a transaction of its
     * own after the minutes committed. Exact when two reports of one hour race: each proxy's day row is locked first
     * (made if new; in key order, as every rollup locks them), so the recomputes of a day run one after the other,
     * and each statement after the lock sees every minute committed before it, the other report's included.
     */
    async rollUp(touched: readonly TouchedHour[]): Promise<void> {
      if (touched.length === 0) return;
      const params = [touched.map((row) => row.proxy_id), touched.map((row) => new Date(row.hour).toISOString())];
      const hours = `SELECT DISTINCT proxy_id, hour FROM unnest($1::int[], $2::timestamptz[]) AS t(proxy_id, hour)`;
      const days = `SELECT DISTINCT proxy_id, date_trunc('day', hour, 'UTC') AS day
                      FROM unnest($1::int[], $2::timestamptz[]) AS t(proxy_id, hour)`;
      await q.query(
        `INSERT INTO traffic_rollups (proxy_id, period, starts_at, bytes_in, bytes_out)
         SELECT proxy_id, 'day', day, 0, 0 FROM (${days}) d ORDER BY proxy_id, day
         ON CONFLICT (proxy_id, period, starts_at) DO UPDATE SET bytes_in = traffic_rollups.bytes_in`,
        params,
      );
      await q.query(
        `INSERT INTO traffic_rollups (proxy_id, period, starts_at, bytes_in, bytes_out)
         SELECT t.proxy_id, 'hour', t.hour, s.bytes_in, s.bytes_out
           FROM (${hours}) t
           CROSS JOIN LATERAL (
             SELECT coalesce(sum(m.bytes_in), 0) AS bytes_in, coalesce(sum(m.bytes_out), 0) AS bytes_out
               FROM traffic_minutes m
              WHERE m.proxy_id = t.proxy_id AND m.minute >= t.hour AND m.minute < t.hour + interval '1 hour'
           ) s
         ON CONFLICT (proxy_id, period, starts_at)
           DO UPDATE SET bytes_in = EXCLUDED.bytes_in, bytes_out = EXCLUDED.bytes_out`,
        params,
      );
      await q.query(
        `UPDATE traffic_rollups r SET bytes_in = s.bytes_in, bytes_out = s.bytes_out
           FROM (${days}) t
           CROSS JOIN LATERAL (
             SELECT coalesce(sum(h.bytes_in), 0) AS bytes_in, coalesce(sum(h.bytes_out), 0) AS bytes_out
               FROM traffic_rollups h
              WHERE h.proxy_id = t.proxy_id AND h.period = 'hour'
                AND h.starts_at >= t.day AND h.starts_at < t.day + interval '24 hours'
           ) s
          WHERE r.proxy_id = t.proxy_id AND r.period = 'day' AND r.starts_at = t.day`,
        params,
      );
    },

    /**
     * At `now`: drops the days of minutes past their keeping time (a day's table, once its last minute is older than
     * `MINUTES_KEPT_DAYS`), deletes hourly and daily sums past theirs, and makes the days' tables from the oldest a
     * report may write through `DAYS_AHEAD` ahead. Run in a transaction; one process at a time does it (another
     * process's run meanwhile answers 0 at once), and a run after it finds nothing left to do. Answers the days'
     * tables dropped plus the sums deleted.
     */
    async prune(now: Date): Promise<number> {
      const [lock] = await q.query<{ mine: boolean }>(
        `SELECT pg_try_advisory_xact_lock(hashtext('traffic.prune')) AS mine`,
      );
      if (!lock?.mine) return 0;
      const [sums] = await q.query<{ deleted: number }>(
        `WITH deleted AS (
           DELETE FROM traffic_rollups
            WHERE (period = 'hour' AND starts_at < $1::timestamptz - make_interval(days => $2))
               OR (period = 'day' AND starts_at < $1::timestamptz - make_interval(days => $3))
           RETURNING 1
         )
         SELECT count(*)::int AS deleted FROM deleted`,
        [now, HOURS_KEPT_DAYS, DAYS_KEPT_DAYS],
      );
      // The tables last: dropping one locks `traffic_minutes` whole, reports included, until this commits.
      await q.query(
        `SELECT traffic_minutes_days(($1::timestamptz AT TIME ZONE 'UTC')::date - $2::int,
                                     ($1::timestamptz AT TIME ZONE 'UTC')::date + $3::int)`,
        [now, MINUTES_KEPT_DAYS, DAYS_AHEAD],
      );
      const old = await q.query<{ name: string }>(
        `SELECT c.relname AS name
           FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'traffic_minutes'::regclass
            AND (to_date(right(c.relname, 8), 'YYYYMMDD') + 1)::timestamp AT TIME ZONE 'UTC'
                <= $1::timestamptz - make_interval(days => $2)`,
        [now, MINUTES_KEPT_DAYS],
      );
      for (const { name } of old) {
        if (!DAY_TABLE.test(name)) throw new Error(`Unexpected partition of traffic_minutes: ${name}`);
        await q.query(`DROP TABLE "${name}"`);
      }
      return old.length + (sums?.deleted ?? 0);
    },
  };
}
