/**
 * What can be sold: modems that are online, on a host the API has heard from lately (#42), and carry fewer proxies than
 * their capacity (any proxy row on a modem counts, whatever its state: an expired or suspended proxy still holds its
 * modem until it is released). An order (or a trial) takes its modems here, under their row locks
 * (`allocateInPlace`), and makes each proxy with `allocateProxy` inside its own transaction.
 */
import type { Language } from '@proxy/contract/languages';
import { SERVED_PROXY_STATES, type ProxyState } from '@proxy/contract/schemas/farm-agent';
import type { Queryable } from '../../db/db.ts';
import { placeRuOf } from './place-names.ts';
import { hostHeardAt, hostsRepository, type AgentHost } from './hosts-repository.ts';
import { proxiesRepository, type Proxy } from './proxies-repository.ts';
import { FARM_REFUSALS } from './refusals.ts';
import { newProxyLogin, newProxyPassword, newRotateToken, sha256 } from './secrets.ts';

export interface Place {
  readonly country: string;
  readonly city: string;
  readonly operator: string;
}

export interface StockLine extends Place {
  /** The city's and the operator's Russian names ('' while none). */
  readonly city_ru: string;
  readonly operator_ru: string;
  readonly free: number;
}

export interface FreeModem extends Place {
  readonly id: number;
  readonly hostId: number;
}

/**
 * A modem is free at `now` (the SQL parameter `$n`) while it is online, its host is not silent (judged by its row's
 * primary key: the agent's last report may say online for minutes after a `kill -9`), and it carries fewer proxies than
 * it may. Its proxies are counted only up to its capacity (`LIMIT`): the answer is the same, and a stock of the whole
 * farm reads a few index entries per modem.
 */
const free = (n: number) => `m.status = 'online'
  AND EXISTS (SELECT 1 FROM agent_hosts h WHERE h.id = m.host_id AND ${hostHeardAt('h', `$${n}::timestamptz`)})
  AND (SELECT count(*) FROM (SELECT 1 FROM proxies p WHERE p.modem_id = m.id LIMIT m.capacity) held) < m.capacity`;

/** The free modems per place at `now`, one statement (the public home page and the order page read it). */
export function freeStock(q: Queryable, now: Date): Promise<StockLine[]> {
  return q.query<StockLine>(
    `SELECT s.*, ${placeRuOf('s')}
       FROM (SELECT m.country, m.city, m.operator, count(*)::int AS free
               FROM modems m WHERE ${free(1)}
              GROUP BY m.country, m.city, m.operator) s
      ORDER BY s.country, s.city, s.operator`,
    [now],
  );
}

/** How many modems of the place are free at `now` (the quote's `available`). */
export async function freeCount(q: Queryable, place: Place, now: Date): Promise<number> {
  const [row] = await q.query<{ free: number }>(
    `SELECT count(*)::int AS free FROM modems m
      WHERE m.country = $1 AND m.city = $2 AND m.operator = $3 AND ${free(4)}`,
    [place.country, place.city, place.operator, now],
  );
  return row?.free ?? 0;
}

/** The hosts with a free modem of the place (a move's quote: whether the proxy can stay on its host, ports and all). */
export async function freeModemHosts(q: Queryable, place: Place, now: Date): Promise<number[]> {
  const rows = await q.query<{ host_id: number }>(
    `SELECT DISTINCT m.host_id FROM modems m
      WHERE m.country = $1 AND m.city = $2 AND m.operator = $3 AND ${free(4)}`,
    [place.country, place.city, place.operator, now],
  );
  return rows.map((row) => row.host_id);
}

/**
 * The place's free modems at `now`, unlocked (a replacement's quote: how many other modems there are and whether one is
 * on the proxy's own host).
 */
export function freeModemsIn(q: Queryable, place: Place, now: Date): Promise<FreeModem[]> {
  return q.query<FreeModem>(
    `SELECT m.id, m.host_id AS "hostId", m.country, m.city, m.operator FROM modems m
      WHERE m.country = $1 AND m.city = $2 AND m.operator = $3 AND ${free(4)}
      ORDER BY m.id`,
    [place.country, place.city, place.operator, now],
  );
}

/** SQL: a free modem's load, the proxies it carries (a proxy shares its modem's address and bandwidth). */
const LOAD = '(SELECT count(*) FROM proxies p WHERE p.modem_id = m.id)';

/** The modems among `ids` still free at `now`, read by a statement of its own: the least loaded first. */
function stillFree(tx: Queryable, ids: readonly number[], now: Date): Promise<FreeModem[]> {
  return tx.query<FreeModem>(
    `SELECT m.id, m.host_id AS "hostId", m.country, m.city, m.operator FROM modems m
      WHERE m.id = ANY($1::int[]) AND ${free(2)}
      ORDER BY ${LOAD}, m.id`,
    [[...ids], now],
  );
}

/**
 * Locks ALL of the place's free modems for the caller's transaction, waiting for those another transaction holds, and
 * answers up to `count` of them, the least loaded first: the waiting path of an order (`allocateInPlace`), a move and a
 * replacement (`lockFreeModemFor`) whose quick pick came up short, so that "sold out" is only said once every free
 * modem was counted under its lock. A scan of the place under its locks, so only that rare case takes it.
 *
 * The modems are locked in id order, so two transactions waiting here never hold each other's next modem (no
 * deadlock) and the later one counts what the earlier left. It counts in a statement of its own: the locking
 * statement's snapshot may predate a proxy that the order it waited for committed, and PostgreSQL re-checks a locked
 * row's conditions only when the row itself changed (inserting a proxy does not change the modem row). `NO KEY UPDATE`
 * still keeps orders off each other's modems, but lets a foreign key to the modem through: a staff `createProxy`, which
 * inserts its proxy holding the host's lock, would otherwise deadlock with an order holding the modem and waiting for
 * that host.
 */
export async function lockFreeModems(tx: Queryable, place: Place, count: number, now: Date): Promise<FreeModem[]> {
  const locked = await tx.query<{ id: number }>(
    `SELECT m.id FROM modems m
      WHERE m.country = $1 AND m.city = $2 AND m.operator = $3 AND ${free(4)}
      ORDER BY m.id
      FOR NO KEY UPDATE OF m`,
    [place.country, place.city, place.operator, now],
  );
  return (
    await stillFree(
      tx,
      locked.map((row) => row.id),
      now,
    )
  ).slice(0, count);
}

/** How many quick passes an order makes before it falls back to waiting for the place's modems. */
const QUICK_PASSES = 3;

/** What a quick pick prefers and leaves out (a move's and a replacement's, `lockFreeModemFor`). */
export interface PickOptions {
  /** Modems on this host first, whatever their load: a move keeps its proxy's ports there. */
  readonly preferHost?: number;
  /** Never these (a replacement's own modem). */
  readonly except?: readonly number[];
}

/**
 * The quick pick: up to `count` free modems of the place that no other transaction holds, locked, passing over the
 * ones held (`SKIP LOCKED`) and not waiting for any, so that concurrent orders of one place each lock only the few
 * modems they take. Candidates go least loaded first (after `preferHost`'s) and, at equal load, one per host in turn
 * (the first of each host, then the second...): concurrent orders then land on different hosts, whose row locks
 * (ports, configuration) they would otherwise queue on. Answers the ids locked; what they are worth is for `stillFree`
 * to say.
 */
function lockSomeFreeModems(
  tx: Queryable,
  place: Place,
  count: number,
  now: Date,
  passed: readonly number[],
  preferHost: number | null,
): Promise<{ id: number }[]> {
  return tx.query<{ id: number }>(
    `SELECT t.id FROM modems t
       JOIN (SELECT c.id, c.host_id, c.load, row_number() OVER (PARTITION BY c.host_id, c.load ORDER BY c.id) AS turn
               FROM (SELECT m.id, m.host_id, ${LOAD} AS load FROM modems m
                      WHERE m.country = $1 AND m.city = $2 AND m.operator = $3 AND ${free(4)}
                        AND NOT (m.id = ANY($5::int[]))) c) c ON c.id = t.id
      ORDER BY c.host_id IS NOT DISTINCT FROM $7::int DESC, c.load, c.turn, c.host_id
      LIMIT $6
      FOR NO KEY UPDATE OF t SKIP LOCKED`,
    [place.country, place.city, place.operator, now, [...passed], count, preferHost],
  );
}

export interface ProxyAllocation {
  readonly ownerId: number;
  readonly modemId: number;
  readonly hostId: number;
  readonly expiresAt: Date;
  /** What it was bought for: an auto-renewal buys the same period again. */
  readonly periodDays?: number;
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
  if (ports.length < 2) throw FARM_REFUSALS.noFreePorts();
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
    periodDays: input.periodDays,
    autoRenew: input.autoRenew ?? false,
  });
  await hosts.bump(host.id);
  return proxy;
}

/** What `allocateInPlace` answers: a proxy on each modem taken, or how many the place had free (fewer than needed). */
export type PlaceAllocation =
  | { readonly ok: true; readonly proxies: readonly { readonly modem: FreeModem; readonly proxy: Proxy }[] }
  | { readonly ok: false; readonly free: number };

/**
 * The one way proxies are sold from stock, inside the caller's transaction — an order's and a free trial's (#29): a
 * proxy for the owner on each of `count` free modems of the place (`allocateProxy`), free at `now`, their hosts locked
 * in id order first (`lockHosts`). `minFree`: the place must have at least this many free modems, counted under their
 * locks (a trial keeps staff's minimum for paying customers); at least `count`. Fewer: nothing is written and the
 * answer says how many were free. A host out of ports throws `FARM_REFUSALS.noFreePorts` (the caller words it).
 *
 * Concurrent orders of one place must neither queue behind each other nor hear a false "sold out" (#42). Each first
 * locks only the modems it needs among those nobody holds (`lockSomeFreeModems`, `SKIP LOCKED`), and re-counts them in
 * a statement of its own (`stillFree`: the locking statement's snapshot may predate a proxy an order that just let go
 * of a modem committed on it); another pass or two tops up what turned out full. Passing over held modems alone once
 * told buyers "sold out" while those modems still had free slots, so a quick pick that comes up short proves nothing:
 * the order then lets go of what it picked (a savepoint rolled back releases those row locks, so it holds no modem out
 * of id order while it waits) and takes the waiting path, `lockFreeModems`, which locks every free modem of the place
 * in id order, waiting for their holders, and counts what they left. A shortage there is real. A quick pick never
 * waits for a modem and a waiting one waits in id order holding none out of it, so neither deadlocks the other; both
 * lock hosts only after modems, as a move does.
 */
export async function allocateInPlace(
  tx: Queryable,
  place: Place,
  count: number,
  allocation: Omit<ProxyAllocation, 'modemId' | 'hostId'>,
  options: { readonly now: Date; readonly minFree?: number },
): Promise<PlaceAllocation> {
  const needed = Math.max(count, options.minFree ?? count);
  let modems = await pickFreeModems(tx, place, needed, options.now);
  if (modems.length < needed) {
    modems = await lockFreeModems(tx, place, needed, options.now);
    if (modems.length < needed) return { ok: false, free: modems.length };
  }
  const taken = modems.slice(0, count);
  const hostIds = taken.map((modem) => modem.hostId);
  // One host is locked by `allocateProxy` itself: a round trip less while its lock is held, for most orders.
  if (new Set(hostIds).size > 1) await lockHosts(tx, hostIds);
  const proxies: { modem: FreeModem; proxy: Proxy }[] = [];
  for (const modem of taken) {
    proxies.push({ modem, proxy: await allocateProxy(tx, { ...allocation, modemId: modem.id, hostId: modem.hostId }) });
  }
  return { ok: true, proxies };
}

/**
 * `needed` free modems locked by quick passes (`lockSomeFreeModems`), the least loaded first; or none, with every lock
 * the passes took released again, when they could not find that many.
 */
export async function pickFreeModems(
  tx: Queryable,
  place: Place,
  needed: number,
  now: Date,
  options: PickOptions = {},
): Promise<FreeModem[]> {
  await tx.query('SAVEPOINT quick_pick');
  const held: number[] = [];
  let modems: FreeModem[] = [];
  for (let pass = 0; pass < QUICK_PASSES; pass++) {
    const passed = [...(options.except ?? []), ...held];
    const locked = await lockSomeFreeModems(tx, place, needed - modems.length, now, passed, options.preferHost ?? null);
    if (locked.length === 0) break;
    held.push(...locked.map((row) => row.id));
    modems = await stillFree(tx, held, now);
    if (modems.length >= needed) {
      await tx.query('RELEASE SAVEPOINT quick_pick');
      return modems.slice(0, needed);
    }
  }
  await tx.query('ROLLBACK TO SAVEPOINT quick_pick');
  await tx.query('RELEASE SAVEPOINT quick_pick');
  return [];
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
  // Locked on their own first, then read with their modems: locking through the join would, after waiting for a
  // move of one of them (#29), re-check its new row against its old modem's and lose it.
  if (options.lock) {
    await q.query('SELECT id FROM proxies WHERE id = ANY($1::int[]) AND owner_id = $2 ORDER BY id FOR NO KEY UPDATE', [
      [...new Set(ids)],
      ownerId,
    ]);
  }
  const rows = await q.query<{ id: number; host_id: number; country: string; state: ProxyState; expires_at: Date }>(
    `SELECT p.id, p.host_id, m.country, p.state, p.expires_at
       FROM proxies p JOIN modems m ON m.id = p.modem_id
      WHERE p.id = ANY($1::int[]) AND p.owner_id = $2
      ORDER BY p.id`,
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
  renewals: readonly { readonly proxy: RenewableProxy; readonly expiresAt: Date; readonly periodDays: number }[],
): Promise<void> {
  const proxies = proxiesRepository(tx);
  for (const { proxy, expiresAt, periodDays } of renewals) await proxies.renew(proxy.id, expiresAt, periodDays);
  await bumpHosts(
    tx,
    renewals.filter(({ proxy }) => !SERVED_PROXY_STATES.includes(proxy.state)).map(({ proxy }) => proxy.hostId),
  );
}

/**
 * A proxy a lifecycle sweep claimed (its row locked `FOR UPDATE SKIP LOCKED` in the sweep's transaction), with what
 * the sweep decides and writes by: its renewal's price and period, and its owner's address and language for mails.
 */
export interface DueProxy extends RenewableProxy {
  readonly ownerId: number;
  readonly periodDays: number;
  readonly autoRenew: boolean;
  /** The expiry an auto-renewal last failed for. */
  readonly renewalFailedFor: Date | null;
  /** A free trial's proxy (#43): released when it ends, never held. */
  readonly trial: boolean;
  readonly email: string;
  readonly language: Language;
}

/** Which rows a sweep is after, at `now` ($1); each is written so that the sweep's own write ends it. */
export type Due =
  /** Auto-renew on, within the lead time of expiry (or suspended and still held), not waiting for a retry. */
  | { readonly kind: 'renew'; readonly leadMs: number; readonly holdMs: number }
  /** Served, and past expiry. */
  | { readonly kind: 'suspend' }
  /** Suspended, and past the hold; a trial's (suspended by a block), past its end. */
  | { readonly kind: 'release'; readonly holdMs: number }
  /** Served, not auto-renewed, within 3 days (or 1 day) of expiry and not reminded for this expiry. */
  | { readonly kind: 'remind'; readonly farMs: number; readonly nearMs: number };

/** Still served, or would be but for the sweep that suspends it: 'expired' is never written, but mean the same. */
const SERVED = `p.state IN ('active', 'expiring', 'expired')`;
/** Parameter `n` (milliseconds) as an interval. */
const ms = (n: number) => `($${n}::bigint * interval '1 millisecond')`;
const NOW = '$1::timestamptz';

function dueCondition(due: Due): { readonly where: string; readonly values: readonly number[] } {
  switch (due.kind) {
    case 'renew':
      // The lead is at most half the period, so a proxy renewed from now is not due again at once.
      return {
        // A blocked owner's proxies stay suspended: renewing would serve them again.
        where: `p.auto_renew AND u.is_active AND (p.renew_retry_at IS NULL OR p.renew_retry_at <= ${NOW}) AND (
            (${SERVED} AND p.expires_at < ${NOW} + LEAST(${ms(4)}, make_interval(hours => p.period_days * 12)))
            OR (p.state = 'suspended' AND p.expires_at + ${ms(5)} > ${NOW}))`,
        values: [due.leadMs, due.holdMs],
      };
    case 'suspend':
      return { where: `${SERVED} AND p.expires_at <= ${NOW}`, values: [] };
    case 'release':
      return {
        where: `p.state = 'suspended' AND (p.expires_at + ${ms(4)} <= ${NOW} OR (p.trial AND p.expires_at <= ${NOW}))`,
        values: [due.holdMs],
      };
    case 'remind':
      return {
        where: `${SERVED} AND NOT p.auto_renew AND p.expires_at > ${NOW} AND (
            (p.expires_at - ${ms(4)} <= ${NOW} AND p.reminded_3d_for IS DISTINCT FROM p.expires_at
              AND p.reminded_1d_for IS DISTINCT FROM p.expires_at)
            OR (p.expires_at - ${ms(5)} <= ${NOW} AND p.reminded_1d_for IS DISTINCT FROM p.expires_at))`,
        values: [due.farMs, due.nearMs],
      };
  }
}

interface DueRow {
  id: number;
  owner_id: number;
  host_id: number;
  country: string;
  state: ProxyState;
  expires_at: Date | string;
  period_days: number;
  auto_renew: boolean;
  renewal_failed_for: Date | string | null;
  trial: boolean;
  email: string;
  language: Language;
}

/**
 * Locks up to `limit` proxies due at `now`, in id order, passing over rows another sweep holds (`SKIP LOCKED`) and the
 * ids in `skip` (rows this sweep already handled but left due, so its loop ends).
 */
export async function claimDueProxies(
  tx: Queryable,
  due: Due,
  now: Date,
  skip: readonly number[],
  limit: number,
): Promise<DueProxy[]> {
  const condition = dueCondition(due);
  const rows = await tx.query<DueRow>(
    `SELECT p.id, p.owner_id, p.host_id, m.country, p.state, p.expires_at, p.period_days, p.auto_renew,
            p.renewal_failed_for, p.trial, u.email, u.language
       FROM proxies p JOIN modems m ON m.id = p.modem_id JOIN users u ON u.id = p.owner_id
      WHERE ${condition.where} AND NOT (p.id = ANY($2::int[]))
      ORDER BY p.id LIMIT $3
      FOR NO KEY UPDATE OF p SKIP LOCKED`,
    [now, [...skip], limit, ...condition.values],
  );
  return rows.map((row) => ({
    id: row.id,
    ownerId: row.owner_id,
    hostId: row.host_id,
    country: row.country,
    state: row.state,
    expiresAt: new Date(row.expires_at),
    periodDays: row.period_days,
    autoRenew: row.auto_renew,
    renewalFailedFor: row.renewal_failed_for === null ? null : new Date(row.renewal_failed_for),
    trial: row.trial,
    email: row.email,
    language: row.language,
  }));
}

/**
 * Locks up to `limit` served proxies whose auto-rotation interval has passed at `now` and whose modem is online (an
 * offline modem's proxies are not claimed at all, so they cost a sweep nothing until it is back).
 */
export async function claimAutoRotations(
  tx: Queryable,
  now: Date,
  skip: readonly number[],
  limit: number,
): Promise<{ readonly id: number; readonly hostId: number }[]> {
  return tx.query<{ id: number; hostId: number }>(
    `SELECT p.id, p.host_id AS "hostId" FROM proxies p JOIN modems m ON m.id = p.modem_id
      WHERE p.auto_rotate_minutes > 0 AND p.state IN ('active', 'expiring') AND p.expires_at > $1
        AND (p.last_rotation_at IS NULL OR p.last_rotation_at + make_interval(mins => p.auto_rotate_minutes) <= $1)
        AND m.status = 'online' AND NOT (p.id = ANY($2::int[]))
      ORDER BY p.id LIMIT $3
      FOR NO KEY UPDATE OF p SKIP LOCKED`,
    [now, [...skip], limit],
  );
}

/** Bumps the hosts' configuration versions in id order (the order every writer of several hosts keeps). */
async function bumpHosts(tx: Queryable, hostIds: readonly number[]): Promise<void> {
  const hosts = hostsRepository(tx);
  for (const hostId of [...new Set(hostIds)].sort((a, b) => a - b)) await hosts.bump(hostId);
}

/** The claimed proxies stop being served: `suspended`, and their hosts' agents told. */
export async function suspendProxies(tx: Queryable, proxies: readonly DueProxy[]): Promise<void> {
  await tx.query(`UPDATE proxies SET state = 'suspended' WHERE id = ANY($1::int[])`, [proxies.map((p) => p.id)]);
  await bumpHosts(
    tx,
    proxies.map((proxy) => proxy.hostId),
  );
}

/**
 * The claimed proxies are deleted and their modems free again: ports go with them (cascade), order lines, rotations
 * and transfers keep their history with no proxy. A transfer still pending for one lapses here, in the same
 * transaction, so nobody can accept a proxy that is gone.
 */
export async function releaseProxies(tx: Queryable, proxies: readonly DueProxy[], now: Date): Promise<void> {
  const ids = proxies.map((proxy) => proxy.id);
  await tx.query(
    `UPDATE transfers SET state = 'expired', decided_at = $2 WHERE proxy_id = ANY($1::int[]) AND state = 'pending'`,
    [ids, now],
  );
  await tx.query('DELETE FROM proxies WHERE id = ANY($1::int[])', [ids]);
  await bumpHosts(
    tx,
    proxies.map((proxy) => proxy.hostId),
  );
}

/** The reminder(s) sent for the proxy's current expiry: `near` (1 day) counts for the 3-day one too. */
export async function markReminded(tx: Queryable, proxy: DueProxy, which: 'far' | 'near'): Promise<void> {
  await tx.query(
    `UPDATE proxies SET reminded_3d_for = $2, reminded_1d_for = CASE WHEN $3 THEN $2 ELSE reminded_1d_for END
      WHERE id = $1`,
    [proxy.id, proxy.expiresAt, which === 'near'],
  );
}

/** An auto-renewal that could not be paid: its expiry remembered (one mail per expiry) and the next try. */
export async function markRenewalFailed(tx: Queryable, proxy: DueProxy, retryAt: Date): Promise<void> {
  await tx.query('UPDATE proxies SET renewal_failed_for = $2, renew_retry_at = $3 WHERE id = $1', [
    proxy.id,
    proxy.expiresAt,
    retryAt,
  ]);
}

/**
 * A block's or an unblock's first locks, in the order every writer keeps: the owner's proxies (id order), then their
 * hosts (id order). The caller locks the account after these; answers the ids of the proxies locked.
 */
export async function lockOwnerProxies(tx: Queryable, ownerId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number; host_id: number }>(
    'SELECT id, host_id FROM proxies WHERE owner_id = $1 ORDER BY id FOR UPDATE',
    [ownerId],
  );
  await lockHosts(
    tx,
    rows.map((row) => row.host_id),
  );
  return rows.map((row) => row.id);
}

/**
 * The given proxies (locked with their hosts by `lockOwnerProxies`) stop at their agents: every served one
 * `suspended`, its host bumped, and a pending transfer of one cancelled (a blocked customer gives nothing away).
 * Answers how many were suspended.
 */
export async function suspendOwnerProxies(tx: Queryable, proxyIds: readonly number[], now: Date): Promise<number> {
  const rows = await tx.query<{ host_id: number }>(
    `UPDATE proxies SET state = 'suspended' WHERE id = ANY($1::int[]) AND ${SERVED.replaceAll('p.', '')}
     RETURNING host_id`,
    [[...proxyIds]],
  );
  await tx.query(
    `UPDATE transfers SET state = 'cancelled', decided_at = $2 WHERE state = 'pending' AND proxy_id = ANY($1::int[])`,
    [[...proxyIds], now],
  );
  await bumpHosts(
    tx,
    rows.map((row) => row.host_id),
  );
  return rows.length;
}

/**
 * The given suspended proxies (locked by `lockOwnerProxies`) still within their term are served again, their hosts
 * bumped; the ones past it stay suspended for the lifecycle (renewal by hand, then release). Answers how many.
 */
export async function resumeOwnerProxies(tx: Queryable, proxyIds: readonly number[], now: Date): Promise<number> {
  const rows = await tx.query<{ host_id: number }>(
    `UPDATE proxies SET state = 'active' WHERE id = ANY($1::int[]) AND state = 'suspended' AND expires_at > $2
     RETURNING host_id`,
    [[...proxyIds], now],
  );
  await bumpHosts(
    tx,
    rows.map((row) => row.host_id),
  );
  return rows.length;
}
