// Starts the site the way `npm start` does (a real server process on the production build) and drives Debian's
// Chromium through playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { adminQuery, databaseUrl } from '../server/test/db-template.ts';

export const root = resolve(import.meta.dirname, '..');
export const builtDist = resolve(root, 'dist');

/** Database back-ends the suite runs against: embedded PGlite always, PostgreSQL when DATABASE_URL is set. */
export const backends: readonly { name: string; databaseUrl?: string }[] = [
  { name: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', databaseUrl: process.env.DATABASE_URL }] : []),
];

/**
 * The environment variable naming a folder of data directories made once for a run of the browser suite
 * (`e2e/prepared-data.ts`): a site started without a data directory of its own begins as a copy of its `seeded` one
 * instead of migrating and seeding an empty folder.
 */
export const DATA_TEMPLATES_ENV = 'E2E_DATA_TEMPLATES';

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningSite {
  readonly url: string;
  /** The server process, for tests that signal it (SIGKILL, SIGTERM) and watch how it ends. */
  readonly child: ChildProcess;
  readonly distDir: string;
  readonly dataDir: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

export interface SiteOptions {
  /** Run `npm start`'s launcher (`scripts/start.ts`: the server and the demo farm agent beside it), not the server. */
  readonly launcher?: boolean;
  /** Serve a private copy of the build, for tests that redeploy or break part of it. */
  readonly copyDist?: boolean;
  /** Serve this folder instead of the build (a unit test's `createTestDist`). */
  readonly distDir?: string;
  /**
   * Serve the build as a site that does not deploy these remotes: their names are left out of its remotes.json (the
   * files are linked, not copied).
   */
  readonly undeploy?: readonly string[];
  readonly databaseUrl?: string;
  /**
   * A PostgreSQL server (a connection string) on which the site gets a database of its own, created empty and dropped
   * when it stops: browser test files run side by side, and two sites migrating one database would meet.
   */
  readonly ownDatabaseOn?: string;
  readonly dataDir?: string;
  /** The port to listen on, when a test must know it before the start (another server's CORS_ORIGINS, say). */
  readonly port?: number;
  /** More environment for the server (SMTP_URL of a test sink, say). */
  readonly env?: Readonly<Record<string, string>>;
}

/** The build's folders linked into `distDir`, with a remotes.json that leaves `remotes` out. */
function linkDistWithout(distDir: string, remotes: readonly string[]): void {
  mkdirSync(distDir, { recursive: true });
  for (const folder of ['shell', 'remotes']) symlinkSync(join(builtDist, folder), join(distDir, folder), 'dir');
  const manifest = JSON.parse(readFileSync(join(builtDist, 'remotes.json'), 'utf8')) as {
    remotes: { name: string }[];
  };
  manifest.remotes = manifest.remotes.filter((remote) => !remotes.includes(remote.name));
  writeFileSync(join(distDir, 'remotes.json'), JSON.stringify(manifest, null, 2));
}

/**
 * Runs `node server/server.ts`, or `npm start`'s `scripts/start.ts` (Node 24 from node_modules/.bin, like every npm
 * script), and waits until ready.
 */
export async function startSite(options: SiteOptions = {}): Promise<RunningSite> {
  const scratch = mkdtempSync(join(tmpdir(), 'site-e2e-'));
  const distDir = options.copyDist || options.undeploy ? join(scratch, 'dist') : (options.distDir ?? builtDist);
  if (options.copyDist) cpSync(builtDist, distDir, { recursive: true });
  else if (options.undeploy) linkDistWithout(distDir, options.undeploy);
  const dataDir = options.dataDir ?? join(scratch, 'data');
  const templates = process.env[DATA_TEMPLATES_ENV];
  if (!options.dataDir && !options.databaseUrl && templates) {
    cpSync(join(templates, 'seeded'), dataDir, { recursive: true });
  }
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const ownDatabase = options.ownDatabaseOn ? await createDatabase(options.ownDatabaseOn) : undefined;
  if (ownDatabase) env.DATABASE_URL = ownDatabase.url;
  // Rate-limit counters in a shared Redis outlive the process: every run (and every other suite on the machine)
  // would count against the same 127.0.0.1 budget. Each site keeps its own in memory unless a test asks for Redis.
  if (!options.env?.REDIS_URL) delete env.REDIS_URL;
  const script = options.launcher ? 'scripts/start.ts' : 'server/server.ts';
  const child = spawn(resolve(root, 'node_modules/.bin/node'), [script], { cwd: root, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    await ownDatabase?.drop();
    throw error;
  }
  return {
    url,
    child,
    distDir,
    dataDir,
    output: () => output,
    async stop() {
      await stopProcess(child);
      rmSync(scratch, { recursive: true, force: true });
      await ownDatabase?.drop();
    },
  };
}

/** An empty database on the server `connectionString` names, and how to drop it. */
async function createDatabase(connectionString: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `e2e_site_${randomBytes(6).toString('hex')}`;
  await adminQuery(connectionString, `CREATE DATABASE ${name}`);
  return {
    url: databaseUrl(connectionString, name),
    drop: () => adminQuery(connectionString, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not become ready:\n${output()}`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}
