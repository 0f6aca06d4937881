import { describe, expect, it } from 'vitest';
import { BACKENDS, type Backend } from '../test/helpers.ts';
import { DEFAULT_TRANSACTION_ATTEMPTS, type Db, type Queryable } from './db.ts';

/** An error as pg and PGlite raise it: the SQLSTATE in `code`. */
const sqlError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

/** Resolves for everyone once `parties` callers have arrived: both transactions hold what they read or locked. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === parties) release();
    return all;
  };
}

async function withCounters<T>(db: Db, run: () => Promise<T>): Promise<T> {
  await db.exec(
    'CREATE TABLE counters (id int PRIMARY KEY, value int NOT NULL); INSERT INTO counters VALUES (1, 0), (2, 0)',
  );
  try {
    return await run();
  } finally {
    await db.exec('DROP TABLE counters');
  }
}

/** A fresh, empty database of `backend` for one test. */
async function withDb(backend: Backend, run: (db: Db) => Promise<void>): Promise<void> {
  const { db, dispose } = await backend.open();
  try {
    await run(db);
  } finally {
    await dispose();
  }
}

const values = async (q: Queryable) =>
  (await q.query<{ value: number }>('SELECT value FROM counters ORDER BY id')).map((row) => row.value);

describe.each(BACKENDS)('the database on $name', (backend) => {
  it('runs the function again after a serialization failure or a deadlock, rolling back the failed attempt', () =>
    withDb(backend, async (db) => {
      await withCounters(db, async () => {
        for (const code of ['40001', '40P01']) {
          let runs = 0;
          const result = await db.transaction(async (tx) => {
            runs += 1;
            await tx.query('UPDATE counters SET value = value + 1 WHERE id = 1');
            if (runs === 1) throw sqlError(code);
            return 'done';
          });
          expect(result).toBe('done');
          expect(runs).toBe(2);
        }
        // Each code's first attempt was rolled back: one increment per code.
        expect(await values(db)).toEqual([2, 0]);
      });
    }));

  it('does not retry other errors, and gives up after a bounded number of attempts', () =>
    withDb(backend, async (db) => {
      let runs = 0;
      const unique = db.transaction(async () => {
        runs += 1;
        throw sqlError('23505');
      });
      await expect(unique).rejects.toMatchObject({ code: '23505' });
      expect(runs).toBe(1);

      runs = 0;
      const always = db.transaction(async () => {
        runs += 1;
        throw sqlError('40001');
      });
      await expect(always).rejects.toMatchObject({ code: '40001' });
      expect(runs).toBe(DEFAULT_TRANSACTION_ATTEMPTS);
    }));

  it('reads bigint columns as numbers, refusing a value a number cannot hold exactly', () =>
    withDb(backend, async (db) => {
      expect(await db.query('SELECT 123456789012::bigint AS n')).toEqual([{ n: 123456789012 }]);
      await expect(db.query('SELECT 9007199254740993::bigint AS n')).rejects.toThrow(/safe integer/);
    }));

  it('sets the isolation level it is asked for', () =>
    withDb(backend, async (db) => {
      const level = (tx: Queryable) =>
        tx.query<{ level: string }>("SELECT current_setting('transaction_isolation') AS level");
      expect(await db.transaction(level, { isolation: 'serializable' })).toEqual([{ level: 'serializable' }]);
      expect(await db.transaction(level)).toEqual([{ level: 'read committed' }]);
    }));
});

// PGlite has one connection: two transactions never overlap there, so real conflicts need PostgreSQL.
describe.runIf(BACKENDS.some((backend) => backend.name === 'postgres'))('concurrent transactions on PostgreSQL', () => {
  const postgres = BACKENDS.find((backend) => backend.name === 'postgres') as Backend;

  it('two serializable transactions in write skew: one fails with 40001 and runs again until both commit', () =>
    withDb(postgres, async (db) => {
      await withCounters(db, async () => {
        const bothRead = barrier(2);
        let runs = 0;
        // Each adds the sum of both rows (plus one) to its own row: run one after the other the rows end as 1 and 2;
        // interleaved, both would read 0 and write 1.
        const addSum = (id: number) =>
          db.transaction(
            async (tx) => {
              runs += 1;
              const [row] = await tx.query<{ sum: number }>('SELECT sum(value)::int AS sum FROM counters');
              if (runs <= 2) await bothRead();
              await tx.query('UPDATE counters SET value = value + $2 WHERE id = $1', [id, (row?.sum ?? 0) + 1]);
            },
            { isolation: 'serializable' },
          );
        await Promise.all([addSum(1), addSum(2)]);
        // Both read before either wrote, so one of them had to run again; how many more times depends on when the
        // other's commit lands (a rerun that reads before it fails once more), which a loaded machine decides.
        expect(runs).toBeGreaterThanOrEqual(3);
        expect((await values(db)).sort()).toEqual([1, 2]);
      });
    }));

  it('two transactions locking two rows in opposite order: the deadlock victim runs again, both commit', () =>
    withDb(postgres, async (db) => {
      await withCounters(db, async () => {
        const bothLocked = barrier(2);
        let runs = 0;
        const increment = (first: number, second: number) =>
          db.transaction(async (tx) => {
            runs += 1;
            await tx.query('UPDATE counters SET value = value + 1 WHERE id = $1', [first]);
            if (runs <= 2) await bothLocked();
            await tx.query('UPDATE counters SET value = value + 1 WHERE id = $1', [second]);
          });
        await Promise.all([increment(1, 2), increment(2, 1)]);
        expect(runs).toBe(3);
        expect(await values(db)).toEqual([2, 2]);
      });
    }));
});
