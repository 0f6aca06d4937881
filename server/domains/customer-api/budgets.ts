/**
 * The customer API's request budgets (#43): every `/api/v1/` request answered — a 400, 401, 403 or 404 as much as a
 * 200 — counts against its client address's ceiling (`apiAddress`) and, when it presents a key, against that key's
 * budget (`apiKey`, told in `RateLimit-*` headers on every answer). Counted before the key is looked up (app.ts
 * registers this before the auth plugin): past the ceiling, a flood of made-up keys is refused without a database
 * read. A key is known by its secret here, so the budget of a key is the same whether it turns out live or not.
 */
import type { Language } from '@proxy/contract/languages';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error.ts';
import { throttled } from '../../lib/messages.ts';
import { isCustomerApiPath } from '../../lib/paths.ts';
import type { RateState } from '../../plugins/rate-limit.ts';
import { API_KEY_PATTERN } from '../accounts/index.ts';

const BEARER = /^bearer\s+(\S+)\s*$/i;

function tooManyRequests(state: RateState, language: Language): HttpError {
  return new HttpError(
    429,
    { detail: throttled(state.resetSeconds, language) },
    { 'retry-after': String(state.resetSeconds) },
  );
}

export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isCustomerApiPath(request.url)) return;
      const address = await app.rateLimit.count(request, 'apiAddress', request.ip);
      if (address?.exceeded) {
        request.log.warn('customer API address limit reached');
        throw tooManyRequests(address, request.language);
      }
      const secret = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!secret || !API_KEY_PATTERN.test(secret)) return;
      const key = await app.rateLimit.count(request, 'apiKey', `secret:${secret}`);
      if (!key) return;
      reply.header('ratelimit-limit', String(key.limit));
      reply.header('ratelimit-remaining', String(key.remaining));
      reply.header('ratelimit-reset', String(key.resetSeconds));
      if (key.exceeded) {
        // The prefix the account page shows, never the secret.
        request.log.warn({ keyPrefix: secret.slice(0, 12) }, 'API key rate limit reached');
        throw tooManyRequests(key, request.language);
      }
    });
  },
  { name: 'customer-api-budgets', fastify: '5.x', dependencies: ['language', 'rate-limit'] },
);
