import { describe, expect, it } from 'vitest';
import { createUser, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';

const EN = { 'accept-language': 'en-US,en;q=0.9' };

describe.each(BACKENDS)('pages API on $name', (backend) => {
  const suite = seededApp(backend);

  describe('GET /api/pages/', () => {
    it('lists published pages in Russian by default, drafts left out', async () => {
      const response = await suite.app.inject('/api/pages/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-language']).toBe('ru');
      // Accept-Encoding: the list is big enough to be compressed for a client that accepts it.
      expect(response.headers.vary).toBe('Accept, Accept-Language, Accept-Encoding');
      const body = response.json();
      expect(body).toMatchObject({ count: 4, next: null, previous: null });
      expect(body.results.map((p: { slug: string }) => p.slug)).toEqual(['about', 'faq', 'contacts', 'terms']);
      expect(body.results[0]).toEqual({
        slug: 'about',
        title: 'О сервисе',
        seo_description: expect.stringContaining('мобильные 4G/LTE прокси'),
      });
    });

    it('answers in English when asked', async () => {
      const response = await suite.app.inject({ url: '/api/pages', headers: EN });
      expect(response.headers['content-language']).toBe('en');
      expect(response.json().results[0]).toMatchObject({ slug: 'about', title: 'About us' });
    });

    it('paginates like DRF, with absolute links that keep the other parameters', async () => {
      const first = (await suite.app.inject('/api/pages/?page_size=3')).json();
      expect(first).toMatchObject({
        count: 4,
        previous: null,
        next: 'http://testserver/api/pages/?page_size=3&page=2',
      });
      expect(first.results).toHaveLength(3);

      const second = (await suite.app.inject('/api/pages/?page_size=3&page=2')).json();
      expect(second.results.map((p: { slug: string }) => p.slug)).toEqual(['terms']);
      // DRF drops `page` from the link to page 1.
      expect(second).toMatchObject({ next: null, previous: 'http://testserver/api/pages/?page_size=3' });

      const last = (await suite.app.inject('/api/pages/?page_size=3&page=last')).json();
      expect(last.results.map((p: { slug: string }) => p.slug)).toEqual(['terms']);
    });

    it.each(['0', '3', '-1', 'abc', '1.5'])('answers 404 Invalid page. for page=%s', async (page) => {
      const response = await suite.app.inject(`/api/pages/?page_size=2&page=${page}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Неправильная страница.' });
      const en = await suite.app.inject({ url: `/api/pages/?page_size=2&page=${page}`, headers: EN });
      expect(en.json()).toEqual({ detail: 'Invalid page.' });
    });

    it('falls back to the default page size for a bad one and caps a big one at 100', async () => {
      await suite.testDb.db.query(
        `INSERT INTO pages (slug, title_ru, published, sort_order)
         SELECT 'bulk-' || n, 'Массовая ' || n, true, 1000 + n FROM generate_series(1, 120) AS n`,
      );
      try {
        expect((await suite.app.inject('/api/pages/?page_size=abc')).json().results).toHaveLength(20);
        expect((await suite.app.inject('/api/pages/?page_size=0')).json().results).toHaveLength(20);
        const capped = (await suite.app.inject('/api/pages/?page_size=1000')).json();
        expect(capped.count).toBe(124);
        expect(capped.results).toHaveLength(100);
      } finally {
        await suite.testDb.db.query("DELETE FROM pages WHERE slug LIKE 'bulk-%'");
      }
    });

    it('searches titles, every term must match, in either language', async () => {
      const ru = (await suite.app.inject(`/api/pages/?search=${encodeURIComponent('вопросы')}`)).json();
      expect(ru.results.map((p: { slug: string }) => p.slug)).toEqual(['faq']);
      const en = (await suite.app.inject({ url: '/api/pages/?search=terms%20service', headers: EN })).json();
      expect(en).toMatchObject({ count: 1, results: [{ slug: 'terms', title: 'Terms of service' }] });
      const none = (await suite.app.inject('/api/pages/?search=terms%20nothing')).json();
      expect(none).toEqual({ count: 0, next: null, previous: null, results: [] });
      // LIKE wildcards are plain characters in a search.
      expect((await suite.app.inject('/api/pages/?search=%25')).json().count).toBe(0);
      // Drafts stay hidden from search too.
      expect((await suite.app.inject('/api/pages/?search=pricing')).json().count).toBe(0);
    });

    it('rejects an absurdly long search with a field error', async () => {
      const response = await suite.app.inject({ url: `/api/pages/?search=${'x'.repeat(201)}`, headers: EN });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ search: ['Ensure this field has no more than 200 characters.'] });
    });
  });

  describe('GET /api/pages/{slug}/', () => {
    it('returns the page in Russian by default', async () => {
      const response = await suite.app.inject('/api/pages/terms/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-language']).toBe('ru');
      const page = response.json();
      expect(page).toEqual({
        slug: 'terms',
        title: 'Пользовательское соглашение',
        body: expect.stringContaining('<h2>1. Общие положения</h2>'),
        seo_title: 'Пользовательское соглашение',
        seo_description: expect.any(String),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        blocks: [],
        plans: [],
      });
    });

    it('returns the page in English for Accept-Language en, with or without the trailing slash', async () => {
      for (const url of ['/api/pages/faq/', '/api/pages/faq']) {
        const response = await suite.app.inject({ url, headers: EN });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-language']).toBe('en');
        expect(response.json()).toMatchObject({ slug: 'faq', title: 'FAQ', seo_title: 'Mobile proxy FAQ' });
      }
    });

    it('falls back to the Russian text when a page has no English one', async () => {
      await suite.testDb.db.query(
        "INSERT INTO pages (slug, title_ru, body_ru, published) VALUES ('only-ru', 'Только по-русски', '<p>Текст</p>', true)",
      );
      try {
        const page = (await suite.app.inject({ url: '/api/pages/only-ru/', headers: EN })).json();
        expect(page).toMatchObject({ title: 'Только по-русски', body: '<p>Текст</p>' });
      } finally {
        await suite.testDb.db.query("DELETE FROM pages WHERE slug = 'only-ru'");
      }
    });

    it.each(['nope', 'pricing-draft', 'About', '..%2F..%2Fetc', 'index'])('answers 404 for %s', async (slug) => {
      const ru = await suite.app.inject(`/api/pages/${slug}/`);
      expect(ru.statusCode).toBe(404);
      expect(ru.json()).toEqual({ detail: 'Страница не найдена.' });
      const en = await suite.app.inject({ url: `/api/pages/${slug}/`, headers: EN });
      expect(en.statusCode).toBe(404);
      expect(en.json()).toEqual({ detail: 'Not found.' });
      expect(en.headers['content-language']).toBe('en');
    });
  });

  describe('a page that is not published', () => {
    it('is shown to staff who may view pages, marked as a draft and never cached; to anyone else it is a 404', async () => {
      const editor = freshEmail('editor');
      const customer = freshEmail('customer');
      await createUser(suite.testDb.db, { email: editor, staff: true, permissions: ['pages.view_page'] });
      await createUser(suite.testDb.db, { email: customer });
      const preview = await suite.app.inject({
        url: '/api/pages/pricing-draft/',
        headers: { ...EN, ...tokenHeader(await login(suite.app, editor)) },
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({ slug: 'pricing-draft', draft: true });
      expect(preview.headers['cache-control']).toBe('no-store');
      const published = await suite.app.inject({
        url: '/api/pages/about/',
        headers: tokenHeader(await login(suite.app, editor)),
      });
      expect(published.json()).not.toHaveProperty('draft');
      const refused = await suite.app.inject({
        url: '/api/pages/pricing-draft/',
        headers: tokenHeader(await login(suite.app, customer)),
      });
      expect(refused.statusCode).toBe(404);
    });
  });

  describe('GET /api/home/', () => {
    const TYPES = ['hero', 'features', 'steps', 'prices', 'tabs', 'video', 'faq', 'news', 'richtext'];

    it('sends the home page with every block type in order, and the plans for its price table', async () => {
      const response = await suite.app.inject('/api/home/');
      expect(response.statusCode).toBe(200);
      const home = response.json();
      expect(home).toMatchObject({ slug: 'index', title: 'Мобильные прокси 4G/LTE', body: '' });
      expect(home.blocks.map((block: { type: string }) => block.type)).toEqual(TYPES);
      expect(home.blocks[0]).toMatchObject({
        type: 'hero',
        anchor: null,
        data: {
          title: 'Приватные мобильные прокси 4G/LTE',
          actions: [
            { label: 'Выбрать тариф', link: '#prices' },
            { label: 'Как это работает', link: '#steps' },
          ],
          image: {
            id: expect.any(Number),
            width: expect.any(Number),
            height: expect.any(Number),
            alt: expect.any(String),
          },
        },
      });
      expect(home.plans.map((plan: { title: string }) => plan.title)).toEqual(['Сутки', 'Неделя', 'Месяц', '3 месяца']);
      expect(home.plans[2]).toEqual({
        id: expect.any(Number),
        title: 'Месяц',
        price: 390_000,
        currency: 'RUB',
        period_days: 30,
        caption: 'Выбор большинства клиентов',
        features: expect.arrayContaining(['Безлимитный трафик']),
        highlighted: true,
      });
    });

    it('answers in English with the English data of every block', async () => {
      const home = (await suite.app.inject({ url: '/api/home', headers: EN })).json();
      expect(home.title).toBe('Mobile 4G/LTE proxies');
      expect(home.blocks.find((block: { type: string }) => block.type === 'faq').data.title).toBe(
        'Questions and answers',
      );
      expect(home.plans[0]).toMatchObject({ title: 'Day', caption: 'To try it out' });
    });

    it('answers 404 when no home page is published, and the home page is never a content page', async () => {
      await suite.testDb.db.query('UPDATE pages SET published = false WHERE home');
      try {
        expect((await suite.app.inject('/api/home/')).statusCode).toBe(404);
      } finally {
        await suite.testDb.db.query('UPDATE pages SET published = true WHERE home');
      }
      expect((await suite.app.inject('/api/pages/?search=index')).json().count).toBe(0);
    });
  });
});
