/**
 * What can be sold: modems that are online and carry fewer proxies than their capacity (any proxy row on a modem
 * counts, whatever its state: an expired or suspended proxy still holds its modem until it is released). The order
 * takes its modems here, under their row locks, and makes each proxy with `allocateProxy` inside its own transaction.
 */
import { SERVED_PROXY_STATES, type ProxyState } from '@proxy/contract/schemas/farm-agent';
import type { Queryable } from '../../db/db.ts';
import { hostsRepository, type AgentHost } from './hosts-repository.ts';
import { proxiesRepository, type Proxy } from './proxies-repository.ts';
import { newProxyLogin, newProxyPassword, newRotateToken, sha256 } from './secrets.ts';

/** The host's port range has no two free ports left. */
export class NoFreePorts extends Error {
  constructor(hostId: number) {
    super(`Agent host ${hostId} has no free ports`);
    this.name = 'NoFreePorts';
  }
}

export interface Place {
  readonly country: string;
  readonly city: string;
  readonly operator: string;
}

export interface StockLine extends Place {
  readonly free: number;
}

export interface FreeModem extends Place {
  readonly id: number;
  readonly hostId: number;
}

/** A modem is free while it is online and carries fewer proxies than it may. */
const FREE = `m.status = 'online' AND (SELECT count(*) FROM proxies p WHERE p.modem_id = m.id) < m.capacity`;

/** The free modems per place, one statement (the public home page and the order page read it). */
export function freeStock(q: Queryable): Promise<StockLine[]> {
  return q.query<StockLine>(
    `SELECT m.country, m.city, m.operator, count(*)::int AS free
       FROM modems m WHERE ${FREE}
      GROUP BY m.country, m.city, m.operator
      ORDER BY m.country, m.city, m.operator`,
  );
}

/** How many modems of the place are free now (the quote's `available`). */
export async function freeCount(q: Queryable, place: Place): Promise<number> {
  const [row] = await q.query<{ free: number }>(
    `SELECT count(*)::int AS free FROM modems m
      WHERE m.country = $1 AND m.city = $2 AND m.operator = $3 AND ${FREE}`,
    [place.country, place.city, place.operator],
  );
  return row?.free ?? 0;
}

/**
 * Locks up to `count` free modems of the place for the caller's transaction (which must then put its proxies on
 * them), in random order: concurrent orders then land on different modems and mostly on different hosts, instead of
 * all queueing for the first host's row lock (held to commit by `allocateProxy`). `SKIP LOCKED` passes over modems another order holds right now; each locked modem's
 * capacity is then checked again in a statement of its own, because the locking statement's snapshot may predate a
 * proxy that an order which just released the lock committed on it (PostgreSQL re-checks a locked row's conditions
 * only when the row itself changed, and inserting a proxy does not change the modem row). Modems that fail the
 * re-check stay locked and are excluded from the next round, so the loop ends; a round finding nothing new ends it
 * too. Answers fewer modems than asked when the place has fewer free: the caller refuses the order.
 */
export async function lockFreeModems(tx: Queryable, place: Place, count: number): Promise<FreeModem[]> {
  const taken: FreeModem[] = [];
  const seen: number[] = [];
  while (taken.length < count) {
    const locked = await tx.query<{ id: number }>(
      `SELECT m.id FROM modems m
        WHERE m.country = $1 AND m.city = $2 AND m.operator = $3 AND ${FREE} AND NOT (m.id = ANY($4::int[]))
        ORDER BY random() LIMIT $5
        FOR UPDATE OF m SKIP LOCKED`,
      [place.country, place.city, place.operator, seen, count - taken.length],
    );
    if (locked.length === 0) break;
    const ids = locked.map((row) => row.id);
    seen.push(...ids);
    const fresh = await tx.query<FreeModem>(
      `SELECT m.id, m.host_id AS "hostId", m.country, m.city, m.operator FROM modems m
        WHERE m.id = ANY($1::int[]) AND ${FREE} ORDER BY m.id`,
      [ids],
    );
    taken.push(...fresh);
  }
  return taken;
}

export interface ProxyAllocation {
  readonly ownerId: number;
  readonly modemId: number;
  readonly hostId: number;
  readonly expiresAt: Date;
  readonly autoRenew?: boolean;
  readonly whitelist?: readonly string[];
}

/**
 * A proxy for the owner on the modem, inside the caller's transaction: generated credentials and change-IP token,
 * and the two lowest free ports of the modem's host, taken under the host's row lock so two allocations never share
 * a port. The host's agent is told (its configuration version moves, its long poll wakes at commit). A caller
 * making several proxies locks their hosts in id order first (`lockHosts`), as every writer of host rows does.
 */
export async function allocateProxy(tx: Queryable, input: ProxyAllocation): Promise<Proxy> {
  const hosts = hostsRepository(tx);
  const host = (await hosts.get(input.hostId, { lock: true })) as AgentHost;
  const proxies = proxiesRepository(tx);
  const ports = await proxies.freePorts(host.id, host.portMin, host.portMax, 2);
  if (ports.length < 2) throw new NoFreePorts(host.id);
  const rotateToken = newRotateToken();
  const proxy = await proxies.insert({
    ownerId: input.ownerId,
    modemId: input.modemId,
    hostId: host.id,
    httpPort: ports[0] as number,
    socksPort: ports[1] as number,
    login: newProxyLogin(),
    password: newProxyPassword(),
    whitelist: input.whitelist ?? [],
    rotateToken,
    rotateTokenHash: sha256(rotateToken),
    expiresAt: input.expiresAt,
    autoRenew: input.autoRenew ?? false,
  });
  await hosts.bump(host.id);
  return proxy;
}

/** Locks the hosts' rows in id order: the one order every writer of several hosts follows, so none deadlock. */
export async function lockHosts(tx: Queryable, hostIds: readonly number[]): Promise<void> {
  await tx.query('SELECT id FROM agent_hosts WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [
    [...new Set(hostIds)],
  ]);
}

export interface RenewableProxy {
  readonly id: number;
  readonly hostId: number;
  /** Its modem's country: the price list prices a renewal by it. */
  readonly country: string;
  readonly state: ProxyState;
  readonly expiresAt: Date;
}

/**
 * The owner's proxies among `ids` with what a renewal prices and extends; `lock`: their rows locked in id order (the
 * order every writer of proxies keeps), for a renewal's transaction — `NO KEY UPDATE`, which still excludes every
 * other writer of the row but lets an agent's traffic report (a foreign key to the proxy) through. A proxy of
 * another owner is not among them.
 */
export async function renewableProxies(
  q: Queryable,
  ids: readonly number[],
  ownerId: number,
  options: { readonly lock: boolean },
): Promise<RenewableProxy[]> {
  const rows = await q.query<{ id: number; host_id: number; country: string; state: ProxyState; expires_at: Date }>(
    `SELECT p.id, p.host_id, m.country, p.state, p.expires_at
       FROM proxies p JOIN modems m ON m.id = p.modem_id
      WHERE p.id = ANY($1::int[]) AND p.owner_id = $2
      ORDER BY p.id${options.lock ? ' FOR NO KEY UPDATE OF p' : ''}`,
    [[...new Set(ids)], ownerId],
  );
  return rows.map((row) => ({
    id: row.id,
    hostId: row.host_id,
    country: row.country,
    state: row.state,
    expiresAt: new Date(row.expires_at),
  }));
}

/**
 * Writes each proxy's new expiry (on rows `renewableProxies` locked) and makes it active. An expired or suspended proxy
 * is served again, so its host's agent is told, hosts in id order.
 */
export async function extendProxies(
  tx: Queryable,
  renewals: readonly { readonly proxy: RenewableProxy; readonly expiresAt: Date }[],
): Promise<void> {
  const proxies = proxiesRepository(tx);
  for (const { proxy, expiresAt } of renewals) await proxies.renew(proxy.id, expiresAt);
  const revived = renewals
    .filter(({ proxy }) => !SERVED_PROXY_STATES.includes(proxy.state))
    .map(({ proxy }) => proxy.hostId);
  const hosts = hostsRepository(tx);
  for (const hostId of [...new Set(revived)].sort((a, b) => a - b)) await hosts.bump(hostId);
}
