/**
 * The demo content's illustrations (server/data/demo-images/*.svg, our own drawings) stored as uploaded images: each
 * SVG is rasterised to WebP and goes through the same store as a staff upload, so the home page serves them through
 * the resize endpoint like any other picture.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { storeImage } from '../domains/images/index.ts';
import type { Db } from './db.ts';
import type { StoreDemoImage } from './seed.ts';

const DEMO_IMAGES_DIR = path.resolve(import.meta.dirname, '../data/demo-images');

export function demoImageStore(db: Db, dataDir: string): StoreDemoImage {
  return async (file) => {
    const svg = await readFile(path.join(DEMO_IMAGES_DIR, path.basename(file)));
    const webp = await sharp(svg).webp({ quality: 90 }).toBuffer();
    const image = await storeImage(db, dataDir, webp);
    return { id: image.id, width: image.width, height: image.height };
  };
}
