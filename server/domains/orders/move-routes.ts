/**
 * Moving a proxy to another place (#29): `GET /api/proxies/{id}/move/?country=&city=&operator=` (the quote: stock
 * there, the price difference and fee, whether the ports change) and `POST /api/proxies/{id}/move/` with the same
 * place and an `Idempotency-Key` (201 the move; the same key again 200 with it). Another customer's proxy is 404.
 * Staff's side: the fee, `GET`/`PUT /api/panel/farm/settings/move/` (the farm's modem permissions).
 */
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import {
  MoveQuoteSchema,
  MoveRequestSchema,
  MoveSchema,
  MoveSettingsInputSchema,
  MoveSettingsSchema,
} from '@proxy/contract/schemas/moves';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseBody } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requiredIdempotencyKey } from '../../lib/idempotency.ts';
import { throttled } from '../../lib/messages.ts';
import { answers, idParams, notFound } from '../../lib/panel.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { MoveCooldown, type MovesService } from './moves-service.ts';

type IdRequest = { Params: { id: number } };

const placeQuery = {
  type: 'object',
  properties: { country: { type: 'string' }, city: { type: 'string' }, operator: { type: 'string' } },
} as const;

/**
 * A new move is 201; the same key again 200. Refusals: 402 fee above the balance, 403, 409, 422 key reused (429 has
 * no schema here: its `wait_seconds` goes out as is).
 */
const moved: Record<number, unknown> = {
  ...answers(MoveSchema, 201),
  200: jsonSchemaOf(MoveSchema),
  402: DetailSchema,
  403: DetailSchema,
  409: DetailSchema,
  422: DetailSchema,
};

const userId = (request: FastifyRequest) => (request.user as { id: number }).id;

/** The cooldown as "change IP now" and "check now" word it: 429, `Retry-After`, and the seconds left. */
function cooldownAnswer(error: unknown, request: FastifyRequest): never {
  if (!(error instanceof MoveCooldown)) throw error;
  throw new HttpError(
    429,
    { detail: throttled(error.seconds, request.language), wait_seconds: error.seconds },
    { 'retry-after': String(error.seconds) },
  );
}

export const moveRoutes: FastifyPluginAsync<{ readonly moves: MovesService }> = async (app, { moves }) => {
  app.get<IdRequest & { Querystring: Record<string, string | undefined> }>(
    '/api/proxies/:id/move/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('quoteAccount')],
      schema: { params: idParams, querystring: placeQuery, response: answers(MoveQuoteSchema) },
    },
    async (request) => {
      const to = parseBody(MoveRequestSchema, request.query, request.language);
      return (await moves.quote(userId(request), request.params.id, to)) ?? notFound();
    },
  );

  app.post<IdRequest>(
    '/api/proxies/:id/move/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('orderAccount')],
      schema: { params: idParams, response: moved },
    },
    async (request, reply) => {
      const key = requiredIdempotencyKey(request);
      const to = parseBody(MoveRequestSchema, request.body, request.language);
      const done = await moves
        .move(userId(request), request.params.id, to, key)
        .catch((error: unknown) => cooldownAnswer(error, request));
      if (!done) return notFound();
      if (done.created) {
        request.log.info(
          { proxyId: done.move.proxy_id, moveId: done.move.id, fee: done.move.fee, ports: done.move.ports_changed },
          'proxy moved',
        );
        reply.code(201);
      }
      return done.move;
    },
  );
};

/** Staff only (the caller registers it behind `requireStaff`): the move fee. */
export const moveSettingsRoutes: FastifyPluginAsync<{ readonly moves: MovesService }> = async (app, { moves }) => {
  app.get(
    '/api/panel/farm/settings/move/',
    { preHandler: app.requirePermission(MODEM_PERMISSIONS.view), schema: { response: answers(MoveSettingsSchema) } },
    () => moves.settings(),
  );

  app.put(
    '/api/panel/farm/settings/move/',
    { preHandler: app.requirePermission(MODEM_PERMISSIONS.change), schema: { response: answers(MoveSettingsSchema) } },
    async (request) => {
      const input = parseBody(MoveSettingsInputSchema, request.body, request.language);
      const actorId = userId(request);
      request.log.info({ fee: input.fee, actorId }, 'move fee set');
      return moves.setFee(input.fee, actorId);
    },
  );
};
