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

/** Why an amount cannot be topped up (each its own message on both sides); `format`: not a number at all. */
export type AmountProblem = 'format' | 'negative' | 'zero' | 'decimals' | 'below_min' | 'above_max';

/** Whole digits past which an amount is above any maximum (MAX_AMOUNT has 10): checked before a float could round. */
const MAX_WHOLE_DIGITS = 12;

/**
 * An amount typed in major units ('500', '99.5', '1 000,25') as integer minor units, or what is wrong with it.
 * Read from the digits, never through a float: 0.1 + 0.2 would already be off by a kopeck somewhere.
 */
export function readAmountText(text: string): { readonly minor: number } | { readonly problem: AmountProblem } {
  // Spaces (also the no-break and thin spaces Intl writes) group thousands; a comma is the Russian decimal mark.
  const normalized = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const match = /^([-\u2212]?)(\d*)(?:\.(\d*))?$/.exec(normalized);
  if (!match || normalized.replace(/^[-\u2212]/, '').replace('.', '') === '') return { problem: 'format' };
  const [, sign = '', rawWhole = '', rawFraction = ''] = match;
  const whole = rawWhole.replace(/^0+(?=\d)/, '');
  const fraction = rawFraction.replace(/0+$/, '');
  const zero = /^0*$/.test(whole) && fraction === '';
  if (sign && !zero) return { problem: 'negative' };
  if (fraction.length > 2) return { problem: 'decimals' };
  if (whole.length > MAX_WHOLE_DIGITS) return { problem: 'above_max' };
  return { minor: Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0')) };
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
