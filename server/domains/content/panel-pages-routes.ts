/**
 * The panel's Pages section API: pages (`/api/panel/pages/`) and their blocks, in the panel's one shape — list, read,
 * create, edit (PATCH, any subset of fields), delete, and reordering for the blocks. Permissions are Django's model
 * permissions of `pages.Page` (`PAGE_PERMISSIONS`); the same strings cut the panel's menu and routes. Rich text is
 * sanitized here, on save, with the fixed allow-list, so nothing stored can run script when rendered.
 */
import { PAGE_PART_PERMISSIONS, PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import { BlockInputSchema, blockPatchSchema, PanelBlockSchema, type BlockType } from '@proxy/contract/schemas/blocks';
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import {
  PAGE_LIST,
  PageInputSchema,
  PanelPageRowSchema,
  PanelPageSchema,
  RESERVED_SLUGS,
  type PageInput,
} from '@proxy/contract/schemas/page';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { paginate, paginatedSchema, pageWindow } from '../../lib/pagination.ts';
import { answers, idParams, notFound, parseReorder, registerItemRoutes } from '../../lib/panel.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import { blocksRepository } from './blocks-repository.ts';
import { contentService } from './content-service.ts';
import { pagesRepository } from './pages-repository.ts';
import { CONTENT_REFUSALS } from './refusals.ts';

function cleanPage<T extends Partial<PageInput>>(input: T): T {
  if (input.slug !== undefined && (RESERVED_SLUGS as readonly string[]).includes(input.slug)) {
    throw CONTENT_REFUSALS.slugReserved();
  }
  return {
    ...input,
    ...(input.body_ru === undefined ? {} : { body_ru: sanitizeHtml(input.body_ru) }),
    ...(input.body_en === undefined ? {} : { body_en: sanitizeHtml(input.body_en) }),
  };
}

type Data = Record<string, unknown>;
type Item = Record<string, unknown>;

const sanitizeItems = (data: Data, field: string): Data => ({
  ...data,
  items: (data.items as Item[]).map((item) => ({ ...item, [field]: sanitizeHtml(item[field] as string) })),
});

/** The rich-text fields of each block type; every other field is plain text, which React escapes. */
const cleanData: Record<BlockType, (data: Data) => Data> = {
  hero: (data) => data,
  features: (data) => data,
  steps: (data) => data,
  prices: (data) => data,
  video: (data) => data,
  news: (data) => data,
  faq: (data) => sanitizeItems(data, 'answer'),
  tabs: (data) => sanitizeItems(data, 'text'),
  richtext: (data) => ({ ...data, html: sanitizeHtml(data.html as string) }),
};

function cleanBlock<T extends { data_ru?: unknown; data_en?: unknown }>(type: BlockType, input: T): T {
  const clean = (data: unknown) => (data ? cleanData[type](data as Data) : data);
  return {
    ...input,
    ...(input.data_ru === undefined ? {} : { data_ru: clean(input.data_ru) }),
    ...(input.data_en === undefined ? {} : { data_en: clean(input.data_en) }),
  };
}

/** The raw query: every value a string, in the grammar of `PAGE_LIST`; anything else is a 400 on its key. */
const listQuery = jsonSchemaOf(listQuerySchema(PAGE_LIST));
type ListQuery = v.InferOutput<ReturnType<typeof listQuerySchema<typeof PAGE_LIST>>>;

type IdRequest = { Params: { id: number } };

const panelPagesRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, options) => {
  const can = (permission: string) => ({ preHandler: app.requirePermission(permission) });
  const { view, change } = PAGE_PERMISSIONS;
  const pages = pagesRepository(app.db);
  const blocks = blocksRepository(app.db);
  const content = contentService(app.db);

  app.get<{ Querystring: ListQuery }>(
    '/api/panel/pages/',
    {
      ...can(view),
      schema: { querystring: listQuery, response: { 200: paginatedSchema(jsonSchemaOf(PanelPageRowSchema)) } },
    },
    async (request) => {
      const params = readListParams(PAGE_LIST, request.query);
      const count = await pages.count(params);
      // DRF's paging from the raw strings: a bad page is a 404, a bad size the default.
      const window = pageWindow(request.query, count);
      return paginate(await pages.list(params, window), count, window, request.url, options.publicUrl);
    },
  );

  registerItemRoutes(app, {
    path: '/api/panel/pages/',
    permissions: PAGE_PERMISSIONS,
    item: PanelPageSchema,
    get: (id) => pages.get(id),
    create: (body, language) => {
      return pages.create(cleanPage(parseBody(PageInputSchema, body, language)));
    },
    update: (id, body, language) => {
      return pages.update(id, cleanPage(parseBody(v.partial(PageInputSchema), body, language)));
    },
    remove: (id) => content.deletePage(id),
  });

  app.get<IdRequest>(
    '/api/panel/pages/:id/blocks/',
    { ...can(view), schema: { params: idParams, response: answers(v.array(PanelBlockSchema)) } },
    async (request) => ((await pages.get(request.params.id)) ? blocks.list(request.params.id) : notFound()),
  );

  app.post<IdRequest>(
    '/api/panel/pages/:id/blocks/',
    { ...can(change), schema: { params: idParams, response: answers(PanelBlockSchema, 201) } },
    async (request, reply) => {
      const parsed = parseBody(BlockInputSchema, request.body, request.language);
      const input = cleanBlock(parsed.type, parsed);
      const block = await content.createBlock(request.params.id, input);
      return block ? reply.code(201).send(block) : notFound();
    },
  );

  app.post<IdRequest>(
    '/api/panel/pages/:id/blocks/order/',
    { ...can(change), schema: { params: idParams, response: answers(v.array(PanelBlockSchema)) } },
    async (request) => {
      const ids = parseReorder(request.body, request.language);
      const applied = await content.reorderBlocks(request.params.id, ids);
      if (applied === null) return notFound();
      if (!applied) throw COMMON_REFUSALS.badReorder();
      return blocks.list(request.params.id);
    },
  );

  registerItemRoutes(app, {
    path: '/api/panel/blocks/',
    permissions: PAGE_PART_PERMISSIONS,
    item: PanelBlockSchema,
    get: (id) => blocks.get(id),
    update: async (id, body, language) => {
      const existing = await blocks.get(id);
      if (!existing) return null;
      // The type never changes: an edit is checked against the block's own type.
      const changes = cleanBlock(existing.type, parseBody(blockPatchSchema(existing.type), body, language));
      return blocks.update(id, changes);
    },
    remove: (id) => blocks.delete(id),
  });
};

export default panelPagesRoutes;
