/** JSON bodies through our parser, which keeps the parse error's reason for DRF's `JSON parse error - ...`. */
import fp from 'fastify-plugin';
import { parseJsonBody } from '../lib/json-body.ts';

export default fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
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
