import * as v from 'valibot';
import { CURRENCIES } from '../money.ts';
import { requiredText, text } from './fields.ts';

/**
 * The periods most plans are priced for, in days (docs/product.md, ordering): suggestions only — staff may price any
 * whole number of days from `PLAN_PERIOD_MIN` to `PLAN_PERIOD_MAX` (#49 item 9: a 45-day plan), and the order page and
 * the quote offer exactly the periods the active plans price.
 */
export const PLAN_PERIODS = [1, 3, 7, 14, 30, 60, 90, 180, 365] as const;
export const PLAN_PERIOD_MIN = 1;
export const PLAN_PERIOD_MAX = 365;

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

const line = requiredText(120);

/**
 * The country a plan prices (ISO 3166 code), or none: every country. The order's quote takes the plan naming its
 * country over one that does not (docs/product.md "Ordering"). Optional so older clients keep working; absent = null.
 */
const planCountry = v.optional(
  v.nullable(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'country'))),
);

/** A plan as staff write it in the panel; an edit sends any subset. */
export const PlanInputSchema = v.object({
  title_ru: requiredText(100),
  title_en: v.optional(text(100), ''),
  price: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000_000_000)),
  currency: v.picklist(CURRENCIES),
  period_days: v.pipe(v.number(), v.integer(), v.minValue(PLAN_PERIOD_MIN), v.maxValue(PLAN_PERIOD_MAX)),
  country: planCountry,
  caption_ru: v.optional(text(200), ''),
  caption_en: v.optional(text(200), ''),
  features_ru: v.optional(v.pipe(v.array(line), v.maxLength(12)), []),
  features_en: v.optional(v.pipe(v.array(line), v.maxLength(12)), []),
  highlighted: v.optional(v.boolean(), false),
  active: v.optional(v.boolean(), true),
});
export type PlanInput = v.InferOutput<typeof PlanInputSchema>;

export const PanelPlanSchema = v.object({
  id: v.number(),
  title_ru: v.string(),
  title_en: v.string(),
  price: v.number(),
  currency: v.picklist(CURRENCIES),
  period_days: v.number(),
  country: v.optional(v.nullable(v.string()), null),
  caption_ru: v.string(),
  caption_en: v.string(),
  features_ru: v.array(v.string()),
  features_en: v.array(v.string()),
  highlighted: v.boolean(),
  active: v.boolean(),
  sort_order: v.number(),
  updated_at: v.string(),
});
export type PanelPlan = v.InferOutput<typeof PanelPlanSchema>;
