/** Interface languages: Russian is the default and has no URL prefix, English lives under /en (spec §2, §9). */
export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/** The cookie that remembers the visitor's choice, and how long (spec §9). */
export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The URL prefix of a language: '' for Russian, '/en' for English. */
export function languagePrefix(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '' : `/${language}`;
}

/** Splits '/en/about' into English + '/about'; a path without a language prefix is Russian. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const match = /^\/(en)(?=\/|$)/.exec(pathname);
  if (match) return { language: 'en', path: pathname.slice(match[0].length) || '/' };
  return { language: DEFAULT_LANGUAGE, path: pathname || '/' };
}

/** Puts a language-neutral path ('/about') under the language's prefix ('/en/about'). */
export function localizePath(path: string, language: Language): string {
  const prefix = languagePrefix(language);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * Picks the best supported language from an Accept-Language header, as Django's LocaleMiddleware does:
 * highest q first, a regional tag ('en-GB') counts for its base language, nothing supported → `fallback` (the site's
 * default unless the caller has its own: the customer API's is English).
 */
export function negotiateLanguage(header: string | undefined | null, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? fallback;
}
