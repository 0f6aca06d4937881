import type { Language } from '@proxy/contract/languages';
import { formatPrice, type Currency } from '@proxy/contract/money';

/** How the customer pages write dates, money and counts, in the interface language, one way on every page. */

/** A date ('12 июн. 2026 г.', 'Jun 12, 2026'). */
export function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A date and time ('12 июн. 2026 г., 14:05'). */
export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A change of a balance with its sign: '+1 000 ₽', '−250 ₽' (minor units, as every amount). */
export function formatSigned(minor: number, currency: Currency, language: Language): string {
  return `${minor > 0 ? '+' : ''}${formatPrice(minor, currency, language)}`;
}

/** The plural forms the translation files spell out: Russian needs all four. */
export type Plural = 'one' | 'few' | 'many' | 'other';

/** Which plural form `count` takes in `language`: 1 → one, 2 → few, 5 → many in Russian. */
export function pluralOf(count: number, language: Language): Plural {
  return new Intl.PluralRules(language).select(count) as Plural;
}
