/**
 * A proxy moving to another modem (#29, "move"), inside the caller's transaction: the proxy keeps its id, login,
 * password, whitelist and change-IP link; its row points at the new modem, so the old modem's slot is free again at
 * commit (a modem's load is the proxy rows on it), and both hosts' agents are told in the same transaction. On the
 * same host the agent re-routes the proxy's listeners to the new modem at its next config pull (`Gateway.update`:
 * its sessions closed); onto another host the proxy gets two free ports there (its old ports freed), the old host's
 * agent stops serving it and the new one starts. Nothing waits for the agent: until its long poll wakes (at commit,
 * within a second) the old modem carries the proxy a moment longer, which sells it to nobody twice, since the
 * database already counts the slot as the new owner's.
 */
import type { ProxyState } from '@proxy/contract/schemas/farm-agent';
import type { Queryable } from '../../db/db.ts';
import { placeRuOf } from './place-names.ts';
import { hostsRepository, type AgentHost } from './hosts-repository.ts';
import { lockFreeModems, pickFreeModems, type FreeModem, type Place } from './inventory.ts';
import { proxiesRepository } from './proxies-repository.ts';
import { FARM_REFUSALS } from './refusals.ts';

export interface MovableProxy {
  readonly id: number;
  readonly ownerId: number;
  readonly modemId: number;
  readonly hostId: number;
  readonly httpPort: number;
  readonly socksPort: number;
  readonly state: ProxyState;
  readonly expiresAt: Date;
  /** What it was bought for: the price list's period a move compares the two places' prices on. */
  readonly periodDays: number;
  /** Its modem's place and current address (the history keeps both). */
  readonly country: string;
  readonly city: string;
  readonly cityRu: string;
  readonly operator: string;
  readonly operatorRu: string;
  readonly ip: string | null;
  /** A transfer of it to another account is waiting for an answer. */
  readonly transferPending: boolean;
  /** A free trial's proxy (#43): it stays in the place trials are given in. */
  readonly trial: boolean;
}

interface MovableRow {
  id: number;
  owner_id: number;
  modem_id: number;
  host_id: number;
  http_port: number;
  socks_port: number;
  state: ProxyState;
  expires_at: Date | string;
  period_days: number;
  country: string;
  city: string;
  city_ru: string;
  operator: string;
  operator_ru: string;
  ip: string | null;
  transfer_pending: boolean;
  trial: boolean;
}

/**
 * The proxy with its place; `lock`: its row locked until the transaction ends (`FOR UPDATE`, the lock every writer of
 * a proxy takes first: a transfer, a block, a renewal, a reboot all wait for a move and are waited for by one).
 */
export async function movableProxy(
  q: Queryable,
  id: number,
  options: { readonly lock: boolean },
): Promise<MovableProxy | null> {
  // The row locked on its own first: locking through the join would, after waiting for a move of this very proxy,
  // re-check the updated row against the old modem's join row (PostgreSQL re-reads only the locked table) and lose
  // it. Read after the lock, the join sees the committed modem.
  if (options.lock) await q.query('SELECT id FROM proxies WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await q.query<MovableRow>(
    `SELECT p.id, p.owner_id, p.modem_id, p.host_id, p.http_port, p.socks_port, p.state, p.expires_at, p.period_days,
            p.trial, m.country, m.city, ${placeRuOf('m')}, m.operator, m.ip,
            EXISTS (SELECT 1 FROM transfers t WHERE t.proxy_id = p.id AND t.state = 'pending') AS transfer_pending
       FROM proxies p JOIN modems m ON m.id = p.modem_id
      WHERE p.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    id: row.id,
    ownerId: row.owner_id,
    modemId: row.modem_id,
    hostId: row.host_id,
    httpPort: row.http_port,
    socksPort: row.socks_port,
    state: row.state,
    expiresAt: new Date(row.expires_at),
    periodDays: row.period_days,
    country: row.country,
    city: row.city,
    cityRu: row.city_ru,
    operator: row.operator,
    operatorRu: row.operator_ru,
    ip: row.ip,
    transferPending: row.transfer_pending,
    trial: row.trial,
  };
}

/** Whether any modem (in service or not) is of the place: an unknown place is a bad request, not a sold-out one. */
export async function placeExists(q: Queryable, place: Place): Promise<boolean> {
  const [row] = await q.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM modems WHERE country = $1 AND city = $2 AND operator = $3) AS found',
    [place.country, place.city, place.operator],
  );
  return row?.found === true;
}

/** The place's city and operator named in Russian ('' while none), for answers about a place no proxy is on yet. */
export async function placeRuIn(q: Queryable, place: Place): Promise<{ city_ru: string; operator_ru: string }> {
  const [row] = await q.query<{ city_ru: string; operator_ru: string }>(
    `SELECT ${placeRuOf('x')} FROM (SELECT $1::text AS country, $2::text AS city, $3::text AS operator) x`,
    [place.country, place.city, place.operator],
  );
  return row ?? { city_ru: '', operator_ru: '' };
}

/**
 * Of the free modems a move may take (`lockFreeModems`' answer, least loaded first), the one it takes: one on the
 * proxy's own host when there is one, so its ports (and the customer's connection strings) stay as they are.
 */
function pickModem<M extends { readonly hostId: number }>(modems: readonly M[], hostId: number): M | null {
  return modems.find((modem) => modem.hostId === hostId) ?? modems[0] ?? null;
}

/** More than a place has: the waiting path counts every free modem, to find one on the proxy's host among them. */
const ALL_FREE = 1_000_000;

/**
 * The free modem of `place` a move (#29) or a replacement (#49) takes, locked for the caller's transaction, or null
 * when there is none: one on `hostId` (the proxy's own host, whose ports it keeps) when there is one, else the least
 * loaded; never `except` (a replacement's own modem). The order path's way (`allocateInPlace`): a quick pick locks only
 * the modem it takes, from a bounded set of candidates nobody holds (`pickFreeModems`: `SKIP LOCKED`, no waiting), so
 * concurrent moves into one place neither queue behind each other nor lock the place's whole stock. Only when it finds
 * none (its locks released again) does the move wait for every free modem of the place in id order (`lockFreeModems`):
 * a modem another transaction held may still have a slot once that one is done, so "no stock" is said only after every
 * free modem was counted under its lock. The lock order stays the one every writer keeps: the proxy (the caller's,
 * first), then modems, then hosts — a quick pick never waits, a waiting one holds no modem out of id order, so neither
 * deadlocks the other nor an order.
 */
export async function lockFreeModemFor(
  tx: Queryable,
  place: Place,
  options: { readonly now: Date; readonly hostId: number; readonly except?: number },
): Promise<FreeModem | null> {
  const except = options.except === undefined ? [] : [options.except];
  const [picked] = await pickFreeModems(tx, place, 1, options.now, { preferHost: options.hostId, except });
  if (picked) return picked;
  const waited = await lockFreeModems(tx, place, ALL_FREE, options.now);
  return pickModem(
    waited.filter((modem) => !except.includes(modem.id)),
    options.hostId,
  );
}

export interface Relocation {
  readonly httpPort: number;
  readonly socksPort: number;
  readonly portsChanged: boolean;
}

/**
 * Puts the proxy (locked by `movableProxy`) on `modem` (locked by `lockFreeModemFor`), with both hosts' rows locked by
 * the caller (`lockHosts`, id order). Onto another host, the two lowest free ports of that host; none left refuses
 * (`noFreePorts`) and, thrown inside the caller's transaction, changes nothing. Its IP changes `at` this moment, as a
 * rotation's does: the proxy's last change (`last_rotation_at`, the page's "Last change", the next auto-rotation's and
 * the change-IP cooldown's start) is now.
 */
export async function relocateProxy(
  tx: Queryable,
  proxy: MovableProxy,
  modem: FreeModem,
  at: Date,
): Promise<Relocation> {
  const hosts = hostsRepository(tx);
  if (modem.hostId === proxy.hostId) {
    await tx.query('UPDATE proxies SET modem_id = $2, last_rotation_at = $3 WHERE id = $1', [proxy.id, modem.id, at]);
    await hosts.bump(proxy.hostId);
    return { httpPort: proxy.httpPort, socksPort: proxy.socksPort, portsChanged: false };
  }
  const host = (await hosts.get(modem.hostId, { lock: true })) as AgentHost;
  const ports = await proxiesRepository(tx).freePorts(host.id, host.portMin, host.portMax, 2);
  if (ports.length < 2) throw FARM_REFUSALS.noFreePorts();
  const [httpPort, socksPort] = ports as [number, number];
  await tx.query('DELETE FROM proxy_ports WHERE proxy_id = $1', [proxy.id]);
  await tx.query(
    `UPDATE proxies SET modem_id = $2, host_id = $3, http_port = $4, socks_port = $5, last_rotation_at = $6
      WHERE id = $1`,
    [proxy.id, modem.id, host.id, httpPort, socksPort, at],
  );
  await tx.query('INSERT INTO proxy_ports (host_id, port, proxy_id) VALUES ($1, $2, $4), ($1, $3, $4)', [
    host.id,
    httpPort,
    socksPort,
    proxy.id,
  ]);
  // Both agents, in id order (the order every writer of several hosts keeps): the old one drops the proxy, the new
  // one opens its ports.
  for (const hostId of [proxy.hostId, host.id].sort((a, b) => a - b)) await hosts.bump(hostId);
  return { httpPort, socksPort, portsChanged: true };
}
