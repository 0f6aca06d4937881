/**
 * Cross-origin calls to the API from the sites listed in CORS_ORIGINS (a site deployed elsewhere whose API_URL
 * points here). Nobody else is let in, and no origin is by default. The API authenticates by the Authorization
 * header only, never by cookie, so no credentials mode is offered: a page of an allowed origin still needs a token.
 */
import fp from 'fastify-plugin';
import { isApiPath, mergeVary } from '../lib/paths.ts';

export interface CorsOptions {
  readonly origins: readonly string[];
}

const METHODS = 'GET, POST, PUT, PATCH, DELETE';
const REQUEST_HEADERS = 'Authorization, Content-Type, Accept-Language';
/** What a script may read of an answer besides the simple headers: the language used and how long to back off. */
const EXPOSED_HEADERS = 'Content-Language, Retry-After';
const PREFLIGHT_MAX_AGE = '600';

export default fp<CorsOptions>(
  async (app, options) => {
    if (options.origins.length === 0) return;
    const allowed = new Set(options.origins);
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url)) return;
      const origin = request.headers.origin;
      reply.header('vary', mergeVary(reply.getHeader('vary'), 'Origin'));
      if (origin === undefined || !allowed.has(origin)) return;
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
        // The preflight is answered here: no route has OPTIONS, and the browser needs nothing else.
        return reply
          .code(204)
          .header('access-control-allow-methods', METHODS)
          .header('access-control-allow-headers', REQUEST_HEADERS)
          .header('access-control-max-age', PREFLIGHT_MAX_AGE)
          .send();
      }
    });
  },
  { name: 'cors', fastify: '5.x' },
);
