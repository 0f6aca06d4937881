/**
 * The language of an API request: the best of ru/en in Accept-Language, default ru, as Django's LocaleMiddleware
 * picks it; every API answer says which one it used (`Content-Language`) and that caches must key on it (`Vary`).
 */
import { DEFAULT_LANGUAGE, type Language, negotiateLanguage } from '@proxy/contract/languages';
import fp from 'fastify-plugin';
import { isApiPath, mergeVary } from '../lib/paths.ts';

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
      request.language = negotiateLanguage(request.headers['accept-language']);
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
