/**
 * `/media/*`: the site's self-hosted video files (the home page's video block), served with byte ranges so players
 * can seek and start before the whole file arrives. Nothing plays from a third-party host. The demo content's clip
 * ships in server/data/media; files are named for their content, so a changed video gets a new name.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export const BUNDLED_MEDIA_DIR = path.resolve(import.meta.dirname, '../data/media');

const mediaPlugin: FastifyPluginAsync<{ root?: string }> = async (app, options) => {
  await app.register(fastifyStatic, {
    root: options.root ?? BUNDLED_MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'ignore',
    acceptRanges: true,
    cacheControl: false,
    allowedPath: (pathname) => /\.(?:mp4|webm)$/.test(pathname),
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=86400');
    },
  });
};

export default mediaPlugin;
