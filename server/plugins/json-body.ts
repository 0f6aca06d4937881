/**
 * JSON bodies through our parser, which keeps the parse error's reason for DRF's `JSON parse error - ...`. No route
 * takes plain text (DRF has no text/plain parser): such a body is 415 Unsupported Media Type everywhere, not a
 * string for the schema to refuse with a 400. Routes that take forms or files register those parsers themselves.
 */
import fp from 'fastify-plugin';
import { parseJsonBody } from '../lib/json-body.ts';

export default fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.removeContentTypeParser('text/plain');
    // parseAs 'string' still enforces bodyLimit while reading, so an oversized body is refused (413) unparsed.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
  },
  { name: 'json-body', fastify: '5.x' },
);
