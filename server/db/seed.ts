import type { BlockImage } from '@proxy/contract/schemas/blocks';
import { sanitizeHtml } from '../lib/sanitize.ts';
import type { Db, Queryable } from './db.ts';
import { type DemoImage, SEED_HOME_BLOCKS, SEED_HOME_PAGE, SEED_PLANS } from './seed-home.ts';
import { SEED_MENU } from './seed-menu.ts';
import { SEED_PAGES } from './seed-pages.ts';
import { DEMO_RATE_MAX_AGE_MINUTES, SEED_PAYMENT_METHODS } from './seed-payments.ts';
import { DEMO_FARM_HOST, SEED_MODEMS } from './seed-farm.ts';

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

/** Stores a demo illustration (a file of server/data/demo-images/) as an uploaded image. */
export type StoreDemoImage = (file: string) => Promise<Omit<BlockImage, 'alt'>>;

export interface SeedOptions {
  readonly storeDemoImage: StoreDemoImage;
}

/** Block data with each demo illustration stored and replaced by its image reference (one upload per file). */
async function withImages(value: unknown, store: (file: string) => Promise<Omit<BlockImage, 'alt'>>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => withImages(item, store)));
  if (value === null || typeof value !== 'object') return value;
  if ('demo' in value) {
    const { demo, alt } = value as DemoImage;
    return { ...(await store(demo)), alt };
  }
  const entries = await Promise.all(
    Object.entries(value).map(async ([key, item]) => [key, await withImages(item, store)] as const),
  );
  return Object.fromEntries(entries);
}

/** The home blocks' data in both languages with every demo illustration stored (once per file). */
async function prepareHome(options: SeedOptions): Promise<PreparedBlock[]> {
  const stored = new Map<string, Promise<Omit<BlockImage, 'alt'>>>();
  const store = (file: string) => {
    let image = stored.get(file);
    if (!image) {
      image = options.storeDemoImage(file);
      stored.set(file, image);
    }
    return image;
  };
  return Promise.all(
    SEED_HOME_BLOCKS.map(async (block) => ({
      type: block.type,
      anchor: block.anchor,
      ru: await withImages(block.ru, store),
      en: await withImages(block.en, store),
    })),
  );
}

interface PreparedBlock {
  readonly type: string;
  readonly anchor: string | null;
  readonly ru: unknown;
  readonly en: unknown;
}

async function seedHome(tx: Tx, blocks: PreparedBlock[]): Promise<void> {
  const { ru, en } = SEED_HOME_PAGE;
  const [page] = await tx.query<{ id: number }>(
    `INSERT INTO pages (slug, home, published, title_ru, seo_title_ru, seo_description_ru,
                        title_en, seo_title_en, seo_description_en)
     VALUES ($1, true, true, $2, $3, $4, $5, $6, $7)
     RETURNING id`,
    [SEED_HOME_PAGE.slug, ru.title, ru.seoTitle, ru.seoDescription, en.title, en.seoTitle, en.seoDescription],
  );
  if (!page) throw new Error('home page insert returned no id');
  for (const [index, block] of blocks.entries()) {
    await tx.query(
      'INSERT INTO page_blocks (page_id, type, anchor, data_ru, data_en, sort_order) VALUES ($1, $2, $3, $4, $5, $6)',
      [page.id, block.type, block.anchor, JSON.stringify(block.ru), JSON.stringify(block.en), index],
    );
  }
  for (const [index, plan] of SEED_PLANS.entries()) {
    await tx.query(
      `INSERT INTO plans (title_ru, title_en, price_minor, currency, period_days, caption_ru, caption_en,
                          features_ru, features_en, highlighted, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        plan.ru.title,
        plan.en.title,
        plan.priceMinor,
        plan.currency,
        plan.periodDays,
        plan.ru.caption,
        plan.en.caption,
        JSON.stringify(plan.ru.features),
        JSON.stringify(plan.en.features),
        plan.highlighted,
        index,
      ],
    );
  }
}

/** Each demo method's icon stored (outside the transaction, like the home page's pictures). */
function preparePayments(options: SeedOptions): Promise<Omit<BlockImage, 'alt'>[]> {
  return Promise.all(SEED_PAYMENT_METHODS.map((method) => options.storeDemoImage(method.icon)));
}

async function seedPayments(tx: Tx, icons: Omit<BlockImage, 'alt'>[]): Promise<void> {
  for (const [index, method] of SEED_PAYMENT_METHODS.entries()) {
    await tx.query(
      `INSERT INTO payment_methods (code, name_ru, name_en, icon, kind, provider, settings, min_amount,
                                    fee_basis_points, instructions_ru, instructions_en, sort_order, asset,
                                    asset_decimals, rate, rate_at, rate_max_age_minutes)
       VALUES ($1, $2, $3, $4, $5, 'manual', $6, $7, $8, $9, $10, $11, $12, $13, $14, now(), $15)
       ON CONFLICT (code) DO NOTHING`,
      [
        method.code,
        method.ru.name,
        method.en.name,
        JSON.stringify({ ...icons[index], alt: method.en.name }),
        method.kind,
        JSON.stringify({ address: method.address }),
        method.minAmount,
        method.feeBasisPoints,
        sanitizeHtml(method.ru.instructions),
        sanitizeHtml(method.en.instructions),
        index,
        method.asset,
        method.assetDecimals,
        method.rate,
        DEMO_RATE_MAX_AGE_MINUTES,
      ],
    );
  }
}

async function seedFarm(tx: Tx): Promise<void> {
  // The token's hash of a secret nobody holds: `npm start` gives the demo agent a fresh token (demo-agent.ts).
  const [host] = await tx.query<{ id: number }>(
    `INSERT INTO agent_hosts (name, public_host, port_min, port_max, token_hash)
     VALUES ($1, $2, $3, $4, encode(sha256(gen_random_uuid()::text::bytea), 'hex'))
     ON CONFLICT (name) DO NOTHING RETURNING id`,
    [DEMO_FARM_HOST.name, DEMO_FARM_HOST.publicHost, DEMO_FARM_HOST.portMin, DEMO_FARM_HOST.portMax],
  );
  if (!host) return;
  for (const modem of SEED_MODEMS) {
    // The demo cities' and operators' Russian names (the migrations name them only where places already used them).
    await tx.query(
      `INSERT INTO cities (country, name_en, name_ru) VALUES ($1, $2, $3) ON CONFLICT (country, name_en) DO NOTHING`,
      [modem.country, modem.city, modem.cityRu],
    );
    await tx.query(
      `INSERT INTO operators (country, name_en, name_ru) VALUES ($1, $2, $3) ON CONFLICT (country, name_en) DO NOTHING`,
      [modem.country, modem.operator, modem.operatorRu],
    );
    await tx.query('INSERT INTO modems (host_id, key, name, country, city, operator) VALUES ($1, $2, $3, $4, $5, $6)', [
      host.id,
      modem.key,
      modem.name,
      modem.country,
      modem.city,
      modem.operator,
    ]);
  }
}

interface Seed<P = void> {
  readonly name: string;
  /** Work outside the transaction (storing images writes files and has its own transaction). */
  readonly prepare?: (options: SeedOptions) => Promise<P>;
  readonly run: (tx: Tx, prepared: P) => Promise<void>;
}

const seedOf = <P>(seed: Seed<P>) => seed as Seed<unknown>;

/** Each demo-content seed, by the name it is recorded under in `seed_runs`. */
const SEEDS: readonly Seed<unknown>[] = [
  seedOf({ name: 'demo-pages', run: seedPages }),
  seedOf({ name: 'demo-menu', run: seedMenu }),
  seedOf({ name: 'demo-home', prepare: prepareHome, run: seedHome }),
  seedOf({ name: 'demo-payments', prepare: preparePayments, run: seedPayments }),
  seedOf({ name: 'demo-farm', run: seedFarm }),
];

/**
 * Puts the demo content into a fresh database. Each seed runs once per database (recorded in `seed_runs`, claimed
 * in the same transaction as its inserts), so it is safe on every start and with several processes starting
 * together, and content staff edited or deleted is never brought back. Returns true when anything was seeded now.
 */
export async function seed(db: Db, options: SeedOptions): Promise<boolean> {
  let seeded = false;
  for (const { name, prepare, run } of SEEDS) {
    const done = await db.query('SELECT 1 FROM seed_runs WHERE name = $1', [name]);
    if (done.length > 0) continue;
    // A process that loses the race below to another one leaves its prepared images unused; nothing links them.
    const prepared = await prepare?.(options);
    await db.transaction(async (tx) => {
      const claimed = await tx.query(
        'INSERT INTO seed_runs (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING name',
        [name],
      );
      if (claimed.length === 0) return;
      await run(tx, prepared);
      seeded = true;
    });
  }
  return seeded;
}
