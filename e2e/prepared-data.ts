// A PGlite data directory filled before the site starts: only one process may own a PGlite directory, so tests that
// need accounts or pages of their own write them first and then hand the directory to the server.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';

export interface PreparedData {
  /** A scratch folder for the test's own files; `dataDir` is inside it. */
  readonly scratch: string;
  readonly dataDir: string;
  remove(): void;
}

export async function prepareDataDir(name: string, fill: (db: Db) => Promise<void>): Promise<PreparedData> {
  const scratch = mkdtempSync(join(tmpdir(), `${name}-`));
  const dataDir = join(scratch, 'data');
  mkdirSync(dataDir, { recursive: true });
  const db = await openPglite(join(dataDir, 'pgdata'));
  try {
    await migrate(db);
    await fill(db);
  } finally {
    await db.close();
  }
  return { scratch, dataDir, remove: () => rmSync(scratch, { recursive: true, force: true }) };
}
