import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  BIGINT_OID,
  DbObservers,
  DbUnavailableError,
  parseBigint,
  retryingTransaction,
  type Db,
  type NotificationHandlers,
  type Queryable,
  type SqlParam,
  type Subscription,
} from './db.ts';

export interface PgOptions {
  readonly connectionString: string;
  /** Puts every connection on this schema first (`search_path`): tests isolate each app in a fresh schema. */
  readonly schema?: string;
  readonly max?: number;
  /**
   * Connections of the farm agents' own pool (`Db.agents`; `DB_AGENT_POOL_SIZE`), apart from `max`: an order burst
   * holding every connection of the main pool cannot make the agents' reports and config polls wait (#42). 0: none,
   * the agents share the main pool. Default 3.
   */
  readonly agentPoolMax?: number;
  /** Called with errors of idle clients (PostgreSQL restarted, network dropped). */
  readonly onError?: (error: Error) => void;
}

/**
 * Connection-level failures: Node socket errors, SQLSTATE class 08 (connection exception) and 57P01-57P03
 * (admin shutdown, crash shutdown, cannot connect now). Anything else is a query bug and stays a 500.
 */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^E[A-Z]+$/.test(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) {
    return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
}

function translate(error: unknown): unknown {
  return isConnectionError(error) ? new DbUnavailableError(error) : error;
}

/**
 * Statements with parameters run as named prepared statements: each connection parses and plans one the first time
 * and then only binds and executes it (the SQL comes from the code, so there are a bounded number of them). The name
 * is a digest of the text, the same in every connection.
 */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(sql).digest('base64url')}`;
    statementNames.set(sql, name);
  }
  return name;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly SqlParam[] = []) {
      try {
        const result =
          params.length === 0
            ? await client.query(sql)
            : await client.query({ name: statementName(sql), text: sql, values: params as unknown[] });
        return result.rows as T[];
      } catch (error) {
        throw translate(error);
      }
    },
    async exec(sql: string) {
      try {
        // Without parameters pg uses the simple query protocol, which runs several statements.
        await client.query(sql);
      } catch (error) {
        throw translate(error);
      }
    },
  };
}

/**
 * The pool itself as a `Queryable`: what `pool.query` does (a connection for the statement, then back), with the wait
 * for the connection measured for the metrics, and the connection dropped only when it was lost (`pool.query`
 * drops it after any failed statement, a unique violation included).
 */
function pooled(pool: pg.Pool, observers: DbObservers): Queryable & { acquire(): Promise<pg.PoolClient> } {
  const acquire = async () => {
    const started = performance.now();
    try {
      const client = await pool.connect();
      observers.poolWait((performance.now() - started) / 1000);
      return client;
    } catch (error) {
      throw translate(error);
    }
  };
  const run = async <T>(fn: (q: Queryable) => Promise<T>): Promise<T> => {
    const client = await acquire();
    let broken = false;
    // A checked-out client emits 'error' when its connection is lost: heard here, it would otherwise kill the process.
    const onLost = () => {
      broken = true;
    };
    client.on('error', onLost);
    try {
      return await fn(wrap(client));
    } catch (error) {
      broken ||= error instanceof DbUnavailableError;
      throw error;
    } finally {
      client.off('error', onLost);
      client.release(broken);
    }
  };
  return {
    acquire,
    query: <T extends object>(sql: string, params?: readonly SqlParam[]) => run((q) => q.query<T>(sql, params)),
    exec: (sql: string) => run((q) => q.exec(sql)),
  };
}

interface ListenState {
  readonly channel: string;
  listening: boolean;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * LISTEN on a connection of its own: a pooled one is handed to other queries between them and would drop the
 * subscription. A lost connection says `listening(false)` at once and reconnects with a growing delay until closed.
 */
function listenOn(
  options: PgOptions,
  channel: string,
  handlers: NotificationHandlers,
  listens: Set<ListenState>,
): Subscription {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  const state: ListenState = { channel, listening: false };
  listens.add(state);
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: 5_000 });
    current = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      state.listening = false;
      handlers.listening(false);
      client.end().catch(() => undefined);
      if (closed) return;
      if (error) options.onError?.(error);
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (note) => {
      if (note.channel === channel && note.payload !== undefined) handlers.notify(note.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    if (lost) return;
    delay = RECONNECT_FIRST_MS;
    state.listening = true;
    handlers.listening(true);
  };
  void connect();

  return {
    async close() {
      closed = true;
      listens.delete(state);
      clearTimeout(retry);
      await current?.end().catch(() => undefined);
    },
  };
}

function newPool(options: PgOptions, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max,
    // Fail fast while PostgreSQL is down instead of queueing requests until the client times out.
    connectionTimeoutMillis: 5_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === BIGINT_OID
          ? parseBigint
          : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
    },
    // No JIT: it pays off for analytic scans of millions of rows, while this API's queries each take milliseconds and
    // a misestimated one (a generate_series counted as 1000 rows) spent 15 ms compiling before it ran in 1 ms.
    options: ['-c jit=off', ...(options.schema ? [`-c search_path=${options.schema}`] : [])].join(' '),
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, that would kill the process
  // (docs/security.md: losing PostgreSQL must not). The pool drops the client and makes a new one on demand.
  pool.on('error', (error) => options.onError?.(error));
  return pool;
}

/** A `Db` over `pool`; `close` ends `pool` only (the caller closes whatever else it made). */
function poolDb(
  pool: pg.Pool,
  max: number,
  options: PgOptions,
  observers: DbObservers,
  listens: Set<ListenState>,
): Omit<Db, 'agents'> {
  const { acquire, ...queryable } = pooled(pool, observers);
  return {
    kind: 'postgres',
    ...queryable,
    transaction: retryingTransaction(async (fn) => {
      const client = await acquire();
      let broken = false;
      // The pool listens for errors of idle clients only, and a checked-out client emits 'error' whenever its
      // connection is lost, a query running or not. Unheard, that event would crash the process; heard, the running
      // or next statement fails ("not queryable") and the transaction with it.
      const onLost = () => {
        broken = true;
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        broken ||= isConnectionError(error) || error instanceof DbUnavailableError;
        if (!broken) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
        throw error instanceof DbUnavailableError ? error : new DbUnavailableError(error);
      } finally {
        client.off('error', onLost);
        // A client whose connection died must not go back to the pool.
        client.release(broken);
      }
    }, observers),
    listen: (channel, handlers) => listenOn(options, channel, handlers, listens),
    close: () => pool.end(),
    stats: () => ({
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max },
      listens: [...listens].map(({ channel, listening }) => ({ channel, listening })),
    }),
    observe: (observer) => observers.observe(observer),
  };
}

export function openPostgres(options: PgOptions): Db {
  const max = options.max ?? 10;
  const agentMax = options.agentPoolMax ?? 3;
  // One set of observers and LISTEN states for both pools: the metrics' pool waits are the process's.
  const observers = new DbObservers();
  const listens = new Set<ListenState>();
  const main = poolDb(newPool(options, max), max, options, observers, listens);
  // pg opens a pool's connections on demand: an idle agents' pool holds none.
  const agents = agentMax > 0 ? poolDb(newPool(options, agentMax), agentMax, options, observers, listens) : undefined;
  return {
    ...main,
    ...(agents ? { agents } : {}),
    close: async () => {
      await Promise.all([main.close(), agents?.close()]);
    },
  };
}
