import type { Language } from './languages.ts';

/**
 * The document title, one rule for the server (the first document) and the browser (every client-side navigation),
 * so a reload never shows a different title from the one a click led to: a content page is titled by its SEO title,
 * or its title when that is empty; every other screen by the brand.
 */

/** The brand, as the shell's translations spell it (`brand` in shell/src/i18n/*.json). */
export const SITE_NAME: Readonly<Record<Language, string>> = {
  ru: 'ProxyMob',
  en: 'ProxyMob',
};

export function documentTitle(
  language: Language,
  page?: { readonly title: string; readonly seo_title: string },
): string {
  return page?.seo_title || page?.title || SITE_NAME[language];
}
