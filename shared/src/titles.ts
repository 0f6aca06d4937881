/**
 * The document title, one rule for the server (the first document) and the browser (every client-side navigation),
 * so a reload never shows a different title from the one a click led to: a content page is titled by its SEO title,
 * or its title when that is empty; every other screen by the site's name.
 */

/**
 * The site's name when the server's `SITE_NAME` is unset. The name itself is configuration: the server reads it
 * once at start and embeds it in every document's state (`siteName`), so e-mails, the document title, the header
 * and the footer all say the configured name; this default is only what they say before anyone configured one.
 */
export const DEFAULT_SITE_NAME = 'ProxyMob';

export function documentTitle(siteName: string, page?: { readonly title: string; readonly seo_title: string }): string {
  return page?.seo_title || page?.title || siteName;
}
