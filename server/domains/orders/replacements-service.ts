/**
 * Replacing a proxy whose IP is bad (#49 item 9; Proxy-Seller's `replace`): same id, login, password and term, on
 * ANOTHER free modem of the same country, city and operator — a new IP — free of charge, at most
 * `PROXY_REPLACEMENTS_PER_MONTH` times per proxy in a rolling window counted over `proxy_replacements`. Built on the
 * move's machinery (#29) and its lock order: the proxy (as a move, a transfer, a block or a reboot take it first) → the
 * free modem of the place it takes (`lockFreeModemFor`, the order path's own pick) → the hosts (id order) → the
 * account. So a replacement and an order for the last free modem of a place are serialised on that modem and exactly
 * one gets it;
 * two replacements of one proxy are serialised on the proxy, the later one counting the earlier; and either the proxy
 * is on its new modem with the replacement recorded, or nothing changed.
 */
import {
  PROXY_REPLACEMENTS_PER_MONTH,
  type Replacement,
  type ReplacementQuote,
} from '@proxy/contract/schemas/replacements';
import type { Db, Queryable } from '../../db/db.ts';
import { fingerprint, IDEMPOTENCY_REFUSALS } from '../../lib/idempotency.ts';
import { Refusal } from '../../lib/refusal.ts';
import {
  FARM_REFUSALS,
  freeModemsIn,
  lockFreeModemFor,
  lockHosts,
  movableProxy,
  type MovableProxy,
  relocateProxy,
} from '../farm/index.ts';
import { REPLACEMENT_REFUSALS } from './replacements-refusals.ts';
import { REPLACEMENT_WINDOW_MS, replacementsRepository } from './replacements-repository.ts';
import { ORDER_REFUSALS } from './refusals.ts';

export interface ReplacementsOptions {
  /** Milliseconds now: the window and the replacement's time (tests move it). */
  readonly now?: () => number;
}

/**
 * The rules that do not depend on stock or the limit, as a move words them for its proxy: a free trial's (#43), one
 * not served (suspended by staff, expired: renew it first), one being given away.
 */
function refuseUnreplaceable(proxy: MovableProxy, at: number): void {
  if (proxy.trial) throw REPLACEMENT_REFUSALS.trial();
  const served = (proxy.state === 'active' || proxy.state === 'expiring') && proxy.expiresAt.getTime() > at;
  if (!served) throw REPLACEMENT_REFUSALS.inactive();
  if (proxy.transferPending) throw REPLACEMENT_REFUSALS.transferPending();
}

/** The limit as of `at`: how many are left, and when one more becomes possible (null: none used in the window). */
async function allowance(q: Queryable, proxyId: number, at: number) {
  const used = await replacementsRepository(q).within(proxyId, new Date(at));
  const left = Math.max(0, PROXY_REPLACEMENTS_PER_MONTH - used.length);
  // With the limit used up, the one whose leaving the window frees a replacement; otherwise the oldest.
  const freeing = used[Math.max(0, used.length - PROXY_REPLACEMENTS_PER_MONTH)];
  return { left, next: freeing ? new Date(freeing.getTime() + REPLACEMENT_WINDOW_MS) : null };
}

/** Free modems of the proxy's place other than its own: a replacement must change its IP. */
const others = <M extends { readonly id: number }>(modems: readonly M[], proxy: MovableProxy) =>
  modems.filter((modem) => modem.id !== proxy.modemId);

export function replacementsService(db: Db, options: ReplacementsOptions = {}) {
  const now = options.now ?? Date.now;

  return {
    /** What replacing the customer's proxy would do now; null: not their proxy. Changes nothing. */
    async quote(userId: number, proxyId: number): Promise<ReplacementQuote | null> {
      const proxy = await movableProxy(db, proxyId, { lock: false });
      if (!proxy || proxy.ownerId !== userId) return null;
      const at = now();
      refuseUnreplaceable(proxy, at);
      const [{ left, next }, free] = await Promise.all([
        allowance(db, proxy.id, at),
        freeModemsIn(db, proxy, new Date(at)).then((modems) => others(modems, proxy)),
      ]);
      return {
        available: free.length,
        limit: PROXY_REPLACEMENTS_PER_MONTH,
        left,
        next_at: next?.toISOString() ?? null,
        // As the replacement picks: another free modem on the proxy's own host keeps its ports.
        ports_change: free.length > 0 && !free.some((modem) => modem.hostId === proxy.hostId),
      };
    },

    /**
     * Replaces the customer's proxy for `key`: answers the replacement and whether this request made it (false: the
     * key made it before, for the same proxy); null: not their proxy. A refusal changes nothing.
     */
    replace(
      userId: number,
      proxyId: number,
      key: string,
    ): Promise<{ readonly replacement: Replacement; readonly created: boolean } | null> {
      const request = fingerprint({ proxy_id: proxyId, action: 'replace' });
      return db.transaction(async (tx) => {
        const proxy = await movableProxy(tx, proxyId, { lock: true });
        if (!proxy || proxy.ownerId !== userId) return null;
        const replacements = replacementsRepository(tx);
        // Read after the proxy's lock: a request with this key that replaced this proxy has committed by now, and this
        // statement's snapshot sees it (a retried click answers the replacement, not a second one).
        const claimed = await replacements.byKey(userId, key);
        if (claimed) {
          if (claimed.fingerprint !== request) throw IDEMPOTENCY_REFUSALS.mismatch();
          return { replacement: claimed.replacement, created: false };
        }
        const at = now();
        refuseUnreplaceable(proxy, at);
        // Counted under the proxy's lock: a replacement of it that committed meanwhile is in the count.
        const { left, next } = await allowance(tx, proxy.id, at);
        if (left === 0 && next) throw REPLACEMENT_REFUSALS.limitReached({ next });

        // Another modem than its own (a new IP), on its host when one is free there (its ports kept).
        const modem = await lockFreeModemFor(tx, proxy, {
          now: new Date(at),
          hostId: proxy.hostId,
          except: proxy.modemId,
        });
        // Counted under the modems' locks, after any order or move holding them finished: a shortage here is real.
        if (!modem) throw REPLACEMENT_REFUSALS.noStock();
        await lockHosts(tx, [proxy.hostId, modem.hostId]);
        const placed = await relocateProxy(tx, proxy, modem, new Date(at)).catch((error: unknown) => {
          // A host whose port range is used up takes no more proxies: for the customer, no other modem there.
          throw Refusal.is(error, FARM_REFUSALS.noFreePorts) ? REPLACEMENT_REFUSALS.noStock({ cause: error }) : error;
        });
        const [target] = await tx.query<{ ip: string | null }>('SELECT ip FROM modems WHERE id = $1', [modem.id]);
        const id = await replacements.insert({
          proxyId: proxy.id,
          userId,
          fromModemId: proxy.modemId,
          toModemId: modem.id,
          fromIp: proxy.ip,
          toIp: target?.ip ?? null,
          portsChanged: placed.portsChanged,
          key,
          fingerprint: request,
          at: new Date(at),
        });
        if (id === null) throw IDEMPOTENCY_REFUSALS.mismatch();
        // The account's row last, as an order and a move lock it: a block that committed meanwhile is seen.
        const [account] = await tx.query<{ is_active: boolean }>(
          'SELECT is_active FROM users WHERE id = $1 FOR NO KEY UPDATE',
          [userId],
        );
        if (account?.is_active !== true) throw ORDER_REFUSALS.blocked();
        return { replacement: (await replacements.get(id)) as Replacement, created: true };
      });
    },
  };
}

export type ReplacementsService = ReturnType<typeof replacementsService>;
