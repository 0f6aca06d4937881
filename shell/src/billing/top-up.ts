/** The arithmetic and bookkeeping of one top-up, apart from the dialog that shows it. */

import { assetUnitsFor, formatUnits } from '@proxy/contract/assets';
import { readAmountText } from '@proxy/contract/money';
import type { PaymentMethod } from '@proxy/contract/schemas/billing';

/** An amount typed in major units as integer minor units, or null when it is not one (the contract's reading). */
export function toMinorUnits(text: string): number | null {
  const read = readAmountText(text);
  return 'minor' in read ? read.minor : null;
}

/**
 * About how much of a crypto method's asset `totalMinor` is at the method's current rate ('104.7121'); null for a
 * method in the site currency or without a rate. The invoice locks its own rate and adds its unique tail.
 */
export function assetEstimate(method: PaymentMethod, totalMinor: number): string | null {
  if (!method.asset || !method.rate) return null;
  const units = assetUnitsFor(totalMinor, method.rate, method.asset.decimals);
  return units === null ? null : formatUnits(units, method.asset.decimals);
}

/**
 * A rate (site-currency major units for one unit of an asset, '95.50') as the language writes money ('95,50 ₽'),
 * with as many decimals as it has: for people only, never for arithmetic.
 */
export function formatRate(rate: string, currency: PaymentMethod['currency'], language: string): string {
  const decimals = (rate.split('.')[1] ?? '').replace(/0+$/, '').length;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals > 0 ? Math.max(decimals, 2) : 0,
    maximumFractionDigits: Math.max(decimals, 2),
  }).format(Number(rate));
}

/** A fee of 2.5 % as '2.5 %' / '2,5 %'. */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}
