// @vitest-environment jsdom
// The sitemap read by an XML parser, as a crawler reads it (the served document is tested in seo.test.ts).
import { describe, expect, it } from 'vitest';
import { renderSitemap } from './sitemap.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

describe('renderSitemap', () => {
  it('is well-formed XML in the sitemap namespace, escaping what it embeds', () => {
    // An `&` and a quote in PUBLIC_URL's path are legal in a URL and must not break the XML.
    const base = "https://proxy.example/a&b'c";
    const xml = renderSitemap(base, [{ path: '/' }, { path: '/about', lastmod: '2026-03-04T05:06:07.000Z' }]);
    const document = new DOMParser().parseFromString(xml, 'application/xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.namespaceURI).toBe(SITEMAP_NS);
    expect(document.documentElement.localName).toBe('urlset');

    const urls = [...document.getElementsByTagNameNS(SITEMAP_NS, 'url')];
    expect(urls.map((url) => url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent)).toEqual([
      `${base}/`,
      `${base}/en`,
      `${base}/about`,
      `${base}/en/about`,
    ]);
    const about = urls[3] as Element;
    expect(about.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent).toBe('2026-03-04T05:06:07.000Z');
    const links = [...about.getElementsByTagNameNS(XHTML_NS, 'link')].map((link) => [
      link.getAttribute('rel'),
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['alternate', 'ru', `${base}/about`],
      ['alternate', 'en', `${base}/en/about`],
      ['alternate', 'x-default', `${base}/about`],
    ]);
  });
});
