// Data directories for the sites the browser tests start. Opening PGlite on an empty folder, migrating and seeding
// (rasterising the demo images) cost seconds per site, so the suite's global setup makes two templates once per run
// (`createDataTemplates`): `seeded`, which a site started without a data directory copies (scripts/site-process.ts),
// and `migrated`, which a test that writes its own rows first starts from. Only one process may own a PGlite
// directory, so those tests write their rows first and then hand the directory to the server, which seeds the rest.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../server/db/db.ts';
import { demoImageStore } from '../server/db/demo-images.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { seed } from '../server/db/seed.ts';
import { cachedDemoImage } from '../server/test/demo-images.ts';
import { DATA_TEMPLATES_ENV } from '../scripts/site-process.ts';

/** Makes `templates/migrated` and `templates/seeded` (each a DATA_DIR: `pgdata/`, and `images/` when seeded). */
export async function createDataTemplates(templates: string): Promise<void> {
  for (const name of ['migrated', 'seeded'] as const) {
    const dataDir = join(templates, name);
    mkdirSync(dataDir, { recursive: true });
    const db = await openPglite(join(dataDir, 'pgdata'));
    try {
      await migrate(db);
      if (name === 'seeded') await seed(db, { storeDemoImage: demoImageStore(db, dataDir, cachedDemoImage) });
    } finally {
      await db.close();
    }
  }
}

export interface PreparedData {
  /** A scratch folder for the test's own files; `dataDir` is inside it. */
  readonly scratch: string;
  readonly dataDir: string;
  remove(): void;
}

export async function prepareDataDir(name: string, fill: (db: Db) => Promise<void>): Promise<PreparedData> {
  const scratch = mkdtempSync(join(tmpdir(), `${name}-`));
  const dataDir = join(scratch, 'data');
  const templates = process.env[DATA_TEMPLATES_ENV];
  if (templates) cpSync(join(templates, 'migrated'), dataDir, { recursive: true });
  else mkdirSync(dataDir, { recursive: true });
  const db = await openPglite(join(dataDir, 'pgdata'));
  try {
    await migrate(db);
    await fill(db);
  } finally {
    await db.close();
  }
  return { scratch, dataDir, remove: () => rmSync(scratch, { recursive: true, force: true }) };
}
