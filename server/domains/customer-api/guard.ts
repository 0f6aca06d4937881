/**
 * Every `/api/v1/` route's gate: a live API key (the auth plugin found it), the request counted against the key's
 * budget with `RateLimit-*` headers (IETF draft-ietf-httpapi-ratelimit-headers: limit, remaining, seconds to reset),
 * then the route's scope.
 */
import type { ApiKeyScope } from '@proxy/contract/schemas/api-keys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { message, throttled } from '../../lib/messages.ts';
import { CUSTOMER_API_REFUSALS } from './refusals.ts';

export function scopeGuard(app: FastifyInstance) {
  /** `null`: any live key (the stock and prices are public anyway; the key only meters the script). */
  return (scope: ApiKeyScope | null) => Object.assign(guard(app, scope), { [API_KEY_SCOPE]: scope });
}

/**
 * The scope a route's guard asks for, kept on the guard itself: the OpenAPI document reads it from the route's
 * `preHandler` (its `x-scope` and tag), so the scope is written once, where it is enforced.
 */
export const API_KEY_SCOPE = Symbol('apiKeyScope');

function guard(app: FastifyInstance, scope: ApiKeyScope | null) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.apiKey;
    if (!key) {
      throw new HttpError(
        401,
        { detail: message('notAuthenticated', request.language) },
        { 'www-authenticate': 'Bearer' },
      );
    }
    const state = await app.rateLimit.count(request, 'apiKey', `key:${key.id}`);
    if (state) {
      reply.header('ratelimit-limit', String(state.limit));
      reply.header('ratelimit-remaining', String(state.remaining));
      reply.header('ratelimit-reset', String(state.resetSeconds));
      if (state.exceeded) {
        request.log.warn({ keyId: key.id }, 'API key rate limit reached');
        throw new HttpError(
          429,
          { detail: throttled(state.resetSeconds, request.language) },
          { 'retry-after': String(state.resetSeconds) },
        );
      }
    }
    if (scope !== null && !key.scopes.includes(scope)) throw CUSTOMER_API_REFUSALS.missingScope({ scope });
  };
}
