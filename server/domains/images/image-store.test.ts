// `storeImage` as the seed uses it, without Fastify: the row and the file are kept together or not at all.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { BACKENDS, PGLITE, type TestDb } from '../../test/helpers.ts';
import { pngBomb, testImage } from '../../test/images.ts';
import { cachePath, storeImage } from './image-store.ts';
import { imagesRepository } from './images-repository.ts';
import { IMAGE_REFUSALS } from './refusals.ts';

async function listing(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true })).sort();
  } catch {
    return [];
  }
}

describe.each(BACKENDS)('storeImage on $name', (backend) => {
  let testDb: TestDb;
  let dataDir: string;
  beforeAll(async () => {
    testDb = await backend.open();
    await migrate(testDb.db);
  });
  afterAll(async () => {
    await testDb.dispose();
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'image-store-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const rows = async () => (await testDb.db.query('SELECT id FROM images ORDER BY id')).length;

  it('keeps the normalized file and its row', async () => {
    const stored = await storeImage(testDb.db, dataDir, await testImage({ width: 30, height: 20, format: 'webp' }));
    expect(stored).toMatchObject({ format: 'webp', width: 30, height: 20 });
    expect(await imagesRepository(testDb.db).find(stored.id)).toEqual(stored);
    const file = await readFile(path.join(dataDir, 'images', `${stored.id}.webp`));
    expect(file.length).toBe(stored.bytes);
    expect(await listing(path.join(dataDir, 'images'))).toEqual([`${stored.id}.webp`]);
  });

  it('keeps neither when the row cannot be written', async () => {
    // An uploader that does not exist: the foreign key fails inside the transaction, after the file was written.
    const image = await testImage({ width: 30, height: 20, format: 'png' });
    const before = await rows();
    await expect(storeImage(testDb.db, dataDir, image, 2_000_000_000)).rejects.toThrow(/foreign key/);
    expect(await listing(path.join(dataDir, 'images'))).toEqual([]);
    expect(await rows()).toBe(before);
  });

  it('keeps nothing from a refused file', async () => {
    const before = await rows();
    await expect(storeImage(testDb.db, dataDir, pngBomb(20_000, 20_000))).rejects.toMatchObject({
      code: IMAGE_REFUSALS.tooManyPixels.code,
    });
    await expect(storeImage(testDb.db, dataDir, Buffer.from('GIF89a'))).rejects.toMatchObject({
      code: IMAGE_REFUSALS.type.code,
    });
    expect(await listing(dataDir)).toEqual([]);
    expect(await rows()).toBe(before);
  });
});

describe('storeImage after a database reset on the same DATA_DIR', () => {
  it('drops the renders an earlier database left under the reused id', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'image-store-'));
    try {
      const first = await PGLITE.open();
      await migrate(first.db);
      const old = await storeImage(first.db, dataDir, await testImage({ width: 40, height: 40, format: 'png' }));
      const stale = cachePath(dataDir, old.id, `${old.id}-32x32.png`);
      await mkdir(path.dirname(stale), { recursive: true });
      await writeFile(stale, 'render of the old image');
      await first.dispose();

      const second = await PGLITE.open();
      await migrate(second.db);
      const fresh = await storeImage(second.db, dataDir, await testImage({ width: 50, height: 10, format: 'png' }));
      await second.dispose();
      expect(fresh.id).toBe(old.id);
      expect(await listing(path.join(dataDir, 'images', 'cache'))).toEqual([]);
      expect((await readFile(path.join(dataDir, 'images', `${fresh.id}.png`))).length).toBe(fresh.bytes);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
