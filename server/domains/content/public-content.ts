/**
 * The content as visitors see it, composed from the repositories: a published page with its blocks and, when a block
 * shows the price table, the active plans; the header menu; the slugs for the sitemap. The public API and the site's
 * HTML document (plugins/site.ts, sitemap.ts) read the same functions.
 */
import type { Language } from '@proxy/contract/languages';
import type { FooterLink, MenuItem } from '@proxy/contract/schemas/menu';
import type { PublicPage } from '@proxy/contract/schemas/page';
import type { Queryable } from '../../db/db.ts';
import { blocksRepository } from './blocks-repository.ts';
import { menuRepository } from './menu-repository.ts';
import { pagesRepository, type PublishedPageRow, type PublishedSlug } from './pages-repository.ts';
import { plansRepository } from './plans-repository.ts';

export interface PublicContent {
  /** A published content page with its blocks; never the home page (it lives at `/`, not at its slug). */
  page(slug: string, language: Language): Promise<PublicPage | null>;
  /** A content page published or not, for staff who may view pages: an unpublished one is marked `draft`. */
  preview(slug: string, language: Language): Promise<PublicPage | null>;
  /** The published home page with its blocks. */
  home(language: Language): Promise<PublicPage | null>;
  menu(language: Language): Promise<MenuItem[]>;
  footer(language: Language): Promise<FooterLink[]>;
  publishedSlugs(): Promise<PublishedSlug[]>;
}

export function publicContent(q: Queryable): PublicContent {
  const pages = pagesRepository(q);

  async function withBlocks(row: PublishedPageRow | null, language: Language): Promise<PublicPage | null> {
    if (!row) return null;
    const blocks = await blocksRepository(q).listPublished(row.id, language);
    const plans = blocks.some((block) => block.type === 'prices') ? await plansRepository(q).listActive(language) : [];
    const { id: _id, ...page } = row;
    return { ...page, blocks, plans };
  }

  return {
    page: async (slug, language) => withBlocks(await pages.findPublished(slug, language), language),
    preview: async (slug, language) => withBlocks(await pages.findForStaff(slug, language), language),
    home: async (language) => withBlocks(await pages.findHome(language), language),
    menu: (language) => menuRepository(q).tree(language),
    footer: (language) => pages.listFooter(language),
    publishedSlugs: () => pages.listPublishedSlugs(),
  };
}
