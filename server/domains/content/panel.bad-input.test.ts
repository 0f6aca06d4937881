// Bad input on the panel's content endpoints and the public pages API (docs/security.md: "a bad input gets a 4xx naming
// the problem, never a 500, and nothing is lost or half-written"): text no column can store (NUL, a lone surrogate)
// is a 400 on its own field in the request's language, ids beyond an integer column are a 400 or a 404, and a path
// that is no slug or does not even decode is the API's own 404.
import { describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const TOO_BIG_ID = 3_000_000_000;

const MESSAGES = {
  nul: { en: 'Null characters are not allowed.', ru: 'Null characters are not allowed.' },
  surrogate: { en: 'Surrogate characters are not allowed.', ru: 'Surrogate characters are not allowed.' },
  maxId: {
    en: 'Ensure this value is less than or equal to 2147483647.',
    ru: 'Убедитесь, что это значение меньше либо равно 2147483647.',
  },
} as const;

/** Each endpoint with a valid body and the fields to spoil; `at` is where the error lands in the DRF body. */
interface Case {
  readonly name: string;
  readonly url: string | ((pageId: number) => string);
  readonly body: (spoiled: unknown) => Record<string, unknown>;
  readonly at: readonly (string | number)[];
  readonly table: 'pages' | 'page_blocks' | 'plans' | 'menu_items';
}

const CASES: readonly Case[] = [
  {
    name: 'page title',
    url: '/api/panel/pages/',
    body: (value) => ({ slug: 'bad-input', title_ru: value }),
    at: ['title_ru'],
    table: 'pages',
  },
  {
    name: 'page SEO title',
    url: '/api/panel/pages/',
    body: (value) => ({ slug: 'bad-input', title_ru: 'Т', seo_title_en: value }),
    at: ['seo_title_en'],
    table: 'pages',
  },
  {
    name: 'page body (rich text)',
    url: '/api/panel/pages/',
    body: (value) => ({ slug: 'bad-input', title_ru: 'Т', body_ru: `<p>${String(value)}</p>` }),
    at: ['body_ru'],
    table: 'pages',
  },
  {
    name: 'menu item name',
    url: '/api/panel/menu/',
    body: (value) => ({ name_ru: value, link: '/about' }),
    at: ['name_ru'],
    table: 'menu_items',
  },
  {
    name: 'menu item link',
    url: '/api/panel/menu/',
    body: (value) => ({ name_ru: 'Пункт', link: `/${String(value)}` }),
    at: ['link'],
    table: 'menu_items',
  },
  {
    name: 'plan title',
    url: '/api/panel/plans/',
    body: (value) => ({ title_ru: value, price: 100, currency: 'RUB', period_days: 30 }),
    at: ['title_ru'],
    table: 'plans',
  },
  {
    name: 'plan feature',
    url: '/api/panel/plans/',
    body: (value) => ({ title_ru: 'П', price: 100, currency: 'RUB', period_days: 30, features_ru: ['ok', value] }),
    at: ['features_ru', 1],
    table: 'plans',
  },
  {
    name: 'block title',
    url: (pageId) => `/api/panel/pages/${pageId}/blocks/`,
    body: (value) => ({ type: 'prices', data_ru: { title: value, lead: '', note: '' } }),
    at: ['data_ru', 'title'],
    table: 'page_blocks',
  },
  {
    name: 'block button link',
    url: (pageId) => `/api/panel/pages/${pageId}/blocks/`,
    body: (value) => ({
      type: 'hero',
      data_ru: { title: 'Т', lead: '', actions: [{ label: 'Вперёд', link: `/${String(value)}` }] },
    }),
    at: ['data_ru', 'actions', 0, 'link'],
    table: 'page_blocks',
  },
  {
    name: 'block rich text',
    url: (pageId) => `/api/panel/pages/${pageId}/blocks/`,
    body: (value) => ({ type: 'richtext', data_ru: { html: `<p>${String(value)}</p>` } }),
    at: ['data_ru', 'html'],
    table: 'page_blocks',
  },
];

/** The messages at `path` of a DRF error body. */
function messagesAt(body: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], body);
}

describe.each(BACKENDS)('bad input on the panel and pages APIs on $name', (backend) => {
  const suite = seededApp(backend);
  const staff = async () => {
    const email = freshEmail('boss');
    await createUser(suite.testDb.db, { email, superuser: true, staff: true });
    return tokenHeader(await login(suite.app, email));
  };
  const count = async (table: Case['table']) =>
    Number((await suite.testDb.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);
  const homePageId = async () =>
    Number((await suite.testDb.db.query<{ id: string }>('SELECT id FROM pages WHERE home'))[0]?.id);

  describe.each([
    ['NUL', NUL, 'nul'],
    ['a lone surrogate', SURROGATE, 'surrogate'],
  ] as const)('%s in a text field', (_label, value, key) => {
    it.each(CASES)('$name: 400 on the field in en and ru, nothing written', async (c) => {
      const auth = await staff();
      const url = typeof c.url === 'string' ? c.url : c.url(await homePageId());
      const before = await count(c.table);
      for (const [headers, language] of [
        [EN, 'en'],
        [RU, 'ru'],
      ] as const) {
        const response = await suite.app.inject({
          method: 'POST',
          url,
          headers: { ...auth, ...headers },
          payload: c.body(value),
        });
        expect(response.statusCode).toBe(400);
        // A link's pattern refuses NUL as well, so its field may carry that message too.
        expect(messagesAt(response.json(), c.at)).toContain(MESSAGES[key][language]);
      }
      expect(await count(c.table)).toBe(before);
    });
  });

  it('refuses an id beyond an integer column in a body (menu parent, reorder list) with a 400 on the field', async () => {
    const auth = await staff();
    const parent = await suite.app.inject({
      method: 'POST',
      url: '/api/panel/menu/',
      headers: { ...auth, ...EN },
      payload: { name_ru: 'Пункт', link: '/about', parent_id: TOO_BIG_ID },
    });
    expect(parent.statusCode).toBe(400);
    expect(parent.json()).toEqual({ parent_id: [MESSAGES.maxId.en] });
    const reorder = await suite.app.inject({
      method: 'POST',
      url: '/api/panel/menu/order/',
      headers: { ...auth, ...RU },
      payload: { ids: [1, TOO_BIG_ID] },
    });
    expect(reorder.statusCode).toBe(400);
    expect(reorder.json()).toEqual({ ids: [{}, [MESSAGES.maxId.ru]] });
  });

  it('refuses a menu link that browsers would read as another site (/\\host) or that hides a control character', async () => {
    const auth = await staff();
    for (const link of ['/\\evil.example', '/about\u0000', 'https://example.com/\u0007']) {
      const response = await suite.app.inject({
        method: 'POST',
        url: '/api/panel/menu/',
        headers: { ...auth, ...EN },
        payload: { name_ru: 'Пункт', link },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['link']);
    }
  });

  it.each(['/api/pages/%00/', '/api/pages/%ED%A0%80/', '/api/pages/%/', '/api/pages/%zz/?q=%'])(
    '%s is the API 404 in the request language, with the security headers',
    async (url) => {
      const en = await suite.app.inject({ url, headers: EN });
      expect(en.statusCode).toBe(404);
      expect(en.json()).toEqual({ detail: 'Not found.' });
      expect(en.headers['content-language']).toBe('en');
      expect(en.headers['x-content-type-options']).toBe('nosniff');
      expect(en.headers['content-security-policy']).toContain("default-src 'self'");
      const ru = await suite.app.inject({ url, headers: RU });
      expect(ru.json()).toEqual({ detail: 'Страница не найдена.' });
    },
  );
});
