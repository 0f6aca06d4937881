// Migration 0144 turns `traffic_minutes` into a table partitioned by day (#42): the minutes already stored move over,
// each into its day's table, however old (the prune may not have run for a while).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type TestDb } from '../test/helpers.ts';
import { loadMigrations, migrate } from './migrate.ts';

const PARTITIONED = 144;

describe.each(BACKENDS)('traffic minutes partitioned by day on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.open();
  });
  afterAll(() => testDb.dispose());

  it('keeps every stored minute, each in its own day’s table', async () => {
    const { db } = testDb;
    const migrations = await loadMigrations();
    await migrate(
      db,
      migrations.filter((migration) => migration.version < PARTITIONED),
    );
    // Rows as the schema before 0144 takes them, in SQL: the services of today write columns added since.
    // Each INSERT returns the one row it wrote; its id is what the next row names.
    const inserted = async (sql: string, params: number[] = []) => {
      const [row] = await db.query<{ id: number }>(sql, params);
      if (!row) throw new Error(`nothing inserted: ${sql}`);
      return row.id;
    };
    const host = await inserted(
      `INSERT INTO agent_hosts (name, public_host, port_min, port_max, token_hash)
       VALUES ('minutes', '127.0.0.1', 30000, 30099, repeat('a', 64)) RETURNING id`,
    );
    const modem = await inserted(
      `INSERT INTO modems (host_id, name, key, country, city, operator)
       VALUES ($1, 'Minutes 1', 'minutes-1', 'RU', 'Moscow', 'MTS') RETURNING id`,
      [host],
    );
    const owner = await inserted(
      `INSERT INTO users (email, password_hash) VALUES ('minutes@example.com', 'x') RETURNING id`,
    );
    const proxy = await inserted(
      `INSERT INTO proxies (owner_id, modem_id, host_id, http_port, socks_port, login, password, rotate_token,
                            rotate_token_hash, expires_at)
       VALUES ($1, $2, $3, 30000, 30001, 'minutes', 'secret-pass', repeat('b', 32), repeat('c', 64),
               now() + interval '30 days')
       RETURNING id`,
      [owner, modem, host],
    );
    const minutes = [new Date(Date.UTC(2026, 0, 2, 23, 59)), new Date(Math.floor(Date.now() / 60_000) * 60_000)];
    for (const [n, minute] of minutes.entries()) {
      await db.query('INSERT INTO traffic_minutes (proxy_id, minute, bytes_in, bytes_out) VALUES ($1, $2, $3, 1)', [
        proxy,
        minute,
        n + 10,
      ]);
    }

    expect(await migrate(db, migrations)).toContain(PARTITIONED);
    const rows = await db.query<{ day: string; minute: Date; bytes_in: number }>(
      `SELECT tableoid::regclass::text AS day, minute, bytes_in FROM traffic_minutes WHERE proxy_id = $1 ORDER BY minute`,
      [proxy],
    );
    const dayTable = (minute: Date) => `traffic_minutes_${minute.toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(rows).toEqual(minutes.map((minute, n) => ({ day: dayTable(minute), minute, bytes_in: n + 10 })));
  });
});
