/**
 * Ordering's operations. Quotes read and change nothing. An order and a renewal each run in ONE transaction that
 * claims the Idempotency-Key first, then decides and writes on locked rows, in the one lock order every writer keeps
 * (promo code → the modems it takes of the place, `allocateInPlace` → their hosts in id order → the account's balance
 * for an order; proxies → hosts → balance for a renewal), so two customers never deadlock and never both get the last
 * modem: either everything is allocated and paid, or nothing changed.
 */
import type { Language } from '@proxy/contract/languages';
import { promoDiscount } from '@proxy/contract/schemas/billing';
import type { Currency } from '@proxy/contract/money';
import type { OrderCreate, OrderRequest, Price, Quote } from '@proxy/contract/schemas/orders';
import type { Renewal, RenewRequest } from '@proxy/contract/schemas/proxies';
import type { Db, Queryable } from '../../db/db.ts';
import { fingerprint, IDEMPOTENCY_REFUSALS } from '../../lib/idempotency.ts';
import { Refusal } from '../../lib/refusal.ts';
import { BILLING_REFUSALS, ledgerRepository, type Posting, promoCodesRepository } from '../billing/index.ts';
import {
  allocateInPlace,
  FARM_REFUSALS,
  extendProxies,
  freeCount,
  renewableProxies,
  type RenewableProxy,
} from '../farm/index.ts';
import { ordersRepository, type NewLine } from './orders-repository.ts';
import { ORDER_MESSAGES } from './messages.ts';
import { priceFor, readPriceList } from './price-list.ts';
import { ORDER_REFUSALS } from './refusals.ts';
import { renewalsRepository } from './renewals-repository.ts';

const DAY_MS = 86_400_000;

export interface RenewalLine {
  readonly proxy: RenewableProxy;
  readonly price: number;
  readonly periodDays: number;
  readonly expiresAt: Date;
}

/**
 * A renewal of the proxy for the period as the price list prices it (null: it does not), extended from the later of
 * its expiry and `at`: a hand renewal and an auto-renewal are priced and extended the same way.
 */
export function renewalLine(
  prices: readonly Price[],
  proxy: RenewableProxy,
  periodDays: number,
  at: number,
): RenewalLine | null {
  const price = priceFor(prices, periodDays, proxy.country);
  if (!price) return null;
  const from = Math.max(proxy.expiresAt.getTime(), at);
  return { proxy, price: price.price, periodDays, expiresAt: new Date(from + periodDays * DAY_MS) };
}

export interface OrdersOptions {
  /** The site's one currency: the price list is the active plans in it. */
  readonly currency: Currency;
  /** Milliseconds now: new proxies' expiry and renewals are counted from it (tests move it). */
  readonly now?: () => number;
}

/**
 * The account's row locked (the last lock an order takes, as the posting's UPDATE takes it: `NO KEY UPDATE`, which
 * does not wait for another order of the customer holding a key-share lock from its inserts) and whether it is still
 * active: staff may block it.
 */
async function accountStillActive(tx: Queryable, userId: number): Promise<boolean> {
  const [row] = await tx.query<{ is_active: boolean }>('SELECT is_active FROM users WHERE id = $1 FOR NO KEY UPDATE', [
    userId,
  ]);
  return row?.is_active === true;
}

/** The ledger's posting, its overdraft worded as ordering words it (402): the balance moved since it was read. */
async function pay(tx: Queryable, posting: Posting) {
  return ledgerRepository(tx)
    .post(posting)
    .catch((error: unknown) => {
      throw Refusal.is(error, BILLING_REFUSALS.insufficientFunds)
        ? ORDER_REFUSALS.insufficientFunds({ cause: error })
        : error;
    });
}

export function ordersService(db: Db, options: OrdersOptions) {
  const { currency } = options;
  const now = options.now ?? Date.now;

  const priceList = (q: Queryable) => readPriceList(q, currency);

  /** The price of one proxy of `country` for the period. */
  async function priceOf(q: Queryable, periodDays: number, country: string): Promise<Price> {
    const price = priceFor(await priceList(q), periodDays, country);
    if (!price) throw ORDER_REFUSALS.periodNotPriced();
    return price;
  }

  /** Each proxy's price and new expiry: from its current expiry, or from now for one already expired. */
  async function renewalLines(q: Queryable, proxies: readonly RenewableProxy[], periodDays: number) {
    const prices = await priceList(q);
    return proxies.map((proxy) => {
      const line = renewalLine(prices, proxy, periodDays, now());
      if (!line) throw ORDER_REFUSALS.periodNotPriced();
      return line;
    });
  }

  /** The selection, all of it the customer's; one that is not (or does not exist) refuses the whole request. */
  async function ownedProxies(q: Queryable, userId: number, ids: readonly number[], lock: boolean) {
    const proxies = await renewableProxies(q, ids, userId, { lock });
    if (proxies.length !== new Set(ids).size) throw ORDER_REFUSALS.notOwned();
    return proxies;
  }

  return {
    /** What the order would cost now; a promo code that cannot be used is reported, not refused. */
    async quote(userId: number, input: OrderRequest, language: Language): Promise<Quote> {
      const price = await priceOf(db, input.period_days, input.country);
      const subtotal = price.price * input.quantity;
      let discount = 0;
      let promo: Quote['promo'] = null;
      if (input.promo_code) {
        const judged = await promoCodesRepository(db).check(input.promo_code, userId);
        if ('promo' in judged) discount = promoDiscount(judged.promo, subtotal);
        promo = {
          code: input.promo_code,
          error: 'refused' in judged ? ORDER_MESSAGES.promo({ reason: judged.refused })[language] : null,
        };
      }
      const [available, balance] = await Promise.all([
        freeCount(db, input, new Date(now())),
        ledgerRepository(db).balanceOf(userId),
      ]);
      const total = subtotal - discount;
      return {
        period_days: input.period_days,
        quantity: input.quantity,
        price: price.price,
        subtotal,
        discount,
        total,
        currency,
        balance: balance ?? 0,
        balance_after: (balance ?? 0) - total,
        available,
        promo,
      };
    },

    /**
     * Places the order for `key`: answers the order's id and whether this request made it (false: the key made it
     * before, with the same request). A refusal changes nothing.
     */
    place(
      userId: number,
      input: OrderCreate,
      key: string,
    ): Promise<{ readonly id: number; readonly created: boolean }> {
      const request = fingerprint(input);
      return db.transaction(async (tx) => {
        const orders = ordersRepository(tx);
        const claim = await orders.claim(userId, key, request, {
          periodDays: input.period_days,
          quantity: input.quantity,
          currency,
          autoRenew: input.auto_renew,
        });
        if (!claim.created) {
          if (claim.fingerprint !== request) throw IDEMPOTENCY_REFUSALS.mismatch();
          return { id: claim.id, created: false };
        }
        const { id } = claim;
        const price = await priceOf(tx, input.period_days, input.country);
        const subtotal = price.price * input.quantity;

        let promo: { id: number; code: string } | null = null;
        let discount = 0;
        if (input.promo_code) {
          const redeemed = await promoCodesRepository(tx).redeem(input.promo_code, userId, `order:${id}`);
          if ('refused' in redeemed) throw ORDER_REFUSALS.promo({ reason: redeemed.refused });
          promo = { id: redeemed.promo.id, code: redeemed.promo.code };
          discount = promoDiscount(redeemed.promo, subtotal);
        }
        const total = subtotal - discount;
        // Refused before any modem is locked: a customer who cannot pay never holds stock back from one who can.
        // The posting below stays the real check (the balance may move meanwhile; the database refuses overdraft).
        if (((await ledgerRepository(tx).balanceOf(userId)) ?? 0) < total) throw ORDER_REFUSALS.insufficientFunds();
        // Written before any modem is picked: from the pick on, the order holds a host's row lock that the other orders
        // of that host queue on, so only what needs the proxies comes after it. A refusal below rolls this back too.
        await orders.finish(id, { subtotal, discount, promo });

        const at = now();
        const expiresAt = new Date(at + input.period_days * DAY_MS);
        const allocated = await allocateInPlace(
          tx,
          input,
          input.quantity,
          { ownerId: userId, expiresAt, periodDays: input.period_days, autoRenew: input.auto_renew },
          { now: new Date(at) },
        ).catch((error: unknown) => {
          // A host whose port range is used up sells nothing more until staff widen it: for the customer, no stock.
          throw Refusal.is(error, FARM_REFUSALS.noFreePorts)
            ? ORDER_REFUSALS.outOfStock({ free: 0 }, { cause: error })
            : error;
        });
        if (!allocated.ok) throw ORDER_REFUSALS.outOfStock({ free: allocated.free });
        const lines: NewLine[] = [];
        for (const { modem, proxy } of allocated.proxies) {
          lines.push({
            proxyId: proxy.id,
            modemId: modem.id,
            country: modem.country,
            city: modem.city,
            operator: modem.operator,
            periodDays: input.period_days,
            price: price.price,
          });
        }
        // A ledger entry cannot be of 0 (only transfers are): an order a promo code made free moves no money.
        if (total > 0) {
          await pay(tx, {
            userId,
            kind: 'purchase',
            amount: -total,
            currency,
            reference: `order:${id}`,
            data: { order_id: id },
          });
        }
        // Last, under the account's lock (the posting took it already; a free order takes it here): a block that
        // committed while this order was being made is seen, and its suspension cannot miss these proxies.
        if (!(await accountStillActive(tx, userId))) throw ORDER_REFUSALS.blocked();
        await orders.addLines(id, lines);
        return { id, created: true };
      });
    },

    /** What renewing the selection would cost now; changes nothing. */
    async quoteRenewal(userId: number, input: RenewRequest): Promise<Renewal> {
      const proxies = await ownedProxies(db, userId, input.ids, false);
      const lines = await renewalLines(db, proxies, input.period_days);
      const total = lines.reduce((sum, line) => sum + line.price, 0);
      const balance = (await ledgerRepository(db).balanceOf(userId)) ?? 0;
      return {
        period_days: input.period_days,
        lines: lines.map((line) => ({
          proxy_id: line.proxy.id,
          price: line.price,
          expires_at: line.expiresAt.toISOString(),
        })),
        total,
        currency,
        balance,
        balance_after: balance - total,
      };
    },

    /**
     * Renews the selection for `key`, paid by one `renewal` entry; a repeated key answers what it answered first
     * (`created` false). A refusal changes nothing.
     */
    renew(
      userId: number,
      input: RenewRequest,
      key: string,
    ): Promise<{ readonly renewal: Renewal; readonly created: boolean }> {
      const request = fingerprint({
        ids: [...new Set(input.ids)].sort((a, b) => a - b),
        period_days: input.period_days,
      });
      return db.transaction(async (tx) => {
        const renewals = renewalsRepository(tx);
        const claim = await renewals.claim(userId, key, request, { periodDays: input.period_days, currency });
        if (!claim.created) {
          if (claim.fingerprint !== request) throw IDEMPOTENCY_REFUSALS.mismatch();
          return { renewal: claim.renewal, created: false };
        }
        const proxies = await ownedProxies(tx, userId, input.ids, true);
        const lines = await renewalLines(tx, proxies, input.period_days);
        const total = lines.reduce((sum, line) => sum + line.price, 0);
        await extendProxies(tx, lines);
        const balanceAfter =
          total > 0
            ? (
                await pay(tx, {
                  userId,
                  kind: 'renewal',
                  amount: -total,
                  currency,
                  reference: `renewal:${claim.id}`,
                  data: { renewal_id: claim.id, proxies: lines.length, period_days: input.period_days },
                })
              ).balance_after
            : ((await ledgerRepository(tx).balanceOf(userId)) ?? 0);
        // Renewing serves a suspended proxy again: never one a block suspended. Checked last, under the account's
        // lock, as an order checks it.
        if (!(await accountStillActive(tx, userId))) throw ORDER_REFUSALS.blocked();
        await renewals.record(
          lines.map((line) => ({
            proxyId: line.proxy.id,
            userId,
            periodDays: line.periodDays,
            price: line.price,
            expiresAt: line.expiresAt,
          })),
          { source: 'hand', currency, at: new Date(now()) },
        );
        const renewal: Renewal = {
          period_days: input.period_days,
          lines: lines.map((line) => ({
            proxy_id: line.proxy.id,
            price: line.price,
            expires_at: line.expiresAt.toISOString(),
          })),
          total,
          currency,
          balance: balanceAfter + total,
          balance_after: balanceAfter,
        };
        await renewals.finish(claim.id, renewal);
        return { renewal, created: true };
      });
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
