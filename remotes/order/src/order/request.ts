import * as v from 'valibot';
import { OrderCreateSchema, type OrderCreate, type OrderRequest } from '@proxy/contract/schemas/orders';
import type { OrderValues } from './choices.ts';

const PromoCodeSchema = OrderCreateSchema.entries.promo_code;

/** The order the form's values make, checked by the contract's schema (the one the server checks it with). */
export interface BuiltOrder {
  /** Null while the order cannot be asked for: a quantity out of range, or a choice not made. */
  readonly order: OrderCreate | null;
  readonly quantityInvalid: boolean;
  /**
   * A promo code that is not one (wrong characters or length): said on the field at once, and the quote is asked
   * without it, so the customer still sees the price.
   */
  readonly promoInvalid: boolean;
}

export function buildOrder(values: OrderValues, maxQuantity: number): BuiltOrder {
  const quantity = /^\s*\d{1,3}\s*$/.test(values.quantity) ? Number(values.quantity) : Number.NaN;
  const quantityInvalid = !(quantity >= 1 && quantity <= maxQuantity);
  const promoInvalid = !v.safeParse(PromoCodeSchema, values.promo_code).success;
  if (quantityInvalid) return { order: null, quantityInvalid, promoInvalid };
  const parsed = v.safeParse(OrderCreateSchema, {
    country: values.country,
    city: values.city,
    operator: values.operator,
    period_days: Number(values.period),
    quantity,
    promo_code: promoInvalid ? '' : values.promo_code,
    auto_renew: values.auto_renew,
  });
  return { order: parsed.success ? parsed.output : null, quantityInvalid, promoInvalid };
}

/**
 * Whether typing on can never make this a promo code: a character no code has ("!!"), or a first character a code
 * may not start with. Said at once, not when the field is left: the price beside it must not look like a code was
 * quietly dropped (#28). A code merely too short still may grow into one, so that waits for the field to be left.
 */
export const cannotBecomePromoCode = (value: string): boolean => /[^A-Za-z0-9_-]|^[_-]/.test(value.trim());

/** What the quote asks: the order without what does not change its price. */
export function quoteRequestOf(order: OrderCreate): OrderRequest {
  const { country, city, operator, period_days, quantity, promo_code } = order;
  return { country, city, operator, period_days, quantity, promo_code };
}
