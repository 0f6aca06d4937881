/** Content pages as the public sees them: published only, in one language (English falls back to Russian). */
import type { Language } from '@proxy/contract/languages';
import type { PageSummary, PublicPage } from '@proxy/contract/schemas/page';
import fp from 'fastify-plugin';
import type { Db } from '../db/db.ts';

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
  getPublished(slug: string, language: Language): Promise<PublicPage | null>;
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

function searchTerms(search: string | undefined): string[] {
  return (search ?? '')
    .replace(/\0/g, '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 10);
}

/** `WHERE` for the search terms as ILIKE patterns over both titles (a visitor may type either language). */
function searchClause(terms: readonly string[], firstParam: number): string {
  return terms.map((_, i) => ` AND (title_ru ILIKE $${firstParam + i} OR title_en ILIKE $${firstParam + i})`).join('');
}

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createPagesRepository(db: Db): PagesRepository {
  return {
    async countPublished(query) {
      const terms = searchTerms(query.search);
      const rows = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pages WHERE published${searchClause(terms, 1)}`,
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
          WHERE published${searchClause(terms, 3)}
          ORDER BY sort_order, id
          LIMIT $1 OFFSET $2`,
        [query.limit, query.offset, ...terms.map(likePattern)],
      );
    },

    async getPublished(slug, language) {
      const rows = await db.query<Omit<PublicPage, 'updated_at'> & { updated_at: Date }>(
        `SELECT slug, ${localized('title', language)} AS title, ${localized('body', language)} AS body,
                ${localized('seo_title', language)} AS seo_title,
                ${localized('seo_description', language)} AS seo_description, updated_at
           FROM pages
          WHERE slug = $1 AND published`,
        [slug],
      );
      const row = rows[0];
      if (!row) return null;
      return { ...row, updated_at: new Date(row.updated_at).toISOString() };
    },

    async listPublishedSlugs() {
      const rows = await db.query<{ slug: string; updated_at: Date }>(
        'SELECT slug, updated_at FROM pages WHERE published ORDER BY sort_order, id',
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
