/**
 * The one database interface the app talks to. Two implementations share one SQL dialect: PostgreSQL (`pg.Pool`,
 * production) and PGlite (embedded PostgreSQL in WebAssembly, the zero-setup default and the unit tests).
 */
export type SqlParam = string | number | boolean | null | Date | readonly unknown[] | Record<string, unknown>;

export interface Queryable {
  /** One statement with `$1`-style parameters; returns the rows. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Several `;`-separated statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
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
