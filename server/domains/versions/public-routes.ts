/**
 * The public side of releases: the apps' updaters ask `GET /api/versions/latest`, the downloads page
 * `GET /api/versions/downloads/`, and both link to `GET /api/versions/files/{id}/{name}` (a published release's file,
 * streamed from disk, resumable with a byte range).
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { CHANNELS, DownloadsSchema, LatestVersionSchema, PLATFORMS } from '@proxy/contract/schemas/versions';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { storedPath } from './file-store.ts';
import { contentDisposition, contentTypeOf, etagMatches, parseRange } from './http-files.ts';
import { toDownload, toLatestVersion } from './presenters.ts';
import { VERSION_REFUSALS } from './refusals.ts';
import { versionFilesRepository } from './version-files-repository.ts';
import { versionsRepository } from './versions-repository.ts';

export interface VersionsPublicOptions {
  readonly publicUrl: string;
  readonly dataDir: string;
}

const LatestQuerySchema = v.object({
  platform: v.picklist(PLATFORMS),
  channel: v.optional(v.picklist(CHANNELS), 'stable'),
});

/** Updaters poll; a minute's staleness is fine for a release and spares the database most of them. */
const LATEST_CACHE = 'public, max-age=60';
const FILE_ROUTE = '/api/versions/files/:id/:name';

const publicRoutes: FastifyPluginAsync<VersionsPublicOptions> = async (app, options) => {
  const { publicUrl, dataDir } = options;
  const versions = versionsRepository(app.db);
  const files = versionFilesRepository(app.db);

  app.addHook('onSend', async (request, reply, payload) => {
    // A file's bytes do not depend on the language: no Accept or Accept-Language variants for a cache to keep apart.
    if (request.routeOptions.url === FILE_ROUTE && reply.statusCode < 400) {
      reply.removeHeader('vary');
      reply.removeHeader('content-language');
    }
    return payload;
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/api/versions/latest',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { platform: { type: 'string' }, channel: { type: 'string' } },
        },
        response: {
          200: jsonSchemaOf(LatestVersionSchema),
          304: { type: 'null' },
          400: { type: 'object', additionalProperties: true },
          404: DetailSchema,
        },
      },
    },
    async (request, reply) => {
      const { platform, channel } = parseBody(LatestQuerySchema, request.query, request.language);
      const row = await versions.latest(platform, channel, request.language);
      if (!row) throw VERSION_REFUSALS.noRelease();
      const answer = toLatestVersion(row, publicUrl);
      // The answer's own hash: it changes with anything in it, the language of the notes included.
      const etag = `"${createHash('sha256').update(JSON.stringify(answer)).digest('hex').slice(0, 32)}"`;
      reply.header('etag', etag).header('cache-control', LATEST_CACHE);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return answer;
    },
  );

  app.get(
    '/api/versions/downloads/',
    { schema: { response: { 200: jsonSchemaOf(DownloadsSchema) } } },
    async (request) => {
      const rows = await versions.latestStable(request.language);
      return PLATFORMS.flatMap((platform) => rows.filter((row) => row.platform === platform)).map((row) =>
        toDownload(row, publicUrl),
      );
    },
  );

  // HEAD declared here rather than derived: Fastify's derived HEAD would read the whole file only to discard it.
  app.route<{ Params: { id: number; name: string } }>({
    method: ['GET', 'HEAD'],
    url: FILE_ROUTE,
    schema: {
      params: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, name: { type: 'string' } },
      },
      response: { 404: DetailSchema },
    },
    handler: async (request, reply) => {
      const file = await files.published(request.params.id);
      // The name is part of the address: one file has one URL.
      if (!file || file.name !== request.params.name) throw COMMON_REFUSALS.notFound();

      const etag = `"${file.sha256}"`;
      reply
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header('content-disposition', contentDisposition(file.name))
        // The id always means these bytes, but a release may be unpublished: caches check back after a while.
        .header('cache-control', 'public, max-age=300');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

      const ifRange = request.headers['if-range'];
      const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, file.size) : null;
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${file.size}`).send();
      }

      let handle;
      try {
        handle = await open(storedPath(dataDir, file.stored_name), constants.O_RDONLY);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        request.log.error({ fileId: file.id }, 'release file missing');
        throw COMMON_REFUSALS.notFound();
      }
      const { start, end } = range ?? { start: 0, end: file.size - 1 };
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
      reply.type(contentTypeOf(file.name)).header('content-length', end - start + 1);
      if (request.method === 'HEAD') {
        await handle.close();
        // An empty body keeps the Content-Length above (Fastify sets 0 for no body at all).
        return reply.send(Buffer.alloc(0));
      }
      return reply.send(handle.createReadStream({ start, end }));
    },
  });
};

export default publicRoutes;
