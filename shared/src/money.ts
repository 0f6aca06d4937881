/** Money as the site shows it. Amounts are integers in minor units (kopecks, cents): never floats. */
import type { Language } from './languages.ts';

export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Each currency's sign in the site's languages: after the amount in Russian, before it in English. */
const SIGN_RU: Record<Currency, string> = { RUB: '₽', USD: '$', EUR: '€' };
const SIGN_EN: Record<Currency, string> = { RUB: 'RUB\u00a0', USD: '$', EUR: '€' };

/**
 * Formats a price in minor units for people, in the interface language ('2 900 ₽', '$29'): whole amounts without
 * kopecks or cents, others with two digits. Written out, exactly as Intl writes them (money.test.ts compares the two):
 * Intl's first use on a page loads the language's locale data, 30-60 ms of a phone's main thread while the home page
 * starts, and the server's and the browser's ICU could differ in a release.
 */
export function formatPrice(minor: number, currency: Currency, language: Language): string {
  const amount = Math.abs(minor);
  const cents = amount % 100;
  const ru = language === 'ru';
  const whole = String((amount - cents) / 100).replace(/\B(?=(\d{3})+$)/g, ru ? '\u00a0' : ',');
  const number = cents === 0 ? whole : `${whole}${ru ? ',' : '.'}${String(cents).padStart(2, '0')}`;
  const sign = minor < 0 ? '-' : '';
  return ru ? `${sign}${number}\u00a0${SIGN_RU[currency]}` : `${sign}${SIGN_EN[currency]}${number}`;
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

/**
 * The price list for a proxy in `country`, one price per period, shortest first: a plan naming the country wins over
 * one for any country (docs/product.md "Plans": the most specific plan wins), as the server's quote does. The order
 * page offers these periods for a new proxy, the renew dialog those every renewed proxy's country has.
 */
export function pricesFor<P extends { readonly period_days: number; readonly country: string | null }>(
  prices: readonly P[],
  country: string,
): P[] {
  const best = new Map<number, P>();
  for (const price of prices) {
    if (price.country !== null && price.country !== country) continue;
    const current = best.get(price.period_days);
    if (!current || (current.country === null && price.country !== null)) best.set(price.period_days, price);
  }
  return [...best.values()].sort((a, b) => a.period_days - b.period_days);
}

/** Why an amount cannot be topped up (each its own message on both sides); `format`: not a number at all. */
export type AmountProblem = 'format' | 'negative' | 'zero' | 'decimals' | 'below_min' | 'above_max';

/** What can be wrong with an amount's text itself, before any limit is applied. */
type TextProblem = Extract<AmountProblem, 'format' | 'negative' | 'decimals' | 'above_max'>;

/** Whole digits past which an amount is above any maximum (MAX_AMOUNT has 10): checked before a float could round. */
const MAX_WHOLE_DIGITS = 12;

/** Digits after the decimal mark: kopecks and cents, the same for every currency the site takes. */
const MINOR_DIGITS = 2;

/**
 * Money as a person types it, in either language (#49): digits, optionally grouped in threes by single spaces (also
 * the no-break and narrow no-break spaces Intl writes, which text copied from a page carries), then optionally ONE decimal
 * mark — a comma or a point, whichever the keyboard has — and one or two digits; a minus when `signed`.
 * Everything else is refused rather than guessed: "1.000,5" and "1,000.5" (two marks), "1,000" (three decimals,
 * which is also how a thousand is grouped in English: refused as too many decimals rather than read as 1 ₽), a lone
 * or trailing mark, letters. An InputNumber dropped the comma and read "150,5" as 1 505 ₽.
 */
const AMOUNT_PATTERN = /^([-\u2212]?)(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d+))?$/;

/** What can be wrong with a number's text (`readDecimalText`): not a number, too many decimals, a sign, too long. */
export type DecimalProblem = TextProblem;

/**
 * The one reader of numbers people type (#49), money or not: the text as an integer count of `10^-decimals` units,
 * read from the digits, never through a float (0.1 + 0.2 would already be off by a kopeck), or what is wrong with it.
 */
function readScaled(
  text: string,
  decimals: number,
  signed: boolean,
): { readonly units: number } | { readonly problem: TextProblem } {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return { problem: 'format' };
  const [, sign = '', grouped = '', fraction = ''] = match;
  const whole = grouped.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (fraction.length > decimals) return { problem: 'decimals' };
  if (whole.length > MAX_WHOLE_DIGITS) return { problem: 'above_max' };
  const units = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  if (sign && units !== 0 && !signed) return { problem: 'negative' };
  // `-0` is 0, not a negative zero a strict equality in a test or a schema would trip on.
  return { units: sign && units !== 0 ? -units : units };
}

/**
 * An amount typed in major units ('500', '99.5', '1 000,25', '-150,5' when `signed`) as integer minor units, or
 * what is wrong with it.
 */
export function readAmountText(
  text: string,
  { signed = false }: { readonly signed?: boolean } = {},
): { readonly minor: number } | { readonly problem: TextProblem } {
  const read = readScaled(text, MINOR_DIGITS, signed);
  return 'units' in read ? { minor: read.units } : read;
}

/**
 * A plain number typed in either language — a percentage, a count, a bound of a filter — by the same rule as money
 * ('2,5' and '2.5' are 2.5; '1.000,5' is refused), with at most `decimals` digits after the mark: 0 takes whole
 * numbers only, so '2,5' in a count is refused as too many decimals, never read as 25 (#49).
 */
export function readDecimalText(
  text: string,
  { decimals, signed = false }: { readonly decimals: number; readonly signed?: boolean },
): { readonly value: number } | { readonly problem: DecimalProblem } {
  const read = readScaled(text, decimals, signed);
  // Integer units over a power of ten: the double nearest the decimal typed, the same as Number('2.5') gives.
  return 'units' in read ? { value: read.units / 10 ** decimals } : read;
}

/** A number as a field starts with it: no grouping, the language's decimal mark ('2,5' in Russian), read back exactly. */
export function decimalText(value: number, language: Language): string {
  const text = String(value);
  return language === 'ru' ? text.replace('.', ',') : text;
}

/**
 * Minor units as a money field starts with them: the amount in major units as the language writes it without
 * grouping ('1234,50', '1234.50', '1234'), which `readAmountText` reads back exactly.
 */
export function amountText(minor: number, language: Language): string {
  const unit = 10 ** MINOR_DIGITS;
  const amount = Math.abs(minor);
  const fraction = amount % unit;
  const whole = `${minor < 0 ? '-' : ''}${(amount - fraction) / unit}`;
  return fraction === 0
    ? whole
    : `${whole}${language === 'ru' ? ',' : '.'}${String(fraction).padStart(MINOR_DIGITS, '0')}`;
}

/**
 * A money field's text as the minor units a request carries: null when empty (an optional amount left out), NaN when
 * it cannot be read, which the contract's schema refuses — the field has already said why.
 */
export function minorUnitsOf(text: string, options?: { readonly signed?: boolean }): number | null {
  if (text.trim() === '') return null;
  const read = readAmountText(text, options);
  return 'minor' in read ? read.minor : Number.NaN;
}

/**
 * The one rule for a top-up's amount in minor units, which the dialog checks as the customer types and the server
 * checks again: in this order, so "-100" says negative and "99999999999999" says above the maximum.
 */
export function amountProblem(
  minor: number,
  limits: { readonly min: number; readonly max: number },
): AmountProblem | null {
  if (!Number.isFinite(minor)) return 'format';
  if (minor < 0) return 'negative';
  if (minor === 0) return 'zero';
  if (!Number.isInteger(minor)) return 'decimals';
  if (minor > limits.max) return 'above_max';
  if (minor < limits.min) return 'below_min';
  return null;
}
