/**
 * `/sitemap.xml` and `/robots.txt`, served with the document (registered by the site plugin): they describe the
 * pages that server renders, so an API-only process has neither.
 * - The sitemap lists the home page, the API documentation and every published page in both languages (Russian without a prefix, English
 *   under /en), each with its ru/en/x-default alternates and, for pages, the last change.
 * - robots.txt lets crawlers everywhere except the panel and the API, and points at the sitemap.
 */
import { LANGUAGES, localizePath, type Language } from '@proxy/contract/languages';
import type { FastifyPluginAsync } from 'fastify';
import { canonicalPagePath } from '../lib/seo.ts';

/** A published page: its slug and when it last changed. */
export interface PublishedSlug {
  readonly slug: string;
  /** ISO 8601. */
  readonly updated_at: string;
}

export interface SitemapOptions {
  readonly publicUrl: string;
  /** The published pages (the content domain provides them to the site). */
  readonly slugs: () => Promise<PublishedSlug[]>;
}

/** A crawler burst reads one query's result; a page published now shows up within a minute. */
const SITEMAP_MEMO_MS = 60_000;
const CACHE_CONTROL = 'public, max-age=300';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

interface Entry {
  /** Without the language prefix. */
  readonly path: string;
  readonly lastmod?: string;
}

/** One `<url>` per language, each naming all of them as alternates (as Google asks for bilingual sitemaps). */
function urlElements(publicUrl: string, entry: Entry): string[] {
  const url = (language: Language) => escapeXml(`${publicUrl}${localizePath(entry.path, language)}`);
  const alternates = [
    ...LANGUAGES.map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${url(language)}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${url('ru')}"/>`,
  ];
  return LANGUAGES.map((language) =>
    [
      '<url>',
      `<loc>${url(language)}</loc>`,
      ...(entry.lastmod ? [`<lastmod>${escapeXml(entry.lastmod)}</lastmod>`] : []),
      ...alternates,
      '</url>',
    ].join(''),
  );
}

export function renderSitemap(publicUrl: string, entries: readonly Entry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.flatMap((entry) => urlElements(publicUrl, entry)),
    '</urlset>',
    '',
  ].join('\n');
}

export function renderRobots(publicUrl: string): string {
  // `/panel$` and `/panel/` rather than a bare `/panel` prefix, which would also hide pages whose slug starts with
  // "panel" (`/panels-explained`). Crawlers that ignore `$` still skip everything under /panel/.
  return [
    'User-agent: *',
    'Allow: /',
    ...['/panel', '/en/panel'].flatMap((panel) => [`Disallow: ${panel}$`, `Disallow: ${panel}/`]),
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const textSchema = { response: { 200: { type: 'string' } } } as const;

const sitemap: FastifyPluginAsync<SitemapOptions> = async (app, options) => {
  let memo: { readonly xml: Promise<string>; readonly until: number } | null = null;

  async function build(): Promise<string> {
    const pages = await options.slugs();
    return renderSitemap(options.publicUrl, [
      { path: '/' },
      // The customer API's documentation: the one public screen besides the home page that is not a CMS page.
      { path: '/api-docs' },
      ...pages.map((page) => ({ path: canonicalPagePath(page.slug), lastmod: page.updated_at })),
    ]);
  }

  app.get('/sitemap.xml', { schema: textSchema }, async (_request, reply) => {
    if (!memo || memo.until <= Date.now()) {
      const xml = build();
      memo = { xml, until: Date.now() + SITEMAP_MEMO_MS };
      // A failed build (database down) is not remembered: the next request tries again.
      xml.catch(() => {
        if (memo?.xml === xml) memo = null;
      });
    }
    const xml = await memo.xml;
    return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(xml);
  });

  const robots = renderRobots(options.publicUrl);
  app.get('/robots.txt', { schema: textSchema }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots),
  );
};

export default sitemap;
