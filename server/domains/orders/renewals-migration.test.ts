// Migration 0147 (#49) on data written before it, on both databases: the renewals made before it are listed too —
// a hand renewal's proxies from its request's lines, exactly; an auto-renewal from its ledger entry, with the expiry it
// gave worked out from the one it renewed — so the panel home's renewals figure and its list agree from the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import { BACKENDS, type TestDb } from '../../test/helpers.ts';

const PROXY_RENEWALS = 147;
const DAY = 86_400_000;

describe.each(BACKENDS)('the proxy renewals migration on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.open();
  });
  afterAll(() => testDb.dispose());

  it('records the hand renewals and the auto-renewals made before it', async () => {
    const { db } = testDb;
    const migrations = await loadMigrations();
    await migrate(
      db,
      migrations.filter((migration) => migration.version < PROXY_RENEWALS),
    );
    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash) VALUES ('renewer@example.com', 'x') RETURNING id`,
    );
    const userId = Number(user?.id);
    const handAt = new Date(Date.UTC(2030, 0, 5, 9));
    await db.query(
      `INSERT INTO renewals (user_id, period_days, total, currency, balance_after, lines, idempotency_key,
                             request_fingerprint, created_at)
       VALUES ($1, 7, 240000, 'RUB', 10000, $2, 'before', repeat('a', 64), $3)`,
      [
        userId,
        JSON.stringify([
          { proxy_id: 11, price: 120_000, expires_at: '2030-01-20T09:00:00.000Z' },
          { proxy_id: 12, price: 120_000, expires_at: '2030-01-21T09:00:00.000Z' },
        ]),
        handAt,
      ],
    );
    const oldExpiry = Date.UTC(2030, 0, 10, 12);
    const autoAt = new Date(oldExpiry - DAY);
    await db.query(
      `INSERT INTO ledger_entries (user_id, kind, amount, currency, balance_after, reference, created_at)
       VALUES ($1, 'renewal', -390000, 'RUB', 0, $2, $3), ($1, 'renewal', -240000, 'RUB', 10000, 'renewal:1', $4)`,
      [userId, `autorenew:13:${oldExpiry}`, autoAt, handAt],
    );
    await migrate(db, migrations);

    const rows = await db.query<{
      proxy_id: number;
      source: string;
      period_days: number;
      price: number | string;
      expires_at: Date | string;
      renewed_at: Date | string;
    }>(
      `SELECT proxy_id, source, period_days, price, expires_at, renewed_at FROM proxy_renewals
        WHERE user_id = $1 ORDER BY renewed_at, proxy_id`,
      [userId],
    );
    expect(
      rows.map((row) => ({
        ...row,
        price: Number(row.price),
        expires_at: new Date(row.expires_at).toISOString(),
        renewed_at: new Date(row.renewed_at).toISOString(),
      })),
    ).toEqual([
      {
        proxy_id: 11,
        source: 'hand',
        period_days: 7,
        price: 120_000,
        expires_at: '2030-01-20T09:00:00.000Z',
        renewed_at: handAt.toISOString(),
      },
      {
        proxy_id: 12,
        source: 'hand',
        period_days: 7,
        price: 120_000,
        expires_at: '2030-01-21T09:00:00.000Z',
        renewed_at: handAt.toISOString(),
      },
      // The proxy is gone: the period is the default month, counted from the expiry it renewed.
      {
        proxy_id: 13,
        source: 'auto',
        period_days: 30,
        price: 390_000,
        expires_at: new Date(oldExpiry + 30 * DAY).toISOString(),
        renewed_at: autoAt.toISOString(),
      },
    ]);
  });
});
