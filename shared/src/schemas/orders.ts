import * as v from 'valibot';
import { CURRENCIES } from '../money.ts';
import { PROMO_CODE } from './billing.ts';
import { cityRu, operatorRu, requiredText, text } from './fields.ts';
import { defineList, type ListParams } from './list-query.ts';

/**
 * Ordering (docs/product.md "Ordering"): what is in stock, the price list, a quote and the order itself. Amounts are
 * integers in minor units of the site's one currency; the server computes every figure, the client only shows them.
 */

const currency = v.picklist(CURRENCIES);
const timestamp = v.string();

/** How many proxies one order may ask for. */
export const MAX_ORDER_QUANTITY = 50;

// ---------------------------------------------------------------------------------------------------------------
// Stock and price list (public: the home page and the order page read them)

/** Free modems per place and operator: a modem that is online and not carrying as many proxies as it may. */
export const StockItemSchema = v.object({
  country: v.string(),
  city: v.string(),
  city_ru: cityRu(),
  operator: v.string(),
  operator_ru: operatorRu(),
  free: v.number(),
});
export type StockItem = v.InferOutput<typeof StockItemSchema>;

/**
 * One price of the price list: an active plan in the site's currency. `country` null: any country; a plan naming
 * the order's country wins over one that does not.
 */
export const PriceSchema = v.object({
  period_days: v.number(),
  country: v.nullable(v.string()),
  price: v.number(),
  currency,
  /** The plan's title in the request's language (the home page's price table names it). */
  title: v.string(),
});
export type Price = v.InferOutput<typeof PriceSchema>;

/**
 * `GET /api/stock/` — what can be ordered now, cached for a few seconds: stock per country/city/operator (places
 * with nothing free are left out) and the price list, sorted by period.
 */
export const StockSchema = v.object({
  stock: v.array(StockItemSchema),
  prices: v.array(PriceSchema),
});
export type Stock = v.InferOutput<typeof StockSchema>;

// In money.ts, beside formatPrice, so the public home page can say "from N per day" without loading valibot; the
// contract keeps offering it here with the price list it works on.
export { pricePerDayFrom } from '../money.ts';

// ---------------------------------------------------------------------------------------------------------------
// Quote and order

const place = {
  country: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'country')),
  city: requiredText(100),
  operator: requiredText(100),
};

/** What the order page asks: where, for how long, how many, and a promo code (empty: none). */
export const OrderRequestSchema = v.object({
  ...place,
  period_days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365)),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ORDER_QUANTITY)),
  promo_code: v.optional(
    v.union([v.literal(''), v.pipe(text(32), v.toUpperCase(), v.regex(PROMO_CODE, 'promo_code'))]),
    '',
  ),
});
export type OrderRequest = v.InferOutput<typeof OrderRequestSchema>;

/** `POST /api/orders/`: the request and whether the proxies renew themselves. */
export const OrderCreateSchema = v.object({
  ...OrderRequestSchema.entries,
  auto_renew: v.optional(v.boolean(), false),
});
export type OrderCreate = v.InferOutput<typeof OrderCreateSchema>;

/**
 * `POST /api/orders/quote/` — what the order would cost now. A promo code that cannot be used is not an error of the
 * quote: `promo.error` says why (in the request's language) and the discount is 0; so is missing stock (`available`
 * below `quantity`). A period the price list does not have is a 400 on `period_days`.
 */
export const QuoteSchema = v.object({
  period_days: v.number(),
  quantity: v.number(),
  /** The price of one proxy for the period. */
  price: v.number(),
  subtotal: v.number(),
  discount: v.number(),
  total: v.number(),
  currency,
  balance: v.number(),
  /** The balance after paying; negative: this much is missing (`top up the difference`). */
  balance_after: v.number(),
  /** Free modems for the chosen place and operator now. */
  available: v.number(),
  promo: v.nullable(v.object({ code: v.string(), error: v.nullable(v.string()) })),
});
export type Quote = v.InferOutput<typeof QuoteSchema>;

export const ORDER_STATUSES = ['paid'] as const;

/** One proxy an order bought: where, and for what. */
export const OrderLineSchema = v.object({
  /** The proxy while the order's customer has it; null before it is ready, once released, and once given away. */
  proxy_id: v.nullable(v.number()),
  /**
   * Given away since (a transfer accepted, #28): someone else's now, so the order names it without linking to it.
   * Optional in answers: a server before contract 1.3 does not send it.
   */
  transferred: v.optional(v.boolean(), false),
  /**
   * The customer's own label of the proxy (its `comment`, '' when none) while the order's customer has it, so the
   * history names it as every other screen does (#28); null whenever `proxy_id` is. Optional in answers: a server of
   * the previous shape does not send it.
   */
  proxy_comment: v.optional(v.nullable(v.string()), null),
  country: v.string(),
  city: v.string(),
  city_ru: cityRu(),
  operator: v.string(),
  operator_ru: operatorRu(),
  period_days: v.number(),
  price: v.number(),
});
export type OrderLine = v.InferOutput<typeof OrderLineSchema>;

/** An order: paid from the balance by one ledger entry (`reference` `order:{id}`), with its lines. */
export const OrderSchema = v.object({
  id: v.number(),
  status: v.picklist(ORDER_STATUSES),
  period_days: v.number(),
  quantity: v.number(),
  subtotal: v.number(),
  discount: v.number(),
  total: v.number(),
  currency,
  promo_code: v.nullable(v.string()),
  auto_renew: v.boolean(),
  lines: v.array(OrderLineSchema),
  created_at: timestamp,
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const ORDER_LIST = defineList({
  orderings: ['created_at', 'total'],
  filters: { created: { type: 'date_range' } },
});
export type OrderListParams = ListParams<typeof ORDER_LIST>;

/** Whose a row of a panel list of every customer's rows is: staff open the account from it (#33). */
export const RowCustomerSchema = v.object({
  user_id: v.number(),
  user_email: v.string(),
});

/** `GET /api/panel/orders/` (staff, `users.view_user`): every customer's orders, each with its customer. */
export const PanelOrderRowSchema = v.object({ ...OrderSchema.entries, ...RowCustomerSchema.entries });
export type PanelOrderRow = v.InferOutput<typeof PanelOrderRowSchema>;

/** A customer's own list's filters and orderings; `?search=` matches the customer's e-mail. */
export const PANEL_ORDER_LIST = defineList({ ...ORDER_LIST });
export type PanelOrderListParams = ListParams<typeof PANEL_ORDER_LIST>;
