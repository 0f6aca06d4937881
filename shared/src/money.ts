/** Money as the site shows it. Amounts are integers in minor units (kopecks, cents): never floats. */

export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Formats a price in minor units for people, in the interface language ('2 900 ₽', '$29'). */
export function formatPrice(minor: number, currency: Currency, language: string): string {
  const whole = minor % 100 === 0;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}

/**
 * The lowest price per day over a price list (`GET /api/stock/`'s `prices`), "from N per day", rounded up to a minor
 * unit; null: no prices. The site charges per period, so this is the cheapest period's price divided by its days.
 */
export function pricePerDayFrom<
  P extends { readonly price: number; readonly period_days: number; readonly currency: Currency },
>(prices: readonly P[]): { readonly amount: number; readonly currency: Currency } | null {
  let best: { amount: number; currency: Currency } | null = null;
  for (const price of prices) {
    const amount = Math.ceil(price.price / price.period_days);
    if (!best || amount < best.amount) best = { amount, currency: price.currency };
  }
  return best;
}
