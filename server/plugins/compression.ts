/**
 * Compresses the responses made per request (the HTML document, API JSON, /remotes.json) with brotli or gzip, as the
 * client accepts. Built files never pass through here: the site plugin streams their precompressed .br/.gz siblings
 * (made at build time, with the best settings), and a stream or an already encoded body is left alone.
 * node:zlib rather than @fastify/compress: one hook, no dependency, and it never touches the static files.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fp from 'fastify-plugin';
import { mergeVary } from '../lib/paths.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Below this a compressed body saves next to nothing. Lower than @fastify/compress's 1 KB: the HTML document is
 * about 1 KB and halves, and brotli at this size costs microseconds.
 */
export const COMPRESS_MIN_BYTES = 256;
const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|problem\+json)|image\/svg\+xml)|\+json\b|\+xml\b/i;
/** Fast settings: these bodies are made per request (brotli 4 is about as fast as gzip 6, and smaller). */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export type Encoding = 'br' | 'gzip';

/** The best encoding an Accept-Encoding header allows: brotli, then gzip, else none (q=0 refuses one). */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(token.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload; // streams, empty bodies
      if (reply.getHeader('content-encoding')) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (!COMPRESSIBLE_TYPE.test(type)) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < COMPRESS_MIN_BYTES) return payload;
      // From here the body depends on Accept-Encoding, whichever this request gets: caches must know (as Django's
      // GZipMiddleware does, a body too small to compress gets no Vary).
      reply.header('vary', mergeVary(reply.getHeader('vary'), 'Accept-Encoding'));
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed =
        encoding === 'br'
          ? await brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : await gzipAsync(body, { level: GZIP_LEVEL });
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compression', fastify: '5.x' },
);
