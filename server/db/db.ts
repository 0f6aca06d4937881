/**
 * The one database interface the app talks to. Two implementations share one SQL dialect: PostgreSQL (`pg.Pool`,
 * production) and PGlite (embedded PostgreSQL in WebAssembly, the zero-setup default and the unit tests).
 */
import { setTimeout as sleep } from 'node:timers/promises';

export type SqlParam = string | number | boolean | null | Date | readonly unknown[] | Record<string, unknown>;

/** The database or one transaction on it: repositories are built over either, so a service can put several in one. */
export interface Queryable {
  /** One statement with `$1`-style parameters; returns the rows. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Several `;`-separated statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /**
   * `serializable`: PostgreSQL aborts one of two transactions whose reads and writes could not have run one after the
   * other (40001), and `transaction` runs it again; the default is PostgreSQL's `read committed`.
   */
  readonly isolation?: 'serializable';
  /** How many times the function may run in all (default `DEFAULT_TRANSACTION_ATTEMPTS`). */
  readonly attempts?: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. A serialization failure
   * or a deadlock runs the whole function again (see `retryingTransaction`): `fn` must do nothing outside `tx` that
   * cannot be repeated.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Delivers the payloads of `NOTIFY channel` (sent by any connection, after its transaction commits) to `handlers`.
   * `listening(false)` says notifications may be missed from now on (the connection carrying them was lost);
   * `listening(true)` says none are missed from now on. Nothing before the first `listening(true)` is delivered.
   */
  listen(channel: string, handlers: NotificationHandlers): Subscription;
  close(): Promise<void>;
  /** The connections as they are now, for the metrics (plugins/metrics.ts); the real implementations have it. */
  stats?(): DbStats;
  /** Tells `observer` what happens from now on (retries, waits for a connection) until the returned stop is called. */
  observe?(observer: DbObserver): () => void;
  /**
   * The same database on a small pool of its own for the farm agents' routes (PostgreSQL, `DB_AGENT_POOL_SIZE`), so
   * an order burst holding every connection of the main pool cannot make reports and config polls wait (#42).
   * Absent: the agents share this one (PGlite has a single connection, which every query shares anyway).
   */
  readonly agents?: Omit<Db, 'agents'>;
}

export interface DbStats {
  /** The connection pool (PostgreSQL): open connections, idle ones, queries waiting for one, and the limit. */
  readonly pool?: { readonly total: number; readonly idle: number; readonly waiting: number; readonly max: number };
  /** Every LISTEN subscription and whether notifications reach it now (false while its connection is down). */
  readonly listens: readonly { readonly channel: string; readonly listening: boolean }[];
}

export interface DbObserver {
  /** A transaction attempt failed with `code` (40001, 40P01) and runs again. */
  retry?(code: string): void;
  /** How long a statement or transaction waited for a pooled connection. */
  poolWait?(seconds: number): void;
}

/** The observers of one database: `observe` adds one, its stop removes it. */
export class DbObservers {
  readonly #observers = new Set<DbObserver>();

  observe(observer: DbObserver): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  retry(code: string): void {
    for (const observer of this.#observers) observer.retry?.(code);
  }

  poolWait(seconds: number): void {
    for (const observer of this.#observers) observer.poolWait?.(seconds);
  }
}

export interface NotificationHandlers {
  notify(payload: string): void;
  listening(on: boolean): void;
}

export interface Subscription {
  close(): Promise<void>;
}

/**
 * The database cannot be reached (connection refused or lost, server shutting down). The error handler answers 503
 * so clients retry, instead of a 500 that looks like a bug; the pool reconnects by itself when PostgreSQL returns.
 */
export class DbUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unavailable', { cause });
    this.name = 'DbUnavailableError';
  }
}

export const DEFAULT_TRANSACTION_ATTEMPTS = 5;
/**
 * SQLSTATEs after which the same transaction, run again, can succeed: serialization_failure (40001) and
 * deadlock_detected (40P01). PostgreSQL rolled the transaction back and asks the client to retry it.
 */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/**
 * Backoff before the next attempt: 5, 10, 20 ms... with full jitter, so the two transactions that collided do not
 * start again in step and collide again.
 */
const backoffMs = (attempt: number) => Math.random() * 5 * 2 ** (attempt - 1);

/**
 * `Db.transaction` for both implementations, from one attempt of theirs (`once`: BEGIN, the function, COMMIT or
 * ROLLBACK): the isolation level set first, and the retry on 40001/40P01 in this one place.
 */
export function retryingTransaction(
  once: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>,
  observers?: DbObservers,
): Db['transaction'] {
  return async (fn, options = {}) => {
    const attempts = options.attempts ?? DEFAULT_TRANSACTION_ATTEMPTS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(async (tx) => {
          if (options.isolation === 'serializable') await tx.exec('SET TRANSACTION ISOLATION LEVEL SERIALIZABLE');
          return fn(tx);
        });
      } catch (error) {
        if (attempt >= attempts || !isRetryable(error)) throw error;
        observers?.retry((error as { code: string }).code);
        await sleep(backoffMs(attempt));
      }
    }
  };
}

/**
 * `bigint` columns (money in minor units, identity ids) as numbers, in both implementations: pg hands them over as
 * strings and PGlite as a BigInt past 2^53. A value a number cannot hold exactly is refused rather than rounded.
 */
export function parseBigint(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} does not fit a safe integer`);
  return value;
}

/** PostgreSQL's type oid of `bigint` (int8). */
export const BIGINT_OID = 20;
