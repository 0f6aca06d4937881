/**
 * `agent_hosts`: the farm hosts an agent runs on. `bump` is how every change an agent must apply announces itself:
 * the host's version moves in the writer's transaction, and `NOTIFY farm_changed` (sent at commit) wakes the long
 * polls of that host's agent. Rotations announce themselves with `bumpRotations` instead (#42): an agent speaking
 * protocol 2 is then sent the pending rotations alone, not the whole configuration.
 */
import type { Queryable } from '../../db/db.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { FARM_REFUSALS } from './refusals.ts';

export const FARM_CHANNEL = 'farm_changed';

/**
 * SQL: the host row `host` is silent at `now` (an SQL expression): the API has not heard from its agent, by config poll
 * or report, for AGENT_SILENT_SECONDS (#42). Its modems are then offline whatever the agent last reported. A host never
 * heard from is not silent: it has not started yet, and its modems stay offline until its first report.
 */
export const hostSilentAt = (host: string, now: string) => `${host}.alive_until <= ${now}`;
/** SQL: the negation of `hostSilentAt`, for the stock. */
export const hostHeardAt = (host: string, now: string) =>
  `(${host}.alive_until IS NULL OR ${host}.alive_until > ${now})`;

export interface AgentHost {
  readonly id: number;
  readonly name: string;
  readonly publicHost: string;
  readonly portMin: number;
  readonly portMax: number;
  /** The configuration's version, rotations apart (protocol 2's `version`). */
  readonly configVersion: string;
  /** Moves when a rotation is requested or finished (protocol 2's `rotations_version`). */
  readonly rotationsVersion: string;
  readonly lastSeenAt: Date | null;
  readonly servedVersion: string | null;
}

interface HostRow {
  id: number;
  name: string;
  public_host: string;
  port_min: number;
  port_max: number;
  config_version: number;
  rotations_version: number;
  last_seen_at: Date | string | null;
  served_version: string | null;
}

const COLUMNS =
  'id, name, public_host, port_min, port_max, config_version, rotations_version, last_seen_at, served_version';

const toHost = (row: HostRow): AgentHost => ({
  id: row.id,
  name: row.name,
  publicHost: row.public_host,
  portMin: row.port_min,
  portMax: row.port_max,
  configVersion: String(row.config_version),
  rotationsVersion: String(row.rotations_version),
  lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
  servedVersion: row.served_version,
});

/**
 * The version an agent that does not speak protocol 2 is sent: both counters, so its config moves with the rotations
 * as it always did. Its reports send it back; `servedConfigVersion` reads the config's part out of it.
 */
export const legacyVersion = (host: Pick<AgentHost, 'configVersion' | 'rotationsVersion'>) =>
  `${host.configVersion}.${host.rotationsVersion}`;

/** The config version a report says is served, without an older agent's rotations part (`legacyVersion`). */
export const servedConfigVersion = (reported: string | null) =>
  reported === null ? null : (reported.split('.')[0] ?? reported);

export interface NewHost {
  readonly name: string;
  readonly publicHost: string;
  readonly portMin: number;
  readonly portMax: number;
  readonly tokenHash: string;
}

/** A name another host has; a host whose modems still name it (their proxies' ports are its: modems go first). */
const refusingName = refuseOnConstraint({ agent_hosts_name_key: FARM_REFUSALS.hostNameTaken });
const refusingDelete = refuseOnConstraint({ modems_host_id_fkey: FARM_REFUSALS.hostHasModems });

export function hostsRepository(q: Queryable) {
  return {
    async insert(host: NewHost): Promise<AgentHost> {
      const [row] = await q
        .query<HostRow>(
          `INSERT INTO agent_hosts (name, public_host, port_min, port_max, token_hash) VALUES ($1, $2, $3, $4, $5)
           RETURNING ${COLUMNS}`,
          [host.name, host.publicHost, host.portMin, host.portMax, host.tokenHash],
        )
        .catch(refusingName);
      return toHost(row as HostRow);
    },

    async get(id: number, options: { lock?: boolean } = {}): Promise<AgentHost | null> {
      const rows = await q.query<HostRow>(
        `SELECT ${COLUMNS} FROM agent_hosts WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
        [id],
      );
      return rows[0] ? toHost(rows[0]) : null;
    },

    async byTokenHash(tokenHash: string): Promise<AgentHost | null> {
      const rows = await q.query<HostRow>(`SELECT ${COLUMNS} FROM agent_hosts WHERE token_hash = $1`, [tokenHash]);
      return rows[0] ? toHost(rows[0]) : null;
    },

    async versions(id: number): Promise<{ config: string; rotations: string } | null> {
      const rows = await q.query<{ c: number; r: number }>(
        'SELECT config_version AS c, rotations_version AS r FROM agent_hosts WHERE id = $1',
        [id],
      );
      return rows[0] ? { config: String(rows[0].c), rotations: String(rows[0].r) } : null;
    },

    /** The host's agent has something new to apply: a new version, and its long polls woken at commit. */
    async bump(id: number): Promise<void> {
      await q.query('UPDATE agent_hosts SET config_version = config_version + 1 WHERE id = $1', [id]);
      await q.query('SELECT pg_notify($1, $2)', [FARM_CHANNEL, `h${id}`]);
    },

    /** A rotation of one of the host's modems was requested or finished: its agent's long polls woken at commit. */
    async bumpRotations(id: number): Promise<void> {
      await q.query('UPDATE agent_hosts SET rotations_version = rotations_version + 1 WHERE id = $1', [id]);
      await q.query('SELECT pg_notify($1, $2)', [FARM_CHANNEL, `h${id}`]);
    },

    /** Wakes whoever waits for the health check's result (the owner's "check now"), at commit. */
    async notifyCheck(checkId: number): Promise<void> {
      await q.query('SELECT pg_notify($1, $2)', [FARM_CHANNEL, `c${checkId}`]);
    },

    /** Wakes whoever waits for the rotation's result (the change-IP link), at commit. */
    async notifyRotation(rotationId: number): Promise<void> {
      await q.query('SELECT pg_notify($1, $2)', [FARM_CHANNEL, `r${rotationId}`]);
    },

    async replaceToken(id: number, tokenHash: string): Promise<boolean> {
      const rows = await q.query('UPDATE agent_hosts SET token_hash = $2 WHERE id = $1 RETURNING id', [id, tokenHash]);
      return rows.length > 0;
    },

    async update(
      id: number,
      changes: { name?: string; publicHost?: string; portMin: number; portMax: number },
    ): Promise<void> {
      await q
        .query(
          `UPDATE agent_hosts SET name = COALESCE($2, name), public_host = COALESCE($3, public_host),
                  port_min = $4, port_max = $5 WHERE id = $1`,
          [id, changes.name ?? null, changes.publicHost ?? null, changes.portMin, changes.portMax],
        )
        .catch(refusingName);
    },

    async hasPortsOutside(id: number, portMin: number, portMax: number): Promise<boolean> {
      const rows = await q.query('SELECT 1 FROM proxy_ports WHERE host_id = $1 AND (port < $2 OR port > $3) LIMIT 1', [
        id,
        portMin,
        portMax,
      ]);
      return rows.length > 0;
    },

    /** How many proxies the host's modems can carry: their capacities summed (a modem's bounds its proxies). */
    async capacity(id: number): Promise<number> {
      const [row] = await q.query<{ n: number }>(
        'SELECT COALESCE(sum(capacity), 0)::int AS n FROM modems WHERE host_id = $1',
        [id],
      );
      return row?.n ?? 0;
    },

    async hasModems(id: number): Promise<boolean> {
      return (await q.query('SELECT 1 FROM modems WHERE host_id = $1 LIMIT 1', [id])).length > 0;
    },

    async delete(id: number): Promise<void> {
      await q.query('DELETE FROM agent_hosts WHERE id = $1', [id]).catch(refusingDelete);
    },

    /**
     * The agent reported at `at` (the app's clock, which the silent-agent alert compares with); silent unless heard
     * from again before `aliveUntil`.
     */
    async seen(
      id: number,
      report: { servedVersion: string | null; startedAt: string },
      at: Date,
      aliveUntil: Date,
    ): Promise<void> {
      await q.query(
        `UPDATE agent_hosts SET last_seen_at = $4, alive_until = $5, served_version = $2, agent_started_at = $3
          WHERE id = $1`,
        [id, report.servedVersion, report.startedAt, at, aliveUntil],
      );
    },

    /** The agent asked for its configuration at `at`: silent unless heard from again before `aliveUntil`. */
    async heard(id: number, at: Date, aliveUntil: Date): Promise<void> {
      await q.query('UPDATE agent_hosts SET last_seen_at = $2, alive_until = $3 WHERE id = $1', [id, at, aliveUntil]);
    },
  };
}
