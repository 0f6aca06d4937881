/**
 * The panel's Updates section API (`versions.*_version`): uploads of builds, and releases in the panel's one shape.
 * A build is streamed to disk (hashed and counted on the way, never held in memory) and becomes a `version_files`
 * row; a release then names it by `file_id`.
 */
import multipart from '@fastify/multipart';
import { VERSION_PERMISSIONS } from '@proxy/contract/permissions';
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import {
  PanelVersionSchema,
  VERSION_LIST,
  VersionFileSchema,
  VersionInputSchema,
} from '@proxy/contract/schemas/versions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { rm } from 'node:fs/promises';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { MULTIPART_OVERHEAD_BYTES, refuseDeclaredOversize } from '../../lib/multipart.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { registerItemRoutes } from '../../lib/panel.ts';
import { COMMON_REFUSALS, Refusal } from '../../lib/refusal.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { receiveFile, type ReceivedFile } from './file-store.ts';
import { acceptableFileName } from './http-files.ts';
import { toPanelVersion, toVersionFile } from './presenters.ts';
import { FILE_FIELD, VERSION_REFUSALS } from './refusals.ts';
import { versionsRepository } from './versions-repository.ts';
import type { VersionsService } from './versions-service.ts';

/** A build of up to the upload limit (1 GB) over a slow link (~150 KB/s) still arrives; other bodies get 30 s. */
const UPLOAD_RECEIVE_TIMEOUT_MS = 2 * 60 * 60_000;

export interface VersionsPanelOptions {
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly maxUploadBytes: number;
  readonly service: VersionsService;
}

/** A 4xx of the upload: a field error on `file`, or a `detail` for the request as a whole. */
const uploadErrorSchema = {
  type: 'object',
  properties: { detail: { type: 'string' }, [FILE_FIELD]: { type: 'array', items: { type: 'string' } } },
} as const;

const panelRoutes: FastifyPluginAsync<VersionsPanelOptions> = async (app, options) => {
  const { publicUrl, dataDir, maxUploadBytes, service } = options;
  const versions = versionsRepository(app.db);
  const present = async (id: number) => {
    const row = await versions.get(id);
    return row ? toPanelVersion(row, publicUrl) : null;
  };

  // Encapsulated: only this plugin's routes parse multipart. An oversized file is an error, never silently cut short.
  await app.register(multipart, { throwFileSizeLimit: true });

  /**
   * The one `file` of a multipart body, streamed to a temporary file within the size limit. Anything else is a 4xx,
   * and whatever was written is removed first: a refused or interrupted upload leaves nothing behind.
   */
  async function receiveUpload(request: FastifyRequest): Promise<{ received: ReceivedFile; name: string }> {
    if (!request.isMultipart()) {
      const mediaType = String(request.headers['content-type'] ?? '').split(';')[0] ?? '';
      throw COMMON_REFUSALS.unsupportedMediaType({ mediaType });
    }
    const tooLarge = () => VERSION_REFUSALS.fileTooLarge({ maxBytes: maxUploadBytes });
    let upload: { received: ReceivedFile; name: string } | undefined;
    try {
      const parts = request.parts({
        // The name as sent, so a path in it is refused rather than quietly cut to its last segment.
        preservePath: true,
        limits: { files: 1, fileSize: maxUploadBytes, fields: 10, fieldSize: 1024, parts: 11 },
      });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== FILE_FIELD) {
          part.file.resume();
          continue;
        }
        if (!acceptableFileName(part.filename)) {
          part.file.resume();
          throw part.filename === '' ? VERSION_REFUSALS.fileRequired() : VERSION_REFUSALS.badName();
        }
        upload = { received: await receiveFile(part.file, dataDir), name: part.filename };
        if (part.file.truncated) throw tooLarge();
      }
    } catch (error) {
      if (upload) await rm(upload.received.temp, { force: true });
      if (error instanceof Refusal) throw error;
      // The multipart parser's own errors, as what they mean for this upload.
      switch ((error as { code?: string }).code) {
        case 'FST_REQ_FILE_TOO_LARGE':
          throw tooLarge();
        case 'FST_FILES_LIMIT':
          throw VERSION_REFUSALS.oneFile();
        default:
          throw VERSION_REFUSALS.malformed({ cause: error });
      }
    }
    if (!upload) throw VERSION_REFUSALS.fileRequired();
    if (upload.received.size === 0) {
      await rm(upload.received.temp, { force: true });
      throw VERSION_REFUSALS.fileEmpty();
    }
    return upload;
  }

  app.post(
    '/api/panel/versions/files/',
    {
      // The permission and the declared size are judged as soon as the headers are read, before the body is read
      // and before `100 Continue` is granted (app.ts): only staff ever get this long to send one, and a body
      // declared too large is refused without waiting for a byte of it.
      config: { receiveTimeoutMs: UPLOAD_RECEIVE_TIMEOUT_MS },
      // Multipart is read by the handler, not by a body parser: this is the limit `100 Continue` is judged by.
      bodyLimit: maxUploadBytes + MULTIPART_OVERHEAD_BYTES,
      onRequest: [
        app.requirePermission(`${VERSION_PERMISSIONS.add}|${VERSION_PERMISSIONS.change}`),
        async (request, reply) =>
          refuseDeclaredOversize(request, reply, () => VERSION_REFUSALS.fileTooLarge({ maxBytes: maxUploadBytes })),
      ],
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          201: jsonSchemaOf(VersionFileSchema),
          400: uploadErrorSchema,
          401: DetailSchema,
          403: DetailSchema,
          413: uploadErrorSchema,
          415: DetailSchema,
        },
      },
    },
    async (request, reply) => {
      const { received, name } = await receiveUpload(request);
      const stored = await service.storeFile(received, name, request.user?.id ?? null);
      request.log.info({ fileId: stored.id, size: stored.size, sha256: stored.sha256 }, 'version file uploaded');
      return reply.code(201).send(toVersionFile(stored));
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/api/panel/versions/',
    {
      preHandler: app.requirePermission(VERSION_PERMISSIONS.view),
      schema: {
        querystring: jsonSchemaOf(listQuerySchema(VERSION_LIST)),
        response: { 200: paginatedSchema(jsonSchemaOf(PanelVersionSchema)) },
      },
    },
    async (request) => {
      const params = readListParams(VERSION_LIST, request.query);
      const count = await versions.count(params);
      return answerPage(request, publicUrl, count, async (window) =>
        (await versions.list(params, window)).map((row) => toPanelVersion(row, publicUrl)),
      );
    },
  );

  registerItemRoutes(app, {
    path: '/api/panel/versions/',
    permissions: VERSION_PERMISSIONS,
    item: PanelVersionSchema,
    get: present,
    create: async (body, language) => {
      const input = parseBody(VersionInputSchema, body, language);
      return present(await service.create(input));
    },
    update: async (id, body, language) => {
      const changes = parseBody(v.partial(VersionInputSchema), body, language);
      return (await service.update(id, changes)) ? present(id) : null;
    },
    remove: (id) => service.remove(id),
  });
};

export default panelRoutes;
