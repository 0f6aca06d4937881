/**
 * The signed-in customer's API keys (`/api/users/api-keys/`, issue #30): list, create (the secret is in this answer
 * only), revoke. Signed in with a login token only: the auth plugin takes API keys under `/api/v1/` alone, so a key
 * cannot make or revoke keys.
 */
import { ApiKeyCreatedSchema, ApiKeyCreateSchema, ApiKeySchema } from '@proxy/contract/schemas/api-keys';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { idParams } from '../../lib/panel.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { apiKeysRepository } from './api-keys-repository.ts';
import { apiKeysService } from './api-keys-service.ts';
import type { User } from './users-repository.ts';

const apiKeysRoutes: FastifyPluginAsync = async (app) => {
  const keys = apiKeysRepository(app.db);
  const service = apiKeysService(app.db);
  const signedIn = (request: FastifyRequest) => request.user as User;

  app.get(
    '/api/users/api-keys/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 200: jsonSchemaOf(v.array(ApiKeySchema)), 401: DetailSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return keys.listOf(signedIn(request).id);
    },
  );

  app.post(
    '/api/users/api-keys/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('apiKeyAccount')],
      schema: { response: { 201: jsonSchemaOf(ApiKeyCreatedSchema), 401: DetailSchema, 409: DetailSchema } },
    },
    async (request, reply) => {
      const input = parseBody(ApiKeyCreateSchema, request.body, request.language);
      const user = signedIn(request);
      const key = await service.create(user.id, input);
      request.log.info({ userId: user.id, keyId: key.id, scopes: key.scopes }, 'API key created');
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(key);
    },
  );

  // Revoking is an update of the row: its trigger tells every process's key cache at commit.
  app.delete<{ Params: { id: number } }>(
    '/api/users/api-keys/:id/',
    {
      preHandler: app.requireAuthenticated,
      schema: { params: idParams, response: { 204: { type: 'null' }, 401: DetailSchema, 404: DetailSchema } },
    },
    async (request, reply) => {
      const user = signedIn(request);
      if (!(await keys.revokeOf(user.id, request.params.id))) throw COMMON_REFUSALS.notFound();
      request.log.info({ userId: user.id, keyId: request.params.id }, 'API key revoked');
      return reply.code(204).send();
    },
  );
};

export default apiKeysRoutes;
