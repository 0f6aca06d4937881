/**
 * `rotations`: every IP change asked of a modem, and what came of it (the history the customer and staff see): a
 * reconnect (`rotate`) or a reboot of the modem (`reboot`). One is pending per modem at a time: a second rotation
 * while one runs joins it; a reboot is refused instead (`requestReboot` answers null).
 */
import type { RotationKind, RotationRequest, RotationResult } from '@proxy/contract/schemas/farm-agent';
import type { Queryable } from '../../db/db.ts';

export type RotationSource = 'link' | 'customer' | 'auto' | 'staff';
export type RotationStatus = 'pending' | 'done' | 'failed';

export interface Rotation {
  readonly id: number;
  readonly modemId: number;
  readonly status: RotationStatus;
  readonly oldIp: string | null;
  readonly newIp: string | null;
  readonly error: string;
}

interface RotationRow {
  id: number;
  modem_id: number;
  status: RotationStatus;
  old_ip: string | null;
  new_ip: string | null;
  error: string;
}

const COLUMNS = 'id::int AS id, modem_id, status, old_ip, new_ip, error';

const toRotation = (row: RotationRow): Rotation => ({
  id: row.id,
  modemId: row.modem_id,
  status: row.status,
  oldIp: row.old_ip,
  newIp: row.new_ip,
  error: row.error,
});

export function rotationsRepository(q: Queryable) {
  return {
    /** A new pending rotation of the modem, or the one already pending (the request joins it). */
    async request(request: {
      readonly modemId: number;
      readonly proxyId: number | null;
      readonly source: RotationSource;
      readonly actorId: number | null;
      readonly oldIp: string | null;
    }): Promise<{ id: number; created: boolean }> {
      const inserted = await q.query<{ id: number }>(
        `INSERT INTO rotations (modem_id, proxy_id, source, actor_id, old_ip) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (modem_id) WHERE status = 'pending' DO NOTHING RETURNING id::int AS id`,
        [request.modemId, request.proxyId, request.source, request.actorId, request.oldIp],
      );
      if (inserted[0]) return { id: inserted[0].id, created: true };
      const [pending] = await q.query<{ id: number }>(
        `SELECT id::int AS id FROM rotations WHERE modem_id = $1 AND status = 'pending'`,
        [request.modemId],
      );
      return { id: (pending as { id: number }).id, created: false };
    },

    /** A new pending reboot of the modem at `at`; null when a rotation or reboot of it is already pending. */
    async requestReboot(request: {
      readonly modemId: number;
      readonly proxyId: number | null;
      readonly source: Extract<RotationSource, 'customer' | 'staff'>;
      readonly actorId: number | null;
      readonly oldIp: string | null;
      readonly at: Date;
    }): Promise<number | null> {
      const [inserted] = await q.query<{ id: number }>(
        `INSERT INTO rotations (modem_id, proxy_id, kind, source, actor_id, old_ip, requested_at)
         VALUES ($1, $2, 'reboot', $3, $4, $5, $6)
         ON CONFLICT (modem_id) WHERE status = 'pending' DO NOTHING RETURNING id::int AS id`,
        [request.modemId, request.proxyId, request.source, request.actorId, request.oldIp, request.at],
      );
      return inserted?.id ?? null;
    },

    /** When the modem was last asked to reboot (the reboot cooldown counts from it); null: never. */
    async lastRebootOf(modemId: number): Promise<Date | null> {
      const [row] = await q.query<{ at: Date | string }>(
        `SELECT requested_at AS at FROM rotations WHERE modem_id = $1 AND kind = 'reboot'
          ORDER BY requested_at DESC LIMIT 1`,
        [modemId],
      );
      return row ? new Date(row.at) : null;
    },

    async get(id: number): Promise<Rotation | null> {
      const rows = await q.query<RotationRow>(`SELECT ${COLUMNS} FROM rotations WHERE id = $1`, [id]);
      return rows[0] ? toRotation(rows[0]) : null;
    },

    /** A rotation of one of the host's modems, its row locked; null if it is another host's or unknown. */
    async lockForHost(id: number, hostId: number): Promise<Rotation | null> {
      const rows = await q.query<RotationRow>(
        `SELECT r.id::int AS id, r.modem_id, r.status, r.old_ip, r.new_ip, r.error
           FROM rotations r JOIN modems m ON m.id = r.modem_id
          WHERE r.id = $1 AND m.host_id = $2 FOR UPDATE OF r`,
        [id, hostId],
      );
      return rows[0] ? toRotation(rows[0]) : null;
    },

    /** The host's pending rotations, as its agent's configuration lists them. */
    async pendingOf(hostId: number): Promise<RotationRequest[]> {
      const rows = await q.query<{ id: number; modem_id: number; kind: RotationKind; requested_at: Date | string }>(
        `SELECT r.id::int AS id, r.modem_id, r.kind, r.requested_at
           FROM rotations r JOIN modems m ON m.id = r.modem_id
          WHERE m.host_id = $1 AND r.status = 'pending' ORDER BY r.id`,
        [hostId],
      );
      return rows.map((row) => ({ ...row, requested_at: new Date(row.requested_at).toISOString() }));
    },

    async finish(id: number, result: RotationResult, previousIp: string | null): Promise<void> {
      await q.query(
        `UPDATE rotations SET status = $2, new_ip = $3, old_ip = COALESCE($4, old_ip), error = $5, finished_at = $6
          WHERE id = $1`,
        [
          id,
          result.status,
          result.status === 'done' ? result.ip : null,
          result.status === 'done' ? (result.previous_ip ?? previousIp) : null,
          result.status === 'failed' ? result.error : '',
          result.finished_at,
        ],
      );
    },
  };
}
