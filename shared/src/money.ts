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
