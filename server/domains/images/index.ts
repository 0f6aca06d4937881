/**
 * The images domain: uploads (checked, normalized, stored as a row and a file) and their renders at the contract's
 * sizes. This file is the domain's only public surface.
 */
import type { FastifyPluginAsync } from 'fastify';
import imagesRoutes, { type ImageRoutesOptions } from './images-routes.ts';

/** The demo-content seed and the image benchmark store images the way an upload does. */
export { storeImage, storeNormalized } from './image-store.ts';
export { normalizeUpload, type NormalizedImage } from './processing.ts';
export type { ImageRoutesOptions };

const images: FastifyPluginAsync<ImageRoutesOptions> = async (app, options) => {
  await app.register(imagesRoutes, options);
};

export default images;
