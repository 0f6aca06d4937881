/**
 * The content domain: pages, their blocks, the plans of the price table and the header menu, for visitors (the public
 * API) and for staff (the panel's Pages section). This file is the domain's only public surface.
 */
import type { FastifyPluginAsync } from 'fastify';
import panelMenuRoutes from './panel-menu-routes.ts';
import panelPagesRoutes from './panel-pages-routes.ts';
import panelPlansRoutes from './panel-plans-routes.ts';
import { publicContent } from './public-content.ts';
import publicRoutes from './public-routes.ts';

/** Ordering quotes from the plans: they are the price list. */
export { plansRepository } from './plans-repository.ts';

export interface ContentOptions {
  /** PUBLIC_URL: the absolute `next`/`previous` links of paginated lists. */
  readonly publicUrl: string;
}

const content: FastifyPluginAsync<ContentOptions> = async (app, options) => {
  await app.register(publicRoutes, { publicUrl: options.publicUrl });
  // The panel is for staff only, as Django admin is (`is_staff`), whatever permission strings a customer holds;
  // each route then checks its own permission.
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(panelPagesRoutes, { publicUrl: options.publicUrl });
    await panel.register(panelPlansRoutes);
    await panel.register(panelMenuRoutes);
  });
  // The site's HTML document and sitemap show the content as visitors see it, as the public API does.
  app.site.provide('content', publicContent(app.db));
};

export default content;
