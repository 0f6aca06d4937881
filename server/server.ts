/**
 * The process: validate the environment, take the data-directory lock (PGlite), open and migrate the database,
 * seed demo content on first start, build the app and listen; shut down gracefully on SIGINT/SIGTERM.
 * `node server/server.ts` runs it; `startServer()` is the same start-up for scripts and end-to-end tests.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config, type Env } from './config.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openPostgres } from './db/pg.ts';
import { openPglite } from './db/pglite.ts';
import { demoImageStore } from './db/demo-images.ts';
import { seed } from './db/seed.ts';
import { usersRepository } from './domains/accounts/index.ts';

export interface StartOptions {
  /** The environment to read the configuration from; default `process.env`. `PORT=0` picks a free port. */
  readonly env?: Env;
  /** Serve the built front end too (default); false for an API-only process. */
  readonly serveSite?: boolean;
  /** Passed to `buildApp`: false silences the logs. */
  readonly logger?: boolean | Record<string, unknown>;
}

export interface RunningServer {
  /** Where this process listens, e.g. `http://localhost:8080` (the real port when PORT=0). */
  readonly url: string;
  readonly config: Config;
  readonly app: FastifyInstance;
  /**
   * Turns `/readyz` to 503 and keeps serving for `SHUTDOWN_DRAIN_MS` (the balancer's health checks notice), then
   * stops accepting, finishes in-flight requests and running jobs, closes the LISTEN connections and the database,
   * releases the lock. Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pgdata (the caller
 * holds the data-dir lock first). Also used by the management scripts (`scripts/createsuperuser.ts`).
 */
export async function openDatabase(config: Config, onPoolError: (error: Error) => void): Promise<Db> {
  if (config.databaseUrl) {
    return openPostgres({
      connectionString: config.databaseUrl,
      agentPoolMax: config.dbAgentPoolSize,
      onError: onPoolError,
    });
  }
  return openPglite(path.join(config.dataDir, 'pgdata'));
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env);
  let lock: DataDirLock | undefined;
  let db: Db | undefined;
  let app: FastifyInstance | undefined;
  try {
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
    db = await openDatabase(config, (error) => app?.log.error({ err: error }, 'PostgreSQL connection lost'));
    const applied = await migrate(db);
    const seeded = await seed(db, { storeDemoImage: demoImageStore(db, config.dataDir) });
    // Addresses stored before the canonical form (lib/email-address.ts) take it; cheap and idempotent.
    const emails = await usersRepository(db).canonicalizeStoredEmails();

    app = await buildApp({ config, db, serveSite: options.serveSite ?? true, logger: options.logger ?? true });
    for (const warning of config.warnings) app.log.warn(warning);
    if (applied.length > 0) app.log.info({ versions: applied }, 'applied database migrations');
    if (seeded) app.log.info('seeded demo content');
    if (emails.updated > 0) app.log.info({ count: emails.updated }, 'stored e-mail addresses put in canonical form');
    for (const conflict of emails.conflicts) {
      app.log.warn(
        { userId: conflict.id },
        'an account whose address is a look-alike of another account kept its old spelling: resolve by hand',
      );
    }
    app.log.info(
      config.databaseUrl ? 'database: PostgreSQL (DATABASE_URL)' : `database: embedded PGlite in ${config.dataDir}`,
    );

    const address = await app.listen({ port: config.port, host: config.host });
    const { port } = new URL(address);
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    app.log.info(`Site ready at ${url} (public URL ${config.publicUrl})`);

    let closing: Promise<void> | undefined;
    const started = { app, db, lock };
    const close = () =>
      (closing ??= (async () => {
        try {
          started.app.drain();
          if (config.shutdownDrainMs > 0) {
            started.app.log.info(`readiness off: serving ${config.shutdownDrainMs} ms more before closing`);
            await sleep(config.shutdownDrainMs);
          }
          // Stops accepting, waits for in-flight requests, then the onClose hooks: job sweeps finish (their row claims
          // end with their transactions), LISTEN connections and the mail transport close.
          await started.app.close();
        } finally {
          await started.db.close();
          started.lock?.release();
        }
      })());
    return { url, config, app, close };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/**
 * How long a graceful shutdown may take after the drain (`SHUTDOWN_DRAIN_MS`) before the process exits anyway (a
 * client holding a request open).
 */
const SHUTDOWN_TIMEOUT_MS = 15_000;

export interface MainOptions {
  /** A process started beside the server (`npm start`'s demo farm agent); its stop runs before the server's. */
  readonly companion?: (server: RunningServer) => Promise<() => Promise<void>>;
}

/** Runs the server as a process: exits 1 with a clear message when it cannot start, stops on SIGINT/SIGTERM. */
export async function main(options: MainOptions = {}): Promise<void> {
  let server: RunningServer;
  let stopCompanion: () => Promise<void> = async () => undefined;
  try {
    server = await startServer();
    if (options.companion) stopCompanion = await options.companion(server);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error('The server failed to start:', error);
    }
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C: the user does not want to wait for in-flight requests.
      server.app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    server.app.log.info(`${signal} received: shutting down`);
    setTimeout(() => {
      server.app.log.error('graceful shutdown timed out: exiting');
      process.exit(1);
    }, server.config.shutdownDrainMs + SHUTDOWN_TIMEOUT_MS).unref();
    stopCompanion()
      .catch((error: unknown) => server.app.log.error({ err: error }, 'error stopping the companion process'))
      .then(() => server.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.main) await main();
