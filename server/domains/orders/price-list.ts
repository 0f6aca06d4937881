/** Which price of the price list applies: the plan for the period naming the country wins over one for any country. */
import type { Price } from '@proxy/contract/schemas/orders';

export function priceFor(prices: readonly Price[], periodDays: number, country: string): Price | null {
  const forPeriod = prices.filter((price) => price.period_days === periodDays);
  return (
    forPeriod.find((price) => price.country === country) ?? forPeriod.find((price) => price.country === null) ?? null
  );
}
