import type { Language } from '@proxy/contract/languages';

/** The plural forms the translation files spell out (`one`, `few`, `many`, `other`: Russian needs all four). */
export type Plural = 'one' | 'few' | 'many' | 'other';

/** Which plural form `count` takes in `language`: 1 → one, 2 → few, 5 → many in Russian. */
export function pluralOf(count: number, language: Language): Plural {
  return new Intl.PluralRules(language).select(count) as Plural;
}
