// The cities' Russian names (#28): the migration names the cities places already use, once, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import { BACKENDS, type TestDb } from '../../test/helpers.ts';

const CITY_NAMES = 111;

describe.each(BACKENDS)('the city names migration on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.open();
  });
  afterAll(() => testDb.dispose());

  it('names in Russian the cities modems already stand in, and no other', async () => {
    const { db } = testDb;
    const migrations = await loadMigrations();
    await migrate(
      db,
      migrations.filter((migration) => migration.version < CITY_NAMES),
    );
    const [{ id: hostId } = { id: 0 }] = await db.query<{ id: number }>(
      `INSERT INTO agent_hosts (name, public_host, port_min, port_max, token_hash)
       VALUES ('before', '127.0.0.1', 30000, 30999, repeat('a', 64)) RETURNING id`,
    );
    const modems: readonly (readonly [string, string, string])[] = [
      ['sim-1', 'RU', 'Moscow'],
      ['sim-2', 'KZ', 'Almaty'],
      // Not a city the migration knows: it stays unnamed, and pages show its English name.
      ['sim-3', 'RU', 'Atlantis'],
    ];
    for (const [key, country, city] of modems) {
      await db.query(
        `INSERT INTO modems (host_id, key, name, country, city, operator) VALUES ($1, $2, $2, $3, $4, 'MTS')`,
        [hostId, key, country, city],
      );
    }
    await migrate(db, migrations);
    expect(await db.query('SELECT country, name_en, name_ru FROM cities ORDER BY country, name_en')).toEqual([
      { country: 'KZ', name_en: 'Almaty', name_ru: 'Алматы' },
      { country: 'RU', name_en: 'Moscow', name_ru: 'Москва' },
    ]);
  });
});
