/**
 * `proxies` and the host ports they hold (`proxy_ports`): a customer's proxy on a modem, its credentials, whitelist and
 * change-IP token. Writes that the agent must apply are paired with `hostsRepository.bump` by the caller
 * (`farm-service.ts`), in the same transaction.
 */
import type { AgentProxy, ProxyState } from '@proxy/contract/schemas/farm-agent';
import type { ProxyUpdate } from '@proxy/contract/schemas/proxies';
import type { Queryable } from '../../db/db.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { FARM_REFUSALS } from './refusals.ts';

export interface Proxy {
  readonly id: number;
  readonly ownerId: number;
  readonly modemId: number;
  readonly hostId: number;
  readonly httpPort: number;
  readonly socksPort: number;
  readonly login: string;
  readonly password: string;
  readonly whitelist: readonly string[];
  readonly rotateToken: string;
  readonly state: ProxyState;
  readonly expiresAt: Date;
  readonly lastRotationAt: Date | null;
}

interface ProxyRow {
  id: number;
  owner_id: number;
  modem_id: number;
  host_id: number;
  http_port: number;
  socks_port: number;
  login: string;
  password: string;
  whitelist: string[];
  rotate_token: string;
  state: ProxyState;
  expires_at: Date | string;
  last_rotation_at: Date | string | null;
}

const COLUMNS = `id, owner_id, modem_id, host_id, http_port, socks_port, login, password, whitelist, rotate_token,
  state, expires_at, last_rotation_at`;

const toProxy = (row: ProxyRow): Proxy => ({
  id: row.id,
  ownerId: row.owner_id,
  modemId: row.modem_id,
  hostId: row.host_id,
  httpPort: row.http_port,
  socksPort: row.socks_port,
  login: row.login,
  password: row.password,
  whitelist: row.whitelist,
  rotateToken: row.rotate_token,
  state: row.state,
  expiresAt: new Date(row.expires_at),
  lastRotationAt: row.last_rotation_at === null ? null : new Date(row.last_rotation_at),
});

export interface NewProxy {
  readonly ownerId: number;
  readonly modemId: number;
  readonly hostId: number;
  readonly httpPort: number;
  readonly socksPort: number;
  readonly login: string;
  readonly password: string;
  readonly whitelist: readonly string[];
  readonly rotateToken: string;
  readonly rotateTokenHash: string;
  readonly expiresAt: Date;
  /** 30 days unless said (staff's and tests' proxies). */
  readonly periodDays?: number | undefined;
  readonly autoRenew?: boolean;
}

/** What the owner may change on a proxy (`PATCH /api/proxies/{id}/`); absent fields are kept. */
export interface ProxySettings {
  readonly comment?: string;
  readonly autoRenew?: boolean;
  readonly autoRotateMinutes?: number;
  readonly whitelist?: readonly string[];
}

/**
 * The owner's settings as the contract's `ProxyUpdate` sends them (any subset; the account's page and the customer
 * API alike), in the repository's terms, a whitelist's repeats dropped.
 */
export function ownerSettingsOf(input: ProxyUpdate): ProxySettings {
  return {
    ...(input.comment === undefined ? {} : { comment: input.comment }),
    ...(input.auto_renew === undefined ? {} : { autoRenew: input.auto_renew }),
    ...(input.auto_rotate_minutes === undefined ? {} : { autoRotateMinutes: input.auto_rotate_minutes }),
    ...(input.whitelist === undefined ? {} : { whitelist: [...new Set(input.whitelist)] }),
  };
}

/** A login another proxy has: its owner picked a taken one, or two owners picked it at once and this one came second. */
const refusingLogin = refuseOnConstraint({ proxies_login_key: FARM_REFUSALS.loginTaken });

export function proxiesRepository(q: Queryable) {
  return {
    /** The lowest `count` ports of the host's range no proxy holds (call with the host's row locked). */
    async freePorts(hostId: number, portMin: number, portMax: number, count: number): Promise<number[]> {
      const rows = await q.query<{ port: number }>(
        `SELECT p AS port FROM generate_series($2::int, $3::int) AS p
          WHERE NOT EXISTS (SELECT 1 FROM proxy_ports WHERE host_id = $1 AND port = p)
          ORDER BY p LIMIT $4`,
        [hostId, portMin, portMax, count],
      );
      return rows.map((row) => row.port);
    },

    async insert(proxy: NewProxy): Promise<Proxy> {
      const [row] = await q.query<ProxyRow>(
        `INSERT INTO proxies (owner_id, modem_id, host_id, http_port, socks_port, login, password, whitelist,
                              rotate_token, rotate_token_hash, expires_at, auto_renew, period_days)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
        [
          proxy.ownerId,
          proxy.modemId,
          proxy.hostId,
          proxy.httpPort,
          proxy.socksPort,
          proxy.login,
          proxy.password,
          proxy.whitelist,
          proxy.rotateToken,
          proxy.rotateTokenHash,
          proxy.expiresAt,
          proxy.autoRenew ?? false,
          proxy.periodDays ?? 30,
        ],
      );
      const created = toProxy(row as ProxyRow);
      await q.query('INSERT INTO proxy_ports (host_id, port, proxy_id) VALUES ($1, $2, $4), ($1, $3, $4)', [
        proxy.hostId,
        proxy.httpPort,
        proxy.socksPort,
        created.id,
      ]);
      return created;
    },

    async get(id: number, options: { lock?: boolean } = {}): Promise<Proxy | null> {
      const rows = await q.query<ProxyRow>(
        `SELECT ${COLUMNS} FROM proxies WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
        [id],
      );
      return rows[0] ? toProxy(rows[0]) : null;
    },

    /** The proxy behind a change-IP link, by the token's SHA-256, its row locked. */
    async lockByRotateHash(tokenHash: string): Promise<Proxy | null> {
      const rows = await q.query<ProxyRow>(`SELECT ${COLUMNS} FROM proxies WHERE rotate_token_hash = $1 FOR UPDATE`, [
        tokenHash,
      ]);
      return rows[0] ? toProxy(rows[0]) : null;
    },

    async setSettings(id: number, settings: ProxySettings): Promise<void> {
      await q.query(
        `UPDATE proxies SET comment = COALESCE($2, comment), auto_renew = COALESCE($3, auto_renew),
                auto_rotate_minutes = COALESCE($4, auto_rotate_minutes), whitelist = COALESCE($5, whitelist)
          WHERE id = $1`,
        [
          id,
          settings.comment ?? null,
          settings.autoRenew ?? null,
          settings.autoRotateMinutes ?? null,
          settings.whitelist ?? null,
        ],
      );
    },

    /**
     * A renewal: the new expiry and the period it paid for (the next auto-renewal's), the proxy served again if it
     * had expired or been suspended, and no auto-renewal retry pending. A free trial's proxy renewed is paid for: an
     * ordinary proxy from then on (#43).
     */
    async renew(id: number, expiresAt: Date, periodDays: number): Promise<void> {
      await q.query(
        `UPDATE proxies SET expires_at = $2, period_days = $3, state = 'active', renew_retry_at = NULL, trial = false
          WHERE id = $1`,
        [id, expiresAt, periodDays],
      );
    },

    /** The host's proxies as its agent's configuration lists them. */
    configOf(hostId: number): Promise<AgentProxy[]> {
      return q.query<AgentProxy>(
        `SELECT id, modem_id, http_port, socks_port, login, password, whitelist, state
           FROM proxies WHERE host_id = $1 ORDER BY id`,
        [hostId],
      );
    },

    /** A new login; one another proxy has is refused by the unique index (`loginTaken`). */
    async setLogin(id: number, login: string): Promise<void> {
      await q.query('UPDATE proxies SET login = $2 WHERE id = $1', [id, login]).catch(refusingLogin);
    },

    async setPassword(id: number, password: string): Promise<void> {
      await q.query('UPDATE proxies SET password = $2 WHERE id = $1', [id, password]);
    },

    async setWhitelist(id: number, whitelist: readonly string[]): Promise<void> {
      await q.query('UPDATE proxies SET whitelist = $2 WHERE id = $1', [id, whitelist]);
    },

    async setState(id: number, state: ProxyState): Promise<void> {
      await q.query('UPDATE proxies SET state = $2 WHERE id = $1', [id, state]);
    },

    async setRotateToken(id: number, token: string, tokenHash: string): Promise<void> {
      await q.query('UPDATE proxies SET rotate_token = $2, rotate_token_hash = $3 WHERE id = $1', [
        id,
        token,
        tokenHash,
      ]);
    },

    async rotationRequested(id: number, at: Date): Promise<void> {
      await q.query('UPDATE proxies SET last_rotation_at = $2 WHERE id = $1', [id, at]);
    },
  };
}
