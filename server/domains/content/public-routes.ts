/**
 * The public content API: `GET /api/pages/` (list), `GET /api/pages/{slug}/` (one page) and `GET /api/home/` (the
 * home page), each page with its blocks, `GET /api/menu/`, the header menu, and `GET /api/menu/footer/`, the pages
 * placed in the footer (the document embeds both).
 */
import { hasPermission, PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import { BLOCK_TYPES } from '@proxy/contract/schemas/blocks';
import { FooterSchema, MenuSchema } from '@proxy/contract/schemas/menu';
import { PageSummarySchema, PublicPageSchema } from '@proxy/contract/schemas/page';
import * as v from 'valibot';
import type { FastifyPluginAsync } from 'fastify';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { paginate, paginatedSchema, pageWindow, type PageQuery } from '../../lib/pagination.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { permissionSubject } from '../../plugins/auth.ts';
import { pagesRepository } from './pages-repository.ts';
import { publicContent } from './public-content.ts';

const listSchema = {
  // Strings on purpose: DRF treats a non-numeric page as 404 `Invalid page.` and a bad page_size as the default,
  // not as a 400, and clients depend on that.
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'string' },
      page_size: { type: 'string' },
      search: { type: 'string', maxLength: 200 },
    },
  },
  response: {
    200: paginatedSchema(jsonSchemaOf(PageSummarySchema)),
    404: DetailSchema,
  },
} as const;

/** Block data was checked against its type's schema when saved; the serializer passes it through as stored. */
const PageResponseSchema = v.object({
  ...PublicPageSchema.entries,
  blocks: v.array(
    v.object({
      id: v.number(),
      type: v.picklist(BLOCK_TYPES),
      anchor: v.nullable(v.string()),
      data: v.looseObject({}),
    }),
  ),
});

const pageResponse = { 200: jsonSchemaOf(PageResponseSchema), 404: DetailSchema } as const;

const detailSchema = {
  params: {
    type: 'object',
    required: ['slug'],
    properties: { slug: { type: 'string' } },
  },
  response: pageResponse,
} as const;

const publicRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, options) => {
  const pages = pagesRepository(app.db);
  const content = publicContent(app.db);

  app.get<{ Querystring: PageQuery & { search?: string } }>('/api/pages/', { schema: listSchema }, async (request) => {
    const { search } = request.query;
    const count = await pages.countPublished(search);
    const window = pageWindow(request.query, count);
    const rows = await pages.listPublished({ language: request.language, search }, window);
    return paginate(rows, count, window, request.url, options.publicUrl);
  });

  app.get<{ Params: { slug: string } }>('/api/pages/:slug/', { schema: detailSchema }, async (request, reply) => {
    const { slug } = request.params;
    const { language, user } = request;
    // Staff who may view pages preview an unpublished one; everyone else gets the 404 it is to them.
    const preview = user !== null && hasPermission(permissionSubject(user), PAGE_PERMISSIONS.view);
    const page = preview ? await content.preview(slug, language) : await content.page(slug, language);
    if (!page) throw COMMON_REFUSALS.notFound();
    if (page.draft) reply.header('cache-control', 'no-store');
    return page;
  });

  app.get('/api/home/', { schema: { response: pageResponse } }, async (request) => {
    const page = await content.home(request.language);
    if (!page) throw COMMON_REFUSALS.notFound();
    return page;
  });

  app.get('/api/menu/', { schema: { response: { 200: jsonSchemaOf(MenuSchema) } } }, (request) =>
    content.menu(request.language),
  );

  app.get('/api/menu/footer/', { schema: { response: { 200: jsonSchemaOf(FooterSchema) } } }, (request) =>
    content.footer(request.language),
  );
};

export default publicRoutes;
