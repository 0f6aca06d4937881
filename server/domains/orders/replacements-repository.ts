/**
 * `proxy_replacements`: each replacement of a proxy whose IP was bad (#49 item 9), its history, the monthly limit's
 * count and its Idempotency-Key claim.
 */
import {
  PROXY_REPLACEMENT_WINDOW_DAYS,
  PROXY_REPLACEMENTS_PER_MONTH,
  type Replacement,
} from '@proxy/contract/schemas/replacements';
import type { Queryable, SqlParam } from '../../db/db.ts';

export const REPLACEMENT_WINDOW_MS = PROXY_REPLACEMENT_WINDOW_DAYS * 86_400_000;

export interface NewReplacement {
  readonly proxyId: number;
  readonly userId: number;
  readonly fromModemId: number;
  readonly toModemId: number;
  readonly fromIp: string | null;
  readonly toIp: string | null;
  readonly portsChanged: boolean;
  readonly key: string;
  readonly fingerprint: string;
  readonly at: Date;
}

interface ReplacementRow {
  id: number;
  proxy_id: number;
  to_ip: string | null;
  ports_changed: boolean;
  http_port: number | null;
  socks_port: number | null;
  created_at: Date | string;
  request_fingerprint: string;
  /** The proxy's replacements in the window that ends with this one, this one included. */
  used: number;
}

const COLUMNS = `r.id, r.proxy_id, r.to_ip, r.ports_changed, p.http_port, p.socks_port, r.created_at,
  r.request_fingerprint,
  (SELECT count(*)::int FROM proxy_replacements w
    WHERE w.proxy_id = r.proxy_id AND w.created_at > r.created_at - make_interval(secs => ${REPLACEMENT_WINDOW_MS / 1000})
      AND w.created_at <= r.created_at) AS used`;

const toReplacement = (row: ReplacementRow): Replacement => ({
  id: row.id,
  proxy_id: row.proxy_id,
  ip: row.to_ip,
  ports_changed: row.ports_changed,
  http_port: row.http_port ?? 0,
  socks_port: row.socks_port ?? 0,
  left: Math.max(0, PROXY_REPLACEMENTS_PER_MONTH - row.used),
  created_at: new Date(row.created_at).toISOString(),
});

export function replacementsRepository(q: Queryable) {
  const byWhere = async (where: string, values: SqlParam[]) => {
    const [row] = await q.query<ReplacementRow>(
      `SELECT ${COLUMNS} FROM proxy_replacements r JOIN proxies p ON p.id = r.proxy_id WHERE ${where}`,
      values,
    );
    return row ?? null;
  };

  return {
    /** The replacement the customer's key made, with the request it was made for; null: the key is unused. */
    async byKey(userId: number, key: string): Promise<{ replacement: Replacement; fingerprint: string } | null> {
      const row = await byWhere('r.user_id = $1 AND r.idempotency_key = $2', [userId, key]);
      return row ? { replacement: toReplacement(row), fingerprint: row.request_fingerprint } : null;
    },

    async get(id: number): Promise<Replacement | null> {
      const row = await byWhere('r.id = $1', [id]);
      return row ? toReplacement(row) : null;
    },

    /** When the proxy was replaced within the window ending at `at`, oldest first (a range over the proxy's index). */
    async within(proxyId: number, at: Date): Promise<Date[]> {
      const rows = await q.query<{ at: Date | string }>(
        `SELECT created_at AS at FROM proxy_replacements
          WHERE proxy_id = $1 AND created_at > $2 AND created_at <= $3
          ORDER BY created_at`,
        [proxyId, new Date(at.getTime() - REPLACEMENT_WINDOW_MS), at],
      );
      return rows.map((row) => new Date(row.at));
    },

    /**
     * Records the replacement; null when another request with the customer's key committed first (the unique index
     * waited for it): that request was for another proxy (one for this proxy waited on its lock and found the key).
     */
    async insert(replacement: NewReplacement): Promise<number | null> {
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO proxy_replacements (proxy_id, user_id, from_modem_id, to_modem_id, from_ip, to_ip, ports_changed,
                                         idempotency_key, request_fingerprint, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
        [
          replacement.proxyId,
          replacement.userId,
          replacement.fromModemId,
          replacement.toModemId,
          replacement.fromIp,
          replacement.toIp,
          replacement.portsChanged,
          replacement.key,
          replacement.fingerprint,
          replacement.at,
        ],
      );
      return row?.id ?? null;
    },
  };
}
