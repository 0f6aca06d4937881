/**
 * Test fixtures: a migrated, seeded database on every available backend (in-memory PGlite always; PostgreSQL too
 * when DATABASE_URL is set, each seeded test database a copy of the run's template, each empty one a fresh schema,
 * dropped afterwards), an app built on it, and a temporary dist folder shaped like the front end's build.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Env } from '../config.ts';
import type { Db, SqlParam } from '../db/db.ts';
import type { Migration } from '../db/migrate.ts';
import { openPostgres } from '../db/pg.ts';
import { openPglite } from '../db/pglite.ts';
import { adminQuery, copyPgliteTemplate, copyPostgresTemplate } from './db-template.ts';

export interface TestDb {
  readonly db: Db;
  /** Closes the database and, on PostgreSQL, drops its schema. */
  dispose(): Promise<void>;
}

export interface Backend {
  readonly name: 'pglite' | 'postgres';
  /** An empty database: not migrated. */
  open(): Promise<TestDb>;
}

const DATABASE_URL = process.env.DATABASE_URL;

export interface TestSchema {
  readonly name: string;
  /** Drops the schema with everything in it. */
  drop(): Promise<void>;
}

/** A fresh, empty schema in DATABASE_URL's database: one test's tables, isolated from every other run's. */
export async function createTestSchema(): Promise<TestSchema> {
  const url = DATABASE_URL;
  if (!url) throw new Error('createTestSchema: DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE SCHEMA ${name}`);
  return { name, drop: () => adminQuery(url, `DROP SCHEMA ${name} CASCADE`) };
}

/** In-memory PGlite: always available, for tests whose subject is not the database. */
export const PGLITE: Backend = {
  name: 'pglite',
  async open() {
    const db = await openPglite();
    return { db, dispose: () => db.close() };
  },
};

export const BACKENDS: readonly Backend[] = [
  PGLITE,
  ...(DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          async open(): Promise<TestDb> {
            const schema = await createTestSchema();
            const db = openPostgres({ connectionString: DATABASE_URL, schema: schema.name, max: 4 });
            return {
              db,
              async dispose() {
                await db.close();
                await schema.drop();
              },
            };
          },
        },
      ]
    : []),
];

export interface SeededTestDb extends TestDb {
  /** The data directory the demo images were stored in: pass it as DATA_DIR to serve them. */
  readonly dataDir: string;
}

/**
 * A database with every migration and the demo content (its images in a temporary data directory): a copy of the
 * run's seeded template (`db-template.ts`), made by the unit project's global setup.
 */
export async function openSeededDb(backend: Backend): Promise<SeededTestDb> {
  const templates = inject('seededTemplates');
  if (backend.name === 'pglite') return copyPgliteTemplate(templates.pglite);
  if (!DATABASE_URL || !templates.postgres) throw new Error('openSeededDb: no PostgreSQL template in this run');
  return copyPostgresTemplate(DATABASE_URL, templates.postgres);
}

/** A database whose queries can be made to fail: how the app answers a broken dependency, through the real code. */
export interface FaultyDb extends Db {
  /** Queries whose SQL matches `pattern` throw `error` until `heal()`. */
  failQueries(pattern: RegExp, error: Error): void;
  heal(): void;
}

export function faultyDb(db: Db): FaultyDb {
  let fault: { pattern: RegExp; error: Error } | null = null;
  return {
    kind: db.kind,
    query<T extends object>(sql: string, params?: readonly SqlParam[]) {
      return fault?.pattern.test(sql) ? Promise.reject(fault.error) : db.query<T>(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn, options) => db.transaction(fn, options),
    listen: (channel, handlers) => db.listen(channel, handlers),
    close: () => db.close(),
    failQueries(pattern, error) {
      fault = { pattern, error };
    },
    heal() {
      fault = null;
    },
  };
}

export interface TestAppOptions {
  readonly db: Db;
  /** Extra environment for loadConfig (DIST_DIR, PUBLIC_URL, ...). */
  readonly env?: Env;
  readonly serveSite?: boolean;
  readonly logger?: boolean | Record<string, unknown>;
  readonly migrations?: readonly Migration[];
  readonly rateLimitKeyPrefix?: string;
  readonly images?: AppOptions['images'];
  readonly onRoute?: AppOptions['onRoute'];
  readonly farm?: AppOptions['farm'];
  readonly now?: AppOptions['now'];
  readonly requestTimeoutMs?: AppOptions['requestTimeoutMs'];
}

/**
 * The app on a test database. Rate limits are off unless the test's env turns them on (`RATE_LIMITS: 'on'`):
 * every injected request comes from one address, and most suites send more than a login flood's worth.
 */
export async function buildTestApp(options: TestAppOptions): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://testserver',
    RATE_LIMITS: 'off',
    // Tests run the jobs by hand (`app.jobs.runAll()`) at the clock they set, never on a timer of their own.
    JOBS: 'off',
    ...options.env,
  });
  return buildApp({
    config,
    db: options.db,
    serveSite: options.serveSite ?? false,
    logger: options.logger ?? false,
    ...(options.migrations ? { migrations: options.migrations } : {}),
    ...(options.rateLimitKeyPrefix ? { rateLimitKeyPrefix: options.rateLimitKeyPrefix } : {}),
    ...(options.images ? { images: options.images } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.farm ? { farm: options.farm } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  });
}

/** The app on a seeded database, shared by the tests of one describe block; read its fields inside tests. */
export interface SeededApp {
  readonly app: FastifyInstance;
  readonly testDb: SeededTestDb;
}

/** Opens a seeded database and builds the app on it before the block's tests, and closes both after them. */
export function seededApp(backend: Backend, options: Omit<TestAppOptions, 'db'> = {}): SeededApp {
  const suite = {} as { app: FastifyInstance; testDb: SeededTestDb };
  beforeAll(async () => {
    suite.testDb = await openSeededDb(backend);
    suite.app = await buildTestApp({ ...options, db: suite.testDb.db });
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.testDb?.dispose();
  });
  return suite;
}

export const TEMPLATE = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8" />
    <!--app-title-->
    <script defer src="/main.1a2b3c4d.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <!--app-state-->
  </body>
</html>
`;

export interface TestDist {
  readonly dir: string;
  /** Writes dist/remotes.json listing these remotes; null deletes the file. */
  setRemotes(names: readonly string[] | null): Promise<void>;
  /** Writes a file under dist (`shell/main.1a2b3c4d.js`, `remotes/ip/remoteEntry.js`, ...). */
  write(relative: string, content: string | Buffer): Promise<void>;
  remove(relative: string): Promise<void>;
  dispose(): Promise<void>;
}

/** A dist folder like the front-end build makes: shell/index.html with the placeholders, remotes, remotes.json. */
export async function createTestDist(remotes: readonly string[] | null = ['marketing']): Promise<TestDist> {
  const dir = await mkdtemp(path.join(tmpdir(), 'proxy-dist-'));
  const write = async (relative: string, content: string | Buffer) => {
    const file = path.join(dir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  };
  const setRemotes = async (names: readonly string[] | null) => {
    if (names === null) return rm(path.join(dir, 'remotes.json'), { force: true });
    const config = { remotes: names.map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` })) };
    return write('remotes.json', JSON.stringify(config));
  };
  await write('shell/index.html', TEMPLATE);
  await setRemotes(remotes);
  return {
    dir,
    setRemotes,
    write,
    remove: (relative) => rm(path.join(dir, relative), { force: true, recursive: true }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
