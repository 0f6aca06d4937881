/**
 * The demo content's illustrations (server/data/demo-images/*.svg, our own drawings) stored as uploaded images: each
 * SVG is rasterised to WebP and goes through the same checks and store as a staff upload, so the home page serves
 * them through the resize endpoint like any other picture.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { normalizeUpload, storeNormalized, type NormalizedImage } from '../domains/images/index.ts';
import type { Db } from './db.ts';
import type { StoreDemoImage } from './seed.ts';

export const DEMO_IMAGES_DIR = path.resolve(import.meta.dirname, '../data/demo-images');

/** One illustration as an upload would be stored: rasterised, then normalized (a few seconds for all of them). */
export async function prepareDemoImage(file: string): Promise<NormalizedImage> {
  const svg = await readFile(path.join(DEMO_IMAGES_DIR, path.basename(file)));
  return normalizeUpload(await sharp(svg).webp({ quality: 90 }).toBuffer());
}

/** `prepare` is the tests' seam: they prepare each illustration once per run, not once per database. */
export function demoImageStore(db: Db, dataDir: string, prepare = prepareDemoImage): StoreDemoImage {
  return async (file) => {
    const image = await storeNormalized(db, dataDir, await prepare(file));
    return { id: image.id, width: image.width, height: image.height };
  };
}
