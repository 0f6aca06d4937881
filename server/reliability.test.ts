/**
 * docs/security.md's reliability promises, held by the real server process (`node server/server.ts`, started as
 * `npm start` starts it): an acknowledged write survives `kill -9`, SIGTERM finishes the requests in flight, and
 * losing the PostgreSQL connections heals by itself.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { startSite, type RunningSite } from '../scripts/site-process.ts';
import { LOCK_FILE_NAME } from './data-dir-lock.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openPostgres } from './db/pg.ts';
import { openPglite, PGLITE_OPTIONS } from './db/pglite.ts';
import { farmService } from './domains/farm/farm-service.ts';
import { EN, freshEmail } from './test/accounts.ts';
import { adminQuery, databaseUrl } from './test/db-template.ts';
import { createTestDist, type TestDist } from './test/helpers.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const PASSWORD = 'correct horse battery';

/**
 * The run's seeded database (server/test/db-template.ts) as a server process finds it: a data directory with PGlite's
 * `pgdata/` and the demo images, made once for the file and copied for each test. A server started on an empty
 * folder or schema would spend seconds on initdb, the migrations and the seed, which are not what these tests are
 * about (server/db/migrate.test.ts runs the migrations from empty).
 */
let seededDataDir: string;
beforeAll(async () => {
  const { pglite } = inject('seededTemplates');
  seededDataDir = await mkdtemp(path.join(tmpdir(), 'proxy-seeded-'));
  await cp(pglite.dataDir, seededDataDir, { recursive: true });
  const loaded = await PGlite.create(path.join(seededDataDir, 'pgdata'), {
    ...PGLITE_OPTIONS,
    loadDataDir: new Blob([await readFile(pglite.dump)]),
  });
  await loaded.close();
});
afterAll(async () => {
  await rm(seededDataDir, { recursive: true, force: true });
});

/** A test's own copy of the seeded data directory. */
async function seededCopy(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'proxy-data-'));
  await cp(seededDataDir, dataDir, { recursive: true });
  return dataDir;
}

/** A PostgreSQL database of the test's own, made from the run's seeded template database; `drop` removes it. */
interface TestDatabase {
  readonly name: string;
  drop(): Promise<void>;
}

async function seededDatabase(): Promise<TestDatabase> {
  const template = inject('seededTemplates').postgres;
  if (!DATABASE_URL || !template) throw new Error('seededDatabase: no PostgreSQL template in this run');
  const name = `${template.database}_${randomBytes(6).toString('hex')}`;
  await adminQuery(DATABASE_URL, `CREATE DATABASE ${name} TEMPLATE ${template.database}`);
  return { name, drop: () => adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The URL of `database`, every connection of the process named `applicationName` in pg_stat_activity. */
function databaseUrlOf(database: TestDatabase, applicationName = 'proxy-test'): string {
  const url = new URL(databaseUrl(DATABASE_URL as string, database.name));
  url.searchParams.set('application_name', applicationName);
  return url.href;
}

function registration(email: string): string {
  return JSON.stringify({ email, password1: PASSWORD, password2: PASSWORD });
}

function register(site: RunningSite, email: string): Promise<Response> {
  return fetch(`${site.url}/api/auth/registration/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...EN },
    body: registration(email),
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** How a new TCP connection to the site ends: 'connected', or the error code (ECONNREFUSED once it stops listening). */
function tryConnect(site: RunningSite): Promise<string> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

// Whole server starts (migrations, seed) on a busy CI machine: more time than the unit default.
const PROCESS_TIMEOUT = { timeout: 90_000 };
/** What a real process takes to notice and react, polled for (expect.poll's default second is too short under load). */
const PATIENCE = { timeout: 15_000, interval: 50 };

describe('the server process on the embedded database', PROCESS_TIMEOUT, () => {
  let dataDir: string;
  let dist: TestDist;
  beforeEach(async () => {
    dataDir = await seededCopy();
    dist = await createTestDist(['marketing']);
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dist.dispose();
  });

  // PGlite only: keeping a committed row is PostgreSQL's own job, and the data-dir lock exists only here.
  it('keeps an acknowledged write through kill -9 and restarts on the same data directory', async () => {
    const email = freshEmail();
    const first = await startSite({ dataDir, distDir: dist.dir });
    let registered: Response;
    try {
      registered = await register(first, email);
      await registered.text();
      // Right after the acknowledgement: nothing may be left for a graceful close to write.
      first.child.kill('SIGKILL');
      expect(await exitOf(first.child)).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      await first.stop();
    }
    expect(registered.status).toBe(201);
    // The killed process could not remove its lock: the restart must see that its owner is gone.
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

    const second = await startSite({ dataDir, distDir: dist.dir });
    try {
      const again = await register(second, email);
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ email: ['A user is already registered with this e-mail address.'] });
    } finally {
      await second.stop();
    }
  });
});

/**
 * A registration still uploading its body: in flight, for as long as the test needs, once the server has its headers
 * (the access log says so at debug level). `finish` sends the rest.
 */
async function registrationInFlight(site: RunningSite, agent: Agent) {
  const body = registration(freshEmail());
  const request = httpRequest(`${site.url}/api/auth/registration/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...EN },
    agent,
  });
  const answer = new Promise<{ status?: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode, headers: response.headers, body: text }));
      response.once('error', reject);
    });
  });
  request.write(body.slice(0, 10));
  await expect
    .poll(() => site.output(), PATIENCE)
    .toMatch(/"method":"POST","url":"\/api\/auth\/registration\/".*"msg":"incoming request"/);
  return { answer, finish: () => request.end(body.slice(10)) };
}

const PROCESS_BACKENDS = [
  { name: 'pglite', postgres: false },
  ...(DATABASE_URL ? [{ name: 'postgres', postgres: true }] : []),
];

describe.each(PROCESS_BACKENDS)('graceful shutdown ($name)', PROCESS_TIMEOUT, ({ postgres }) => {
  let dataDir: string;
  let dist: TestDist;
  let database: TestDatabase | undefined;
  beforeEach(async () => {
    dataDir = await seededCopy();
    dist = await createTestDist(['marketing']);
    if (postgres) database = await seededDatabase();
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dist.dispose();
    await database?.drop();
  });

  it('finishes a request in flight on SIGTERM, refuses new connections and exits 0', async () => {
    const site = await startSite({
      dataDir,
      distDir: dist.dir,
      ...(database ? { databaseUrl: databaseUrlOf(database) } : {}),
      // The access log says when the server has the request's headers.
      // The arrival of a request is logged at debug level.
      env: { LOG_LEVEL: 'debug' },
    });
    // A browser's keep-alive: the connection stays open after the answer until one side closes it.
    const agent = new Agent({ keepAlive: true });
    try {
      const { finish, answer } = await registrationInFlight(site, agent);

      const exit = exitOf(site.child);
      site.child.kill('SIGTERM');
      await expect.poll(() => tryConnect(site), PATIENCE).toBe('ECONNREFUSED');
      finish();

      const response = await answer;
      expect(response.status).toBe(201);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      // The server closes the connection itself instead of waiting for the client to drop it.
      expect(response.headers.connection).toBe('close');
      expect(JSON.parse(response.body)).toEqual({ detail: 'Verification e-mail sent.' });
      // Exit code 0: the shutdown finished before its own time limit, which exits 1.
      expect(await exit).toEqual({ code: 0, signal: null });
    } finally {
      agent.destroy();
      await site.stop();
    }
  });

  /** A farm host written before the start (PGlite's directory is the server's once it runs); its agent token. */
  async function hostToken(): Promise<string> {
    const db: Db = database
      ? openPostgres({ connectionString: databaseUrlOf(database), max: 1 })
      : await openPglite(path.join(dataDir, 'pgdata'));
    try {
      await migrate(db);
      const { token } = await farmService(db).createHost({
        name: 'held-poll',
        publicHost: '127.0.0.1',
        portMin: 47_000,
        portMax: 47_009,
      });
      return token;
    } finally {
      await db.close();
    }
  }

  it('answers a held config long poll 304 at once on SIGTERM and exits 0 within 10 s (#42)', async () => {
    const token = await hostToken();
    const site = await startSite({
      dataDir,
      distDir: dist.dir,
      ...(database ? { databaseUrl: databaseUrlOf(database) } : {}),
      env: { LOG_LEVEL: 'debug' },
    });
    const headers = { authorization: `Bearer ${token}` };
    try {
      const first = await fetch(`${site.url}/api/agent/config/`, { headers });
      expect(first.status).toBe(200);
      const { version } = (await first.json()) as { version: string };
      // Held: the config does not change, and the agent may wait 25 s for it to.
      const poll = fetch(`${site.url}/api/agent/config/?since=${encodeURIComponent(version)}&wait=25`, { headers });
      await expect
        .poll(() => site.output(), PATIENCE)
        .toMatch(/"method":"GET","url":"\/api\/agent\/config\/\?since=[^"]*&wait=25".*"msg":"incoming request"/);

      const exit = exitOf(site.child);
      const signalled = Date.now();
      site.child.kill('SIGTERM');
      const answer = await poll;
      expect(answer.status).toBe(304);
      expect(await exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(10_000);
    } finally {
      await site.stop();
    }
  });

  it('with SHUTDOWN_DRAIN_MS turns readiness off first, still serving, then closes and releases its connections', async () => {
    const applicationName = `proxy-drain-${process.pid}`;
    const site = await startSite({
      dataDir,
      distDir: dist.dir,
      ...(database ? { databaseUrl: databaseUrlOf(database, applicationName) } : {}),
      env: { LOG_LEVEL: 'debug', SHUTDOWN_DRAIN_MS: '4000' },
    });
    const agent = new Agent({ keepAlive: true });
    try {
      // On PostgreSQL: its LISTEN connections (login-token revocation, farm changes) are up before the signal.
      const listening = async () => {
        const admin = new pg.Client({ connectionString: DATABASE_URL });
        await admin.connect();
        try {
          const { rows } = await admin.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN %'`,
            [applicationName],
          );
          return rows[0]?.n ?? 0;
        } finally {
          await admin.end();
        }
      };
      if (database) await expect.poll(listening, PATIENCE).toBeGreaterThanOrEqual(2);
      expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
      const { finish, answer } = await registrationInFlight(site, agent);

      const exit = exitOf(site.child);
      site.child.kill('SIGTERM');
      // Readiness turns first, while the process still takes new connections and answers them.
      await expect.poll(async () => (await fetch(`${site.url}/readyz`)).status, PATIENCE).toBe(503);
      const during = await fetch(`${site.url}/api/pages/about/`, { headers: EN });
      expect(during.status).toBe(200);
      expect(await tryConnect(site)).toBe('connected');
      // Then it stops accepting; the request in flight since before the signal is answered all the same.
      await expect.poll(() => tryConnect(site), PATIENCE).toBe('ECONNREFUSED');
      finish();
      const response = await answer;
      expect(response.status).toBe(201);
      expect(JSON.parse(response.body)).toEqual({ detail: 'Verification e-mail sent.' });
      expect(await exit).toEqual({ code: 0, signal: null });
      expect(site.output()).toMatch(/readiness off: serving 4000 ms more before closing/);
      if (database) await expect.poll(listening, PATIENCE).toBe(0);
    } finally {
      agent.destroy();
      await site.stop();
    }
  });
});

describe.runIf(DATABASE_URL)('the server process losing its PostgreSQL connections', PROCESS_TIMEOUT, () => {
  const APPLICATION_NAME = `proxy-reliability-${process.pid}`;
  let dataDir: string;
  let dist: TestDist;
  let database: TestDatabase;
  beforeEach(async () => {
    dataDir = await seededCopy();
    dist = await createTestDist(['marketing']);
    database = await seededDatabase();
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dist.dispose();
    await database.drop();
  });

  /** Ends every connection of the server process, as a PostgreSQL restart or a failover does; returns how many. */
  async function terminateBackends(): Promise<number> {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`,
        [database.name, APPLICATION_NAME],
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  it('answers 200 or 503 with Retry-After meanwhile, never 500, and recovers by itself', async () => {
    const site = await startSite({
      dataDir,
      distDir: dist.dir,
      databaseUrl: databaseUrlOf(database, APPLICATION_NAME),
    });
    try {
      const pages = () => fetch(`${site.url}/api/pages/`, { headers: EN });
      // Several requests at once leave several idle connections in the pool.
      for (const response of await Promise.all(Array.from({ length: 4 }, pages))) expect(response.status).toBe(200);

      expect(await terminateBackends()).toBeGreaterThan(0);
      const during = await Promise.all([
        ...Array.from({ length: 4 }, pages),
        fetch(`${site.url}/api/menu/`, { headers: EN }),
        register(site, freshEmail()),
      ]);
      for (const response of during) {
        if (response.ok) continue;
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(await response.json()).toEqual({ detail: 'Service temporarily unavailable, try again later.' });
      }

      await expect.poll(async () => (await pages()).status, PATIENCE).toBe(200);
      await expect.poll(async () => (await fetch(`${site.url}/readyz`)).status, PATIENCE).toBe(200);
      expect(site.child.exitCode).toBeNull();
    } finally {
      await site.stop();
    }
  });
});
