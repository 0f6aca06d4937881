// Rich-text HTML is sanitized on the server when it is saved (docs/security.md): every rich-text field the panel API
// writes, on create and on edit, in both languages, comes back without script, event handlers or `javascript:` links
// and with the article's markup intact — from the panel API and from the public one that visitors' pages render.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';

/** Allowed markup (a `_blank` link included, which gains its rel) next to a script, a handler and a script link. */
const dirty = (word: string) =>
  `<p>${word} <strong>bold</strong> <a href="/about" target="_blank">link</a></p><script>alert(1)</script>` +
  `<img src="/api/users/images/demo.png" alt="pic" onerror="alert(1)"><a href="javascript:alert(1)">bad</a>`;

/** The same after sanitizing: the attack gone, the rest as written. */
const clean = (word: string) =>
  `<p>${word} <strong>bold</strong> <a href="/about" target="_blank" rel="noopener noreferrer">link</a></p>` +
  `<img src="/api/users/images/demo.png" alt="pic" /><a>bad</a>`;

type Markup = (word: string) => string;

/**
 * The block types with rich text (the rest are plain text, which React escapes), each with block data whose every
 * rich-text field carries `markup`: built with `dirty` it is sent, built with `clean` it is what must come back.
 */
const RICH_BLOCKS: readonly { type: string; data: (word: string, markup: Markup) => object }[] = [
  { type: 'richtext', data: (word, markup) => ({ html: markup(word) }) },
  {
    type: 'faq',
    data: (word, markup) => ({
      title: 'Questions',
      items: [
        { question: 'First?', answer: markup(`${word} one`) },
        { question: 'Second?', answer: markup(`${word} two`) },
      ],
    }),
  },
  {
    type: 'tabs',
    data: (word, markup) => ({
      title: 'Tabs',
      items: [
        { label: 'One', title: 'First tab', text: markup(`${word} one`) },
        { label: 'Two', title: 'Second tab', text: markup(`${word} two`) },
      ],
    }),
  },
];

interface PublicPage {
  body: string;
  blocks: { id: number; data: object }[];
}

describe.each(BACKENDS)('rich text sanitized on save on $name', (backend) => {
  const suite = seededApp(backend);
  let editor: Record<string, string> = {};

  beforeAll(async () => {
    const email = freshEmail('editor');
    const permissions = ['pages.view_page', 'pages.add_page', 'pages.change_page'];
    await createUser(suite.testDb.db, { email, staff: true, permissions });
    editor = tokenHeader(await login(suite.app, email));
  });

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    suite.app.inject({ method, url, headers: editor, payload });

  /** The published page as visitors get it, in each language. */
  const publicPage = async (slug: string) => {
    const read = async (headers: Record<string, string>) => {
      const response = await suite.app.inject({ url: `/api/pages/${slug}/`, headers });
      expect(response.statusCode).toBe(200);
      return response.json<PublicPage>();
    };
    return { ru: await read(RU), en: await read(EN) };
  };

  const createPage = async (slug: string, fields: object = {}) => {
    const response = await send('POST', '/api/panel/pages/', { slug, title_ru: slug, published: true, ...fields });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; body_ru: string; body_en: string }>();
  };

  it('page bodies, on create and on edit', async () => {
    const created = await createPage('sanitize-body', { body_ru: dirty('ru created'), body_en: dirty('en created') });
    expect(created).toMatchObject({ body_ru: clean('ru created'), body_en: clean('en created') });
    let visible = await publicPage('sanitize-body');
    expect([visible.ru.body, visible.en.body]).toEqual([clean('ru created'), clean('en created')]);

    const edited = await send('PATCH', `/api/panel/pages/${created.id}/`, {
      body_ru: dirty('ru edited'),
      body_en: dirty('en edited'),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body_ru: clean('ru edited'), body_en: clean('en edited') });
    visible = await publicPage('sanitize-body');
    expect([visible.ru.body, visible.en.body]).toEqual([clean('ru edited'), clean('en edited')]);
  });

  it.each(RICH_BLOCKS)('$type block data, on create and on edit', async ({ type, data }) => {
    const slug = `sanitize-${type}`;
    const page = await createPage(slug);
    const blockData = async (id: number) => {
      const visible = await publicPage(slug);
      const find = (of: PublicPage) => of.blocks.find((block) => block.id === id)?.data;
      return { ru: find(visible.ru), en: find(visible.en) };
    };

    const created = await send('POST', `/api/panel/pages/${page.id}/blocks/`, {
      type,
      data_ru: data('ru created', dirty),
      data_en: data('en created', dirty),
    });
    expect(created.statusCode).toBe(201);
    const block = created.json<{ id: number }>();
    expect(block).toMatchObject({ data_ru: data('ru created', clean), data_en: data('en created', clean) });
    expect(await blockData(block.id)).toEqual({ ru: data('ru created', clean), en: data('en created', clean) });

    const edited = await send('PATCH', `/api/panel/blocks/${block.id}/`, {
      data_ru: data('ru edited', dirty),
      data_en: data('en edited', dirty),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ data_ru: data('ru edited', clean), data_en: data('en edited', clean) });
    expect(await blockData(block.id)).toEqual({ ru: data('ru edited', clean), en: data('en edited', clean) });
  });
});
