/**
 * Images: `POST /api/users/images/` (upload, staff with `IMAGE_UPLOAD_PERMISSION`) and
 * `GET /api/users/images/{id}[-{w}x{h}][-c].{format}` (anyone; spec §3, §7). The URL grammar, the size allow-list
 * and the resize rule are the contract's (`@proxy/contract/images`); the limits are docs/security.md's.
 *
 * A variant is rendered once, on its first request, and kept on disk under its canonical name; every later request
 * reads that file. Renders and upload conversions share one `RenderQueue`: a full queue answers 503 + Retry-After.
 */
import { constants } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import multipart from '@fastify/multipart';
import {
  IMAGE_FILE_FIELD,
  IMAGE_MAX_UPLOAD_BYTES,
  imageName,
  parseImageName,
  renderedSize,
  type Image,
} from '@proxy/contract/images';
import { IMAGE_UPLOAD_PERMISSION } from '@proxy/contract/permissions';
import { ImageSchema } from '@proxy/contract/schemas/image';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MULTIPART_OVERHEAD_BYTES, readFileWithin, refuseDeclaredOversize, refuseUnread } from '../../lib/multipart.ts';
import { COMMON_REFUSALS, Refusal } from '../../lib/refusal.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { cachePath, originalPath, readCached, storeImage, writeCached } from './image-store.ts';
import { imagesRepository, type StoredImage } from './images-repository.ts';
import { CONTENT_TYPES, renderVariant } from './processing.ts';
import { IMAGE_REFUSALS } from './refusals.ts';
import { RenderQueue } from './render-queue.ts';

export interface ImageRoutesOptions {
  /** The site's origin: `file_parse.host` of every image. */
  readonly publicUrl: string;
  /** Originals and renders go under `<dataDir>/images/`. */
  readonly dataDir: string;
  /** Renders and upload conversions running at once; default one per CPU core. */
  readonly renderConcurrency?: number;
  /** How many more may wait for a slot before requests get 503; default 8 per running slot. */
  readonly renderQueue?: number;
  /** A queue made by the caller instead (tests hold its slots to see the full-queue answer). */
  readonly queue?: RenderQueue;
  /** Largest upload in bytes (default the contract's `IMAGE_MAX_UPLOAD_BYTES`); over it: 413. */
  readonly maxUploadBytes?: number;
}

/** The URL names the exact bytes (the id never gets another image): browsers and CDNs keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SERVE_ROUTE = '/api/users/images/:name';

/** A 4xx of the upload: a field error on `file`, or a `detail` for the request as a whole. */
const uploadErrorSchema = {
  type: 'object',
  properties: { detail: { type: 'string' }, [IMAGE_FILE_FIELD]: { type: 'array', items: { type: 'string' } } },
} as const;

/** `If-None-Match` holds the ETag (or `*`): weak comparison, as RFC 9110 §13.1.2 asks for this header. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function toImage(stored: StoredImage, publicUrl: string): Image {
  return {
    id: stored.id,
    file_parse: { host: publicUrl, format: stored.format },
    width: stored.width,
    height: stored.height,
    url: `${publicUrl}/api/users/images/${imageName(stored.id, stored.format)}`,
  };
}

const imagesRoutes: FastifyPluginAsync<ImageRoutesOptions> = async (app, options) => {
  const images = imagesRepository(app.db);
  const { publicUrl, dataDir } = options;
  const maxUploadBytes = options.maxUploadBytes ?? IMAGE_MAX_UPLOAD_BYTES;
  const concurrency = options.renderConcurrency ?? Math.max(1, availableParallelism());
  const queue = options.queue ?? new RenderQueue({ concurrency, maxQueue: options.renderQueue ?? concurrency * 8 });

  // Encapsulated: only this plugin's routes parse multipart, with limits set per request below. An oversized file
  // is an error, never silently cut short (the plugin's stream mode would otherwise hand over a truncated file).
  await app.register(multipart, { throwFileSizeLimit: true });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== SERVE_ROUTE) return payload;
    const status = reply.statusCode;
    if (status === 200 || status === 304) {
      // The bytes depend on the URL alone: no Accept or Accept-Language variants for a cache to keep apart.
      reply.removeHeader('vary');
      reply.removeHeader('content-language');
    } else {
      // An unknown id may exist a minute later; a busy server is busy only now.
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  const tooLarge = () => IMAGE_REFUSALS.fileTooLarge({ maxBytes: maxUploadBytes });

  /**
   * The one file of a multipart body, read to memory within the size limit, refused the moment it passes it;
   * anything else is a 4xx.
   */
  async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
    if (!request.isMultipart()) {
      const mediaType = String(request.headers['content-type'] ?? '').split(';')[0] ?? '';
      throw COMMON_REFUSALS.unsupportedMediaType({ mediaType });
    }
    let file: Buffer | undefined;
    try {
      const parts = request.parts({
        limits: { files: 1, fileSize: maxUploadBytes, fields: 10, fieldSize: 1024, parts: 11 },
      });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        // Read even a file under another name, so the size limit still applies and the stream is drained.
        const data = await readFileWithin(part, reply, tooLarge);
        if (part.fieldname === IMAGE_FILE_FIELD) file = data;
      }
    } catch (error) {
      if (error instanceof Refusal) throw error;
      // The multipart parser's own errors, as what they mean for this upload; the rest of the body is not read.
      switch ((error as { code?: string }).code) {
        case 'FST_FILES_LIMIT':
          throw refuseUnread(reply, IMAGE_REFUSALS.oneFile());
        default:
          throw refuseUnread(reply, IMAGE_REFUSALS.malformed({ cause: error }));
      }
    }
    if (!file) throw IMAGE_REFUSALS.fileRequired();
    return file;
  }

  app.post(
    '/api/users/images/',
    {
      // The permission and the declared size are judged as soon as the headers are read, before the body is read
      // and before `100 Continue` is granted (app.ts): a stranger or a body declared too large is refused at once,
      // and a client waiting for `100 Continue` never sends the body in vain (#43: a 50 MB body was read first).
      // Multipart is read by the handler, not by a body parser: `bodyLimit` is the limit `100 Continue` is judged by.
      bodyLimit: maxUploadBytes + MULTIPART_OVERHEAD_BYTES,
      onRequest: [
        app.requirePermission(IMAGE_UPLOAD_PERMISSION),
        async (request, reply) => refuseDeclaredOversize(request, reply, tooLarge),
      ],
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          201: jsonSchemaOf(ImageSchema),
          400: uploadErrorSchema,
          401: DetailSchema,
          403: DetailSchema,
          413: uploadErrorSchema,
          415: DetailSchema,
          503: DetailSchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = await readUpload(request, reply);
      // An unusable file and a full queue are refused (400 on `file`, 503 + Retry-After).
      const stored = await queue.run(() => storeImage(app.db, dataDir, bytes, request.user?.id ?? null));
      request.log.info(
        { imageId: stored.id, format: stored.format, width: stored.width, height: stored.height, bytes: stored.bytes },
        'image uploaded',
      );
      return reply.code(201).send(toImage(stored, publicUrl));
    },
  );

  app.get<{ Params: { name: string } }>(
    SERVE_ROUTE,
    {
      schema: {
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        response: { 400: DetailSchema, 404: DetailSchema, 503: DetailSchema },
      },
    },
    async (request, reply) => {
      const parsed = parseImageName(request.params.name);
      if (!parsed.ok) {
        switch (parsed.problem) {
          case 'malformed':
            throw COMMON_REFUSALS.notFound();
          case 'format':
            throw IMAGE_REFUSALS.unknownFormat({ format: parsed.value });
          case 'size':
            throw IMAGE_REFUSALS.sizeNotAllowed({ size: parsed.value });
          case 'crop':
            throw IMAGE_REFUSALS.crop();
        }
      }
      const image = await images.find(parsed.id);
      if (!image) throw COMMON_REFUSALS.notFound();

      // Strong: one name is one rendering of one source (the hash tells a reused id apart).
      const etag = `"${image.sha256.slice(0, 16)}-${parsed.canonical}"`;
      const success = () => reply.header('etag', etag).header('cache-control', IMMUTABLE);
      if (etagMatches(request.headers['if-none-match'], etag)) return success().code(304).send();

      if (parsed.size === null && parsed.format === image.format) {
        // The stored original, streamed: it can be megabytes, and nothing about it needs rendering.
        let handle;
        try {
          handle = await open(originalPath(dataDir, image), constants.O_RDONLY);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          request.log.error({ imageId: image.id }, 'image file missing');
          throw COMMON_REFUSALS.notFound();
        }
        const { size } = await handle.stat();
        return success()
          .type(CONTENT_TYPES[image.format])
          .header('content-length', size)
          .send(handle.createReadStream());
      }

      const file = cachePath(dataDir, image.id, parsed.canonical);
      let data = await readCached(file);
      if (!data) {
        // A full queue is refused: 503 + Retry-After.
        data = await queue.run(async () => {
          // A render of this name may have finished between the check above and this slot.
          const ready = await readCached(file);
          if (ready) return ready;
          let source: Buffer;
          try {
            source = await readFile(originalPath(dataDir, image));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
            request.log.error({ imageId: image.id }, 'image file missing');
            return null;
          }
          const size = renderedSize(image, { size: parsed.size ?? undefined, crop: parsed.crop });
          const rendered = await renderVariant(source, image, size, parsed.format);
          // A full disk costs the cache, not the answer.
          await writeCached(file, rendered).catch((error: unknown) =>
            request.log.warn({ err: error, file }, 'could not keep an image render'),
          );
          return rendered;
        }, file);
        if (!data) throw COMMON_REFUSALS.notFound();
      }
      return success().type(CONTENT_TYPES[parsed.format]).send(data);
    },
  );
};

export default imagesRoutes;
