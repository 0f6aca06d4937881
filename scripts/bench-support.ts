// What the PostgreSQL benches share: a scratch schema to seed at scale, an API signed in as staff over it, and a
// p99 table against a budget. Each bench keeps only its data and its queries.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/pg.ts';
import { hashPassword, usersRepository } from '../server/domains/accounts/index.ts';

/** The value below which `p` per cent of the sorted figures lie. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The configuration a bench's API runs with: no rate limits (the load is the point), quiet logs. */
export const benchConfig = () =>
  loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off', PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'warn' });

/**
 * A migrated schema of its own on `connectionString`, with a pool as an API process has it (10 connections, so
 * concurrent requests queue as they would), dropped afterwards whatever happens.
 */
export async function withScratchSchema<T>(
  connectionString: string,
  name: string,
  run: (db: Db) => Promise<T>,
): Promise<T> {
  const schema = `bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = openPostgres({ connectionString, schema, max: 10 });
  try {
    await migrate(db);
    return await run(db);
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

/** The API over `db` on a free port, with a staff member signed in (a superuser unless permissions are named). */
export async function withStaffApi<T>(
  db: Db,
  permissions: readonly string[] | 'superuser',
  run: (url: string, key: string) => Promise<T>,
): Promise<T> {
  const email = 'bench-staff@example.com';
  const password = 'bench passphrase 2024';
  await usersRepository(db).create({
    email,
    passwordHash: await hashPassword(password),
    language: 'en',
    emailVerified: true,
    isStaff: true,
    ...(permissions === 'superuser' ? { isSuperuser: true } : { permissions: [...permissions] }),
  });
  const app = await buildApp({ config: benchConfig(), db, serveSite: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { key } = (await login.json()) as { key: string };
    return await run(url, key);
  } finally {
    await app.close();
  }
}

/**
 * Loads each `[label, url]` for 5 s with the staff key and prints req/s and p99 against the budget; true when every
 * one kept within it without errors.
 */
export async function measureReads(
  key: string,
  reads: readonly (readonly [label: string, url: string])[],
  { connections, budgetMs }: { readonly connections: number; readonly budgetMs: number },
): Promise<boolean> {
  const width = Math.max(...reads.map(([label]) => label.length)) + 2;
  let pass = true;
  for (const [label, url] of reads) {
    // The first read is timed on its own: it pays what a read does once (a dashboard storing the closed days'
    // totals, the server's first plan of each statement), which one slow request in a 5 s run would make its p99.
    const started = performance.now();
    const first = await fetch(url, { headers: { authorization: `Token ${key}` } });
    await first.arrayBuffer();
    const firstMs = Math.round(performance.now() - started);
    const result = await autocannon({ url, headers: { authorization: `Token ${key}` }, connections, duration: 5 });
    const errors = result.errors + result.non2xx + (first.ok ? 0 : 1);
    const ok = result.latency.p99 < budgetMs && errors === 0;
    pass &&= ok;
    console.log(
      `  ${label.padEnd(width)} ${result.requests.average.toFixed(0).padStart(5)} req/s, p99 ${result.latency.p99} ms, ` +
        `errors ${errors}  ${ok ? 'PASS' : 'FAIL'} (p99 < ${budgetMs} ms; the first read alone: ${firstMs} ms)`,
    );
  }
  return pass;
}
