import type { Language } from '@proxy/contract/languages';

// The marketing remote's stock strip words places the same way; remotes do not import one another (README), and
// this is too small to be worth a contract module that every public first paint would fetch on its own.

/** A two-letter country code as its flag (regional indicator letters); anything else has none. */
export function flagOf(country: string): string {
  return /^[A-Z]{2}$/.test(country)
    ? String.fromCodePoint(...[...country].map((letter) => 0x1f1a5 + letter.charCodeAt(0)))
    : '';
}

/**
 * The country's name in the interface language (`RU` → 'Россия' / 'Russia'), short where one exists (`US` → 'США'),
 * for a narrow card; the code itself when unknown.
 */
export function countryName(country: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', style: 'short' }).of(country) ?? country;
  } catch {
    // Not a region code Intl knows (RangeError).
    return country;
  }
}
