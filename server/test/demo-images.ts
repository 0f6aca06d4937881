/**
 * The demo illustrations, prepared once per machine rather than once per test database: rasterising and normalizing
 * them takes seconds, and a run seeds a few hundred databases. Kept in the system's temporary folder under a key of
 * everything the result depends on (the drawing, the code that prepares it, libvips' version), so a changed drawing or
 * pipeline is prepared afresh; files are renamed into place, so parallel workers never read half of one.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_IMAGES_DIR, prepareDemoImage } from '../db/demo-images.ts';
import type { NormalizedImage } from '../domains/images/index.ts';

const CACHE_DIR = path.join(tmpdir(), 'proxy-demo-images');
const PIPELINE = [
  path.resolve(import.meta.dirname, '../db/demo-images.ts'),
  path.resolve(import.meta.dirname, '../domains/images/processing.ts'),
];

async function cacheKey(file: string): Promise<string> {
  const hash = createHash('sha256').update(sharp.versions.vips ?? '');
  for (const source of [path.join(DEMO_IMAGES_DIR, path.basename(file)), ...PIPELINE]) {
    hash.update(await readFile(source));
  }
  return hash.digest('hex');
}

async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

export async function cachedDemoImage(file: string): Promise<NormalizedImage> {
  const base = path.join(CACHE_DIR, await cacheKey(file));
  try {
    // The facts are written last: when they are there, so are the bytes.
    const facts = JSON.parse(await readFile(`${base}.json`, 'utf8')) as Omit<NormalizedImage, 'data'>;
    return { ...facts, data: await readFile(`${base}.bin`) };
  } catch {
    const image = await prepareDemoImage(file);
    await mkdir(CACHE_DIR, { recursive: true });
    await writeAtomically(`${base}.bin`, image.data);
    const { data: _data, ...facts } = image;
    await writeAtomically(`${base}.json`, JSON.stringify(facts));
    return image;
  }
}
