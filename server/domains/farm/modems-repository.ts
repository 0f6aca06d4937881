/** `modems`: the farm's modems, one SIM each, on an agent host. */
import type { AgentModem, ModemReport } from '@proxy/contract/schemas/farm-agent';
import type { Queryable } from '../../db/db.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { FARM_REFUSALS } from './refusals.ts';

export type ModemStatus = 'online' | 'offline' | 'maintenance';

export interface NewModem {
  readonly hostId: number;
  readonly name: string;
  readonly key: string;
  readonly country: string;
  readonly city: string;
  readonly operator: string;
  readonly capacity?: number;
  readonly notes?: string;
}

export interface Modem {
  readonly id: number;
  readonly hostId: number;
  readonly name: string;
  readonly key: string;
  readonly country: string;
  readonly city: string;
  readonly operator: string;
  readonly status: ModemStatus;
  readonly ip: string | null;
  readonly lastRotationAt: Date | null;
}

interface ModemRow {
  id: number;
  host_id: number;
  name: string;
  key: string;
  country: string;
  city: string;
  operator: string;
  status: ModemStatus;
  ip: string | null;
  last_rotation_at: Date | string | null;
}

const COLUMNS = 'id, host_id, name, key, country, city, operator, status, ip, last_rotation_at';

const toModem = (row: ModemRow): Modem => ({
  id: row.id,
  hostId: row.host_id,
  name: row.name,
  key: row.key,
  country: row.country,
  city: row.city,
  operator: row.operator,
  status: row.status,
  ip: row.ip,
  lastRotationAt: row.last_rotation_at === null ? null : new Date(row.last_rotation_at),
});

/**
 * A key the host's other modem has; a host that is not there; a modem whose proxies hold its host's ports (it can be
 * neither moved to another host nor deleted).
 */
const refusing = refuseOnConstraint({
  modems_host_id_key_key: FARM_REFUSALS.modemKeyTaken,
  modems_host_id_fkey: FARM_REFUSALS.unknownHost,
  proxies_modem_id_host_id_fkey: FARM_REFUSALS.modemHasProxies,
});

export function modemsRepository(q: Queryable) {
  return {
    async insert(modem: NewModem): Promise<Modem> {
      const [row] = await q
        .query<ModemRow>(
          `INSERT INTO modems (host_id, name, key, country, city, operator, capacity, notes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
          [
            modem.hostId,
            modem.name,
            modem.key,
            modem.country,
            modem.city,
            modem.operator,
            modem.capacity ?? 1,
            modem.notes ?? '',
          ],
        )
        .catch(refusing);
      return toModem(row as ModemRow);
    },

    async get(id: number, options: { lock?: boolean } = {}): Promise<Modem | null> {
      const rows = await q.query<ModemRow>(
        `SELECT ${COLUMNS} FROM modems WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
        [id],
      );
      return rows[0] ? toModem(rows[0]) : null;
    },

    /** The host's modems as its agent's configuration lists them. */
    configOf(hostId: number): Promise<AgentModem[]> {
      return q.query<AgentModem>('SELECT id, name, key, ip FROM modems WHERE host_id = $1 ORDER BY id', [hostId]);
    },

    /**
     * What the agent found: status and address of the host's own modems (another host's ids are ignored). A modem
     * staff put in maintenance stays so; its address is still recorded. A modem going offline is offline since `at`
     * (the app's clock: the customer's page and the alerts read it), until a report finds it back.
     */
    async applyReports(hostId: number, reports: readonly ModemReport[], at: Date): Promise<void> {
      const known = reports.filter((report) => report.modem_id !== null);
      if (known.length === 0) return;
      // Locked in id order first, as an order locks a place's modems: an UPDATE over several rows takes their locks
      // in whatever order its plan visits them, and could deadlock with an order holding one and waiting for another.
      await q.query(`SELECT id FROM modems WHERE id = ANY($2::int[]) AND host_id = $1 ORDER BY id FOR NO KEY UPDATE`, [
        hostId,
        known.map((report) => report.modem_id as number),
      ]);
      await q.query(
        `UPDATE modems m
            SET status = CASE WHEN m.status = 'maintenance' THEN m.status ELSE r.status END,
                offline_since = CASE WHEN m.status = 'maintenance' THEN m.offline_since
                                     WHEN r.status = 'offline' THEN coalesce(m.offline_since, $6)
                                     ELSE NULL END,
                ip = r.ip, checked_at = r.checked_at
           FROM unnest($2::int[], $3::text[], $4::text[], $5::timestamptz[]) AS r(id, status, ip, checked_at)
          WHERE m.id = r.id AND m.host_id = $1`,
        [
          hostId,
          known.map((report) => report.modem_id as number),
          known.map((report) => report.status),
          known.map((report) => report.ip),
          known.map((report) => report.checked_at),
          at,
        ],
      );
    },

    /** The given fields (the others kept). */
    async update(
      id: number,
      changes: Partial<Omit<NewModem, 'hostId'>> & { readonly hostId?: number; readonly status?: ModemStatus },
    ): Promise<void> {
      const columns: Record<string, unknown> = {
        host_id: changes.hostId,
        name: changes.name,
        key: changes.key,
        country: changes.country,
        city: changes.city,
        operator: changes.operator,
        capacity: changes.capacity,
        notes: changes.notes,
        status: changes.status,
      };
      const set = Object.entries(columns).filter(([, value]) => value !== undefined);
      if (set.length === 0) return;
      await q
        .query(
          `UPDATE modems SET ${set.map(([column], index) => `${column} = $${index + 2}`).join(', ')} WHERE id = $1`,
          [id, ...set.map(([, value]) => value as string | number)],
        )
        .catch(refusing);
    },

    /** Whether a served proxy other than `proxyId` uses the modem (another customer a reboot would cut off). */
    async sharedBeyond(id: number, proxyId: number): Promise<boolean> {
      const rows = await q.query(
        `SELECT 1 FROM proxies WHERE modem_id = $1 AND id <> $2 AND state IN ('active', 'expiring') LIMIT 1`,
        [id, proxyId],
      );
      return rows.length > 0;
    },

    async hasProxies(id: number): Promise<boolean> {
      return (await q.query('SELECT 1 FROM proxies WHERE modem_id = $1 LIMIT 1', [id])).length > 0;
    },

    async delete(id: number): Promise<void> {
      await q.query('DELETE FROM modems WHERE id = $1', [id]).catch(refusing);
    },

    async rotated(id: number, ip: string, at: string): Promise<void> {
      await q.query('UPDATE modems SET ip = $2, last_rotation_at = $3 WHERE id = $1', [id, ip, at]);
    },
  };
}
