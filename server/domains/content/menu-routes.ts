/** `GET /api/menu/`: the header menu in the request's language (the document embeds the same list). */
import { MenuSchema } from '@proxy/contract/schemas/menu';
import type { FastifyPluginAsync } from 'fastify';
import { jsonSchemaOf } from '../lib/schemas.ts';

const menuRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/menu/', { schema: { response: { 200: jsonSchemaOf(MenuSchema) } } }, (request) =>
    app.menu.list(request.language),
  );
};

export default menuRoutes;
