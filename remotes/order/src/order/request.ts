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

/** What the quote asks: the order without what does not change its price. */
export function quoteRequestOf(order: OrderCreate): OrderRequest {
  const { country, city, operator, period_days, quantity, promo_code } = order;
  return { country, city, operator, period_days, quantity, promo_code };
}
