/** The header menu as staff edit it (`/api/panel/menu/`), in the panel's Pages section with its permissions. */
import { PAGE_PART_PERMISSIONS, PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import { MenuItemInputSchema, PanelMenuItemSchema } from '@proxy/contract/schemas/menu';
import { ReorderSchema } from '@proxy/contract/schemas/reorder';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { answers, registerItemRoutes } from '../../lib/panel.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { contentService } from './content-service.ts';
import { menuRepository } from './menu-repository.ts';

/** A new order for the items under one parent (`parent_id: null`, the default: the top level). */
const MenuReorderSchema = v.object({
  ...ReorderSchema.entries,
  parent_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
});

const panelMenuRoutes: FastifyPluginAsync = async (app) => {
  const menu = menuRepository(app.db);
  const content = contentService(app.db);

  registerItemRoutes(app, {
    path: '/api/panel/menu/',
    permissions: PAGE_PART_PERMISSIONS,
    item: PanelMenuItemSchema,
    list: () => menu.list(),
    get: (id) => menu.get(id),
    create: (body, language) => {
      const input = parseBody(MenuItemInputSchema, body, language);
      return content.createMenuItem(input);
    },
    update: (id, body, language) => {
      const changes = parseBody(v.partial(MenuItemInputSchema), body, language);
      return content.updateMenuItem(id, changes);
    },
    remove: (id) => menu.delete(id),
  });

  app.post(
    '/api/panel/menu/order/',
    {
      preHandler: app.requirePermission(PAGE_PERMISSIONS.change),
      schema: { response: answers(v.array(PanelMenuItemSchema)) },
    },
    async (request) => {
      const body = parseBody(MenuReorderSchema, request.body, request.language);
      if (!(await content.reorderMenu(body.parent_id, body.ids))) throw COMMON_REFUSALS.badReorder();
      return menu.list();
    },
  );
};

export default panelMenuRoutes;
