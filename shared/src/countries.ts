import { createElement, useState } from 'react';
import type { Language } from './languages.ts';

/**
 * Places as every page writes them, in both languages and one way: a place's country is its ISO 3166 code (`RU`, the
 * farm's and the stock's spelling), shown as its flag (`Flag`) and its name in the interface language, and its city
 * and operator in that language too (`cityName`, `operatorName`). One module, so a country is not 'США' on the home
 * page and 'Соединенные Штаты' on /order. Small and free of schemas: the home page's first paint uses it (the flag
 * with it, no module more).
 */

const CODE = /^[A-Z]{2}$/;

/**
 * A place's name in the page's language: the Russian one on a Russian page when there is one, else the English name —
 * which is also what requests and filters send, whatever the page shows. Cities (#28) and operators (#49) alike.
 */
const inLanguage = (english: string, russian: string | undefined, language: Language) =>
  language === 'ru' && russian ? russian : english;

/** A place's city in the page's language (`city_ru` on a Russian page when it has one, else `city`). */
export function cityName(place: { readonly city: string; readonly city_ru?: string }, language: Language): string {
  return inLanguage(place.city, place.city_ru, language);
}

/** A place's operator in the page's language (`operator_ru` on a Russian page when it has one: МТС, Билайн). */
export function operatorName(
  place: { readonly operator: string; readonly operator_ru?: string },
  language: Language,
): string {
  return inLanguage(place.operator, place.operator_ru, language);
}

/**
 * @deprecated Since contract 1.5 pages show `Flag` (Windows draws no emoji flags). Kept because a remote built
 * against an earlier 1.x, still deployed, imports it from the shell's copy of the contract at run time.
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

/**
 * A country's flag as the site serves it: the `flag-icons` SVGs (4:3) copied into the shell's output at build time
 * (build/flag-assets.js) and served from `/flags/` with a long cache. Files, not emoji (Windows draws no emoji flags)
 * and not inlined into the JS (the home page's budget): a page loads only the flags it shows.
 */
const FLAGS_PATH = '/flags/';

/** The flag file of an ISO 3166 code (`RU` → `/flags/ru.svg`), or null for anything that is not a code. */
export function flagUrl(country: string): string | null {
  return CODE.test(country) ? `${FLAGS_PATH}${country.toLowerCase()}.svg` : null;
}

export interface FlagProps {
  /** The place's country, an ISO 3166 code as the farm and the stock spell it. */
  readonly country: string;
  readonly language: Language;
  /**
   * The country's name is written beside the flag: the image is then decoration (empty alt), so a screen reader does
   * not read the name twice.
   */
  readonly decorative?: boolean;
  readonly className?: string;
}

/**
 * One country's flag, 20×15 (width and height set, so nothing moves when it arrives), loaded lazily, its alt text the
 * country's name in the page's language. A value that is not a code, or a code the site has no flag for (the file is
 * missing), shows as text instead: the name, or nothing when the name is already beside it.
 */
export function Flag({ country, language, decorative = false, className }: FlagProps) {
  const [failed, setFailed] = useState(false);
  const url = flagUrl(country);
  if (url === null || failed) {
    return decorative ? null : createElement('span', { className }, countryName(country, language));
  }
  return createElement('img', {
    src: url,
    alt: decorative ? '' : countryName(country, language),
    width: 20,
    height: 15,
    loading: 'lazy',
    decoding: 'async',
    className,
    // Sits on the text's line like the emoji did, whatever the caller's line height.
    style: { verticalAlign: '-0.125em' },
    onError: () => setFailed(true),
  });
}
