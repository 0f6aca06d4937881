import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;
/** Any constant works; it only has to be the same in every process that migrates this database. */
const MIGRATION_LOCK_KEY = 7_202_611;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The checked-in migrations, in order. */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => MIGRATION_FILE.test(file)).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const version = Number(MIGRATION_FILE.exec(file)?.[1]);
    if (migrations.some((m) => m.version === version)) throw new Error(`Two migrations share number ${version}`);
    migrations.push({ version, name: file.replace(/\.sql$/, ''), sql: await readFile(path.join(dir, file), 'utf8') });
  }
  return migrations;
}

/**
 * Applies the pending migrations in one transaction, holding a transaction-level advisory lock: several API
 * processes starting together against one PostgreSQL wait for each other instead of racing on the same DDL, and
 * a failed migration leaves nothing half-applied. Safe to run on every start. Returns the versions applied now.
 */
export async function migrate(db: Db, migrations?: readonly Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of all) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}

/** True when every checked-in migration is recorded as applied (what `/readyz` checks). */
export async function isMigrated(db: Db, migrations: readonly Migration[]): Promise<boolean> {
  const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  return migrations.every((m) => applied.has(m.version));
}
