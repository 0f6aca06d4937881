/** The plans of the price table (`/api/panel/plans/`), edited in the panel's Pages section with its permissions. */
import { PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import { PanelPlanSchema, PlanInputSchema } from '@proxy/contract/schemas/plans';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { answers, deleted, idParams, notFound, parseReorder, reorderRefused } from '../../lib/panel.ts';
import { contentService } from './content-service.ts';
import { plansRepository } from './plans-repository.ts';

type IdRequest = { Params: { id: number } };

const panelPlansRoutes: FastifyPluginAsync = async (app) => {
  const can = (permission: string) => ({ preHandler: app.requirePermission(permission) });
  const { view, add, change, delete: remove } = PAGE_PERMISSIONS;
  const plans = plansRepository(app.db);
  const content = contentService(app.db);

  app.get('/api/panel/plans/', { ...can(view), schema: { response: answers(v.array(PanelPlanSchema)) } }, () =>
    plans.list(),
  );

  app.post(
    '/api/panel/plans/',
    { ...can(add), schema: { response: answers(PanelPlanSchema, 201) } },
    async (request, reply) => {
      const plan = await content.createPlan(parseBody(PlanInputSchema, request.body, request.language));
      return reply.code(201).send(plan);
    },
  );

  app.post(
    '/api/panel/plans/order/',
    { ...can(change), schema: { response: answers(v.array(PanelPlanSchema)) } },
    async (request) => {
      if (!(await content.reorderPlans(parseReorder(request.body, request.language)))) {
        throw reorderRefused(request.language);
      }
      return plans.list();
    },
  );

  app.get<IdRequest>(
    '/api/panel/plans/:id/',
    { ...can(view), schema: { params: idParams, response: answers(PanelPlanSchema) } },
    async (request, reply) => (await plans.get(request.params.id)) ?? notFound(reply, request.language),
  );

  app.patch<IdRequest>(
    '/api/panel/plans/:id/',
    { ...can(change), schema: { params: idParams, response: answers(PanelPlanSchema) } },
    async (request, reply) => {
      const changes = parseBody(v.partial(PlanInputSchema), request.body, request.language);
      return (await plans.update(request.params.id, changes)) ?? notFound(reply, request.language);
    },
  );

  app.delete<IdRequest>(
    '/api/panel/plans/:id/',
    { ...can(remove), schema: { params: idParams, response: deleted } },
    async (request, reply) =>
      (await plans.delete(request.params.id)) ? reply.code(204).send() : notFound(reply, request.language),
  );
};

export default panelPlansRoutes;
