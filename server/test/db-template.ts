/**
 * The seeded test database, made once per run and copied for each test: opening PGlite, running every migration and
 * seeding cost seconds per database, and a run opens a few hundred. PGlite's copy is a dump of its data directory
 * loaded into a new in-memory instance; PostgreSQL's is a database created from a template database. The migrations
 * themselves are still run from empty on both backends by `server/db/migrate.test.ts`.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../db/db.ts';
import { demoImageStore } from '../db/demo-images.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/pg.ts';
import { PGLITE_OPTIONS, pgliteDb } from '../db/pglite.ts';
import { seed } from '../db/seed.ts';
import { cachedDemoImage } from './demo-images.ts';

/** Where a run's templates are: plain data, handed from the global setup to the test files. */
export interface SeededTemplates {
  /** The PGlite data directory's dump (a tar file) and the folder holding the demo images its rows name. */
  readonly pglite: { readonly dump: string; readonly dataDir: string };
  /** The template database on DATABASE_URL's server, when it is set; its copies are named `${database}_<hex>`. */
  readonly postgres: { readonly database: string; readonly dataDir: string } | null;
}

/** DATABASE_URL with another database in it. */
export function databaseUrl(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements on DATABASE_URL's server through a short-lived connection of its own. */
export async function adminQuery(connectionString: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function migrateAndSeed(db: Db, dataDir: string): Promise<void> {
  await migrate(db);
  await seed(db, { storeDemoImage: demoImageStore(db, dataDir, cachedDemoImage) });
}

/** Makes this run's templates in a scratch folder; `dispose` drops them and every copy a crashed test left behind. */
export async function createSeededTemplates(
  connectionString: string | undefined,
): Promise<{ templates: SeededTemplates; dispose(): Promise<void> }> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'proxy-template-'));
  const build = async (name: string, open: () => Promise<{ db: Db; close(): Promise<unknown> }>) => {
    const dataDir = path.join(scratch, name);
    await mkdir(dataDir);
    const { db, close } = await open();
    try {
      await migrateAndSeed(db, dataDir);
    } finally {
      await close();
    }
    return dataDir;
  };

  const dump = path.join(scratch, 'pglite.tar');
  const pgliteDataDir = await build('pglite', async () => {
    const instance = await PGlite.create(PGLITE_OPTIONS);
    const db = pgliteDb(instance);
    return {
      db,
      async close() {
        await writeFile(dump, Buffer.from(await (await instance.dumpDataDir('none')).arrayBuffer()));
        await instance.close();
      },
    };
  });

  let postgres: SeededTemplates['postgres'] = null;
  if (connectionString) {
    const database = `pt_${randomBytes(5).toString('hex')}`;
    await adminQuery(connectionString, `CREATE DATABASE ${database}`);
    const dataDir = await build('postgres', async () => {
      const db = openPostgres({ connectionString: databaseUrl(connectionString, database), max: 2 });
      return { db, close: () => db.close() };
    });
    postgres = { database, dataDir };
  }

  return {
    templates: { pglite: { dump, dataDir: pgliteDataDir }, postgres },
    async dispose() {
      if (connectionString && postgres) {
        const admin = new pg.Client({ connectionString });
        await admin.connect();
        try {
          const copies = await admin.query<{ datname: string }>(
            `SELECT datname FROM pg_database WHERE datname LIKE $1`,
            [`${postgres.database}%`],
          );
          for (const { datname } of copies.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        } finally {
          await admin.end();
        }
      }
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** A copy of a template's demo images for one test database (tests add and delete images). */
async function copyDataDir(from: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'proxy-data-'));
  await cp(from, dataDir, { recursive: true });
  return dataDir;
}

export interface SeededCopy {
  readonly db: Db;
  readonly dataDir: string;
  dispose(): Promise<void>;
}

/** A fresh in-memory PGlite holding the seeded template. */
export async function copyPgliteTemplate(template: SeededTemplates['pglite']): Promise<SeededCopy> {
  const [dump, dataDir] = await Promise.all([readFile(template.dump), copyDataDir(template.dataDir)]);
  const db = pgliteDb(await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([dump]) }));
  return {
    db,
    dataDir,
    async dispose() {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new database on the server made from the seeded template database. */
export async function copyPostgresTemplate(
  connectionString: string,
  template: NonNullable<SeededTemplates['postgres']>,
): Promise<SeededCopy> {
  const database = `${template.database}_${randomBytes(6).toString('hex')}`;
  const [dataDir] = await Promise.all([
    copyDataDir(template.dataDir),
    adminQuery(connectionString, `CREATE DATABASE ${database} TEMPLATE ${template.database}`),
  ]);
  const db = openPostgres({ connectionString: databaseUrl(connectionString, database), max: 4 });
  return {
    db,
    dataDir,
    async dispose() {
      await db.close();
      await adminQuery(connectionString, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
