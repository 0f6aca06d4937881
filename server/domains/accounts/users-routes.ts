/**
 * The signed-in user (`GET /api/users/`, `PATCH /api/users/` for the mailing subscription and the language) and the mailing
 * unsubscribe link (`GET /api/users/unsubscribe`).
 */
import type { Currency } from '@proxy/contract/money';
import { AuthUserSchema, type AuthUser } from '@proxy/contract/schemas/user';
import { OwnProfileUpdateSchema } from '@proxy/contract/schemas/users';
import type { FastifyPluginAsync } from 'fastify';
import { parseBody } from '../../lib/drf-errors.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { readUnsubscribeToken } from '../../lib/signing.ts';
import { ACCOUNT_REFUSALS } from './refusals.ts';
import { usersRepository, type User } from './users-repository.ts';

/** The user as `GET /api/users/` answers it; the balance is in minor units of the site's `currency`. */
export function toAuthUser(user: User, currency: Currency): AuthUser {
  return {
    pk: user.id,
    email: user.email,
    premission: [...user.permissions],
    is_superuser: user.isSuperuser,
    language: user.language,
    subscribed: user.subscribed,
    date_joined: user.dateJoined.toISOString(),
    balance: user.balance,
    currency,
  };
}

const usersRoutes: FastifyPluginAsync<{ secretKey: string; currency: Currency }> = async (app, options) => {
  const users = usersRepository(app.db);
  app.get(
    '/api/users/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 200: jsonSchemaOf(AuthUserSchema), 401: DetailSchema } },
    },
    async (request, reply) => {
      // Personal data: never kept by a shared cache or the browser's back/forward cache.
      reply.header('cache-control', 'no-store');
      return toAuthUser(request.user as User, options.currency);
    },
  );

  app.patch(
    '/api/users/',
    {
      preHandler: app.requireAuthenticated,
      schema: {
        response: {
          200: jsonSchemaOf(AuthUserSchema),
          400: { type: 'object', additionalProperties: true },
          401: DetailSchema,
        },
      },
    },
    async (request, reply) => {
      const { language } = request;
      // Only these two fields are read: anything else in the body (`is_superuser`, `premission`, `balance`) is
      // dropped by the schema, never written.
      const profile = parseBody(OwnProfileUpdateSchema, request.body, language);
      // The switch alone was this endpoint's whole body before the language joined it: an empty one names it.
      if (profile.subscribed === undefined && profile.language === undefined) throw ACCOUNT_REFUSALS.profileEmpty();
      const user = request.user as User;
      await users.setProfile(user.id, profile);
      request.log.info({ userId: user.id, ...profile }, 'changed the profile settings');
      reply.header('cache-control', 'no-store');
      return toAuthUser({ ...user, ...profile }, options.currency);
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/api/users/unsubscribe',
    {
      schema: {
        querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
        response: {
          200: { type: 'object', required: ['result'], properties: { result: { type: 'string' } } },
          404: DetailSchema,
        },
      },
    },
    async (request) => {
      const token = request.query.token?.trim() ?? '';
      if (request.query.token === undefined) throw ACCOUNT_REFUSALS.unsubscribeTokenMissing();
      if (!token) throw ACCOUNT_REFUSALS.unsubscribeTokenBlank();
      const id = readUnsubscribeToken(token, options.secretKey);
      const user = id === null ? null : await users.findById(id);
      if (!user) throw COMMON_REFUSALS.notFound();
      // Idempotent: a second click answers the same. GET on purpose: the link is followed from a mail client.
      if (user.subscribed) {
        await users.setSubscribed(user.id, false);
        request.log.info({ userId: user.id }, 'unsubscribed from the mailing list');
      }
      return { result: 'ok' };
    },
  );
};

export default usersRoutes;
