/** Content pages as the public sees them: published only, in one language (English falls back to Russian). */
import type { Language } from '@proxy/contract/languages';
import type { PublicBlock } from '@proxy/contract/schemas/blocks';
import { SLUG_PATTERN, type PageSummary, type PublicPage } from '@proxy/contract/schemas/page';
import type { PublicPlan } from '@proxy/contract/schemas/plans';
import fp from 'fastify-plugin';
import type { Db, SqlParam } from '../db/db.ts';
import { likePattern, searchTerms } from '../lib/search.ts';

export interface PageListQuery {
  readonly language: Language;
  /** DRF SearchFilter semantics: every whitespace- or comma-separated term must occur in the title. */
  readonly search?: string | undefined;
  readonly limit: number;
  readonly offset: number;
}

export interface PagesRepository {
  countPublished(query: Pick<PageListQuery, 'search'>): Promise<number>;
  listPublished(query: PageListQuery): Promise<PageSummary[]>;
  /** A published content page with its blocks; never the home page (it lives at `/`, not at its slug). */
  getPublished(slug: string, language: Language): Promise<PublicPage | null>;
  /** The published home page with its blocks. */
  getHome(language: Language): Promise<PublicPage | null>;
  /** Every published page's slug and last change, for the sitemap: one row per page, both languages share it. */
  listPublishedSlugs(): Promise<PublishedSlug[]>;
}

export interface PublishedSlug {
  readonly slug: string;
  /** ISO 8601. */
  readonly updated_at: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    pages: PagesRepository;
  }
}

/** A column in the request's language; an empty English text falls back to the Russian one. */
function localized(column: string, language: Language): string {
  return language === 'ru' ? `${column}_ru` : `COALESCE(NULLIF(${column}_en, ''), ${column}_ru)`;
}

/** `WHERE` for the search terms as ILIKE patterns over both titles (a visitor may type either language). */
function searchClause(terms: readonly string[], firstParam: number): string {
  return terms.map((_, i) => ` AND (title_ru ILIKE $${firstParam + i} OR title_en ILIKE $${firstParam + i})`).join('');
}

type PageRow = Omit<PublicPage, 'updated_at' | 'blocks' | 'plans'> & { id: number; updated_at: Date };

/** One published page (`where` over `pages`, with `params`) with its published blocks and, if shown, plans. */
async function loadPage(
  db: Db,
  where: string,
  params: readonly SqlParam[],
  language: Language,
): Promise<PublicPage | null> {
  const [row] = await db.query<PageRow>(
    `SELECT id, slug, ${localized('title', language)} AS title, ${localized('body', language)} AS body,
            ${localized('seo_title', language)} AS seo_title,
            ${localized('seo_description', language)} AS seo_description, updated_at
       FROM pages
      WHERE published AND ${where}`,
    params,
  );
  if (!row) return null;
  const blocks = await db.query<PublicBlock>(
    `SELECT id, type, anchor,
            CASE WHEN $2 = 'en' THEN COALESCE(data_en, data_ru) ELSE data_ru END AS data
       FROM page_blocks
      WHERE page_id = $1 AND published
      ORDER BY sort_order, id`,
    [row.id, language],
  );
  const plans = blocks.some((block) => block.type === 'prices') ? await activePlans(db, language) : [];
  const { id: _id, updated_at, ...page } = row;
  return { ...page, updated_at: new Date(updated_at).toISOString(), blocks, plans };
}

function activePlans(db: Db, language: Language): Promise<PublicPlan[]> {
  return db.query<PublicPlan>(
    `SELECT id, ${localized('title', language)} AS title, price_minor AS price, currency, period_days,
            ${localized('caption', language)} AS caption,
            CASE WHEN $1 = 'en' AND features_en <> '[]'::jsonb THEN features_en ELSE features_ru END AS features,
            highlighted
       FROM plans
      WHERE active
      ORDER BY sort_order, id`,
    [language],
  );
}

export function createPagesRepository(db: Db): PagesRepository {
  return {
    async countPublished(query) {
      const terms = searchTerms(query.search);
      const rows = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pages WHERE published AND NOT home${searchClause(terms, 1)}`,
        terms.map(likePattern),
      );
      return rows[0]?.count ?? 0;
    },

    async listPublished(query) {
      const terms = searchTerms(query.search);
      return db.query<PageSummary>(
        `SELECT slug, ${localized('title', query.language)} AS title,
                ${localized('seo_description', query.language)} AS seo_description
           FROM pages
          WHERE published AND NOT home${searchClause(terms, 3)}
          ORDER BY sort_order, id
          LIMIT $1 OFFSET $2`,
        [query.limit, query.offset, ...terms.map(likePattern)],
      );
    },

    async getPublished(slug, language) {
      // Anything that is no slug (`%00`, a lone surrogate) finds nothing without reaching the database, which would
      // refuse some such strings outright.
      if (!SLUG_PATTERN.test(slug)) return null;
      return loadPage(db, 'slug = $1 AND NOT home', [slug], language);
    },

    getHome(language) {
      return loadPage(db, 'home', [], language);
    },

    async listPublishedSlugs() {
      const rows = await db.query<{ slug: string; updated_at: Date }>(
        'SELECT slug, updated_at FROM pages WHERE published AND NOT home ORDER BY sort_order, id',
      );
      return rows.map((row) => ({ slug: row.slug, updated_at: new Date(row.updated_at).toISOString() }));
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('pages', createPagesRepository(app.db));
  },
  { name: 'pages-repository', fastify: '5.x', dependencies: ['db'] },
);
