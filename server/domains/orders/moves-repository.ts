/**
 * `proxy_moves` (each move of a proxy to another place, its history and its Idempotency-Key claim) and
 * `move_settings` (the fee staff set).
 */
import type { Currency } from '@proxy/contract/money';
import type { Move, MoveSettings } from '@proxy/contract/schemas/moves';
import type { Queryable, SqlParam } from '../../db/db.ts';
import { placeRuOf } from '../farm/index.ts';

export interface NewMove {
  readonly proxyId: number;
  readonly userId: number;
  readonly fromModemId: number;
  readonly toModemId: number;
  readonly from: { readonly country: string; readonly city: string; readonly operator: string };
  readonly to: { readonly country: string; readonly city: string; readonly operator: string };
  readonly fromIp: string | null;
  readonly toIp: string | null;
  readonly portsChanged: boolean;
  readonly fee: number;
  readonly currency: Currency;
  readonly key: string;
  readonly fingerprint: string;
  readonly at: Date;
}

interface MoveRow {
  id: number;
  proxy_id: number | null;
  from_country: string;
  from_city: string;
  from_city_ru: string;
  from_operator: string;
  from_operator_ru: string;
  to_country: string;
  to_city: string;
  to_city_ru: string;
  to_operator: string;
  to_operator_ru: string;
  fee: number;
  currency: Currency;
  ports_changed: boolean;
  http_port: number | null;
  socks_port: number | null;
  created_at: Date | string;
  request_fingerprint: string;
}

/** A move's places named in Russian too, from `cities` and `operators` (the columns keep the English names). */
const MOVE_COLUMNS = `v.id, v.proxy_id, v.from_country, v.from_city, v.from_operator, v.to_country, v.to_city,
  v.to_operator, v.fee, v.currency, v.ports_changed, p.http_port, p.socks_port, v.created_at, v.request_fingerprint,
  f.city_ru AS from_city_ru, f.operator_ru AS from_operator_ru, t.city_ru AS to_city_ru, t.operator_ru AS to_operator_ru`;
/** The joins `MOVE_COLUMNS` reads the Russian names from: one row each, whatever the move. */
const MOVE_NAMES = `CROSS JOIN LATERAL (SELECT ${placeRuOf('x')}
    FROM (SELECT v.from_country AS country, v.from_city AS city, v.from_operator AS operator) x) f
  CROSS JOIN LATERAL (SELECT ${placeRuOf('x')}
    FROM (SELECT v.to_country AS country, v.to_city AS city, v.to_operator AS operator) x) t`;

const toMove = (row: MoveRow): Move => ({
  id: row.id,
  proxy_id: row.proxy_id ?? 0,
  from: {
    country: row.from_country,
    city: row.from_city,
    city_ru: row.from_city_ru,
    operator: row.from_operator,
    operator_ru: row.from_operator_ru,
  },
  to: {
    country: row.to_country,
    city: row.to_city,
    city_ru: row.to_city_ru,
    operator: row.to_operator,
    operator_ru: row.to_operator_ru,
  },
  fee: Number(row.fee),
  currency: row.currency,
  ports_changed: row.ports_changed,
  http_port: row.http_port ?? 0,
  socks_port: row.socks_port ?? 0,
  created_at: new Date(row.created_at).toISOString(),
});

export function movesRepository(q: Queryable) {
  const byWhere = async (where: string, values: SqlParam[]) => {
    const [row] = await q.query<MoveRow>(
      `SELECT ${MOVE_COLUMNS} FROM proxy_moves v LEFT JOIN proxies p ON p.id = v.proxy_id ${MOVE_NAMES} WHERE ${where}`,
      values,
    );
    return row ?? null;
  };

  return {
    /** The move the customer's key made, with the request it was made for; null: the key is unused. */
    async byKey(userId: number, key: string): Promise<{ move: Move; fingerprint: string } | null> {
      const row = await byWhere('v.user_id = $1 AND v.idempotency_key = $2', [userId, key]);
      return row ? { move: toMove(row), fingerprint: row.request_fingerprint } : null;
    },

    async get(id: number): Promise<Move | null> {
      const row = await byWhere('v.id = $1', [id]);
      return row ? toMove(row) : null;
    },

    /** When the proxy was last moved (the cooldown counts from it); null: never. */
    async lastOf(proxyId: number): Promise<Date | null> {
      const [row] = await q.query<{ at: Date | string }>(
        'SELECT created_at AS at FROM proxy_moves WHERE proxy_id = $1 ORDER BY created_at DESC LIMIT 1',
        [proxyId],
      );
      return row ? new Date(row.at) : null;
    },

    /**
     * Records the move; null when another request with the customer's key committed first (the unique index waited
     * for it): that request was for another proxy (one for this proxy waited on its lock and found the key before).
     */
    async insert(move: NewMove): Promise<number | null> {
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO proxy_moves (proxy_id, user_id, from_modem_id, to_modem_id, from_country, from_city, from_operator,
                                  to_country, to_city, to_operator, from_ip, to_ip, ports_changed, fee, currency,
                                  idempotency_key, request_fingerprint, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
        [
          move.proxyId,
          move.userId,
          move.fromModemId,
          move.toModemId,
          move.from.country,
          move.from.city,
          move.from.operator,
          move.to.country,
          move.to.city,
          move.to.operator,
          move.fromIp,
          move.toIp,
          move.portsChanged,
          move.fee,
          move.currency,
          move.key,
          move.fingerprint,
          move.at,
        ],
      );
      return row?.id ?? null;
    },

    /** The fee staff set, in the site's currency, with who set it. */
    async settings(currency: Currency): Promise<MoveSettings> {
      const [row] = await q.query<{ fee: number; changed_at: Date | string | null; changed_by: string | null }>(
        `SELECT s.fee, s.changed_at, u.email AS changed_by
           FROM move_settings s LEFT JOIN users u ON u.id = s.changed_by WHERE s.id`,
      );
      return {
        fee: Number(row?.fee ?? 0),
        currency,
        changed_by: row?.changed_by ?? null,
        changed_at: row?.changed_at ? new Date(row.changed_at).toISOString() : null,
      };
    },

    async setFee(fee: number, actorId: number, at: Date): Promise<void> {
      await q.query('UPDATE move_settings SET fee = $1, changed_by = $2, changed_at = $3 WHERE id', [fee, actorId, at]);
    },
  };
}
