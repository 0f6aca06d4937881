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
 * A random Idempotency-Key. Not `crypto.randomUUID()`: browsers offer it only in secure contexts, and a site served
 * over plain HTTP on a LAN address would lose its top-ups to a TypeError.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One attempt to create an invoice: what was asked and the key it was asked with. */
export interface Attempt {
  readonly request: string;
  readonly key: string;
}

/**
 * The attempt for sending `request`: the previous one when it asks the same (a retry after a lost answer or an
 * error, which must not make a second invoice), else a new key (a new amount or method is a new top-up).
 */
export function attemptFor(previous: Attempt | null, request: { method: number; amount: number }): Attempt {
  const asked = `${request.method}:${request.amount}`;
  return previous?.request === asked ? previous : { request: asked, key: newIdempotencyKey() };
}
