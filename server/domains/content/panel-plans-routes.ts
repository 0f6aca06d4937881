/** The plans of the price table (`/api/panel/plans/`), edited in the panel's Pages section with its permissions. */
import { PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import { PanelPlanSchema, PlanInputSchema } from '@proxy/contract/schemas/plans';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { answers, parseReorder, registerItemRoutes } from '../../lib/panel.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { contentService } from './content-service.ts';
import { plansRepository } from './plans-repository.ts';

const panelPlansRoutes: FastifyPluginAsync = async (app) => {
  const plans = plansRepository(app.db);
  const content = contentService(app.db);

  registerItemRoutes(app, {
    path: '/api/panel/plans/',
    permissions: PAGE_PERMISSIONS,
    item: PanelPlanSchema,
    list: () => plans.list(),
    get: (id) => plans.get(id),
    create: (body, language) => content.createPlan(parseBody(PlanInputSchema, body, language)),
    update: (id, body, language) => plans.update(id, parseBody(v.partial(PlanInputSchema), body, language)),
    remove: (id) => plans.delete(id),
  });

  app.post(
    '/api/panel/plans/order/',
    {
      preHandler: app.requirePermission(PAGE_PERMISSIONS.change),
      schema: { response: answers(v.array(PanelPlanSchema)) },
    },
    async (request) => {
      if (!(await content.reorderPlans(parseReorder(request.body, request.language)))) {
        throw COMMON_REFUSALS.badReorder();
      }
      return plans.list();
    },
  );
};

export default panelPlansRoutes;
