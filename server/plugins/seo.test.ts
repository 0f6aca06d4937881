// What crawlers and link previews read from the server: the head of the HTML document, /sitemap.xml, /robots.txt.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  buildTestApp,
  createTestDist,
  faultyDb,
  openSeededDb,
  type FaultyDb,
  type TestDb,
  type TestDist,
} from '../test/helpers.ts';

const SITE = 'https://proxy.example';

/** The `content` of `<meta name|property="key">`, as the document carries it (still HTML-escaped). */
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];
}

function metaAll(html: string, key: string): string[] {
  return [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g'))].map(
    (m) => m[1] ?? '',
  );
}

function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
}

function alternates(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)" \/>/g)].map((m) => [m[1], m[2]]),
  );
}

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

describe.each(BACKENDS)('search and sharing on $name', (backend) => {
  let testDb: TestDb;
  let db: FaultyDb;
  let dist: TestDist;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    db = faultyDb(testDb.db);
    dist = await createTestDist(['marketing']);
    // Fixtures before the first sitemap request: it is remembered for a minute.
    await testDb.db.query(
      `INSERT INTO pages (slug, published, title_ru, seo_title_ru, seo_description_ru, body_ru, title_en, body_en)
       VALUES ('escaping', true, 'Кот "&" <b>Пёс</b>', '', 'Описание с "кавычками" <и> & амперсандом',
               '<p>Текст</p>', '', ''),
              ('with-image', true, 'С картинкой', '', '',
               '<p>Текст</p><figure class="image"><img src="/api/users/images/abc123.webp" alt="" /></figure>',
               'With a picture', ''),
              ('home', true, 'Страница home', '', '', '<p>Текст</p>', '', '')`,
    );
    await testDb.db.query(`UPDATE pages SET updated_at = '2026-03-04T05:06:07Z' WHERE slug = 'about'`);
    app = await buildTestApp({ db, serveSite: true, env: { DIST_DIR: dist.dir, PUBLIC_URL: SITE } });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await dist.dispose();
  });

  describe('the document head', () => {
    it('describes a content page in Russian: title, description, canonical, alternates, Open Graph', async () => {
      const response = await app.inject('/about');
      expect(response.statusCode).toBe(200);
      const html = head(response.body);
      expect(html).toContain('<title>О сервисе мобильных прокси</title>');
      const description =
        'Частные мобильные 4G/LTE прокси на отдельных модемах: смена IP по ссылке, HTTP и SOCKS5, оплата криптовалютой.';
      expect(meta(html, 'description')).toBe(description);
      expect(canonical(html)).toBe(`${SITE}/about`);
      expect(alternates(html)).toEqual({
        ru: `${SITE}/about`,
        en: `${SITE}/en/about`,
        'x-default': `${SITE}/about`,
      });
      expect(meta(html, 'og:title')).toBe('О сервисе мобильных прокси');
      expect(meta(html, 'og:description')).toBe(description);
      expect(meta(html, 'og:url')).toBe(`${SITE}/about`);
      expect(meta(html, 'og:type')).toBe('article');
      expect(meta(html, 'og:site_name')).toBe('ProxyMob');
      expect(meta(html, 'og:locale')).toBe('ru_RU');
      expect(metaAll(html, 'og:locale:alternate')).toEqual(['en_US']);
      expect(meta(html, 'og:image')).toBeUndefined();
      expect(meta(html, 'twitter:card')).toBe('summary');
      expect(meta(html, 'robots')).toBeUndefined();
    });

    it('describes the same page in English, at both of its addresses, with one canonical URL', async () => {
      for (const url of ['/en/about', '/en/page/about', '/en/about/']) {
        const html = head((await app.inject(url)).body);
        expect(html, url).toContain('<title>About our mobile proxy service</title>');
        expect(meta(html, 'description'), url).toBe(
          'Private 4G/LTE mobile proxies on dedicated modems: IP rotation by link, HTTP and SOCKS5, crypto payments.',
        );
        expect(canonical(html), url).toBe(`${SITE}/en/about`);
        expect(meta(html, 'og:url'), url).toBe(`${SITE}/en/about`);
        expect(meta(html, 'og:locale'), url).toBe('en_US');
        expect(metaAll(html, 'og:locale:alternate'), url).toEqual(['ru_RU']);
        expect(alternates(html), url).toEqual({
          ru: `${SITE}/about`,
          en: `${SITE}/en/about`,
          'x-default': `${SITE}/about`,
        });
      }
      expect(canonical((await app.inject('/page/about')).body)).toBe(`${SITE}/about`);
    });

    it('makes /page/{slug} canonical for a page whose short address is another route', async () => {
      const html = head((await app.inject('/page/home')).body);
      expect(html).toContain('<title>Страница home</title>');
      expect(canonical(html)).toBe(`${SITE}/page/home`);
      expect(alternates(html).en).toBe(`${SITE}/en/page/home`);
    });

    it('titles and describes the API documentation in both languages, canonical at its own address', async () => {
      const ru = head((await app.inject('/api-docs')).body);
      expect(ru).toContain('<title>API для клиентов — ');
      expect(meta(ru, 'description')).toMatch(/^API для клиентов: управление, смена IP, перезагрузка/);
      expect(canonical(ru)).toBe(`${SITE}/api-docs`);
      const en = head((await app.inject('/en/api-docs')).body);
      expect(en).toContain('<title>Customer API — ');
      expect(meta(en, 'description')).toMatch(/^The customer API: manage, rotate, reboot/);
      expect(alternates(en)).toEqual({
        ru: `${SITE}/api-docs`,
        en: `${SITE}/en/api-docs`,
        'x-default': `${SITE}/api-docs`,
      });
    });

    it('shares the first uploaded image of the page as an absolute URL', async () => {
      const html = head((await app.inject('/en/with-image')).body);
      expect(meta(html, 'og:image')).toBe(`${SITE}/api/users/images/abc123.webp`);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      // No description set: no empty description tags either.
      expect(meta(html, 'description')).toBeUndefined();
      expect(meta(html, 'og:description')).toBeUndefined();
    });

    it('describes the home page from its CMS row in each language, sharing its hero image', async () => {
      const ru = head((await app.inject('/')).body);
      expect(ru).toContain('<title>Приватные мобильные прокси 4G/LTE с заменой IP</title>');
      expect(meta(ru, 'description')).toMatch(/^Личные мобильные прокси на реальных SIM-картах/);
      expect(canonical(ru)).toBe(`${SITE}/`);
      expect(alternates(ru)).toEqual({ ru: `${SITE}/`, en: `${SITE}/en`, 'x-default': `${SITE}/` });
      expect(meta(ru, 'og:type')).toBe('website');
      expect(meta(ru, 'og:title')).toBe('Приватные мобильные прокси 4G/LTE с заменой IP');
      expect(meta(ru, 'og:image')).toMatch(new RegExp(`^${SITE}/api/users/images/\\d+-1280x0\\.jpeg$`));

      const en = head((await app.inject('/en/')).body);
      expect(en).toContain('<title>Private 4G/LTE mobile proxies with IP rotation</title>');
      expect(meta(en, 'description')).toMatch(/^Private mobile proxies on real SIM cards/);
      expect(meta(en, 'og:description')).toBe(meta(en, 'description'));
      expect(canonical(en)).toBe(`${SITE}/en`);
      expect(meta(en, 'og:url')).toBe(`${SITE}/en`);
      expect(meta(en, 'og:locale')).toBe('en_US');
    });

    it('falls back to the brand and the site description when no home page is published', async () => {
      await testDb.db.query('UPDATE pages SET published = false WHERE home');
      try {
        const ru = head((await app.inject('/')).body);
        expect(ru).toContain('<title>ProxyMob</title>');
        expect(meta(ru, 'description')).toMatch(/^Настоящие SIM-карты/);
        const en = head((await app.inject('/en')).body);
        expect(en).toContain('<title>ProxyMob</title>');
      } finally {
        await testDb.db.query('UPDATE pages SET published = true WHERE home');
      }
    });

    it('escapes titles and descriptions in every tag', async () => {
      const html = head((await app.inject('/escaping')).body);
      expect(html).toContain('<title>Кот &quot;&amp;&quot; &lt;b&gt;Пёс&lt;/b&gt;</title>');
      expect(meta(html, 'og:title')).toBe('Кот &quot;&amp;&quot; &lt;b&gt;Пёс&lt;/b&gt;');
      expect(meta(html, 'description')).toBe('Описание с &quot;кавычками&quot; &lt;и&gt; &amp; амперсандом');
      expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
      expect(html).not.toContain('<b>');
      expect(html).not.toContain('<и>');
    });

    it.each([
      '/nope',
      '/en/nope/deeper',
      '/pricing-draft',
      '/en/page/pricing-draft',
      '/panel',
      '/panel/login',
      '/en/panel',
    ])('%s is kept out of search results and has no canonical URL', async (url) => {
      const html = head((await app.inject(url)).body);
      expect(meta(html, 'robots')).toBe('noindex');
      expect(canonical(html)).toBeUndefined();
      expect(meta(html, 'og:title')).toBeUndefined();
    });

    it('keeps a document that failed to load the signed-in user out of search results', async () => {
      db.failQueries(/auth_tokens/, new Error('boom'));
      try {
        const response = await app.inject({ url: '/about', headers: { cookie: `accessToken=${'a'.repeat(40)}` } });
        expect(response.statusCode).toBe(500);
        expect(meta(head(response.body), 'robots')).toBe('noindex');
      } finally {
        db.heal();
      }
    });
  });

  describe('/sitemap.xml', () => {
    it('lists the home page and every published page in both languages, with alternates and lastmod', async () => {
      const response = await app.inject('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const xml = response.body;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
      expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
      expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);

      const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      // The home page is listed once per language at `/`, never again at its slug.
      const published = (
        await testDb.db.query<{ slug: string }>('SELECT slug FROM pages WHERE published AND NOT home')
      ).map((row) => row.slug);
      expect(locs).toHaveLength(2 * (published.length + 2));
      for (const url of [
        `${SITE}/`,
        `${SITE}/en`,
        `${SITE}/about`,
        `${SITE}/en/about`,
        `${SITE}/faq`,
        `${SITE}/en/faq`,
        `${SITE}/escaping`,
        `${SITE}/page/home`,
        `${SITE}/en/page/home`,
        `${SITE}/api-docs`,
        `${SITE}/en/api-docs`,
      ]) {
        expect(locs).toContain(url);
      }
      expect(xml).not.toContain('pricing-draft');
      expect(xml).not.toContain(`${SITE}/index`);

      const about = /<url><loc>https:\/\/proxy\.example\/en\/about<\/loc>.*?<\/url>/.exec(xml)?.[0] ?? '';
      expect(about).toContain('<lastmod>2026-03-04T05:06:07.000Z</lastmod>');
      expect(about).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="${SITE}/about"/>`);
      expect(about).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${SITE}/en/about"/>`);
      expect(about).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/about"/>`);
      // The home page has no row to date it yet.
      expect(/<url><loc>https:\/\/proxy\.example\/<\/loc>.*?<\/url>/.exec(xml)?.[0]).not.toContain('<lastmod>');
    });

    it('answers HEAD, and is not part of an API-only process', async () => {
      expect((await app.inject({ method: 'HEAD', url: '/sitemap.xml' })).statusCode).toBe(200);
      const api = await buildTestApp({ db: testDb.db, serveSite: false, env: { DIST_DIR: dist.dir } });
      try {
        expect((await api.inject('/sitemap.xml')).statusCode).toBe(404);
        expect((await api.inject('/robots.txt')).statusCode).toBe(404);
      } finally {
        await api.close();
      }
    });
  });

  describe('/robots.txt', () => {
    it('lets crawlers in everywhere but the panel and the API, and points at the sitemap', async () => {
      const response = await app.inject('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toBe(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /panel$',
          'Disallow: /panel/',
          'Disallow: /en/panel$',
          'Disallow: /en/panel/',
          'Disallow: /api/',
          '',
          `Sitemap: ${SITE}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    });
  });
});
