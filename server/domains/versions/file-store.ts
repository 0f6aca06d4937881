/**
 * Where uploaded builds live: `<dataDir>/versions/<stored name>` (a random UUID the server chose, never the
 * uploader's name), written first to `<dataDir>/versions/tmp/<uuid>` while the upload arrives. Builds are up to a
 * gigabyte: they are streamed, hashed and counted on the way, never held in memory.
 *
 * A file reaches its final name by a rename after it was flushed to disk (and the directory synced after the
 * rename), so a name in `versions/` always holds a whole file. A crash leaves at most a stray temporary file or a
 * file without a row; the prune job removes both after a day.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export function versionsDir(dataDir: string): string {
  return path.join(dataDir, 'versions');
}

export function tempDir(dataDir: string): string {
  return path.join(versionsDir(dataDir), 'tmp');
}

/** `storedName` is a UUID from `commitFile` (the table's CHECK holds it to that): no path can be made of it. */
export function storedPath(dataDir: string, storedName: string): string {
  return path.join(versionsDir(dataDir), storedName);
}

export interface ReceivedFile {
  /** The temporary file's path: the caller commits it or removes it. */
  readonly temp: string;
  readonly size: number;
  readonly sha256: string;
}

/**
 * Writes `source` to a new temporary file, computing its SHA-256 and size on the way, and flushes it to disk. On any
 * failure (the client gone mid-upload, a full disk) the temporary file is removed before the error is thrown.
 */
export async function receiveFile(source: Readable, dataDir: string): Promise<ReceivedFile> {
  const dir = tempDir(dataDir);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  try {
    await pipeline(
      source,
      async function* measure(chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      // `flush`: fsync before close, so the rename that follows publishes bytes that are on disk.
      createWriteStream(temp, { flags: 'wx', flush: true }),
    );
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { temp, size, sha256: hash.digest('hex') };
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

/** Moves a received file to its final, random name (atomic: same file system); answers that name. */
export async function commitFile(dataDir: string, temp: string): Promise<string> {
  const storedName = randomUUID();
  await rename(temp, storedPath(dataDir, storedName));
  await syncDir(versionsDir(dataDir));
  return storedName;
}

export async function removeFile(dataDir: string, storedName: string): Promise<void> {
  await rm(storedPath(dataDir, storedName), { force: true });
}

/**
 * Files on disk older than `before` that no row names: temporary files of uploads a crash cut short, and files whose
 * row never committed (or whose unlink after a delete failed). Answers how many were removed.
 */
export async function removeStrays(dataDir: string, known: ReadonlySet<string>, before: Date): Promise<number> {
  let removed = 0;
  const sweep = async (dir: string, keep: (name: string) => boolean) => {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      if (keep(name)) continue;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || info.mtime >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
  };
  await sweep(versionsDir(dataDir), (name) => known.has(name));
  await sweep(tempDir(dataDir), () => false);
  return removed;
}
