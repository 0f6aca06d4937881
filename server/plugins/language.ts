/**
 * The language of an API request: the best of ru/en in Accept-Language, default ru, as Django's LocaleMiddleware
 * picks it — but English under `/api/v1/`, the customer API, whose document promises scripts English unless they ask
 * for Russian. Every API answer says which one it used (`Content-Language`) and that caches must key on it (`Vary`).
 */
import { DEFAULT_LANGUAGE, type Language, negotiateLanguage } from '@proxy/contract/languages';
import fp from 'fastify-plugin';
import { isApiPath, isCustomerApiPath, mergeVary } from '../lib/paths.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** From Accept-Language; the HTML document uses the language of its URL instead. */
    language: Language;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    // Callback hooks: every request passes them, and they have nothing to wait for.
    app.addHook('onRequest', (request, _reply, done) => {
      const fallback = isCustomerApiPath(request.url) ? 'en' : DEFAULT_LANGUAGE;
      request.language = negotiateLanguage(request.headers['accept-language'], fallback);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isApiPath(request.url)) {
        reply.header('content-language', request.language);
        reply.header('vary', mergeVary(reply.getHeader('vary'), 'Accept', 'Accept-Language'));
      }
      done(null, payload);
    });
  },
  { name: 'language', fastify: '5.x' },
);
