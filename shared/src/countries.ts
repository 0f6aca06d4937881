import type { Language } from './languages.ts';

/**
 * Countries as every page writes them, in both languages and one way: a place's country is its ISO 3166 code
 * (`RU`, the farm's and the stock's spelling), shown as its flag and its name in the interface language. One module,
 * so a country is not 'США' on the home page and 'Соединенные Штаты' on /order. Small and free of schemas: the home
 * page's first paint uses it.
 */

const CODE = /^[A-Z]{2}$/;

/**
 * A country's flag as an emoji: the two regional-indicator letters of its code, which the system's emoji font draws
 * as the flag (Windows draws the letters instead, still readable). Nothing for anything but a code, so a free-text
 * country never turns into a wrong flag.
 */
export function flagOf(country: string): string {
  return CODE.test(country)
    ? String.fromCodePoint(...[...country].map((letter) => letter.charCodeAt(0) + 0x1f1a5))
    : '';
}

const names = new Map<Language, Intl.DisplayNames>();

/**
 * A country's name in the language (`RU` → 'Россия' / 'Russia'): the full name the browser's ICU gives (the short
 * forms cut some to a part, 'Британия', 'Bosnia'); the code itself for anything the browser cannot name.
 */
export function countryName(country: string, language: Language): string {
  if (!CODE.test(country)) return country;
  let display = names.get(language);
  if (!display) {
    display = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    names.set(language, display);
  }
  return display.of(country) ?? country;
}
