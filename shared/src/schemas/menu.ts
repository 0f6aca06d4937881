import * as v from 'valibot';
import { LinkTargetSchema } from './blocks.ts';
import { requiredText, rowId, text } from './fields.ts';

const MenuLinkSchema = v.object({ name: v.string(), link: v.string() });

/** One item of the site menu (spec §3): a name, a link and optional children of the same shape, one level deep. */
export const MenuItemSchema = v.object({
  name: v.string(),
  link: v.string(),
  children: v.optional(v.array(MenuLinkSchema)),
});
export type MenuItem = v.InferOutput<typeof MenuItemSchema>;

export const MenuSchema = v.array(MenuItemSchema);

/** A link of the footer: a published page staff placed there (its `menu` is `footer`), in the page list's order. */
export type FooterLink = v.InferOutput<typeof MenuLinkSchema>;
export const FooterSchema = v.array(MenuLinkSchema);

/** A menu item as staff write it: names per language, a link, and the item it is a child of (one level deep). */
export const MenuItemInputSchema = v.object({
  name_ru: requiredText(100),
  name_en: v.optional(text(100), ''),
  link: LinkTargetSchema,
  parent_id: v.optional(v.nullable(rowId()), null),
});
export type MenuItemInput = v.InferOutput<typeof MenuItemInputSchema>;

export const PanelMenuItemSchema = v.object({
  id: v.number(),
  parent_id: v.nullable(v.number()),
  name_ru: v.string(),
  name_en: v.string(),
  link: v.string(),
  sort_order: v.number(),
});
export type PanelMenuItem = v.InferOutput<typeof PanelMenuItemSchema>;
