/**
 * Every `/api/v1/` route's gate: a live API key (the auth plugin found it; the request was counted against the key's
 * budget before that, budgets.ts), then the route's scope.
 */
import type { ApiKeyScope } from '@proxy/contract/schemas/api-keys';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { message } from '../../lib/messages.ts';
import { CUSTOMER_API_REFUSALS } from './refusals.ts';

/**
 * The scope a route's guard asks for, kept on the guard itself: the OpenAPI document reads it from the route's
 * `preHandler` (its `x-scope` and tag), so the scope is written once, where it is enforced.
 */
export const API_KEY_SCOPE = Symbol('apiKeyScope');

/** `null`: any live key (the stock and prices are public anyway; the key only meters the script). */
export function scopeGuard(scope: ApiKeyScope | null) {
  const guard = async (request: FastifyRequest) => {
    const key = request.apiKey;
    if (!key) {
      throw new HttpError(
        401,
        { detail: message('notAuthenticated', request.language) },
        { 'www-authenticate': 'Bearer' },
      );
    }
    if (scope !== null && !key.scopes.includes(scope)) throw CUSTOMER_API_REFUSALS.missingScope({ scope });
  };
  return Object.assign(guard, { [API_KEY_SCOPE]: scope });
}
