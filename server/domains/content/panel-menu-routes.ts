/** The header menu as staff edit it (`/api/panel/menu/`), in the panel's Pages section with its permissions. */
import { PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import { MenuItemInputSchema, PanelMenuItemSchema } from '@proxy/contract/schemas/menu';
import { ReorderSchema } from '@proxy/contract/schemas/reorder';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { answers, deleted, idParams, notFound, reorderRefused } from '../../lib/panel.ts';
import { withConflicts } from './conflicts.ts';
import { contentService } from './content-service.ts';
import { menuRepository } from './menu-repository.ts';

type IdRequest = { Params: { id: number } };

/** A new order for the items under one parent (`parent_id: null`, the default: the top level). */
const MenuReorderSchema = v.object({
  ...ReorderSchema.entries,
  parent_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
});

const panelMenuRoutes: FastifyPluginAsync = async (app) => {
  const can = (permission: string) => ({ preHandler: app.requirePermission(permission) });
  const { view, change } = PAGE_PERMISSIONS;
  const menu = menuRepository(app.db);
  const content = contentService(app.db);

  app.get('/api/panel/menu/', { ...can(view), schema: { response: answers(v.array(PanelMenuItemSchema)) } }, () =>
    menu.list(),
  );

  app.post(
    '/api/panel/menu/',
    { ...can(change), schema: { response: answers(PanelMenuItemSchema, 201) } },
    async (request, reply) => {
      const input = parseBody(MenuItemInputSchema, request.body, request.language);
      return reply.code(201).send(await withConflicts(request.language, () => content.createMenuItem(input)));
    },
  );

  app.post(
    '/api/panel/menu/order/',
    { ...can(change), schema: { response: answers(v.array(PanelMenuItemSchema)) } },
    async (request) => {
      const body = parseBody(MenuReorderSchema, request.body, request.language);
      if (!(await content.reorderMenu(body.parent_id, body.ids))) throw reorderRefused(request.language);
      return menu.list();
    },
  );

  app.patch<IdRequest>(
    '/api/panel/menu/:id/',
    { ...can(change), schema: { params: idParams, response: answers(PanelMenuItemSchema) } },
    async (request, reply) => {
      const changes = parseBody(v.partial(MenuItemInputSchema), request.body, request.language);
      const item = await withConflicts(request.language, () => content.updateMenuItem(request.params.id, changes));
      return item ?? notFound(reply, request.language);
    },
  );

  app.delete<IdRequest>(
    '/api/panel/menu/:id/',
    { ...can(change), schema: { params: idParams, response: deleted } },
    async (request, reply) =>
      (await menu.delete(request.params.id)) ? reply.code(204).send() : notFound(reply, request.language),
  );
};

export default panelMenuRoutes;
