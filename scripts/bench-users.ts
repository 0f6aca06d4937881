// The panel's user list on PostgreSQL with 100,000 accounts (issue #15): a staff member searching by e-mail,
// filtering and sorting, through the real API (guards, list parsing, count and page), p99 per query shape. Budget:
// p99 under 100 ms for each.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/pg.ts';
import { hashPassword, usersRepository } from '../server/domains/accounts/index.ts';

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
  const schema = `bench_users_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = openPostgres({ connectionString, schema, max: 10 });
  const config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMITS: 'off',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  let pass = true;
  try {
    await migrate(db);
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
    const password = 'bench passphrase 2024';
    const email = 'bench-staff@example.com';
    const staff = await usersRepository(db).create({
      email,
      passwordHash: await hashPassword(password),
      language: 'en',
      emailVerified: true,
      isStaff: true,
      permissions: ['users.view_user'],
    });
    if (!staff) throw new Error('the staff account exists');

    const app = await buildApp({ config, db, serveSite: false, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const login = await fetch(`${url}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { key } = (await login.json()) as { key: string };
      console.log(`\nPanel users list, ${USERS.toLocaleString('en')} accounts on PostgreSQL (4 conn, 5 s each):`);
      for (const [label, query] of QUERIES) {
        const result = await autocannon({
          url: `${url}/api/panel/users/${query}`,
          headers: { authorization: `Token ${key}` },
          connections: 4,
          duration: 5,
        });
        const errors = result.errors + result.non2xx;
        const ok = result.latency.p99 < P99_BUDGET_MS && errors === 0;
        pass &&= ok;
        console.log(
          `  ${label.padEnd(36)} ${result.requests.average.toFixed(0).padStart(5)} req/s, p99 ${result.latency.p99} ms, ` +
            `errors ${errors}  ${ok ? 'PASS' : 'FAIL'} (p99 < ${P99_BUDGET_MS} ms)`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  return pass;
}

// Run alone: `node scripts/bench-users.ts` (DATABASE_URL or the local test database).
if (import.meta.main) await benchUsers(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
