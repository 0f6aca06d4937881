// The API's hot path on PostgreSQL, in one table: a bare Fastify route, /healthz, GET /api/users/ with a login token
// and GET /api/home/, each with req/s and p99 under the same load, and the ratios the issue sets targets for
// (/healthz ≥ 50% of bare Fastify, the authenticated read ≥ 40% of /healthz, p99 ≤ 20 ms). Figures only: on a shared
// 2-core machine the load generator, the server and PostgreSQL compete for the same cores, so they vary run to run.
// `npm run bench` runs it; alone: `node scripts/bench-hot-path.ts` (DATABASE_URL, else the local test database).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, root, startSite, stopProcess } from './site-process.ts';

const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = 50;
const DURATION_S = 8;

interface Figures {
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up first (JIT, pool connections, prepared statements), not counted.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Whether DATABASE_URL's PostgreSQL (or the local default) answers: the PostgreSQL figures need it. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function bareFastify(): Promise<Figures> {
  const port = await freePort();
  const child = spawn(resolve(root, 'node_modules/.bin/node'), ['scripts/bench-bare-fastify.ts', String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && ready());
    child.once('exit', (code) => fail(new Error(`bare Fastify exited (${code})`)));
  });
  try {
    return await load(`http://127.0.0.1:${port}/healthz`);
  } finally {
    await stopProcess(child);
  }
}

export async function benchHotPath(): Promise<void> {
  console.log(
    `\nThe API's hot path on PostgreSQL (${CONNECTIONS} connections, ${DURATION_S} s each, after 2 s warm-up):`,
  );
  if (!(await postgresReachable())) {
    console.log(`  not measured: ${POSTGRES_URL} is not reachable (set DATABASE_URL)`);
    return;
  }
  const { hashPassword, usersRepository } = await import('../server/domains/accounts/index.ts');
  const { openPostgres } = await import('../server/db/pg.ts');
  const { migrate } = await import('../server/db/migrate.ts');
  const email = `bench-hot-${Date.now()}@example.com`;
  const password = 'bench passphrase 2024';
  const db = openPostgres({ connectionString: POSTGRES_URL });
  await migrate(db);
  await usersRepository(db).create({
    email,
    passwordHash: await hashPassword(password),
    language: 'ru',
    emailVerified: true,
  });

  const rows: [string, Figures][] = [['bare Fastify (own process)', await bareFastify()]];
  // The production configuration: request logging at info (to a pipe), rate limits on (no route below has one).
  const site = await startSite({
    databaseUrl: POSTGRES_URL,
    env: { LOG_LEVEL: 'info', NODE_ENV: 'production', SECRET_KEY: 'b'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1' },
  });
  try {
    const login = await fetch(`${site.url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { key } = (await login.json()) as { key: string };
    rows.push(['GET /healthz', await load(`${site.url}/healthz`)]);
    rows.push(['GET /api/users/ + token', await load(`${site.url}/api/users/`, { authorization: `Token ${key}` })]);
    rows.push(['GET /api/home/', await load(`${site.url}/api/home/`, { 'accept-language': 'ru' })]);
  } finally {
    await site.stop();
    await db.query('DELETE FROM users WHERE email = $1', [email]);
    await db.close();
  }

  const [bare, health, users] = rows.map(([, figures]) => figures) as [Figures, Figures, Figures];
  const pct = (a: Figures, b: Figures) => `${((a.rps / b.rps) * 100).toFixed(0)}%`;
  console.log('  target                          req/s    p99 ms  errors  vs bare  vs /healthz');
  for (const [name, figures] of rows) {
    console.log(
      `  ${name.padEnd(30)} ${figures.rps.toFixed(0).padStart(7)} ${String(figures.p99).padStart(9)} ${String(figures.errors).padStart(7)}` +
        `  ${pct(figures, bare).padStart(7)}  ${name === 'bare Fastify (own process)' ? '' : pct(figures, health).padStart(11)}`,
    );
  }
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(`  /healthz ≥ 50% of bare Fastify: ${pct(health, bare)} ${verdict(health.rps >= bare.rps * 0.5)}`);
  console.log(`  GET /api/users/ ≥ 40% of /healthz: ${pct(users, health)} ${verdict(users.rps >= health.rps * 0.4)}`);
  console.log(`  GET /api/users/ p99 ≤ 20 ms: ${users.p99} ms ${verdict(users.p99 <= 20)}`);
}

if (import.meta.main) await benchHotPath();
