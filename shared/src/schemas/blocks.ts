import * as v from 'valibot';
import { html, noNullCharacters, requiredText, rowId, text, wellFormed } from './fields.ts';

/**
 * The typed blocks a page (the home page above all) is made of. Each block stores one data object per language in
 * the shape of its type's schema below; the server validates both on save with these same schemas and the panel's
 * forms are built from them, so what the editor accepts is what the public site can render.
 */
export const BLOCK_TYPES = ['hero', 'features', 'steps', 'prices', 'faq', 'video', 'tabs', 'news', 'richtext'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** Icons our own SVG set draws for feature items (no icon font: nothing loads from a third party). */
export const FEATURE_ICONS = ['sim', 'rotate', 'shield', 'speed', 'globe', 'api', 'support', 'wallet'] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

const list = <T extends v.GenericSchema>(item: T, min: number, max: number) =>
  v.pipe(v.array(item), v.minLength(min), v.maxLength(max));

/**
 * A site route ('/about', '/page/faq'), an anchor on the page ('#prices') or an absolute http(s) URL. Never
 * `javascript:` or protocol-relative links (`//host`, and `/\\host`, which browsers read the same way); no control
 * characters.
 */
export const LinkTargetSchema = v.pipe(
  v.string(),
  v.trim(),
  noNullCharacters,
  wellFormed,
  v.maxLength(500),
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  v.regex(/^(?:\/(?![/\\])[^\s\u0000-\u001f\u007f]*|#[A-Za-z][\w-]*|https?:\/\/[^\s\u0000-\u001f\u007f]+)$/),
);

/**
 * An uploaded image as a block keeps it: its id (URLs are built on the site's own host, so a change of domain
 * breaks nothing) and the size it was stored at, so pages reserve its box before it loads (no layout shift).
 */
export const BlockImageSchema = v.object({
  id: rowId(),
  width: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  alt: text(200),
});
export type BlockImage = v.InferOutput<typeof BlockImageSchema>;

const ActionSchema = v.object({ label: requiredText(60), link: LinkTargetSchema });

export const HeroDataSchema = v.object({
  title: requiredText(120),
  lead: text(400),
  image: v.optional(BlockImageSchema),
  actions: list(ActionSchema, 0, 2),
});

export const FeaturesDataSchema = v.object({
  title: requiredText(120),
  lead: text(400),
  items: list(v.object({ icon: v.picklist(FEATURE_ICONS), title: requiredText(80), text: text(300) }), 1, 12),
});

export const StepsDataSchema = v.object({
  title: requiredText(120),
  lead: text(400),
  items: list(v.object({ title: requiredText(80), text: text(300) }), 1, 8),
});

/** The price table: the plans themselves come from the plans list (ordered, active only). */
export const PricesDataSchema = v.object({
  title: requiredText(120),
  lead: text(400),
  note: text(300),
});

export const FaqDataSchema = v.object({
  title: requiredText(120),
  items: list(v.object({ question: requiredText(300), answer: html(5000) }), 1, 40),
});

/** A self-hosted video (a site path under /media/, never a third-party player) shown with its poster image. */
export const VideoDataSchema = v.object({
  title: requiredText(120),
  lead: text(400),
  src: v.pipe(v.string(), v.trim(), v.regex(/^\/media\/[\w./-]+\.(?:mp4|webm)$/), v.maxLength(300)),
  poster: BlockImageSchema,
});

export const TabsDataSchema = v.object({
  title: requiredText(120),
  items: list(
    v.object({
      label: requiredText(40),
      title: requiredText(120),
      text: html(5000),
      image: v.optional(BlockImageSchema),
    }),
    2,
    6,
  ),
});

export const NewsDataSchema = v.object({
  title: requiredText(120),
  items: list(
    v.object({
      title: requiredText(160),
      date: v.pipe(v.string(), v.isoDate()),
      summary: text(400),
      link: v.optional(LinkTargetSchema),
    }),
    1,
    20,
  ),
});

export const RichTextDataSchema = v.object({ html: html(50_000) });

/** The data schema of each block type. */
export const BLOCK_DATA_SCHEMAS = {
  hero: HeroDataSchema,
  features: FeaturesDataSchema,
  steps: StepsDataSchema,
  prices: PricesDataSchema,
  faq: FaqDataSchema,
  video: VideoDataSchema,
  tabs: TabsDataSchema,
  news: NewsDataSchema,
  richtext: RichTextDataSchema,
} as const satisfies Record<BlockType, v.GenericSchema>;

export type BlockData<T extends BlockType> = v.InferOutput<(typeof BLOCK_DATA_SCHEMAS)[T]>;

/** The element id a menu link scrolls to (`#features`). */
export const AnchorSchema = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,49}$/));

const publicBlock = <T extends BlockType, S extends v.GenericSchema>(type: T, data: S) =>
  v.object({ id: v.number(), type: v.literal(type), anchor: v.nullable(v.string()), data });

/** A block as the public API sends it, in the request's language. */
export const PublicBlockSchema = v.variant('type', [
  publicBlock('hero', HeroDataSchema),
  publicBlock('features', FeaturesDataSchema),
  publicBlock('steps', StepsDataSchema),
  publicBlock('prices', PricesDataSchema),
  publicBlock('faq', FaqDataSchema),
  publicBlock('video', VideoDataSchema),
  publicBlock('tabs', TabsDataSchema),
  publicBlock('news', NewsDataSchema),
  publicBlock('richtext', RichTextDataSchema),
]);
export type PublicBlock = v.InferOutput<typeof PublicBlockSchema>;

/**
 * A block as staff write it: its type, then data per language in that type's shape. `data_en: null` means "not
 * translated yet" (English visitors get the Russian data). An edit sends any subset and never changes the type.
 */
const blockInput = <T extends BlockType, S extends v.GenericSchema>(type: T, data: S) =>
  v.object({
    type: v.literal(type),
    anchor: v.optional(v.nullable(AnchorSchema), null),
    published: v.optional(v.boolean(), true),
    data_ru: data,
    data_en: v.optional(v.nullable(data), null),
  });

export const BlockInputSchema = v.variant('type', [
  blockInput('hero', HeroDataSchema),
  blockInput('features', FeaturesDataSchema),
  blockInput('steps', StepsDataSchema),
  blockInput('prices', PricesDataSchema),
  blockInput('faq', FaqDataSchema),
  blockInput('video', VideoDataSchema),
  blockInput('tabs', TabsDataSchema),
  blockInput('news', NewsDataSchema),
  blockInput('richtext', RichTextDataSchema),
]);
export type BlockInput = v.InferOutput<typeof BlockInputSchema>;

/** The fields an edit of a block of `type` may send. */
export function blockPatchSchema<T extends BlockType>(type: T) {
  const data = BLOCK_DATA_SCHEMAS[type];
  return v.object({
    anchor: v.optional(v.nullable(AnchorSchema)),
    published: v.optional(v.boolean()),
    data_ru: v.optional(data),
    data_en: v.optional(v.nullable(data)),
  });
}
/** An edit of a block: never its type; `data_en: null` = not translated. */
export type BlockPatch<T extends BlockType = BlockType> = v.InferOutput<ReturnType<typeof blockPatchSchema<T>>>;

/** A block as the panel reads it. */
export const PanelBlockSchema = v.object({
  id: v.number(),
  page_id: v.number(),
  type: v.picklist(BLOCK_TYPES),
  anchor: v.nullable(v.string()),
  published: v.boolean(),
  sort_order: v.number(),
  data_ru: v.looseObject({}),
  data_en: v.nullable(v.looseObject({})),
  updated_at: v.string(),
});
export type PanelBlock = v.InferOutput<typeof PanelBlockSchema>;
