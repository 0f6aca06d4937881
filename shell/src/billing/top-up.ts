/** The arithmetic and bookkeeping of one top-up, apart from the dialog that shows it. */

/**
 * An amount typed in major units ('500', '99.5', '1 000,25') as integer minor units, or null when it is not one.
 * Read from the digits, never through a float: 0.1 + 0.2 would already be off by a kopeck somewhere.
 */
export function toMinorUnits(text: string): number | null {
  // Spaces (also the no-break and thin spaces Intl writes) group thousands; a comma is the Russian decimal mark.
  const normalized = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const match = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(normalized);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A fee of 2.5 % as '2.5 %' / '2,5 %'. */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/**
 * What the amount field starts with for a top-up of `minor` asked by the page (`#topup-{minor}`): the amount in major
 * units as the language writes it without grouping ('1234,50', '1234.50'), which `toMinorUnits` reads back.
 */
export function toAmountText(minor: number, language: string): string {
  const whole = Math.floor(minor / 100);
  const fraction = minor % 100;
  if (fraction === 0) return String(whole);
  return `${whole}${language === 'ru' ? ',' : '.'}${String(fraction).padStart(2, '0')}`;
}
