/**
 * Modems' health checks as their agents report them (`modem_checks`): the last one and the 24-hour uptime of a modem
 * are what the proxy page shows. A customer's "check now" is a `check_requests` row the host's agent configuration
 * lists until the agent posts its result. Both are pruned after `CHECKS_KEPT_DAYS`.
 */
import type { CheckRequest, CheckResult, HealthCheck } from '@proxy/contract/schemas/farm-agent';
import type { ProxyHealth } from '@proxy/contract/schemas/proxies';
import type { Queryable } from '../../db/db.ts';

export const CHECKS_KEPT_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The last check of `modem` at `now` (a JSON object, null before the first) and the share of ok checks in the 24 hours
 * before `now` (null without any): columns for any query that has the modem at hand (the customer's proxy, the
 * panel). `modem` and `now` are SQL expressions.
 */
export const healthColumnsAt = (modem: string, now: string) => `
  (SELECT json_build_object('ok', c.ok, 'latency_ms', c.latency_ms, 'ip', c.ip, 'checked_at', c.checked_at)
     FROM modem_checks c WHERE c.modem_id = ${modem} AND c.checked_at <= ${now}
    ORDER BY c.checked_at DESC LIMIT 1) AS last_check,
  (SELECT avg(CASE WHEN c.ok THEN 1.0 ELSE 0.0 END)::float8 FROM modem_checks c
    WHERE c.modem_id = ${modem} AND c.checked_at > ${now} - interval '24 hours' AND c.checked_at <= ${now}) AS uptime_24h`;

export interface HealthRow {
  last_check: { ok: boolean; latency_ms: number | null; ip: string | null; checked_at: string } | null;
  uptime_24h: number | null;
}

/** The health a proxy answer carries; null before the modem's first check. */
export function healthOf(row: HealthRow): ProxyHealth | null {
  if (!row.last_check) return null;
  const { ok, latency_ms, ip, checked_at } = row.last_check;
  return {
    ok,
    latency_ms,
    ip,
    checked_at: new Date(checked_at).toISOString(),
    // No check in the last 24 hours (an agent away for a day) is no uptime to speak of, not 100 %.
    uptime_24h: row.uptime_24h ?? 0,
  };
}

export function checksRepository(q: Queryable) {
  return {
    /** Stores the host's checks; another host's modems and a check already stored (a repeated report) are ignored. */
    async record(hostId: number, checks: readonly HealthCheck[]): Promise<void> {
      if (checks.length === 0) return;
      await q.query(
        `INSERT INTO modem_checks (modem_id, checked_at, ok, latency_ms, ip, error)
         SELECT c.modem_id, c.checked_at, c.ok, c.latency_ms, c.ip, c.error
           FROM unnest($2::int[], $3::timestamptz[], $4::boolean[], $5::int[], $6::text[], $7::text[])
                AS c(modem_id, checked_at, ok, latency_ms, ip, error)
           JOIN modems m ON m.id = c.modem_id AND m.host_id = $1
         ON CONFLICT (modem_id, checked_at) DO NOTHING`,
        [
          hostId,
          checks.map((check) => check.modem_id),
          checks.map((check) => check.checked_at),
          checks.map((check) => check.ok),
          checks.map((check) => check.latency_ms),
          checks.map((check) => check.ip),
          checks.map((check) => check.error),
        ],
      );
    },

    /** The modem's last check and its 24-hour uptime at `now`; null before its first check. */
    async health(modemId: number, now: Date): Promise<ProxyHealth | null> {
      const [row] = await q.query<HealthRow>(`SELECT ${healthColumnsAt('$1::int', '$2::timestamptz')}`, [modemId, now]);
      return row ? healthOf(row) : null;
    },

    /**
     * Deletes the checks and the check requests older than `CHECKS_KEPT_DAYS` at `now` (a request still pending then
     * was for an agent gone for days: nobody waits for it); answers how many checks went.
     */
    async prune(now: Date): Promise<number> {
      const horizon = new Date(now.getTime() - CHECKS_KEPT_DAYS * DAY_MS);
      await q.query('DELETE FROM check_requests WHERE requested_at < $1', [horizon]);
      const [row] = await q.query<{ pruned: number }>(
        `WITH pruned AS (DELETE FROM modem_checks WHERE checked_at < $1::timestamptz RETURNING 1)
         SELECT count(*)::int AS pruned FROM pruned`,
        [horizon],
      );
      return row?.pruned ?? 0;
    },

    /** When the proxy last asked for a check; null if never. */
    async lastRequestOf(proxyId: number): Promise<Date | null> {
      const [row] = await q.query<{ at: Date | string }>(
        'SELECT max(requested_at) AS at FROM check_requests WHERE proxy_id = $1',
        [proxyId],
      );
      return row?.at ? new Date(row.at) : null;
    },

    /**
     * Asks the modem's agent for a check, or joins the one already pending for the modem (another proxy on it asked:
     * one measurement answers both). Answers the pending request's id.
     */
    async request(input: { modemId: number; proxyId: number; at: Date }): Promise<number> {
      // The partial unique index decides between two asks at once for the same modem: the second waits for the first
      // to commit, inserts nothing, and reads the first's row.
      const [inserted] = await q.query<{ id: number }>(
        `INSERT INTO check_requests (modem_id, proxy_id, requested_at) VALUES ($1, $2, $3)
         ON CONFLICT (modem_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
        [input.modemId, input.proxyId, input.at],
      );
      if (inserted) return inserted.id;
      // The cooldown still counts from this ask: a row of its own, already done, names the proxy and the time.
      await q.query(
        `INSERT INTO check_requests (modem_id, proxy_id, requested_at, status, finished_at)
         VALUES ($1, $2, $3, 'done', $3)`,
        [input.modemId, input.proxyId, input.at],
      );
      const [pending] = await q.query<{ id: number }>(
        `SELECT id FROM check_requests WHERE modem_id = $1 AND status = 'pending'`,
        [input.modemId],
      );
      return pending?.id as number;
    },

    /** The host's pending check requests, for its agent's configuration. */
    async pendingOf(hostId: number): Promise<CheckRequest[]> {
      const rows = await q.query<{ id: number; modem_id: number; requested_at: Date | string }>(
        `SELECT c.id, c.modem_id, c.requested_at FROM check_requests c JOIN modems m ON m.id = c.modem_id
          WHERE m.host_id = $1 AND c.status = 'pending' ORDER BY c.id`,
        [hostId],
      );
      return rows.map((row) => ({ ...row, requested_at: new Date(row.requested_at).toISOString() }));
    },

    /** The request if it is one of the host's modems', locked; null otherwise. */
    async lockForHost(id: number, hostId: number): Promise<{ modemId: number; status: 'pending' | 'done' } | null> {
      const [row] = await q.query<{ modem_id: number; status: 'pending' | 'done' }>(
        `SELECT c.modem_id, c.status FROM check_requests c JOIN modems m ON m.id = c.modem_id
          WHERE c.id = $1 AND m.host_id = $2 FOR UPDATE OF c`,
        [id, hostId],
      );
      return row ? { modemId: row.modem_id, status: row.status } : null;
    },

    /** Records the agent's result of a requested check: the check itself and the request done. */
    async finish(id: number, modemId: number, result: CheckResult): Promise<void> {
      await q.query(
        `INSERT INTO modem_checks (modem_id, checked_at, ok, latency_ms, ip, error) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (modem_id, checked_at) DO NOTHING`,
        [modemId, result.checked_at, result.ok, result.latency_ms, result.ip, result.error],
      );
      await q.query(`UPDATE check_requests SET status = 'done', finished_at = $2 WHERE id = $1`, [
        id,
        result.checked_at,
      ]);
    },

    /** Whether the request is still pending (false also once it is gone). */
    async pending(id: number): Promise<boolean> {
      const [row] = await q.query<{ status: string }>('SELECT status FROM check_requests WHERE id = $1', [id]);
      return row?.status === 'pending';
    },
  };
}
