/**
 * The content as staff edit it in the panel's Pages section: pages (every language's fields), their blocks, the plans
 * and the header menu. Reads for visitors stay in pages-repository and menu-repository; this one writes. Every write
 * that touches several rows runs in one transaction, so a failed save leaves nothing half-written.
 */
import type { BlockInput, PanelBlock } from '@proxy/contract/schemas/blocks';
import type { MenuItemInput, PanelMenuItem } from '@proxy/contract/schemas/menu';
import type { PageInput, PanelPage, PanelPageRow } from '@proxy/contract/schemas/page';
import type { PanelPlan, PlanInput } from '@proxy/contract/schemas/plans';
import fp from 'fastify-plugin';
import type { Db, Queryable, SqlParam } from '../db/db.ts';
import { likePattern, searchTerms } from '../lib/search.ts';

export interface PageListQuery {
  readonly search?: string | undefined;
  readonly published?: boolean | undefined;
  /** A column of PAGE_ORDERINGS, `-` first for descending. */
  readonly ordering: string;
  readonly limit: number;
  readonly offset: number;
}

/** An edit of a block: data already checked against the block's type by the route. */
export interface BlockChanges {
  readonly anchor?: string | null | undefined;
  readonly published?: boolean | undefined;
  readonly data_ru?: unknown;
  readonly data_en?: unknown;
}

/** What a write found wrong that only the database can tell: the field and why. */
export class ContentConflict extends Error {
  readonly field: string;
  readonly reason: 'taken' | 'missing' | 'protected';

  constructor(field: string, reason: 'taken' | 'missing' | 'protected') {
    super(`${field}: ${reason}`);
    this.name = 'ContentConflict';
    this.field = field;
    this.reason = reason;
  }
}

export interface ContentRepository {
  countPages(query: Pick<PageListQuery, 'search' | 'published'>): Promise<number>;
  listPages(query: PageListQuery): Promise<PanelPageRow[]>;
  getPage(id: number): Promise<PanelPage | null>;
  createPage(input: PageInput): Promise<PanelPage>;
  updatePage(id: number, changes: Partial<PageInput>): Promise<PanelPage | null>;
  /** False when there was no such page; throws `ContentConflict('home', 'protected')` for the home page. */
  deletePage(id: number): Promise<boolean>;

  listBlocks(pageId: number): Promise<PanelBlock[] | null>;
  getBlock(id: number): Promise<PanelBlock | null>;
  createBlock(pageId: number, input: BlockInput): Promise<PanelBlock | null>;
  updateBlock(id: number, changes: BlockChanges): Promise<PanelBlock | null>;
  deleteBlock(id: number): Promise<boolean>;
  /** False when `ids` is not exactly the page's blocks. */
  reorderBlocks(pageId: number, ids: readonly number[]): Promise<boolean>;

  listPlans(): Promise<PanelPlan[]>;
  getPlan(id: number): Promise<PanelPlan | null>;
  createPlan(input: PlanInput): Promise<PanelPlan>;
  updatePlan(id: number, changes: Partial<PlanInput>): Promise<PanelPlan | null>;
  deletePlan(id: number): Promise<boolean>;
  reorderPlans(ids: readonly number[]): Promise<boolean>;

  listMenu(): Promise<PanelMenuItem[]>;
  createMenuItem(input: MenuItemInput): Promise<PanelMenuItem>;
  updateMenuItem(id: number, changes: Partial<MenuItemInput>): Promise<PanelMenuItem | null>;
  deleteMenuItem(id: number): Promise<boolean>;
  /** `ids` are the items under `parentId` (null: the top level) in their new order. */
  reorderMenu(parentId: number | null, ids: readonly number[]): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentRepository;
  }
}

const PAGE_COLUMNS = `id::int AS id, slug, home, title_ru, title_en, body_ru, body_en, seo_title_ru, seo_title_en,
  seo_description_ru, seo_description_en, published, menu, sort_order, created_at, updated_at`;
const BLOCK_COLUMNS = 'id, page_id::int AS page_id, type, anchor, published, sort_order, data_ru, data_en, updated_at';
const PLAN_COLUMNS = `id, title_ru, title_en, price_minor AS price, currency, period_days, caption_ru, caption_en,
  features_ru, features_en, highlighted, active, sort_order, updated_at`;
const MENU_COLUMNS = 'id, parent_id, name_ru, name_en, link, sort_order';

/** Timestamps as ISO strings, the wire format. */
function withIsoDates<T extends { updated_at: unknown; created_at?: unknown }>(row: T): T {
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return {
    ...row,
    updated_at: iso(row.updated_at),
    ...(row.created_at === undefined ? {} : { created_at: iso(row.created_at) }),
  };
}

/** Row values of `changes` for the columns in `columns` (input name → column and how to store it). */
function assignments(
  changes: Record<string, unknown>,
  columns: Readonly<Record<string, { column: string; store?: (value: unknown) => SqlParam }>>,
  firstParam: number,
): { sql: string; params: SqlParam[] } {
  const parts: string[] = [];
  const params: SqlParam[] = [];
  for (const [field, spec] of Object.entries(columns)) {
    if (!Object.hasOwn(changes, field) || changes[field] === undefined) continue;
    params.push(spec.store ? spec.store(changes[field]) : (changes[field] as SqlParam));
    parts.push(`${spec.column} = $${firstParam + params.length - 1}`);
  }
  parts.push('updated_at = now()');
  return { sql: parts.join(', '), params };
}

const json = (value: unknown): SqlParam => (value === null ? null : JSON.stringify(value));

const PAGE_FIELDS = Object.fromEntries(
  [
    'slug',
    'title_ru',
    'title_en',
    'body_ru',
    'body_en',
    'seo_title_ru',
    'seo_title_en',
    'seo_description_ru',
    'seo_description_en',
    'published',
    'menu',
    'sort_order',
  ].map((field) => [field, { column: field }]),
);
const BLOCK_FIELDS = {
  anchor: { column: 'anchor' },
  published: { column: 'published' },
  data_ru: { column: 'data_ru', store: json },
  data_en: { column: 'data_en', store: json },
};
const PLAN_FIELDS = {
  title_ru: { column: 'title_ru' },
  title_en: { column: 'title_en' },
  price: { column: 'price_minor' },
  currency: { column: 'currency' },
  period_days: { column: 'period_days' },
  caption_ru: { column: 'caption_ru' },
  caption_en: { column: 'caption_en' },
  features_ru: { column: 'features_ru', store: json },
  features_en: { column: 'features_en', store: json },
  highlighted: { column: 'highlighted' },
  active: { column: 'active' },
};
const MENU_FIELDS = {
  name_ru: { column: 'name_ru' },
  name_en: { column: 'name_en' },
  link: { column: 'link' },
  parent_id: { column: 'parent_id' },
};

/** A unique index refusing a write (PostgreSQL's 23505), by the index's name. */
function uniqueViolation(error: unknown): string | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? '') : null;
}

async function translateConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.includes('slug')) throw new ContentConflict('slug', 'taken');
    if (constraint?.includes('anchor')) throw new ContentConflict('anchor', 'taken');
    throw error;
  }
}

/**
 * Sets `sort_order` to the position of each id in `ids`, when `ids` is exactly the set of rows `scope` selects
 * (locked first, so two staff reordering at once apply one after the other, never a mix).
 */
async function reorder(
  tx: Queryable,
  table: string,
  scope: string,
  scopeParams: readonly SqlParam[],
  ids: readonly number[],
): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `SELECT id::int AS id FROM ${table} WHERE ${scope} FOR UPDATE`,
    scopeParams,
  );
  const existing = new Set(rows.map((row) => row.id));
  if (existing.size !== ids.length || !ids.every((id) => existing.has(id))) return false;
  await tx.query(
    `UPDATE ${table} AS t SET sort_order = o.position - 1, updated_at = now()
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position)
      WHERE t.id = o.id`,
    [ids],
  );
  return true;
}

/** The next position at the end of a list. */
async function nextSortOrder(tx: Queryable, table: string, scope: string, params: readonly SqlParam[]) {
  const [row] = await tx.query<{ next: number }>(
    `SELECT COALESCE(max(sort_order) + 1, 0)::int AS next FROM ${table} WHERE ${scope}`,
    params,
  );
  return row?.next ?? 0;
}

export function createContentRepository(db: Db): ContentRepository {
  const pageFilter = (query: Pick<PageListQuery, 'search' | 'published'>) => {
    const terms = searchTerms(query.search);
    const params: SqlParam[] = terms.map(likePattern);
    const clauses = terms.map(
      (_, i) => `(title_ru ILIKE $${i + 1} OR title_en ILIKE $${i + 1} OR slug ILIKE $${i + 1})`,
    );
    if (query.published !== undefined) {
      params.push(query.published);
      clauses.push(`published = $${params.length}`);
    }
    return { where: clauses.length > 0 ? clauses.join(' AND ') : 'true', params };
  };

  const getPage = async (id: number) => {
    const [row] = await db.query<PanelPage>(`SELECT ${PAGE_COLUMNS} FROM pages WHERE id = $1`, [id]);
    return row ? withIsoDates(row) : null;
  };
  const getBlock = async (id: number) => {
    const [row] = await db.query<PanelBlock>(`SELECT ${BLOCK_COLUMNS} FROM page_blocks WHERE id = $1`, [id]);
    return row ? withIsoDates(row) : null;
  };
  const getPlan = async (id: number) => {
    const [row] = await db.query<PanelPlan>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE id = $1`, [id]);
    return row ? withIsoDates(row) : null;
  };
  const pageExists = async (tx: Queryable, id: number) =>
    (await tx.query('SELECT 1 FROM pages WHERE id = $1 FOR UPDATE', [id])).length > 0;

  /** A menu item may hang under a top-level item only: the header shows two levels. */
  const checkParent = async (tx: Queryable, parentId: number | null | undefined, self?: number) => {
    if (parentId === null || parentId === undefined) return;
    const [parent] = await tx.query<{ parent_id: number | null }>('SELECT parent_id FROM menu_items WHERE id = $1', [
      parentId,
    ]);
    if (!parent || parent.parent_id !== null || parentId === self) throw new ContentConflict('parent_id', 'missing');
    if (self !== undefined) {
      const children = await tx.query('SELECT 1 FROM menu_items WHERE parent_id = $1 LIMIT 1', [self]);
      if (children.length > 0) throw new ContentConflict('parent_id', 'protected');
    }
  };

  return {
    async countPages(query) {
      const { where, params } = pageFilter(query);
      const [row] = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pages WHERE ${where}`,
        params,
      );
      return row?.count ?? 0;
    },

    async listPages(query) {
      const { where, params } = pageFilter(query);
      const descending = query.ordering.startsWith('-');
      const column = descending ? query.ordering.slice(1) : query.ordering;
      const rows = await db.query<PanelPageRow>(
        `SELECT p.id::int AS id, p.slug, p.home, p.title_ru, p.title_en, p.published, p.menu, p.sort_order,
                p.updated_at, (SELECT count(*)::int FROM page_blocks b WHERE b.page_id = p.id) AS blocks
           FROM pages p
          WHERE ${where}
          ORDER BY p.home DESC, p.${column} ${descending ? 'DESC' : 'ASC'}, p.id
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.limit, query.offset],
      );
      return rows.map(withIsoDates);
    },

    getPage,

    async createPage(input) {
      const [row] = await translateConflicts(() =>
        db.query<{ id: number }>(
          `INSERT INTO pages (slug, title_ru, title_en, body_ru, body_en, seo_title_ru, seo_title_en,
                              seo_description_ru, seo_description_en, published, menu, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           RETURNING id::int AS id`,
          [
            input.slug,
            input.title_ru,
            input.title_en,
            input.body_ru,
            input.body_en,
            input.seo_title_ru,
            input.seo_title_en,
            input.seo_description_ru,
            input.seo_description_en,
            input.published,
            input.menu,
            input.sort_order,
          ],
        ),
      );
      const page = row && (await getPage(row.id));
      if (!page) throw new Error('page insert returned no row');
      return page;
    },

    async updatePage(id, changes) {
      const { sql, params } = assignments(changes, PAGE_FIELDS, 2);
      const rows = await translateConflicts(() =>
        db.query<{ id: number }>(`UPDATE pages SET ${sql} WHERE id = $1 RETURNING id::int AS id`, [id, ...params]),
      );
      return rows.length > 0 ? getPage(id) : null;
    },

    async deletePage(id) {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<{ home: boolean }>('SELECT home FROM pages WHERE id = $1 FOR UPDATE', [id]);
        if (!row) return false;
        // Without it `/` would have nothing to show; staff unpublish its blocks instead.
        if (row.home) throw new ContentConflict('home', 'protected');
        await tx.query('DELETE FROM pages WHERE id = $1', [id]);
        return true;
      });
    },

    async listBlocks(pageId) {
      const [page] = await db.query('SELECT 1 FROM pages WHERE id = $1', [pageId]);
      if (!page) return null;
      const rows = await db.query<PanelBlock>(
        `SELECT ${BLOCK_COLUMNS} FROM page_blocks WHERE page_id = $1 ORDER BY sort_order, id`,
        [pageId],
      );
      return rows.map(withIsoDates);
    },

    getBlock,

    async createBlock(pageId, input) {
      const id = await translateConflicts(() =>
        db.transaction(async (tx) => {
          if (!(await pageExists(tx, pageId))) return null;
          const sortOrder = await nextSortOrder(tx, 'page_blocks', 'page_id = $1', [pageId]);
          const [row] = await tx.query<{ id: number }>(
            `INSERT INTO page_blocks (page_id, type, anchor, published, data_ru, data_en, sort_order)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [pageId, input.type, input.anchor, input.published, json(input.data_ru), json(input.data_en), sortOrder],
          );
          return row?.id ?? null;
        }),
      );
      return id === null ? null : getBlock(id);
    },

    async updateBlock(id, changes) {
      const { sql, params } = assignments({ ...changes }, BLOCK_FIELDS, 2);
      const rows = await translateConflicts(() =>
        db.query(`UPDATE page_blocks SET ${sql} WHERE id = $1 RETURNING id`, [id, ...params]),
      );
      return rows.length > 0 ? getBlock(id) : null;
    },

    async deleteBlock(id) {
      return (await db.query('DELETE FROM page_blocks WHERE id = $1 RETURNING id', [id])).length > 0;
    },

    reorderBlocks(pageId, ids) {
      return db.transaction((tx) => reorder(tx, 'page_blocks', 'page_id = $1', [pageId], ids));
    },

    async listPlans() {
      const rows = await db.query<PanelPlan>(`SELECT ${PLAN_COLUMNS} FROM plans ORDER BY sort_order, id`);
      return rows.map(withIsoDates);
    },

    getPlan,

    async createPlan(input) {
      const id = await db.transaction(async (tx) => {
        const sortOrder = await nextSortOrder(tx, 'plans', 'true', []);
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO plans (title_ru, title_en, price_minor, currency, period_days, caption_ru, caption_en,
                              features_ru, features_en, highlighted, active, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
          [
            input.title_ru,
            input.title_en,
            input.price,
            input.currency,
            input.period_days,
            input.caption_ru,
            input.caption_en,
            json(input.features_ru),
            json(input.features_en),
            input.highlighted,
            input.active,
            sortOrder,
          ],
        );
        return row?.id;
      });
      const plan = id === undefined ? null : await getPlan(id);
      if (!plan) throw new Error('plan insert returned no row');
      return plan;
    },

    async updatePlan(id, changes) {
      const { sql, params } = assignments(changes, PLAN_FIELDS, 2);
      const rows = await db.query(`UPDATE plans SET ${sql} WHERE id = $1 RETURNING id`, [id, ...params]);
      return rows.length > 0 ? getPlan(id) : null;
    },

    async deletePlan(id) {
      return (await db.query('DELETE FROM plans WHERE id = $1 RETURNING id', [id])).length > 0;
    },

    reorderPlans(ids) {
      return db.transaction((tx) => reorder(tx, 'plans', 'true', [], ids));
    },

    listMenu() {
      return db.query<PanelMenuItem>(
        `SELECT ${MENU_COLUMNS} FROM menu_items ORDER BY parent_id NULLS FIRST, sort_order, id`,
      );
    },

    createMenuItem(input) {
      return db.transaction(async (tx) => {
        await checkParent(tx, input.parent_id);
        const sortOrder = await nextSortOrder(tx, 'menu_items', 'parent_id IS NOT DISTINCT FROM $1', [input.parent_id]);
        const [row] = await tx.query<PanelMenuItem>(
          `INSERT INTO menu_items (parent_id, name_ru, name_en, link, sort_order)
           VALUES ($1, $2, $3, $4, $5) RETURNING ${MENU_COLUMNS}`,
          [input.parent_id, input.name_ru, input.name_en, input.link, sortOrder],
        );
        if (!row) throw new Error('menu insert returned no row');
        return row;
      });
    },

    updateMenuItem(id, changes) {
      return db.transaction(async (tx) => {
        const [existing] = await tx.query('SELECT 1 FROM menu_items WHERE id = $1 FOR UPDATE', [id]);
        if (!existing) return null;
        if (changes.parent_id !== undefined) await checkParent(tx, changes.parent_id, id);
        const { sql, params } = assignments(changes, MENU_FIELDS, 2);
        const [row] = await tx.query<PanelMenuItem>(
          `UPDATE menu_items SET ${sql} WHERE id = $1 RETURNING ${MENU_COLUMNS}`,
          [id, ...params],
        );
        return row ?? null;
      });
    },

    async deleteMenuItem(id) {
      return (await db.query('DELETE FROM menu_items WHERE id = $1 RETURNING id', [id])).length > 0;
    },

    reorderMenu(parentId, ids) {
      return db.transaction((tx) => reorder(tx, 'menu_items', 'parent_id IS NOT DISTINCT FROM $1', [parentId], ids));
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('content', createContentRepository(app.db));
  },
  { name: 'content-repository', dependencies: ['db'] },
);
