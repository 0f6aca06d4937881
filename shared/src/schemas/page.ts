import * as v from 'valibot';
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
