import { sanitizeHtml } from '../lib/sanitize.ts';
import type { Db, Queryable } from './db.ts';
import { SEED_MENU } from './seed-menu.ts';
import { SEED_PAGES } from './seed-pages.ts';

type Tx = Queryable;

async function seedPages(tx: Tx): Promise<void> {
  for (const page of SEED_PAGES) {
    await tx.query(
      `INSERT INTO pages (slug, published, menu, sort_order,
         title_ru, seo_title_ru, seo_description_ru, body_ru,
         title_en, seo_title_en, seo_description_en, body_en)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (slug) DO NOTHING`,
      [
        page.slug,
        page.published,
        page.menu,
        page.sortOrder,
        page.ru.title,
        page.ru.seoTitle,
        page.ru.seoDescription,
        sanitizeHtml(page.ru.body),
        page.en.title,
        page.en.seoTitle,
        page.en.seoDescription,
        sanitizeHtml(page.en.body),
      ],
    );
  }
}

async function seedMenu(tx: Tx): Promise<void> {
  for (const [index, item] of SEED_MENU.entries()) {
    const [parent] = await tx.query<{ id: number }>(
      'INSERT INTO menu_items (name_ru, name_en, link, sort_order) VALUES ($1, $2, $3, $4) RETURNING id',
      [item.ru, item.en, item.link, index],
    );
    if (!parent) throw new Error('menu_items insert returned no id');
    for (const [childIndex, child] of (item.children ?? []).entries()) {
      await tx.query(
        'INSERT INTO menu_items (parent_id, name_ru, name_en, link, sort_order) VALUES ($1, $2, $3, $4, $5)',
        [parent.id, child.ru, child.en, child.link, childIndex],
      );
    }
  }
}

/** Each demo-content seed, by the name it is recorded under in `seed_runs`. */
const SEEDS: readonly { name: string; run: (tx: Tx) => Promise<void> }[] = [
  { name: 'demo-pages', run: seedPages },
  { name: 'demo-menu', run: seedMenu },
];

/**
 * Puts the demo content into a fresh database. Each seed runs once per database (recorded in `seed_runs`, claimed
 * in the same transaction as its inserts), so it is safe on every start and with several processes starting
 * together, and content staff edited or deleted is never brought back. Returns true when anything was seeded now.
 */
export async function seed(db: Db): Promise<boolean> {
  let seeded = false;
  for (const { name, run } of SEEDS) {
    await db.transaction(async (tx) => {
      const claimed = await tx.query(
        'INSERT INTO seed_runs (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING name',
        [name],
      );
      if (claimed.length === 0) return;
      await run(tx);
      seeded = true;
    });
  }
  return seeded;
}
