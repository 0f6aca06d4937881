import * as v from 'valibot';

const MenuLinkSchema = v.object({ name: v.string(), link: v.string() });

/** One item of the site menu (spec §3): a name, a link and optional children of the same shape, one level deep. */
export const MenuItemSchema = v.object({
  name: v.string(),
  link: v.string(),
  children: v.optional(v.array(MenuLinkSchema)),
});
export type MenuItem = v.InferOutput<typeof MenuItemSchema>;

export const MenuSchema = v.array(MenuItemSchema);
