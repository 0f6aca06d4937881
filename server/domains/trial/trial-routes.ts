/**
 * The free trial's routes (#29): the customer's `GET /api/trial/` (may I, where, for how long, or why not) and
 * `POST /api/trial/` (take it in a place: 201 with the new proxy's id), and the panel's `GET`/`PUT
 * /api/panel/farm/settings/trial/` — the farm's permissions (modems: view to read, change to save).
 */
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import {
  TrialOfferSchema,
  TrialRequestSchema,
  TrialSettingsInputSchema,
  TrialSettingsSchema,
  TrialTakenSchema,
} from '@proxy/contract/schemas/trial';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseBody } from '../../lib/drf-errors.ts';
import { answers } from '../../lib/panel.ts';
import { DetailSchema } from '../../lib/schemas.ts';
import type { TrialService } from './trial-service.ts';

const userId = (request: FastifyRequest) => (request.user as { id: number }).id;

/** Refusals of a take: 401 (blocked meanwhile), 403 (off, not verified), 409 (taken, no stock), 429 (address). */
const taken: Record<number, unknown> = {
  ...answers(TrialTakenSchema, 201),
  401: DetailSchema,
  403: DetailSchema,
  409: DetailSchema,
  429: DetailSchema,
};

export const trialRoutes: FastifyPluginAsync<{ trial: TrialService }> = async (app, options) => {
  const { trial } = options;

  app.get(
    '/api/trial/',
    { preHandler: app.requireAuthenticated, schema: { response: answers(TrialOfferSchema) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return trial.offer(userId(request), request.ip, request.language);
    },
  );

  app.post(
    '/api/trial/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('orderAccount')],
      schema: { response: taken },
    },
    async (request, reply) => {
      const place = parseBody(TrialRequestSchema, request.body, request.language);
      const answer = await trial.take(userId(request), request.ip, place);
      request.log.info({ proxyId: answer.proxy_id }, 'trial taken');
      return reply.code(201).send(answer);
    },
  );
};

export const trialPanelRoutes: FastifyPluginAsync<{ trial: TrialService }> = async (app, options) => {
  const { trial } = options;
  const can = (permission: string) => ({ preHandler: app.requirePermission(permission) });
  const path = '/api/panel/farm/settings/trial/';

  app.get(path, { ...can(MODEM_PERMISSIONS.view), schema: { response: answers(TrialSettingsSchema) } }, () =>
    trial.settings(),
  );

  app.put(
    path,
    { ...can(MODEM_PERMISSIONS.change), schema: { response: answers(TrialSettingsSchema) } },
    async (request) => {
      const input = parseBody(TrialSettingsInputSchema, request.body, request.language);
      await trial.saveSettings(input, userId(request));
      request.log.info({ enabled: input.enabled, places: input.places.length }, 'trial settings changed');
      return trial.settings();
    },
  );
};
