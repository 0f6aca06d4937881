import { cityName, countryName, operatorName } from '@proxy/contract/countries';
import type { Language } from '@proxy/contract/languages';
import { pricesFor } from '@proxy/contract/money';
import { MAX_ORDER_QUANTITY, type Stock, type StockItem } from '@proxy/contract/schemas/orders';

/** One option of a choice (a country, a city, an operator) with the free modems behind it. */
export interface Choice {
  readonly value: string;
  readonly free: number;
}

/** The order as the form holds it: radio values and typed text are strings until the request is built. */
export interface OrderValues {
  readonly country: string;
  readonly city: string;
  readonly operator: string;
  readonly period: string;
  readonly quantity: string;
  readonly promo_code: string;
  readonly auto_renew: boolean;
}

function grouped(items: readonly StockItem[], keyOf: (item: StockItem) => string): Choice[] {
  const free = new Map<string, number>();
  for (const item of items) free.set(keyOf(item), (free.get(keyOf(item)) ?? 0) + Math.max(item.free, 0));
  return [...free].map(([value, count]) => ({ value, free: count }));
}

/** The countries in stock, with their free modems, in the order of their names in the interface language. */
export function countriesOf(stock: readonly StockItem[], language: Language): Choice[] {
  return grouped(stock, (item) => item.country).sort((a, b) =>
    countryName(a.value, language).localeCompare(countryName(b.value, language), language),
  );
}

/** A choice the page names in its language (a city, an operator) beside the English value the order sends. */
export type NamedChoice = Choice & { readonly name: string };

/**
 * The options of `items` by `valueOf`, each named by `nameOf` (its first item's name: one per value), in the order of
 * the shown names.
 */
function namedChoices(
  items: readonly StockItem[],
  valueOf: (item: StockItem) => string,
  nameOf: (item: StockItem) => string,
  language: Language,
): NamedChoice[] {
  const names = new Map(items.map((item) => [valueOf(item), nameOf(item)]));
  return grouped(items, valueOf)
    .map((choice) => ({ ...choice, name: names.get(choice.value) ?? choice.value }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/**
 * The country's cities in stock: the value is the English name the order sends, `name` the one the page shows in its
 * language (#28), and the order is that of the shown names.
 */
export function citiesOf(stock: readonly StockItem[], country: string, language: Language): NamedChoice[] {
  return namedChoices(
    stock.filter((item) => item.country === country),
    (item) => item.city,
    (item) => cityName(item, language),
    language,
  );
}

/** The city's operators in stock, named as the cities are (МТС on a Russian page, #49). */
export function operatorsOf(
  stock: readonly StockItem[],
  country: string,
  city: string,
  language: Language,
): NamedChoice[] {
  return namedChoices(
    stock.filter((item) => item.country === country && item.city === city),
    (item) => item.operator,
    (item) => operatorName(item, language),
    language,
  );
}

/** Free modems at one place and operator. */
export function freeAt(
  stock: readonly StockItem[],
  values: Pick<OrderValues, 'country' | 'city' | 'operator'>,
): number {
  return stock
    .filter((item) => item.country === values.country && item.city === values.city && item.operator === values.operator)
    .reduce((sum, item) => sum + Math.max(item.free, 0), 0);
}

/** How many proxies one order may ask for where `free` modems are free. */
export const maxQuantity = (free: number) => Math.min(free, MAX_ORDER_QUANTITY);

/**
 * `current` while it still has something free, else the option with the most free (where a larger order fits and
 * most customers buy; on a tie, the first in the order shown).
 */
function pick(choices: readonly Choice[], current: string): string {
  if (choices.some((choice) => choice.value === current && choice.free > 0)) return current;
  let best: Choice | undefined;
  for (const choice of choices) if (choice.free > 0 && (!best || choice.free > best.free)) best = choice;
  return best?.value ?? '';
}

/**
 * The order made whole against what is in stock: every choice the customer made that can still be ordered stays, and
 * the others (a country they left, an operator sold out since, a period the country's price list lacks) fall to an
 * option that can, so there is always a quote to show. A quantity above what is free comes down to it.
 */
export function settle(stock: Stock, values: OrderValues, language: Language): OrderValues {
  const country = pick(countriesOf(stock.stock, language), values.country);
  const city = pick(citiesOf(stock.stock, country, language), values.city);
  const operator = pick(operatorsOf(stock.stock, country, city, language), values.operator);
  const periods = pricesFor(stock.prices, country).map((price) => String(price.period_days));
  const period = periods.includes(values.period) ? values.period : (periods[0] ?? '');
  const max = maxQuantity(freeAt(stock.stock, { country, city, operator }));
  const asked = Number(values.quantity);
  const quantity = Number.isInteger(asked) && asked > max && max > 0 ? String(max) : values.quantity;
  return { ...values, country, city, operator, period, quantity };
}

/** The order after the customer picks `value` for a place: what lies below that choice is picked afresh. */
export function choose(
  stock: Stock,
  values: OrderValues,
  field: 'country' | 'city' | 'operator',
  value: string,
  language: Language,
): OrderValues {
  const next =
    field === 'country'
      ? { ...values, country: value, city: '', operator: '' }
      : field === 'city'
        ? { ...values, city: value, operator: '' }
        : { ...values, operator: value };
  return settle(stock, next, language);
}

/** A period from the URL (`?period=30`, the price table's "Order" buttons), as the form holds it; '' for none. */
export function periodFromUrl(raw: string | null): string {
  return raw !== null && /^[1-9]\d{0,2}$/.test(raw) ? raw : '';
}
