/**
 * Moving a proxy to another place (#29; mobileproxy's `change_equipment`, Illusory's "swap"): same id, login and
 * password, on a free modem of the chosen country, city and operator. A quote reads and changes nothing. A move is ONE
 * transaction that decides and writes under locks taken in the order every writer keeps — the proxy (as a transfer, a
 * block or a reboot take it first) → the free modem of the target place it takes (`lockFreeModemFor`, the order path's
 * own pick) → both hosts (id order) → the account (the fee's posting) — so a move and an order for the last free
 * modem of a place are serialised on that modem and exactly one gets it, two moves of one proxy are serialised on the
 * proxy, and either the proxy is on its new modem and the fee paid, or nothing changed.
 *
 * The fee: none when the target is priced by the same plan as where the proxy is (the same price for the proxy's
 * period in the price list); otherwise the one amount staff set (`move_settings`), one ledger entry `purchase` with
 * the reference `move:{id}`. Kept simple on purpose: a move never changes the proxy's term, and a renewal prices the
 * proxy by its new country from then on.
 */
import type { Currency } from '@proxy/contract/money';
import { MOVE_COOLDOWN_SECONDS, type Move, type MoveQuote, type MoveRequest } from '@proxy/contract/schemas/moves';
import type { MoveSettings } from '@proxy/contract/schemas/moves';
import type { Price } from '@proxy/contract/schemas/orders';
import type { Db, Queryable } from '../../db/db.ts';
import { fingerprint, IDEMPOTENCY_REFUSALS } from '../../lib/idempotency.ts';
import { Refusal } from '../../lib/refusal.ts';
import { ledgerRepository } from '../billing/index.ts';
import {
  FARM_REFUSALS,
  freeCount,
  freeModemHosts,
  lockFreeModemFor,
  lockHosts,
  movableProxy,
  type MovableProxy,
  placeExists,
  placeRuIn,
  relocateProxy,
} from '../farm/index.ts';
import { movesRepository } from './moves-repository.ts';
import { MOVE_REFUSALS } from './moves-refusals.ts';
import { priceFor, readPriceList } from './price-list.ts';
import { ORDER_REFUSALS } from './refusals.ts';

/** Within the cooldown: the seconds left (the route answers 429 with `Retry-After`). */
export class MoveCooldown extends Error {
  readonly seconds: number;
  constructor(seconds: number) {
    super(`A proxy may be moved once per ${MOVE_COOLDOWN_SECONDS} s: ${seconds} s left`);
    this.name = 'MoveCooldown';
    this.seconds = seconds;
  }
}

export interface MovesOptions {
  /** The site's one currency: the price list and the fee are in it. */
  readonly currency: Currency;
  /** Milliseconds now: the cooldown and the move's time (tests move it). */
  readonly now?: () => number;
}

interface Fee {
  readonly priceNow: number | null;
  readonly priceTarget: number | null;
  readonly samePlan: boolean;
  readonly fee: number;
}

/** What the move costs: nothing within the same plan, otherwise the fee staff set. */
export function moveFee(prices: readonly Price[], proxy: MovableProxy, to: MoveRequest, setFee: number): Fee {
  const priceNow = priceFor(prices, proxy.periodDays, proxy.country)?.price ?? null;
  const priceTarget = priceFor(prices, proxy.periodDays, to.country)?.price ?? null;
  const samePlan = priceNow !== null && priceNow === priceTarget;
  return { priceNow, priceTarget, samePlan, fee: samePlan ? 0 : setFee };
}

const samePlace = (proxy: MovableProxy, to: MoveRequest) =>
  proxy.country === to.country && proxy.city === to.city && proxy.operator === to.operator;

/**
 * The rules that do not depend on stock or money, in the order a customer fixes them: a free trial's proxy (#43: it
 * would take a paid place's stock for nothing; renewed, it is paid for and may move), a proxy not served (suspended,
 * expired: renew it first), one being given away, the place it is in already, a place that does not exist.
 */
async function refuseUnmovable(q: Queryable, proxy: MovableProxy, to: MoveRequest, at: number): Promise<void> {
  if (proxy.trial) throw MOVE_REFUSALS.trial();
  const served = (proxy.state === 'active' || proxy.state === 'expiring') && proxy.expiresAt.getTime() > at;
  if (!served) throw MOVE_REFUSALS.inactive();
  if (proxy.transferPending) throw MOVE_REFUSALS.transferPending();
  if (samePlace(proxy, to)) throw MOVE_REFUSALS.samePlace();
  if (!(await placeExists(q, to))) throw MOVE_REFUSALS.badTarget();
}

/** Seconds left of the cooldown after the proxy's last move at `at`; 0: it may move. */
async function cooldownLeft(q: Queryable, proxyId: number, at: number): Promise<number> {
  const last = await movesRepository(q).lastOf(proxyId);
  if (!last) return 0;
  const elapsed = (at - last.getTime()) / 1000;
  return elapsed < MOVE_COOLDOWN_SECONDS ? Math.max(1, Math.ceil(MOVE_COOLDOWN_SECONDS - elapsed)) : 0;
}

export function movesService(db: Db, options: MovesOptions) {
  const { currency } = options;
  const now = options.now ?? Date.now;

  const feeOf = async (q: Queryable, proxy: MovableProxy, to: MoveRequest) =>
    moveFee(await readPriceList(q, currency), proxy, to, (await movesRepository(q).settings(currency)).fee);

  return {
    /** What moving the customer's proxy to `to` would do now; null: not their proxy. Changes nothing. */
    async quote(userId: number, proxyId: number, to: MoveRequest): Promise<MoveQuote | null> {
      const proxy = await movableProxy(db, proxyId, { lock: false });
      if (!proxy || proxy.ownerId !== userId) return null;
      const at = now();
      await refuseUnmovable(db, proxy, to, at);
      const [fee, available, hosts, balance, wait, names] = await Promise.all([
        feeOf(db, proxy, to),
        freeCount(db, to, new Date(at)),
        freeModemHosts(db, to, new Date(at)),
        ledgerRepository(db).balanceOf(userId),
        cooldownLeft(db, proxy.id, at),
        placeRuIn(db, to),
      ]);
      return {
        from: {
          country: proxy.country,
          city: proxy.city,
          city_ru: proxy.cityRu,
          operator: proxy.operator,
          operator_ru: proxy.operatorRu,
        },
        to: { country: to.country, city: to.city, operator: to.operator, ...names },
        available,
        period_days: proxy.periodDays,
        price_now: fee.priceNow,
        price_target: fee.priceTarget,
        price_difference: fee.priceNow === null || fee.priceTarget === null ? null : fee.priceTarget - fee.priceNow,
        same_plan: fee.samePlan,
        fee: fee.fee,
        currency,
        balance: balance ?? 0,
        balance_after: (balance ?? 0) - fee.fee,
        // As the move picks: a free modem on the proxy's own host keeps its ports.
        ports_change: hosts.length > 0 && !hosts.includes(proxy.hostId),
        available_at: wait > 0 ? new Date(at + wait * 1000).toISOString() : null,
      };
    },

    /**
     * Moves the customer's proxy for `key`: answers the move and whether this request made it (false: the key made it
     * before, for the same request); null: not their proxy. A refusal changes nothing; `MoveCooldown` within the
     * cooldown. `checkFee` sees the fee the move would take, in its transaction, and may throw to refuse it: the fee
     * it judged is the one taken (an API key that may not spend, #43).
     */
    move(
      userId: number,
      proxyId: number,
      to: MoveRequest,
      key: string,
      checkFee: (fee: number, currency: Currency) => void = () => undefined,
    ): Promise<{ readonly move: Move; readonly created: boolean } | null> {
      const request = fingerprint({ proxy_id: proxyId, country: to.country, city: to.city, operator: to.operator });
      return db.transaction(async (tx) => {
        const proxy = await movableProxy(tx, proxyId, { lock: true });
        if (!proxy || proxy.ownerId !== userId) return null;
        const moves = movesRepository(tx);
        // Read after the proxy's lock: a request with the key that moved this proxy has committed by now, and this
        // statement's snapshot sees it (a retried click answers the move, not "already there").
        const claimed = await moves.byKey(userId, key);
        if (claimed) {
          if (claimed.fingerprint !== request) throw IDEMPOTENCY_REFUSALS.mismatch();
          return { move: claimed.move, created: false };
        }
        const at = now();
        await refuseUnmovable(tx, proxy, to, at);
        const wait = await cooldownLeft(tx, proxy.id, at);
        if (wait > 0) throw new MoveCooldown(wait);
        const { fee } = await feeOf(tx, proxy, to);
        checkFee(fee, currency);
        const short = async () => {
          const balance = (await ledgerRepository(tx).balanceOf(userId)) ?? 0;
          return balance < fee ? MOVE_REFUSALS.insufficientFunds({ fee, missing: fee - balance, currency }) : null;
        };
        // Refused before any modem is locked: a customer who cannot pay never holds stock back from one who can.
        const early = await short();
        if (early) throw early;

        const modem = await lockFreeModemFor(tx, to, { now: new Date(at), hostId: proxy.hostId });
        // Counted under the modems' locks, after any order or move holding them finished: a shortage here is real.
        if (!modem) throw MOVE_REFUSALS.noStock();
        await lockHosts(tx, [proxy.hostId, modem.hostId]);
        const placed = await relocateProxy(tx, proxy, modem, new Date(at)).catch((error: unknown) => {
          // A host whose port range is used up takes no more proxies: for the customer, no stock there.
          throw Refusal.is(error, FARM_REFUSALS.noFreePorts) ? MOVE_REFUSALS.noStock({ cause: error }) : error;
        });
        const [target] = await tx.query<{ ip: string | null }>('SELECT ip FROM modems WHERE id = $1', [modem.id]);
        const id = await moves.insert({
          proxyId: proxy.id,
          userId,
          fromModemId: proxy.modemId,
          toModemId: modem.id,
          from: proxy,
          to: modem,
          fromIp: proxy.ip,
          toIp: target?.ip ?? null,
          portsChanged: placed.portsChanged,
          fee,
          currency,
          key,
          fingerprint: request,
          at: new Date(at),
        });
        if (id === null) throw IDEMPOTENCY_REFUSALS.mismatch();
        // The account's row locked last, as an order locks it: the balance read under it is the one the posting
        // takes from, so "short by N" is exact; a block that committed meanwhile is seen.
        const [account] = await tx.query<{ is_active: boolean }>(
          'SELECT is_active FROM users WHERE id = $1 FOR NO KEY UPDATE',
          [userId],
        );
        if (account?.is_active !== true) throw ORDER_REFUSALS.blocked();
        const late = await short();
        if (late) throw late;
        // A ledger entry cannot be of 0: a move within the same plan moves no money.
        if (fee > 0) {
          await ledgerRepository(tx).post({
            userId,
            kind: 'purchase',
            amount: -fee,
            currency,
            reference: `move:${id}`,
            data: {
              move_id: id,
              proxy_id: proxy.id,
              country: modem.country,
              city: modem.city,
              operator: modem.operator,
            },
          });
        }
        return { move: (await moves.get(id)) as Move, created: true };
      });
    },

    settings(): Promise<MoveSettings> {
      return movesRepository(db).settings(currency);
    },

    /** Staff set the fee (in the site's currency); answers the settings as stored. */
    async setFee(fee: number, actorId: number): Promise<MoveSettings> {
      await movesRepository(db).setFee(fee, actorId, new Date(now()));
      return movesRepository(db).settings(currency);
    },
  };
}

export type MovesService = ReturnType<typeof movesService>;
