import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  BIGINT_OID,
  DbObservers,
  parseBigint,
  retryingTransaction,
  type Db,
  type NotificationHandlers,
  type Queryable,
  type SqlParam,
} from './db.ts';

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly SqlParam[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/** How every embedded database is opened. pg_trgm: the trigram index of the panel's user search (migration 0081). */
export const PGLITE_OPTIONS = { parsers: { [BIGINT_OID]: parseBigint }, extensions: { pg_trgm } };

/**
 * Opens the embedded database: on disk under `dataDir`, or in memory when it is undefined (tests).
 * On disk, only one process may open a directory at a time: the caller holds the data-dir lock (see
 * `data-dir-lock.ts`), because two processes on one directory silently lose committed rows.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  return pgliteDb(
    dataDir === undefined ? await PGlite.create(PGLITE_OPTIONS) : await PGlite.create(dataDir, PGLITE_OPTIONS),
  );
}

/** The app's database interface over an open PGlite (tests open theirs from a dump of a migrated one). */
export function pgliteDb(pg: PGlite): Db {
  const observers = new DbObservers();
  const listens = new Set<{ channel: string; listening: boolean }>();
  return {
    kind: 'pglite',
    ...wrap(pg),
    // PGlite has a single connection, so its transaction also serializes every other query: fine for the
    // embedded default, and the reason race conditions are tested against real PostgreSQL.
    transaction: retryingTransaction((fn) => pg.transaction((tx) => fn(wrap(tx))), observers),
    // One connection in this process: notifications cannot be missed once subscribed.
    listen(channel: string, handlers: NotificationHandlers) {
      const state = { channel, listening: false };
      listens.add(state);
      const unsubscribe = pg.listen(channel, handlers.notify).then((stop) => {
        state.listening = true;
        handlers.listening(true);
        return stop;
      });
      return {
        close: async () => {
          listens.delete(state);
          await (
            await unsubscribe
          )();
        },
      };
    },
    close: () => pg.close(),
    // No pool: one connection, which every query and transaction takes in turn.
    stats: () => ({ listens: [...listens].map(({ channel, listening }) => ({ channel, listening })) }),
    observe: (observer) => observers.observe(observer),
  };
}
