import * as v from 'valibot';
import { html, requiredText, text } from './fields.ts';
import { defineList, type ListParams } from './list-query.ts';
import { PublicBlockSchema } from './blocks.ts';
import { PublicPlanSchema } from './plans.ts';

/**
 * A content page as the public API sends it, in the language the request asked for
 * (`GET /api/pages/{slug}/`, and the home page at `GET /api/home/`). The server's response schema and the client's decoder are this one object.
 */
export const PublicPageSchema = v.object({
  slug: v.string(),
  title: v.string(),
  body: v.string(),
  seo_title: v.string(),
  seo_description: v.string(),
  updated_at: v.string(),
  /** The typed blocks shown after the body (the home page is made of them). */
  blocks: v.array(PublicBlockSchema),
  /** The active plans, in order, when a block shows the price table; empty otherwise. */
  plans: v.array(PublicPlanSchema),
  /** Only on a page that is not published, which only staff who may view pages are shown (a preview). */
  draft: v.optional(v.literal(true)),
});
export type PublicPage = v.InferOutput<typeof PublicPageSchema>;

export const PageSummarySchema = v.object({
  slug: v.string(),
  title: v.string(),
  seo_description: v.string(),
});
export type PageSummary = v.InferOutput<typeof PageSummarySchema>;

/** Slugs are lower-case words joined by single hyphens, so they are safe in URLs and file names alike. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SlugSchema = v.pipe(v.string(), v.maxLength(100), v.regex(SLUG_PATTERN));

/**
 * Slugs the site's own routes take (`/order`, `/ip`, `/panel`, ...): a page there could never be reached at `/{slug}`.
 * `r` is the change-IP link (`/r/{token}`), `media` the self-hosted videos.
 */
export const RESERVED_SLUGS = ['api', 'en', 'home', 'ip', 'media', 'order', 'page', 'panel', 'r', 'user'] as const;

export const PAGE_MENUS = ['header', 'footer'] as const;

/** A page as staff write it in the panel (create; an edit sends any subset). Bodies are sanitized on save. */
export const PageInputSchema = v.object({
  slug: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100), v.regex(SLUG_PATTERN, 'invalid_slug')),
  title_ru: requiredText(200),
  title_en: v.optional(text(200), ''),
  body_ru: v.optional(html(200_000), ''),
  body_en: v.optional(html(200_000), ''),
  seo_title_ru: v.optional(text(200), ''),
  seo_title_en: v.optional(text(200), ''),
  seo_description_ru: v.optional(text(300), ''),
  seo_description_en: v.optional(text(300), ''),
  published: v.optional(v.boolean(), false),
  menu: v.optional(v.nullable(v.picklist(PAGE_MENUS)), null),
  sort_order: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)), 0),
});
export type PageInput = v.InferOutput<typeof PageInputSchema>;

/** A page as the panel reads it: every language's fields. */
export const PanelPageSchema = v.object({
  id: v.number(),
  slug: v.string(),
  home: v.boolean(),
  title_ru: v.string(),
  title_en: v.string(),
  body_ru: v.string(),
  body_en: v.string(),
  seo_title_ru: v.string(),
  seo_title_en: v.string(),
  seo_description_ru: v.string(),
  seo_description_en: v.string(),
  published: v.boolean(),
  menu: v.nullable(v.picklist(PAGE_MENUS)),
  sort_order: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type PanelPage = v.InferOutput<typeof PanelPageSchema>;

/** A row of the panel's page list. */
export const PanelPageRowSchema = v.object({
  id: v.number(),
  slug: v.string(),
  home: v.boolean(),
  title_ru: v.string(),
  title_en: v.string(),
  published: v.boolean(),
  menu: v.nullable(v.picklist(PAGE_MENUS)),
  sort_order: v.number(),
  blocks: v.number(),
  updated_at: v.string(),
});
export type PanelPageRow = v.InferOutput<typeof PanelPageRowSchema>;

/** The orderings the page list accepts (`?ordering=`; a leading `-` reverses). */
export const PAGE_ORDERINGS = ['title_ru', 'slug', 'updated_at', 'sort_order', 'published'] as const;

/** The panel's page list: `?search=&ordering=&published=true|false&page=&page_size=`. */
export const PAGE_LIST = defineList({
  orderings: PAGE_ORDERINGS,
  filters: { published: { type: 'list', choices: ['true', 'false'] } },
});
export type PageListParams = ListParams<typeof PAGE_LIST>;
