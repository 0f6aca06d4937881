import { CURRENCIES, pricePerDayFrom } from '@proxy/contract/money';
import type { Price, StockItem } from '@proxy/contract/schemas/orders';
import { api, type PaymentMethodBadge } from '@proxy/contract/state';

/** What the home page's stock strip shows: free modems by country, the lowest price per day, how to pay. */
export interface StripData {
  readonly countries: readonly CountryStock[];
  readonly free: number;
  readonly from: ReturnType<typeof pricePerDayFrom>;
  readonly methods: readonly PaymentMethodBadge[];
}

export interface CountryStock {
  readonly country: string;
  readonly free: number;
  /** Operators across the country's cities, most free first, each with its Russian name ('' while none, #49). */
  readonly operators: readonly OperatorStock[];
}

export interface OperatorStock {
  readonly operator: string;
  readonly operator_ru: string;
  readonly free: number;
}

const byFree = <T extends { free: number }>(a: T, b: T) => b.free - a.free;

/** Stock rows (country, city, operator) summed per country and, inside it, per operator; most free first. */
export function groupStock(items: readonly StockItem[]): CountryStock[] {
  const countries = new Map<string, Map<string, OperatorStock>>();
  for (const { country, operator, operator_ru: russian, free } of items) {
    if (free <= 0) continue;
    const operators = countries.get(country) ?? new Map<string, OperatorStock>();
    // One Russian name per operator and country: any of its cities' rows carries it.
    const operatorRu = typeof russian === 'string' ? russian : '';
    operators.set(operator, { operator, operator_ru: operatorRu, free: (operators.get(operator)?.free ?? 0) + free });
    countries.set(country, operators);
  }
  return [...countries]
    .map(([country, operators]) => {
      const list = [...operators.values()].sort(byFree);
      return { country, free: list.reduce((sum, operator) => sum + operator.free, 0), operators: list };
    })
    .sort(byFree);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * What the strip shows, from `GET /api/stock/`'s answer (or the same answer the server embedded in the document) and
 * the payment methods. Checked here just enough that an odd answer renders less rather than throwing, and not with
 * the contract's valibot decoders (`getStock`, `listPaymentMethods`): valibot would be the largest part of the strip
 * on a first paint that has ~4 KB left of its 180 KB budget (docs/architecture.md). Anything but an object is no stock.
 */
export function toStrip(stock: unknown, methods: unknown): StripData | null {
  if (!isObject(stock)) return null;
  const items = listOf(stock.stock).filter(
    (item): item is StockItem =>
      isObject(item) &&
      typeof item.country === 'string' &&
      typeof item.operator === 'string' &&
      typeof item.free === 'number',
  );
  const prices = listOf(stock.prices).filter(
    (price): price is Price =>
      isObject(price) &&
      typeof price.price === 'number' &&
      typeof price.period_days === 'number' &&
      price.period_days > 0 &&
      CURRENCIES.includes(price.currency as Price['currency']),
  );
  const countries = groupStock(items);
  return {
    countries,
    free: countries.reduce((sum, country) => sum + country.free, 0),
    from: pricePerDayFrom(prices),
    methods: listOf(methods).filter(
      (method): method is PaymentMethodBadge =>
        isObject(method) && typeof method.id === 'number' && typeof method.name === 'string',
    ),
  };
}

/**
 * The strip's data as the server embedded it in the document for this language (`homeStockKey`), or null when it did
 * not (a client-side visit, or the server could not read the stock).
 */
export function embeddedStrip(embedded: unknown): StripData | null {
  return isObject(embedded) ? toStrip(embedded, embedded.methods) : null;
}

/**
 * `GET /api/stock/` and `GET /api/payment-methods/`, both public, for a visit the document did not embed the strip
 * for; a failed stock request rejects.
 */
export async function loadStrip(signal: AbortSignal): Promise<StripData> {
  const [stock, methods] = await Promise.all([
    api.request<unknown>('/api/stock/', { signal }),
    // The icons are a bonus: the strip shows without them.
    api.request<unknown>('/api/payment-methods/', { signal }).catch(() => []),
  ]);
  const strip = toStrip(stock, methods);
  if (!strip) throw new TypeError('stock');
  return strip;
}
