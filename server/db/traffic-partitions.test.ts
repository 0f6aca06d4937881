// Migration 0144 turns `traffic_minutes` into a table partitioned by day (#42): the minutes already stored move over,
// each into its day's table, however old (the prune may not have run for a while).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, freshEmail } from '../test/accounts.ts';
import { BACKENDS, type TestDb } from '../test/helpers.ts';
import { createFarm, freshPlace } from '../test/orders.ts';
import { farmService } from '../domains/farm/farm-service.ts';
import { loadMigrations, migrate } from './migrate.ts';

const PARTITIONED = 144;
const DAY_MS = 86_400_000;

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
    const owner = await createUser(db, { email: freshEmail('minutes') });
    const { modemIds } = await createFarm(db, freshPlace(), { online: 1 });
    const proxy = await farmService(db).createProxy({
      ownerId: owner.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });
    const minutes = [new Date(Date.UTC(2026, 0, 2, 23, 59)), new Date(Math.floor(Date.now() / 60_000) * 60_000)];
    for (const [n, minute] of minutes.entries()) {
      await db.query('INSERT INTO traffic_minutes (proxy_id, minute, bytes_in, bytes_out) VALUES ($1, $2, $3, 1)', [
        proxy.id,
        minute,
        n + 10,
      ]);
    }

    expect(await migrate(db, migrations)).toContain(PARTITIONED);
    const rows = await db.query<{ day: string; minute: Date; bytes_in: number }>(
      `SELECT tableoid::regclass::text AS day, minute, bytes_in FROM traffic_minutes WHERE proxy_id = $1 ORDER BY minute`,
      [proxy.id],
    );
    const dayTable = (minute: Date) => `traffic_minutes_${minute.toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(rows).toEqual(minutes.map((minute, n) => ({ day: dayTable(minute), minute, bytes_in: n + 10 })));
  });
});
