import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { flagUrl } from '@proxy/contract/countries';
import type { Stock } from '@proxy/contract/schemas/orders';
import type { HomeStock } from '@proxy/contract/session-state';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKENDS,
  buildTestApp,
  createTestDist,
  faultyDb,
  openSeededDb,
  PGLITE,
  type FaultyDb,
  type TestDb,
  type TestDist,
} from '../test/helpers.ts';
import { DbUnavailableError } from '../db/db.ts';
import { createUser, freshEmail, login } from '../test/accounts.ts';
import { createFarm, freshPlace } from '../test/orders.ts';
import { cacheControlFor } from './site.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function stateOf(html: string): Record<string, unknown> {
  const match = /<script id="app-state" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no app-state script in the document');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe.each(BACKENDS)('the site on $name', (backend) => {
  let testDb: TestDb;
  let db: FaultyDb;
  let dist: TestDist;
  let app: FastifyInstance;
  const place = freshPlace('KZ');
  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    db = faultyDb(testDb.db);
    dist = await createTestDist(['marketing']);
    app = await buildTestApp({ db, serveSite: true, env: { DIST_DIR: dist.dir } });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await dist.dispose();
  });

  describe('the HTML document', () => {
    it('embeds the header menu in the URL language', async () => {
      const ru = stateOf((await app.inject('/')).body).menu as { name: string; link: string; children?: unknown[] }[];
      const en = stateOf((await app.inject('/en')).body).menu as { name: string; link: string; children?: unknown[] }[];
      expect(ru.map((item) => item.name)).toEqual(['Преимущества', 'О сервисе', 'Помощь', 'Скачать', 'Контакты']);
      expect(en.map((item) => item.name)).toEqual(['Why us', 'About', 'Help', 'Downloads', 'Contacts']);
      expect(en[0]?.link).toBe('#features');
      expect(en[2]?.children).toEqual([
        { name: 'FAQ', link: '/faq' },
        { name: 'Terms of service', link: '/terms' },
      ]);
      const api = await app.inject({ url: '/api/menu/', headers: { 'accept-language': 'en' } });
      expect(api.json()).toEqual(en);
    });

    it('embeds the footer links (published pages placed in the footer) in the URL language, as the API gives them', async () => {
      const ru = stateOf((await app.inject('/')).body).footer;
      const en = stateOf((await app.inject('/en/about')).body).footer;
      expect(ru).toEqual([
        { name: 'Контакты', link: '/contacts' },
        { name: 'Пользовательское соглашение', link: '/terms' },
      ]);
      expect(en).toEqual([
        { name: 'Contacts', link: '/contacts' },
        { name: 'Terms of service', link: '/terms' },
      ]);
      const api = await app.inject({ url: '/api/menu/footer/', headers: { 'accept-language': 'en' } });
      expect(api.json()).toEqual(en);
    });

    it('embeds the home page it renders and preloads its hero image, only on the home page', async () => {
      const html = (await app.inject('/en')).body;
      const block = stateOf(html).block as Record<string, { blocks: { type: string }[]; plans: unknown[] }>;
      expect(Object.keys(block)).toEqual(['home:en', 'stock:en']);
      expect(block['home:en']?.blocks[0]?.type).toBe('hero');
      expect(block['home:en']?.plans.length).toBeGreaterThan(0);
      const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';
      expect(preload).toMatch(/imagesrcset="\/api\/users\/images\/\d+-160x0\.webp 160w, /);
      expect(preload).toContain('imagesizes="(min-width: 960px) 520px, (min-width: 600px) 80vw, 100vw"');
      expect(preload).toContain('fetchpriority="high"');

      // A content page embeds itself, for its own loader; nothing of the home page.
      const about = (await app.inject('/about')).body;
      const aboutBlock = stateOf(about).block as Record<string, { title: string }>;
      expect(Object.keys(aboutBlock)).toEqual(['page:about:ru']);
      expect(aboutBlock['page:about:ru']?.title).toBe('О сервисе');
      expect(about).not.toContain('rel="preload" as="image"');
    });

    it('embeds the stock strip on the home page in the URL language (empty without modems), as the API answers it, and no validator', async () => {
      const strip = async (url: string, language: 'ru' | 'en') => {
        const answer = await app.inject(url);
        // Revalidated on every visit, and no ETag a 304 could answer with: the stock shown is the stock of the visit.
        expect(answer.headers['cache-control']).toBe('private, no-cache');
        expect(answer.headers.etag).toBeUndefined();
        expect(answer.headers['last-modified']).toBeUndefined();
        const block = stateOf(answer.body).block as Record<string, HomeStock>;
        const stock = await app.inject({ url: '/api/stock/', headers: { 'accept-language': language } });
        expect(block[`stock:${language}`]).toEqual({ ...stock.json<Stock>(), methods: expect.any(Array) });
        return block[`stock:${language}`];
      };
      const ruEmpty = await strip('/', 'ru');
      const enEmpty = await strip('/en', 'en');
      expect(ruEmpty?.stock.filter((item) => item.city === place.city)).toEqual([]);
      // Staff's methods in the panel's order, by name in the language and icon, nothing more (no fees, no secrets).
      expect(ruEmpty?.methods.length).toBeGreaterThan(0);
      expect(Object.keys(enEmpty?.methods[0] ?? {}).sort()).toEqual(['icon', 'id', 'name']);
      expect(enEmpty?.methods.map((method) => method.id)).toEqual(ruEmpty?.methods.map((method) => method.id));
      expect(enEmpty?.prices[0]?.title).toBe('Day');
      expect(ruEmpty?.prices[0]?.title).toBe('Сутки');

      // Modems come online: the next document past the few seconds of the process's cache shows them.
      await createFarm(testDb.db, place, { online: 2 });
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        // A minute on: well past the stock cache's few seconds.
        vi.setSystemTime(Date.now() + 60_000);
        expect((await strip('/', 'ru'))?.stock).toContainEqual({ ...place, city_ru: '', operator_ru: '', free: 2 });
        expect((await strip('/en', 'en'))?.stock).toContainEqual({ ...place, city_ru: '', operator_ru: '', free: 2 });
      } finally {
        vi.useRealTimers();
      }

      // Other pages carry no stock.
      expect(Object.keys(stateOf((await app.inject('/en/about')).body).block ?? {})).toEqual(['page:about:en']);
    });

    it('answers a signed-in customer opening the panel with 403, and staff and visitors with the page', async () => {
      const customer = freshEmail('panel-customer');
      const editor = freshEmail('panel-editor');
      await createUser(testDb.db, { email: customer });
      await createUser(testDb.db, { email: editor, staff: true, permissions: ['pages.view_page'] });
      const as = async (email: string) => ({ cookie: `accessToken=${await login(app, email)}` });
      expect((await app.inject({ url: '/panel', headers: await as(customer) })).statusCode).toBe(403);
      expect((await app.inject({ url: '/en/panel', headers: await as(customer) })).statusCode).toBe(403);
      expect((await app.inject({ url: '/panel', headers: await as(editor) })).statusCode).toBe(200);
      // A visitor is sent to the panel's sign-in by the page itself.
      expect((await app.inject({ url: '/panel' })).statusCode).toBe(200);
    });

    it("answers a customer's page (/user/{id}) 404 to all but staff who may view users; /user stays every user's", async () => {
      const customer = freshEmail('user-page-customer');
      const viewer = freshEmail('user-page-viewer');
      const editor = freshEmail('user-page-editor');
      const { id } = await createUser(testDb.db, { email: customer });
      await createUser(testDb.db, { email: viewer, staff: true, permissions: ['users.view_user'] });
      await createUser(testDb.db, { email: editor, staff: true, permissions: ['pages.view_page'] });
      const status = async (url: string, email?: string) =>
        (await app.inject({ url, headers: email ? { cookie: `accessToken=${await login(app, email)}` } : {} }))
          .statusCode;

      await dist.setRemotes(['marketing', 'user']);
      try {
        expect(await status(`/user/${id}`, viewer)).toBe(200);
        expect(await status(`/en/user/${id}`, viewer)).toBe(200);
        expect(await status(`/user/${id}`, customer)).toBe(404);
        expect(await status(`/en/user/${id}`, editor)).toBe(404);
        expect(await status('/user', customer)).toBe(200);
        // A visitor is sent to sign in by the page itself, as from any page for the signed-in.
        expect(await status(`/user/${id}`)).toBe(200);
      } finally {
        await dist.setRemotes(['marketing']);
      }
    });

    it('answers a panel section the site does not deploy with 501 (noindex), and an unknown panel address with 404', async () => {
      const boss = freshEmail('undeployed-boss');
      const editor = freshEmail('undeployed-editor');
      const customer = freshEmail('undeployed-customer');
      await createUser(testDb.db, { email: boss, staff: true, superuser: true });
      await createUser(testDb.db, { email: editor, staff: true, permissions: ['pages.view_page'] });
      await createUser(testDb.db, { email: customer });
      const as = async (email: string) => ({ cookie: `accessToken=${await login(app, email)}` });
      const status = async (url: string, email?: string) =>
        (await app.inject({ url, headers: email ? await as(email) : {} })).statusCode;

      // This remotes.json lists neither Users' remote (panel-users) nor Pages' (panel-page).
      for (const url of ['/panel/users', '/en/panel/users', '/panel/users/4', '/panel/page', '/en/panel/page/add']) {
        const response = await app.inject({ url, headers: await as(boss) });
        expect(response.statusCode, url).toBe(501);
        expect(response.body, url).toContain('<meta name="robots" content="noindex"');
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      }
      // Staff without the section's permission, and customers, are refused it as any panel page.
      expect(await status('/panel/page', editor)).toBe(501);
      expect(await status('/panel/users', editor)).toBe(403);
      expect(await status('/en/panel/users', customer)).toBe(403);
      // A visitor is sent to the panel's sign-in by the page itself, as from any panel page.
      const anonymous = await app.inject('/panel/users');
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.body).toContain('<meta name="robots" content="noindex"');
      // An address no section owns is unknown, to everyone.
      for (const email of [boss, customer, undefined]) {
        expect(await status('/panel/whatever', email)).toBe(404);
        expect(await status('/en/panel/whatever/else', email)).toBe(404);
      }

      await dist.setRemotes(['marketing', 'panel-page']);
      try {
        expect(await status('/panel/page', boss)).toBe(200);
        expect(await status('/en/panel/page/add', boss)).toBe(200);
        // Under a section that is deployed, an address none of its routes matches is unknown, not "not deployed".
        expect(await status('/panel/page/1/extra', boss)).toBe(404);
        expect(await status('/panel/users', boss)).toBe(501);
      } finally {
        await dist.setRemotes(['marketing']);
      }
    });

    it('shows staff who may view pages an unpublished page (unlisted), and everyone else the 404', async () => {
      const customer = freshEmail('draft-customer');
      const editor = freshEmail('draft-editor');
      await createUser(testDb.db, { email: customer });
      await createUser(testDb.db, { email: editor, staff: true, permissions: ['pages.view_page'] });
      const as = async (email: string) => ({ cookie: `accessToken=${await login(app, email)}` });
      const preview = await app.inject({ url: '/en/pricing-draft', headers: await as(editor) });
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain('<meta name="robots" content="noindex"');
      expect((await app.inject({ url: '/pricing-draft', headers: await as(customer) })).statusCode).toBe(404);
      expect((await app.inject({ url: '/pricing-draft' })).statusCode).toBe(404);
    });

    it('embeds the session of a valid accessToken cookie, and nothing for a dead or malformed one', async () => {
      const email = freshEmail('doc');
      await createUser(testDb.db, { email, language: 'en' });
      const key = await login(app, email);
      const signedIn = stateOf((await app.inject({ url: '/en', headers: { cookie: `accessToken=${key}` } })).body);
      expect(signedIn).toMatchObject({ token: key, user: { email, premission: [], is_superuser: false } });
      for (const cookie of ['accessToken=' + 'f'.repeat(40), 'accessToken=not-a-token', 'other=1']) {
        const state = stateOf((await app.inject({ url: '/en', headers: { cookie } })).body);
        expect(state, cookie).not.toHaveProperty('token');
        expect(state, cookie).not.toHaveProperty('user');
      }
    });

    it('shows the error page with 503 when the signed-in user cannot be loaded (spec §4)', async () => {
      db.failQueries(/auth_tokens/, new DbUnavailableError(new Error('connection refused')));
      try {
        const response = await app.inject({ url: '/about', headers: { cookie: `accessToken=${'a'.repeat(40)}` } });
        expect(response.statusCode).toBe(503);
        expect(stateOf(response.body)).toMatchObject({ startError: { status: 503 } });
        expect(stateOf(response.body)).not.toHaveProperty('user');
      } finally {
        db.heal();
      }
      expect(
        (await app.inject({ url: '/about', headers: { cookie: `accessToken=${'a'.repeat(40)}` } })).statusCode,
      ).toBe(200);
    });

    it('sends a visitor who chose English to /en from the home page, keeping the query', async () => {
      const response = await app.inject({ url: '/?utm_source=ad', headers: { cookie: 'i18n_redirected=en' } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/en?utm_source=ad');
      expect((await app.inject({ url: '/', headers: { cookie: 'i18n_redirected=ru' } })).statusCode).toBe(200);
      expect((await app.inject({ url: '/about', headers: { cookie: 'i18n_redirected=en' } })).statusCode).toBe(200);
    });

    it.each(['/', '/about', '/about/', '/en', '/en/', '/en/about', '/page', '/page/faq', '/en/page/terms'])(
      '%s answers 200 with the shell',
      async (url) => {
        const response = await app.inject(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('private, no-cache');
        expect(response.body).toContain('<div id="root"></div>');
        expect(response.body).not.toContain('<!--app-state-->');
        expect(response.body).not.toContain('<!--app-title-->');
      },
    );

    it.each([
      '/nope/deeper',
      '/en/nope/deeper',
      '/page/nope',
      '/nope',
      '/en/nope',
      '/pricing-draft',
      '/page/pricing-draft',
      // Paths that do not decode, or decode to what no slug is: the same 404 document, never the router's error.
      '/%',
      '/en/%E0%A4%A',
      '/page/%ED%A0%80',
      '/%00',
    ])('%s answers 404 with the shell, which shows its not-found page', async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root"></div>');
    });

    it('sets the document language from the URL', async () => {
      expect((await app.inject('/about')).body).toContain('<html lang="ru">');
      const en = await app.inject('/en/about');
      expect(en.body).toContain('<html lang="en">');
      expect(stateOf(en.body)).toMatchObject({ language: 'en' });
      expect(stateOf((await app.inject('/en/nope')).body)).toMatchObject({ language: 'en' });
    });

    it('titles the document with the site title, the site name, or the page title in the URL language', async () => {
      expect((await app.inject('/')).body).toContain('<title>Приватные мобильные прокси 4G/LTE с заменой IP</title>');
      expect((await app.inject('/en/page')).body).toContain('<title>Help — ProxyMob</title>');
      expect((await app.inject('/faq')).body).toContain('<title>Частые вопросы о мобильных прокси</title>');
      expect((await app.inject('/en/page/faq')).body).toContain('<title>Mobile proxy FAQ</title>');
    });

    it('titles every other screen by its name in the URL language, the 404 page too', async () => {
      // The screens' remotes deployed: a route whose remote is not is a 404 (titled as one).
      const full = await createTestDist(['marketing', 'ip', 'panel-users']);
      const site = await buildTestApp({ db, serveSite: true, env: { DIST_DIR: full.dir } });
      try {
        expect((await site.inject('/ip')).body).toContain('<title>Мои IP — ProxyMob</title>');
        expect((await site.inject('/en/ip/transfer')).body).toContain('<title>Proxy transfers — ProxyMob</title>');
        expect((await site.inject('/en/panel/users')).body).toContain('<title>Users · Panel — ProxyMob</title>');
        const missing = await site.inject('/en/nope');
        expect(missing.statusCode).toBe(404);
        expect(missing.body).toContain('<title>Page not found — ProxyMob</title>');
        expect((await site.inject('/nope')).body).toContain('<title>Страница не найдена — ProxyMob</title>');
      } finally {
        await site.close();
        await full.dispose();
      }
    });

    it('escapes a page title that contains markup', async () => {
      await testDb.db.query(
        `INSERT INTO pages (slug, title_ru, published) VALUES ('evil', '</title><script>alert(1)</script>', true)`,
      );
      try {
        const response = await app.inject('/evil');
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
        expect(response.body).not.toContain('<script>alert(1)');
      } finally {
        await testDb.db.query("DELETE FROM pages WHERE slug = 'evil'");
      }
    });

    it('embeds the initial state: language, mobile from the User-Agent, client IP', async () => {
      const desktop = await app.inject({
        url: '/',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
        remoteAddress: '203.0.113.7',
      });
      expect(stateOf(desktop.body)).toMatchObject({ language: 'ru', mobile: false, ip: '203.0.113.7' });
      expect(stateOf(desktop.body)).not.toHaveProperty('user');
      const phone = await app.inject({
        url: '/en',
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' },
      });
      expect(stateOf(phone.body)).toMatchObject({ language: 'en', mobile: true });
      const tablet = await app.inject({
        url: '/',
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Safari/537.36' },
      });
      expect(stateOf(tablet.body)).toMatchObject({ mobile: true });
    });

    it('answers routes of a remote only while remotes.json lists it, re-read without a restart', async () => {
      expect((await app.inject('/home')).statusCode).toBe(404);
      expect((await app.inject('/en/home')).statusCode).toBe(404);
      await dist.setRemotes(['marketing', 'user']);
      try {
        expect((await app.inject('/home')).statusCode).toBe(200);
        expect((await app.inject('/en/home')).statusCode).toBe(200);
      } finally {
        await dist.setRemotes(['marketing']);
      }
      expect((await app.inject('/home')).statusCode).toBe(404);
    });

    it('sends the security headers with the document', async () => {
      const response = await app.inject('/');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = String(response.headers['content-security-policy']);
      for (const directive of [
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
    });

    it('answers HEAD like GET without a body, and other methods with a plain 404', async () => {
      const head = await app.inject({ method: 'HEAD', url: '/about' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      const post = await app.inject({ method: 'POST', url: '/about' });
      expect(post.statusCode).toBe(404);
      expect(post.headers['content-type']).toBe('text/plain; charset=utf-8');
    });
  });

  describe('files', () => {
    beforeAll(async () => {
      await dist.write('shell/main.1a2b3c4d.js', 'console.log("shell")');
      await dist.write('shell/main.1a2b3c4d.js.br', brotliCompressSync('console.log("shell")'));
      await dist.write('shell/main.1a2b3c4d.js.gz', gzipSync('console.log("shell")'));
      await dist.write('shell/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
      await dist.write('shell/flags/ru.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
      await dist.write('remotes/marketing/remoteEntry.js', 'var marketing;');
      await dist.write('remotes/marketing/mf-manifest.json', '{"id":"marketing"}');
      await dist.write('remotes/marketing/__federation_expose_routes.0f1e2d3c4b.js', 'export {}');
      await dist.write('remotes/marketing/styles.9a8b7c6d.css', 'body{}');
    });

    it.each([
      ['/main.1a2b3c4d.js', IMMUTABLE, 'application/javascript; charset=utf-8'],
      ['/favicon.svg', 'no-cache', 'image/svg+xml'],
      // The contract's flagUrl('RU'): a country's flag, kept a month (its name has no hash).
      [flagUrl('RU') ?? '', 'public, max-age=2592000', 'image/svg+xml'],
      ['/remotes/marketing/remoteEntry.js', 'no-cache', 'application/javascript; charset=utf-8'],
      ['/remotes/marketing/mf-manifest.json', 'no-cache', 'application/json; charset=utf-8'],
      [
        '/remotes/marketing/__federation_expose_routes.0f1e2d3c4b.js',
        IMMUTABLE,
        'application/javascript; charset=utf-8',
      ],
      ['/remotes/marketing/styles.9a8b7c6d.css', IMMUTABLE, 'text/css; charset=utf-8'],
    ])('%s is served with Cache-Control %s', async (url, cacheControl, contentType) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(cacheControl);
      expect(response.headers['content-type']).toBe(contentType);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves the precompressed sibling the client accepts', async () => {
      const br = await app.inject({ url: '/main.1a2b3c4d.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe(IMMUTABLE);
      expect(br.rawPayload.equals(brotliCompressSync('console.log("shell")'))).toBe(true);

      const gz = await app.inject({ url: '/main.1a2b3c4d.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');

      const plain = await app.inject({ url: '/main.1a2b3c4d.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe('console.log("shell")');
    });

    it.each([
      '/remotes/marketing/missing.js',
      '/remotes/nope/remoteEntry.js',
      '/missing.js',
      '/en/missing.css',
      '/index.html',
    ])('%s is a plain 404, not the document', async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).not.toContain('<div id="root">');
    });

    it('never serves files outside the dist folders', async () => {
      for (const url of [
        '/remotes/..%2f..%2fshell/index.html',
        '/remotes/%2e%2e/shell/index.html',
        '/remotes/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
        '/..%2f..%2f..%2f..%2fetc/passwd',
        '/remotes/marketing/',
      ]) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.body, url).not.toContain('<!--app-state-->');
        expect(response.body, url).not.toContain('root:');
      }
    });

    it('serves a remote folder deployed while running', async () => {
      expect((await app.inject('/remotes/order/remoteEntry.js')).statusCode).toBe(404);
      await dist.write('remotes/order/remoteEntry.js', 'var order;');
      const response = await app.inject('/remotes/order/remoteEntry.js');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('var order;');
    });
  });

  describe('/remotes.json', () => {
    it('is read from disk on every request and never cached', async () => {
      const before = await app.inject('/remotes.json');
      expect(before.statusCode).toBe(200);
      expect(before.headers['cache-control']).toBe('no-cache');
      expect(before.json()).toEqual({ remotes: [{ name: 'marketing', entry: '/remotes/marketing/mf-manifest.json' }] });

      await dist.setRemotes(['marketing', 'order']);
      try {
        const after = await app.inject('/remotes.json');
        expect(after.json().remotes.map((r: { name: string }) => r.name)).toEqual(['marketing', 'order']);
      } finally {
        await dist.setRemotes(['marketing']);
      }
    });

    it('answers an empty list when the file is missing or broken', async () => {
      try {
        await dist.setRemotes(null);
        expect((await app.inject('/remotes.json')).json()).toEqual({ remotes: [] });
        await dist.write('remotes.json', '{"remotes": [');
        expect((await app.inject('/remotes.json')).json()).toEqual({ remotes: [] });
        // With no remote deployed, no route exists.
        expect((await app.inject('/')).statusCode).toBe(404);
      } finally {
        await dist.setRemotes(['marketing']);
      }
    });
  });
});

describe('the site without a build', () => {
  let testDb: TestDb;
  let dist: TestDist;
  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    dist = await createTestDist(['marketing']);
    await dist.remove('shell/index.html');
  });
  afterAll(async () => {
    await testDb.dispose();
    await dist.dispose();
  });

  it('answers the document with 503 telling to run the build', async () => {
    const app = await buildTestApp({ db: testDb.db, serveSite: true, env: { DIST_DIR: dist.dir } });
    const response = await app.inject('/');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    expect((await app.inject('/api/pages/about/')).statusCode).toBe(200);
    await app.close();
  });

  it('serves only the API when the site is switched off', async () => {
    const app = await buildTestApp({ db: testDb.db, serveSite: false, env: { DIST_DIR: dist.dir } });
    expect((await app.inject('/')).statusCode).toBe(404);
    expect((await app.inject('/remotes.json')).statusCode).toBe(404);
    expect((await app.inject('/api/pages/about/')).statusCode).toBe(200);
    await app.close();
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['main.1a2b3c4d.js', IMMUTABLE],
    ['vendors-node_modules_react.0123abcd.js.br', IMMUTABLE],
    ['567.89abcdef01.css.gz', IMMUTABLE],
    ['remoteEntry.js', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['favicon.ico', 'no-cache'],
    ['app.js', 'no-cache'],
    ['deadbeef01.js', IMMUTABLE],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(`/dist/remotes/x/${file}`)).toBe(expected);
  });

  it.each([
    ['/dist/shell/flags/ru.svg', 'public, max-age=2592000'],
    ['/dist/shell/flags/gb.svg.br', 'public, max-age=2592000'],
    // Only the shell's flags: a remote's file in a folder of that name keeps the usual policy.
    ['/dist/remotes/x/flags/ru.svg', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('the site named by SITE_NAME', () => {
  let testDb: TestDb;
  let dist: TestDist;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    dist = await createTestDist(['marketing']);
    app = await buildTestApp({
      db: testDb.db,
      serveSite: true,
      env: { DIST_DIR: dist.dir, SITE_NAME: 'Acme Proxies' },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await dist.dispose();
  });

  it('titles the document with it, names it to link previews and embeds it for the page', async () => {
    for (const [url, title] of [
      ['/page', 'Помощь — Acme Proxies'],
      ['/en/page', 'Help — Acme Proxies'],
    ] as const) {
      const html = (await app.inject(url)).body;
      expect(html, url).toContain(`<title>${title}</title>`);
      expect(html, url).toContain('<meta property="og:site_name" content="Acme Proxies"');
      expect(stateOf(html), url).toMatchObject({ siteName: 'Acme Proxies' });
      expect(html, url).not.toContain('ProxyMob');
    }
    // A page with a title of its own keeps it; the 404 page says so, with the name.
    expect((await app.inject('/en/page/faq')).body).toContain('<title>Mobile proxy FAQ</title>');
    expect((await app.inject('/en/nothing-here')).body).toContain('<title>Page not found — Acme Proxies</title>');
  });
});
