import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DbUnavailableError } from './db.ts';
import { openPostgres } from './pg.ts';

const DATABASE_URL = process.env.DATABASE_URL;

/** Ends one backend from another connection, as a PostgreSQL restart or failover does, and waits until it is gone. */
async function terminateBackend(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await expect
      .poll(async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount, {
        timeout: 15_000,
      })
      .toBe(0);
  } finally {
    await admin.end();
  }
}

describe.runIf(DATABASE_URL)('a PostgreSQL connection lost inside a transaction', () => {
  it('fails the transaction as unavailable, without crashing the process, and the pool reconnects', async () => {
    // One connection: the query after the failure can only succeed on a new one.
    const db = openPostgres({ connectionString: DATABASE_URL as string, max: 1 });
    try {
      const transaction = db.transaction(async (tx) => {
        const [backend] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // Between two statements: the loss reaches the client as an event, with no query to fail.
        await terminateBackend((backend as { pid: number }).pid);
        await tx.query('SELECT 1');
      });
      await expect(transaction).rejects.toBeInstanceOf(DbUnavailableError);
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(DATABASE_URL)('LISTEN on PostgreSQL', () => {
  it('says when notifications may be missed, reconnects by itself and delivers again', async () => {
    const db = openPostgres({ connectionString: DATABASE_URL as string, max: 1 });
    const channel = `test_listen_${process.pid}_${Date.now()}`;
    const states: boolean[] = [];
    const payloads: string[] = [];
    const subscription = db.listen(channel, {
      notify: (payload) => payloads.push(payload),
      listening: (on) => states.push(on),
    });
    try {
      await expect.poll(() => states).toEqual([true]);
      await db.query('SELECT pg_notify($1, $2)', [channel, 'first']);
      await expect.poll(() => payloads).toEqual(['first']);

      const [listener] = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE query = $1', [
        `LISTEN ${channel}`,
      ]);
      await terminateBackend((listener as { pid: number }).pid);
      await expect.poll(() => states, { timeout: 15_000 }).toEqual([true, false, true]);
      await db.query('SELECT pg_notify($1, $2)', [channel, 'after the loss']);
      await expect.poll(() => payloads).toEqual(['first', 'after the loss']);
    } finally {
      await subscription.close();
      await db.close();
    }
  });
});
