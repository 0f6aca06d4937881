import * as v from 'valibot';

export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The rental periods a plan can be priced for, in days (design/product.md, ordering). */
export const PLAN_PERIODS = [1, 3, 7, 14, 30, 60, 90, 180, 365] as const;

/**
 * A plan of the price table as the public API sends it, in the request's language. `price` is in minor units
 * (kopecks, cents): money is never a float.
 */
export const PublicPlanSchema = v.object({
  id: v.number(),
  title: v.string(),
  price: v.number(),
  currency: v.picklist(CURRENCIES),
  period_days: v.number(),
  caption: v.string(),
  features: v.array(v.string()),
  highlighted: v.boolean(),
});
export type PublicPlan = v.InferOutput<typeof PublicPlanSchema>;

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
