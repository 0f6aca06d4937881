/** Which price of the price list applies: the plan for the period naming the country wins over one for any country. */
import type { Currency } from '@proxy/contract/money';
import type { Price } from '@proxy/contract/schemas/orders';
import type { Queryable } from '../../db/db.ts';
import { plansRepository } from '../content/index.ts';

/** The price list read on `q`: the active plans in the site's currency (no plan titles: either language does). */
export function readPriceList(q: Queryable, currency: Currency): Promise<Price[]> {
  return plansRepository(q).priceList(currency, 'ru');
}

export function priceFor(prices: readonly Price[], periodDays: number, country: string): Price | null {
  const forPeriod = prices.filter((price) => price.period_days === periodDays);
  return (
    forPeriod.find((price) => price.country === country) ?? forPeriod.find((price) => price.country === null) ?? null
  );
}

/**
 * The period an auto-renewal buys for a proxy last bought for `periodDays`: that one while the price list still prices
 * it for the country; otherwise the priced period nearest to it, the shorter of two equally near (the customer is never
 * charged for more time than they chose by a plan they did not see). Null when nothing prices the country.
 */
export function renewalPeriod(prices: readonly Price[], periodDays: number, country: string): number | null {
  const priced = [...new Set(prices.map((price) => price.period_days))]
    .filter((period) => priceFor(prices, period, country) !== null)
    .sort((a, b) => Math.abs(a - periodDays) - Math.abs(b - periodDays) || a - b);
  return priced[0] ?? null;
}
