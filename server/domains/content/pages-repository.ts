/**
 * The `pages` table: the public's reads (published only, one language; English falls back to Russian) and the
 * panel's (every language's fields). Built over the database or a transaction (`pagesRepository(tx)`).
 */
import type { Language } from '@proxy/contract/languages';
import {
  SLUG_PATTERN,
  type PageInput,
  type PageListParams,
  type PageSummary,
  type PanelPage,
  type PanelPageRow,
  type PublicPage,
} from '@proxy/contract/schemas/page';
import type { FooterLink } from '@proxy/contract/schemas/menu';
import type { Queryable, SqlParam } from '../../db/db.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';
import { assignments, localized, withIsoDates } from '../../lib/sql.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { CONTENT_REFUSALS } from './refusals.ts';

const refusing = refuseOnConstraint({ pages_slug_key: CONTENT_REFUSALS.slugTaken });

/** A published page without its blocks and plans (public-content.ts adds them). */
export type PublishedPageRow = Omit<PublicPage, 'blocks' | 'plans'> & { readonly id: number };

export interface PublishedSlug {
  readonly slug: string;
  /** ISO 8601. */
  readonly updated_at: string;
}

/** The panel list's search and filters (`PAGE_LIST`), read from the query by the contract's `readListParams`. */
export type PageFilter = Pick<PageListParams, 'search' | 'filters'>;

const PAGE_COLUMNS = `id::int AS id, slug, home, title_ru, title_en, body_ru, body_en, seo_title_ru, seo_title_en,
  seo_description_ru, seo_description_en, published, menu, sort_order, created_at, updated_at`;

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

/** `AND` clauses for the search terms as ILIKE patterns over both titles (a visitor may type either language). */
function publicSearch(terms: readonly string[], firstParam: number): string {
  return terms.map((_, i) => ` AND (title_ru ILIKE $${firstParam + i} OR title_en ILIKE $${firstParam + i})`).join('');
}

/** The panel's `WHERE`: every search term in a title or the slug, and the `published` filter. */
function panelFilter(filter: PageFilter): { where: string; params: SqlParam[] } {
  const terms = searchTerms(filter.search);
  const params: SqlParam[] = terms.map(likePattern);
  const clauses = terms.map((_, i) => `(title_ru ILIKE $${i + 1} OR title_en ILIKE $${i + 1} OR slug ILIKE $${i + 1})`);
  // Any of the chosen values: both `true` and `false` is no filter at all.
  const published = filter.filters?.published;
  if (published?.length === 1) {
    params.push(published[0] === 'true');
    clauses.push(`published = $${params.length}`);
  }
  return { where: clauses.length > 0 ? clauses.join(' AND ') : 'true', params };
}

export function pagesRepository(q: Queryable) {
  async function findPublished(where: string, params: readonly SqlParam[], language: Language, drafts = false) {
    const [row] = await q.query<PublishedPageRow & { updated_at: Date | string; published: boolean }>(
      `SELECT id::int AS id, slug, ${localized('title', language)} AS title, ${localized('body', language)} AS body,
              ${localized('seo_title', language)} AS seo_title,
              ${localized('seo_description', language)} AS seo_description, updated_at, published
         FROM pages
        WHERE ${drafts ? 'true' : 'published'} AND ${where}`,
      params,
    );
    if (!row) return null;
    const { published, ...page } = withIsoDates(row);
    return published ? page : { ...page, draft: true as const };
  }

  async function get(id: number): Promise<PanelPage | null> {
    const [row] = await q.query<PanelPage>(`SELECT ${PAGE_COLUMNS} FROM pages WHERE id = $1`, [id]);
    return row ? withIsoDates(row) : null;
  }

  return {
    /** DRF SearchFilter semantics: every whitespace- or comma-separated term must occur in a title. */
    async countPublished(search: string | undefined): Promise<number> {
      const terms = searchTerms(search);
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pages WHERE published AND NOT home${publicSearch(terms, 1)}`,
        terms.map(likePattern),
      );
      return row?.count ?? 0;
    },

    listPublished(
      query: { readonly language: Language; readonly search: string | undefined },
      window: Pick<PageWindow, 'limit' | 'offset'>,
    ): Promise<PageSummary[]> {
      const terms = searchTerms(query.search);
      return q.query<PageSummary>(
        `SELECT slug, ${localized('title', query.language)} AS title,
                ${localized('seo_description', query.language)} AS seo_description
           FROM pages
          WHERE published AND NOT home${publicSearch(terms, 3)}
          ORDER BY sort_order, id
          LIMIT $1 OFFSET $2`,
        [window.limit, window.offset, ...terms.map(likePattern)],
      );
    },

    /** A published content page; never the home page (it lives at `/`, not at its slug). */
    async findPublished(slug: string, language: Language): Promise<PublishedPageRow | null> {
      // Anything that is no slug (`%00`, a lone surrogate) finds nothing without reaching the database, which would
      // refuse some such strings outright.
      if (!SLUG_PATTERN.test(slug)) return null;
      return findPublished('slug = $1 AND NOT home', [slug], language);
    },

    /** A content page published or not, for staff previewing it (`draft: true` when it is not published). */
    async findForStaff(slug: string, language: Language): Promise<PublishedPageRow | null> {
      if (!SLUG_PATTERN.test(slug)) return null;
      return findPublished('slug = $1 AND NOT home', [slug], language, true);
    },

    /** The footer's links: published pages placed in the footer, in the page list's order. */
    listFooter(language: Language): Promise<FooterLink[]> {
      return q.query<FooterLink>(
        `SELECT ${localized('title', language)} AS name, '/' || slug AS link
           FROM pages
          WHERE published AND NOT home AND menu = 'footer'
          ORDER BY sort_order, id`,
      );
    },

    findHome(language: Language): Promise<PublishedPageRow | null> {
      return findPublished('home', [], language);
    },

    /** Every published page's slug and last change, for the sitemap: one row per page, both languages share it. */
    async listPublishedSlugs(): Promise<PublishedSlug[]> {
      const rows = await q.query<{ slug: string; updated_at: Date }>(
        'SELECT slug, updated_at FROM pages WHERE published AND NOT home ORDER BY sort_order, id',
      );
      return rows.map((row) => ({ slug: row.slug, updated_at: new Date(row.updated_at).toISOString() }));
    },

    async count(filter: PageFilter): Promise<number> {
      const { where, params } = panelFilter(filter);
      const [row] = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM pages WHERE ${where}`, params);
      return row?.count ?? 0;
    },

    /** The home page first, then `ordering` (default `sort_order`), then id. */
    async list(params: PageListParams, window: Pick<PageWindow, 'limit' | 'offset'>): Promise<PanelPageRow[]> {
      const { where, params: values } = panelFilter(params);
      const ordering = params.ordering ?? 'sort_order';
      const descending = ordering.startsWith('-');
      const column = descending ? ordering.slice(1) : ordering;
      const rows = await q.query<PanelPageRow>(
        `SELECT p.id::int AS id, p.slug, p.home, p.title_ru, p.title_en, p.published, p.menu, p.sort_order,
                p.updated_at, (SELECT count(*)::int FROM page_blocks b WHERE b.page_id = p.id) AS blocks
           FROM pages p
          WHERE ${where}
          ORDER BY p.home DESC, p.${column} ${descending ? 'DESC' : 'ASC'}, p.id
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, window.limit, window.offset],
      );
      return rows.map(withIsoDates);
    },

    get,

    async create(input: PageInput): Promise<PanelPage> {
      const [row] = await q
        .query<PanelPage>(
          `INSERT INTO pages (slug, title_ru, title_en, body_ru, body_en, seo_title_ru, seo_title_en,
                              seo_description_ru, seo_description_en, published, menu, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           RETURNING ${PAGE_COLUMNS}`,
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
        )
        .catch(refusing);
      if (!row) throw new Error('page insert returned no row');
      return withIsoDates(row);
    },

    async update(id: number, changes: Partial<PageInput>): Promise<PanelPage | null> {
      const { sql, params } = assignments(changes, PAGE_FIELDS, 2);
      const [row] = await q
        .query<PanelPage>(`UPDATE pages SET ${sql} WHERE id = $1 RETURNING ${PAGE_COLUMNS}`, [id, ...params])
        .catch(refusing);
      return row ? withIsoDates(row) : null;
    },

    /** Locks the page's row until the transaction ends: null when there is no such page. */
    async lock(id: number): Promise<{ home: boolean } | null> {
      const [row] = await q.query<{ home: boolean }>('SELECT home FROM pages WHERE id = $1 FOR UPDATE', [id]);
      return row ?? null;
    },

    async delete(id: number): Promise<boolean> {
      return (await q.query('DELETE FROM pages WHERE id = $1 RETURNING id', [id])).length > 0;
    },
  };
}
