import { formatPrice, type Currency } from '@proxy/contract/money';

/** A date and time as the customer's language writes it. */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A change of the balance with its sign: '+1 000 ₽', '−250 ₽'. */
export function formatSigned(minor: number, currency: Currency, language: string): string {
  return `${minor > 0 ? '+' : ''}${formatPrice(minor, currency, language)}`;
}

/** What a ledger entry's reference points at (`invoice:12`, `order:7`), or null for anything else. */
export function parseReference(reference: string): { kind: 'invoice' | 'order'; id: number } | null {
  const match = /^(invoice|order):([1-9]\d{0,9})$/.exec(reference);
  return match ? { kind: match[1] as 'invoice' | 'order', id: Number(match[2]) } : null;
}

/** A positive whole number from the URL, or undefined. */
export function pageOf(raw: string | null): number | undefined {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** A calendar date as the customer's language writes it. */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}
