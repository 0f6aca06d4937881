/**
 * Where images live: a row in `images` (what it is) and a file under `<dataDir>/images/` (its bytes), kept in step.
 * Usable without Fastify: the upload route and the demo-content seed both call `storeImage`.
 *
 *   <dataDir>/images/<id>.<format>              the normalized upload (the only copy of the source)
 *   <dataDir>/images/cache/<id>/<canonical>     rendered variants, e.g. cache/12/12-640x480-c.webp
 *
 * Files are written to a temporary name and renamed into place, so a reader never sees half a file and a crash
 * leaves at most a stray `.tmp-*` behind. TODO(object-storage): an adapter for S3-style storage replaces the file
 * functions here when the site runs several API hosts without a shared disk.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/db.ts';
import { imagesRepository, type StoredImage } from './images-repository.ts';
import { normalizeUpload, type NormalizedImage } from './processing.ts';

export function imagesDir(dataDir: string): string {
  return path.join(dataDir, 'images');
}

export function originalPath(dataDir: string, image: Pick<StoredImage, 'id' | 'format'>): string {
  return path.join(imagesDir(dataDir), `${image.id}.${image.format}`);
}

export function cacheDir(dataDir: string, id: number): string {
  return path.join(imagesDir(dataDir), 'cache', String(id));
}

/** `canonical` comes from the contract's `parseImageName`/`imageName`: digits, `x`, `-c`, a format, no slashes. */
export function cachePath(dataDir: string, id: number, canonical: string): string {
  return path.join(cacheDir(dataDir, id), canonical);
}

/** Writes `data` to `<dir>/.tmp-<random>` and returns that path; `durable` waits until it is on disk. */
async function writeTemp(dir: string, data: Uint8Array, durable: boolean): Promise<string> {
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.tmp-${randomUUID()}`);
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(data);
    if (durable) await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return temp;
}

/** Makes a rename in `dir` survive a power cut (the directory entry itself is data too). */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Checks and normalizes `bytes` (an unusable file is refused) and stores the result: the row and
 * the file both, or neither. The file is on disk before the row commits, so a committed row always has its file.
 */
export async function storeImage(
  db: Db,
  dataDir: string,
  bytes: Uint8Array,
  uploadedBy: number | null = null,
): Promise<StoredImage> {
  return storeNormalized(db, dataDir, await normalizeUpload(bytes), uploadedBy);
}

/** Stores an image `normalizeUpload` has already made (the demo seed's, prepared once for a whole test run). */
export async function storeNormalized(
  db: Db,
  dataDir: string,
  image: NormalizedImage,
  uploadedBy: number | null = null,
): Promise<StoredImage> {
  const sha256 = createHash('sha256').update(image.data).digest('hex');
  const dir = imagesDir(dataDir);
  const temp = await writeTemp(dir, image.data, true);
  let finalPath: string | undefined;
  try {
    // Once: the function moves the file into place, which a second attempt could not repeat.
    const stored = await db.transaction(
      async (tx) => {
        const result = await imagesRepository(tx).insert(
          { format: image.format, width: image.width, height: image.height, bytes: image.data.length, sha256 },
          uploadedBy,
        );
        // Renders left by an earlier database that handed out the same id (a reset database, a restored backup
        // with the same DATA_DIR) must not be served as this image's.
        await rm(cacheDir(dataDir, result.id), { recursive: true, force: true });
        finalPath = originalPath(dataDir, result);
        await rename(temp, finalPath);
        await syncDir(dir);
        return result;
      },
      { attempts: 1 },
    );
    return stored;
  } catch (error) {
    // The row rolled back (or never committed): its file must go too, wherever it got to.
    await rm(temp, { force: true });
    if (finalPath) await rm(finalPath, { force: true });
    throw error;
  }
}

/** A variant already rendered, or null. An empty file (a render cut short by a power cut) counts as missing. */
export async function readCached(file: string): Promise<Buffer | null> {
  try {
    const data = await readFile(file);
    return data.length > 0 ? data : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Keeps a render for next time. Not synced: a lost cache file is only rendered again. */
export async function writeCached(file: string, data: Uint8Array): Promise<void> {
  const temp = await writeTemp(path.dirname(file), data, false);
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
