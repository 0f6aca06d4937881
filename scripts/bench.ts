// `npm run bench`: prints figures, and PASS/FAIL against the budgets. Speed targets live here, never in timed tests.
//   - production build time of the shell and of one remote
//   - the public site's speed (scripts/bench-site-speed.ts): gzip JavaScript of a cold visit to /, /en and /about in
//     Chromium against a single-bundle build of the same pages, and Lighthouse mobile
//   - the same for a signed-in customer's /order and /ip (scripts/bench-customer-js.ts)
//   - server rendering (scripts/bench-ssr.ts): render time p95 in the worker and the throughput of / against the same
//     server rendering nothing
//   - requests per second and p99 latency of GET /api/pages/{slug}/ on PGlite and on PostgreSQL
//   - the API's hot path on PostgreSQL in one table (scripts/bench-hot-path.ts): bare Fastify, /healthz,
//     GET /api/users/ with a token and GET /api/home/, req/s and p99 with their ratios
//   - a 300 MB release upload streamed to disk: MB/s and peak RSS growth (scripts/bench-version-upload.ts)
//   - ledger postings and orders per second on PostgreSQL (scripts/bench-ledger.ts, scripts/bench-orders.ts), the
//     latter for one busy place at 50 buyers, with PASS/FAIL against 100 orders/s and a check that no modem was
//     oversold
//   - the panel's users list with 100,000 accounts on PostgreSQL (scripts/bench-users.ts): search, filters and sorts,
//     p99 each with PASS/FAIL against its budget
//   - the panel home's dashboard at 100,000 customers and 1,000,000 ledger entries on PostgreSQL
//     (scripts/bench-dashboard.ts): p99 per widget with PASS/FAIL against 100 ms
//   - webhook delivery past a receiver that never answers (scripts/bench-webhooks.ts): how soon twenty answering
//     receivers get every event, with PASS/FAIL against 5 s
//   - the cluster (scripts/bench-cluster.ts): 3 API processes behind HAProxy and 2 farm agents under a mix of the
//     customer journey's calls, one process killed and one restarted halfway, with PASS/FAIL invariants; alone with
//     `npm run bench -- cluster`
//   - the farm (scripts/bench-farm.ts): 100 simulated farm hosts reporting over 3 days of traffic history while
//     customers order, rotate and read, with PASS/FAIL against the report, order and orders/s budgets; alone with
//     `npm run bench -- farm` (`--fresh` seeds its database again)
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { benchHotPath, postgresReachable } from './bench-hot-path.ts';
import { benchSiteSpeed } from './bench-site-speed.ts';
import { root, startSite } from './site-process.ts';

// `npm run bench -- cluster`: only the cluster's load and failover bench (scripts/bench-cluster.ts), which needs
// PostgreSQL, Redis and HAProxy and takes a minute or two.
if (process.argv.includes('cluster')) {
  const { benchCluster } = await import('./bench-cluster.ts');
  process.exit((await benchCluster()) ? 0 : 1);
}
// `npm run bench -- farm`: only the farm simulation (scripts/bench-farm.ts); its first run at a scale seeds minutes.
if (process.argv.includes('farm')) {
  const { benchFarm } = await import('./bench-farm.ts');
  process.exit((await benchFarm({ fresh: process.argv.includes('--fresh') })) ? 0 : 1);
}

const webpackBin = resolve(root, 'node_modules/.bin/webpack');
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function timeBuild(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(webpackBin, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`webpack ${args.join(' ')} failed`);
  return (performance.now() - started) / 1000;
}

async function load(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections: 10, duration: 8, headers: { 'accept-language': 'ru' } });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

console.log('Production builds (2 cores):');
console.log(`  shell               ${timeBuild(['--config', 'webpack.shell.js']).toFixed(1)} s`);
console.log(
  `  marketing remote    ${timeBuild(['--config', 'webpack.remotes.js', '--env', 'remote=marketing']).toFixed(1)} s`,
);
// Bring every other remote's output back in case the single build above left it missing.
timeBuild(['--config', 'webpack.remotes.js']);

await benchSiteSpeed();
await (await import('./bench-customer-js.ts')).benchCustomerJs();
await (await import('./bench-ssr.ts')).benchServerRendering();

const site = await startSite();
try {
  const pglite = await load(`${site.url}/api/pages/about/`);
  console.log('\nGET /api/pages/about/ (10 connections, 8 s):');
  console.log(`  PGlite       ${pglite.rps.toFixed(0)} req/s, p99 ${pglite.p99} ms, errors ${pglite.errors}`);
} finally {
  await site.stop();
}

if (await postgresReachable()) {
  const onPostgres = await startSite({ databaseUrl: POSTGRES_URL });
  try {
    const result = await load(`${onPostgres.url}/api/pages/about/`);
    console.log(`  PostgreSQL   ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, errors ${result.errors}`);
  } finally {
    await onPostgres.stop();
  }
} else {
  console.log(`  PostgreSQL   not measured: ${POSTGRES_URL} is not reachable (set DATABASE_URL)`);
}

// ---- Accounts: login (argon2id) and GET /api/users/ with a token, on PostgreSQL ----
// Rate limits are off for this server process: the point is the cost of a login, not the limiter.
{
  const { hashPassword, usersRepository } = await import('../server/domains/accounts/index.ts');
  const { openPostgres } = await import('../server/db/pg.ts');
  const { migrate } = await import('../server/db/migrate.ts');

  const hashes = 10;
  const hashStarted = performance.now();
  for (let i = 0; i < hashes; i++) await hashPassword(`bench password ${i}`);
  console.log('\nAccounts:');
  console.log(`  argon2id hash (m=19 MiB, t=2, p=1)   ${((performance.now() - hashStarted) / hashes).toFixed(1)} ms`);

  if (await postgresReachable()) {
    const email = `bench-${Date.now()}@example.com`;
    const password = 'bench passphrase 2024';
    const db = openPostgres({ connectionString: POSTGRES_URL });
    await migrate(db);
    await usersRepository(db).create({
      email,
      passwordHash: await hashPassword(password),
      language: 'ru',
      emailVerified: true,
    });
    const previous = process.env.RATE_LIMITS;
    process.env.RATE_LIMITS = 'off';
    const accounts = await startSite({ databaseUrl: POSTGRES_URL });
    if (previous === undefined) delete process.env.RATE_LIMITS;
    else process.env.RATE_LIMITS = previous;
    try {
      const body = JSON.stringify({ email, password });
      const logins = await autocannon({
        url: `${accounts.url}/api/auth/login/`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        connections: 4,
        duration: 8,
      });
      console.log(
        `  POST /api/auth/login/ (4 conn, 8 s)  ${logins.requests.average.toFixed(0)} req/s, ` +
          `p99 ${logins.latency.p99} ms, errors ${logins.errors + logins.non2xx}`,
      );
      const login = await fetch(`${accounts.url}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const { key } = (await login.json()) as { key: string };
      const me = await autocannon({
        url: `${accounts.url}/api/users/`,
        headers: { authorization: `Token ${key}` },
        connections: 10,
        duration: 8,
      });
      console.log(
        `  GET /api/users/ (10 conn, 8 s)       ${me.requests.average.toFixed(0)} req/s, ` +
          `p99 ${me.latency.p99} ms, errors ${me.errors + me.non2xx}`,
      );
    } finally {
      await accounts.stop();
      await db.query('DELETE FROM users WHERE email = $1', [email]);
      await db.close();
    }
  } else {
    console.log(`  login and GET /api/users/ not measured: ${POSTGRES_URL} is not reachable (set DATABASE_URL)`);
  }
}

await benchHotPath();

await (await import('./bench-images.ts')).benchImages();
await (await import('./bench-version-upload.ts')).benchVersionUpload();

if (await postgresReachable()) {
  await (await import('./bench-ledger.ts')).benchLedger(POSTGRES_URL);
  if (!(await (await import('./bench-orders.ts')).benchOrders(POSTGRES_URL))) process.exitCode = 1;
  await (await import('./bench-users.ts')).benchUsers(POSTGRES_URL);
  // Their FAIL lines are budgets missed: the run's exit code says so too.
  if (!(await (await import('./bench-dashboard.ts')).benchDashboard(POSTGRES_URL))) process.exitCode = 1;
  if (!(await (await import('./bench-webhooks.ts')).benchWebhooks(POSTGRES_URL))) process.exitCode = 1;
  if (!(await (await import('./bench-cluster.ts')).benchCluster())) process.exitCode = 1;
  if (!(await (await import('./bench-farm.ts')).benchFarm())) process.exitCode = 1;
} else {
  console.log(
    `\nLedger postings, orders, the users list and webhook delivery not measured: ${POSTGRES_URL} is not reachable (set DATABASE_URL)`,
  );
}

// The farm gateway through the agent against going direct (#12); its script is a whole run of its own.
console.log('\nThe farm gateway (agent) against going direct, on loopback:');
spawnSync(resolve(root, 'node_modules/.bin/node'), ['scripts/bench-gateway.ts'], { cwd: root, stdio: 'inherit' });
