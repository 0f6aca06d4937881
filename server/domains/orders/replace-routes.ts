/**
 * Replacing a proxy whose IP is bad (#49 item 9): `GET /api/proxies/{id}/replace/` (the quote: other free modems of
 * its place, replacements left this month, whether the ports change) and `POST /api/proxies/{id}/replace/` with an
 * `Idempotency-Key` (201 the replacement; the same key again 200 with it). Another customer's proxy is 404.
 */
import { ReplacementQuoteSchema, ReplacementSchema } from '@proxy/contract/schemas/replacements';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requiredIdempotencyKey } from '../../lib/idempotency.ts';
import { answers, idParams, notFound } from '../../lib/panel.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import type { ReplacementsService } from './replacements-service.ts';

type IdRequest = { Params: { id: number } };

/** A new replacement is 201; the same key again 200. Refusals: 403, 409, 422 key reused, 429 the limit used up. */
const replaced: Record<number, unknown> = {
  ...answers(ReplacementSchema, 201),
  200: jsonSchemaOf(ReplacementSchema),
  403: DetailSchema,
  409: DetailSchema,
  422: DetailSchema,
  429: DetailSchema,
};

const userId = (request: FastifyRequest) => (request.user as { id: number }).id;

export const replaceRoutes: FastifyPluginAsync<{ readonly replacements: ReplacementsService }> = async (
  app,
  { replacements },
) => {
  app.get<IdRequest>(
    '/api/proxies/:id/replace/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('quoteAccount')],
      schema: { params: idParams, response: answers(ReplacementQuoteSchema) },
    },
    async (request) => (await replacements.quote(userId(request), request.params.id)) ?? notFound(),
  );

  app.post<IdRequest>(
    '/api/proxies/:id/replace/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('orderAccount')],
      schema: { params: idParams, response: replaced },
    },
    async (request, reply) => {
      const key = requiredIdempotencyKey(request);
      const done = await replacements.replace(userId(request), request.params.id, key);
      if (!done) return notFound();
      if (done.created) {
        request.log.info(
          {
            proxyId: done.replacement.proxy_id,
            replacementId: done.replacement.id,
            ports: done.replacement.ports_changed,
          },
          'proxy replaced',
        );
        reply.code(201);
      }
      return done.replacement;
    },
  );
};
