// The panel's user list on PostgreSQL with 100,000 accounts (issue #15): a staff member searching by e-mail,
// filtering and sorting, through the real API (guards, list parsing, count and page), p99 per query shape. Budget:
// p99 under 100 ms for each.
import { measureReads, withScratchSchema, withStaffApi } from './bench-support.ts';

const USERS = 100_000;
const P99_BUDGET_MS = 100;

const QUERIES: readonly [label: string, query: string][] = [
  ['first page (newest)', ''],
  ['search e-mail part', '?search=user-4242'],
  ['active, verified, by balance', '?active=true&verified=true&ordering=-balance'],
  ['balance range, by last login', '?balance_min=1000&balance_max=50000&ordering=-last_login'],
  ['joined in a month, by e-mail', '?date_joined_after=2025-03-01&date_joined_before=2025-03-31&ordering=email'],
  ['staff, page 50', '?staff=false&page=50'],
  ['by proxy count', '?ordering=-proxies'],
];

export async function benchUsers(connectionString: string): Promise<boolean> {
  return withScratchSchema(connectionString, 'users', async (db) => {
    // Spread like a real customer base: joined over two years, a tenth never verified, some logged in, balances
    // from nothing to a few thousand.
    await db.query(
      `INSERT INTO users (email, password_hash, email_verified, is_active, date_joined, last_login, balance)
       SELECT 'user-' || n || '@example' || (n % 50) || '.com', 'x', n % 10 <> 0, n % 97 <> 0,
              timestamptz '2024-06-01' + (n * interval '10 minutes'),
              CASE WHEN n % 3 = 0 THEN NULL ELSE timestamptz '2026-01-01' + (n * interval '1 minute') END,
              (n * 7919) % 500000
         FROM generate_series(1, $1) AS n`,
      [USERS],
    );
    await db.query('ANALYZE users');
    return withStaffApi(db, ['users.view_user'], async (url, key) => {
      console.log(`\nPanel users list, ${USERS.toLocaleString('en')} accounts on PostgreSQL (4 conn, 5 s each):`);
      const reads = QUERIES.map(([label, query]) => [label, `${url}/api/panel/users/${query}`] as const);
      return measureReads(key, reads, { connections: 4, budgetMs: P99_BUDGET_MS });
    });
  });
}

// Run alone: `node scripts/bench-users.ts` (DATABASE_URL or the local test database).
if (import.meta.main) await benchUsers(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
