// Repositories built over one transaction handle commit or roll back together: the second write failing takes the
// first one back with it, on PGlite and PostgreSQL alike.
import type { BlockInput } from '@proxy/contract/schemas/blocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { blocksRepository } from './blocks-repository.ts';
import { pagesRepository } from './pages-repository.ts';
import { CONTENT_REFUSALS } from './refusals.ts';

const PAGE = {
  slug: 'atomic-page',
  title_ru: 'Атомарная',
  title_en: '',
  body_ru: '',
  body_en: '',
  seo_title_ru: '',
  seo_title_en: '',
  seo_description_ru: '',
  seo_description_en: '',
  published: true,
  menu: null,
  sort_order: 0,
};
const BLOCK: BlockInput = {
  type: 'richtext',
  anchor: 'intro',
  published: true,
  data_ru: { html: '<p>Текст</p>' },
  data_en: null,
};

describe.each(BACKENDS)('a transaction across the content repositories on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openSeededDb(backend);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('rolls back the page and its first block when the second block violates a constraint', async () => {
    const write = testDb.db.transaction(async (tx) => {
      const page = await pagesRepository(tx).create(PAGE);
      const blocks = blocksRepository(tx);
      await blocks.create(page.id, BLOCK);
      // The same anchor twice on one page: the unique index refuses it, and the repository says so.
      await blocks.create(page.id, BLOCK);
    });
    await expect(write).rejects.toMatchObject({ code: CONTENT_REFUSALS.anchorTaken.code, field: 'anchor' });

    expect(await testDb.db.query("SELECT 1 FROM pages WHERE slug = 'atomic-page'")).toEqual([]);
    expect(await testDb.db.query("SELECT 1 FROM page_blocks WHERE anchor = 'intro'")).toEqual([]);
  });

  it('commits both when every write succeeds', async () => {
    const pageId = await testDb.db.transaction(async (tx) => {
      const page = await pagesRepository(tx).create({ ...PAGE, slug: 'atomic-page-2' });
      await blocksRepository(tx).create(page.id, BLOCK);
      return page.id;
    });
    expect((await blocksRepository(testDb.db).list(pageId)).map((block) => block.anchor)).toEqual(['intro']);
  });
});
