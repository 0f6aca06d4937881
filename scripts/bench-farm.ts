// The farm simulation bench (`npm run bench -- farm` alone; part of `npm run bench`, #42): the cluster of
// `npm run cluster` (3 API processes behind HAProxy, this machine's PostgreSQL and Redis) without its agents, and in
// their place simulated farm hosts (scripts/farm-sim/host.ts, all in this process) speaking the real protocol over
// HTTP: each long-polls its config (protocol 2), reports every 10 s its modems and the running minute's traffic of
// each of its proxies, and answers the rotations it is sent. The database holds days of traffic history for those
// proxies (with their hourly and daily sums), seeded once into a database of its own and reused while the scale is
// the same (`--fresh` seeds it again). While the hosts report, customers order in one busy place (50 buyers, each
// order with its own Idempotency-Key), rotate their proxies ("change IP now", which answers once the host's result is
// in) and read their proxies and traffic charts. Printed: report p50/p99, order p50/p99, orders/s for the place,
// config bytes per second sent to the hosts, rotations per second end to end, the database's size, and what
// saturates first (CPU of the API processes and of PostgreSQL's backends for this database, the API's database pool,
// the whole machine), sampled once a second. Budgets: report p99 <= 50 ms, order p99 <= 200 ms, >= 100 orders/s.
//
// Scale (the issue's by default): BENCH_FARM_HOSTS (100), BENCH_FARM_MODEMS per host (50), BENCH_FARM_HISTORY_DAYS
// (3, the most minutes are kept), BENCH_FARM_SECONDS of load (60). BENCH_FARM_PORT: HAProxy's (8110; the API
// processes take the next three).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Currency } from '@proxy/contract/money';
import type { Db } from '../server/db/db.ts';
import { openPostgres } from '../server/db/pg.ts';
import { hashPassword, usersRepository } from '../server/domains/accounts/index.ts';
import { billingService } from '../server/domains/billing/index.ts';
import { farmService } from '../server/domains/farm/index.ts';
import { percentile } from './bench-support.ts';
import { CLUSTER_METRICS_TOKEN, startCluster, type Cluster } from './cluster.ts';
import { SimulatedHost } from './farm-sim/host.ts';
import { root } from './site-process.ts';

/** The issue's scale has this database; another scale one of its own, so a small run leaves the big seed alone. */
const DATABASE = 'proxymob_farm_bench';
const POSTGRES_SERVER = process.env.CLUSTER_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
const PASSWORD = 'bench password 1';
const BUYERS = 50;
const ROTATORS = 8;
const READERS = 4;
/** Proxies' owners: the history's proxies are shared among them. */
const OWNERS = 20;
/** Modems carrying the history's proxies (one each); the rest of a host's modems are the busy place's. */
const HISTORY_SHARE = 0.6;
/** Where the history's proxies are, and where everybody orders: a place of its own, away from the seed's. */
const FARM_PLACE = { country: 'RU', city: 'Farm City', operator: 'FarmTel' } as const;
const BUSY_PLACE = { country: 'RU', city: 'Bench City', operator: 'BenchTel' } as const;
const BUDGETS = { reportP99Ms: 50, orderP99Ms: 200, ordersPerSecond: 100 } as const;
/** Past this share of a resource it is saturated. */
const SATURATED = 0.9;
/** A seed older than this is made again: its history no longer ends now, and the prune has begun taking it. */
const SEED_MAX_AGE_MS = 24 * 3_600_000;

interface Scale {
  readonly database: string;
  readonly hosts: number;
  readonly modems: number;
  readonly historyDays: number;
  readonly seconds: number;
}

function scaleFromEnv(env: Readonly<Record<string, string | undefined>>): Scale {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    if (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
    problems.push(`${name}: a whole number from ${min} to ${max}, got "${text}"`);
    return fallback;
  };
  const scale = {
    hosts: integer('BENCH_FARM_HOSTS', 100, 1, 1_000),
    modems: integer('BENCH_FARM_MODEMS', 50, 2, 1_000),
    historyDays: integer('BENCH_FARM_HISTORY_DAYS', 3, 0, 3),
    seconds: integer('BENCH_FARM_SECONDS', 60, 10, 3_600),
  };
  if (problems.length > 0) throw new Error(`npm run bench -- farm: ${problems.join('; ')}`);
  const issue = scale.hosts === 100 && scale.modems === 50 && scale.historyDays === 3;
  const suffix = `_h${scale.hosts}_m${scale.modems}_d${scale.historyDays}`;
  return { ...scale, database: issue ? DATABASE : `${DATABASE}${suffix}` };
}

/** What the seeded database holds, written as its comment once the seed is whole. */
const seedKey = (scale: Scale) => `farm-bench hosts=${scale.hosts} modems=${scale.modems} days=${scale.historyDays}`;

/** True when the database holds a whole seed of this scale, young enough to reuse. */
async function seededAlready(scale: Scale): Promise<boolean> {
  const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [scale.database],
    );
    const match = /^(.*) seeded=(\S+)$/.exec(rows[0]?.comment ?? '');
    return !!match && match[1] === seedKey(scale) && Date.now() - Date.parse(match[2] as string) < SEED_MAX_AGE_MS;
  } finally {
    await admin.end();
  }
}

interface Farm {
  readonly hosts: { id: number; name: string; modems: { id: number; key: string }[] }[];
  /** The history's proxies by owner id. */
  readonly proxiesByOwner: Map<number, number[]>;
  readonly historyRows: number;
}

const hostName = (n: number) => `farm-${String(n).padStart(3, '0')}`;
const ownerEmail = (n: number) => `farm-owner-${n}@bench.example`;

/** Hosts, modems, the history's proxies and their minutes, hourly and daily sums. */
async function seedFarm(db: Db, scale: Scale, log: (line: string) => void): Promise<void> {
  const farm = farmService(db);
  const historyModems = Math.max(1, Math.round(scale.modems * HISTORY_SHARE));
  const started = Date.now();
  // Two ports per proxy; the busy place's modems carry up to 100 each, so ports for every order a run can place.
  const portSpan = Math.min(60_000, 2 * (historyModems + (scale.modems - historyModems) * 100) + 100);
  for (let n = 0; n < scale.hosts; n++) {
    const { host } = await farm.createHost({
      name: hostName(n),
      publicHost: `${hostName(n)}.bench.example`,
      portMin: 2_000,
      portMax: 2_000 + portSpan - 1,
    });
    await db.query(
      `INSERT INTO modems (host_id, name, key, country, city, operator, status, ip, capacity)
       SELECT $1, 'Farm ' || n, 'sim-' || n,
              CASE WHEN n <= $2 THEN $3 ELSE $6 END, CASE WHEN n <= $2 THEN $4 ELSE $7 END,
              CASE WHEN n <= $2 THEN $5 ELSE $8 END, 'online', '198.51.100.' || (1 + n % 250),
              CASE WHEN n <= $2 THEN 1 ELSE 100 END
         FROM generate_series(1, $9) AS n`,
      [
        host.id,
        historyModems,
        FARM_PLACE.country,
        FARM_PLACE.city,
        FARM_PLACE.operator,
        BUSY_PLACE.country,
        BUSY_PLACE.city,
        BUSY_PLACE.operator,
        scale.modems,
      ],
    );
  }
  log(`${scale.hosts} hosts, ${scale.hosts * scale.modems} modems in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const users = usersRepository(db);
  const passwordHash = await hashPassword(PASSWORD);
  const owners: number[] = [];
  for (let n = 0; n < OWNERS; n++) {
    const user = await users.create({ email: ownerEmail(n), passwordHash, language: 'en', emailVerified: true });
    if (!user) throw new Error(`${ownerEmail(n)} exists`);
    owners.push(user.id);
  }
  const modems = await db.query<{ id: number }>(
    `SELECT m.id::int AS id FROM modems m JOIN agent_hosts h ON h.id = m.host_id
      WHERE h.name LIKE 'farm-%' AND m.city = $1 ORDER BY m.id`,
    [FARM_PLACE.city],
  );
  const proxyStarted = Date.now();
  const expiresAt = new Date(Date.now() + 365 * 86_400_000);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < modems.length; i = next++) {
        await farm.createProxy({
          ownerId: owners[i % OWNERS] as number,
          modemId: (modems[i] as { id: number }).id,
          expiresAt,
        });
      }
    }),
  );
  log(`${modems.length} proxies in ${((Date.now() - proxyStarted) / 1000).toFixed(0)} s`);

  if (scale.historyDays > 0) {
    const historyStarted = Date.now();
    await db.query(
      `SELECT traffic_minutes_days((now() AT TIME ZONE 'UTC')::date - $1::int, (now() AT TIME ZONE 'UTC')::date + 1)`,
      [scale.historyDays],
    );
    const proxyIds = (
      await db.query<{ id: number }>(
        `SELECT p.id::int AS id FROM proxies p JOIN modems m ON m.id = p.modem_id WHERE m.city = $1 ORDER BY p.id`,
        [FARM_PLACE.city],
      )
    ).map((row) => row.id);
    // Every minute of the last `historyDays` days up to the running one, an hour's worth of the history at a time so
    // that each statement stays a few hundred thousand rows and the log shows progress.
    const hours = scale.historyDays * 24;
    for (let hour = hours; hour > 0; hour--) {
      await db.query(
        `INSERT INTO traffic_minutes (proxy_id, minute, bytes_in, bytes_out)
         SELECT p, m, 20000 + (p * 7919 + extract(epoch FROM m)::bigint) % 200000,
                200000 + (p * 104729 + extract(epoch FROM m)::bigint) % 2000000
           FROM unnest($1::int[]) AS p,
                generate_series(date_trunc('minute', now()) - make_interval(hours => $2),
                                date_trunc('minute', now()) - make_interval(hours => $2 - 1) - interval '1 minute',
                                interval '1 minute') AS m`,
        [proxyIds, hour],
      );
      if (hour % 12 === 1) {
        log(`history: ${hours - hour + 1} of ${hours} hours (${((Date.now() - historyStarted) / 1000).toFixed(0)} s)`);
      }
    }
    // The sums the charts read: hours for the minutes' days, and their days.
    await db.query(
      `INSERT INTO traffic_rollups (proxy_id, period, starts_at, bytes_in, bytes_out)
       SELECT p, 'hour', h, 60 * 120000, 60 * 1200000
         FROM unnest($1::int[]) AS p,
              generate_series(date_trunc('hour', now()) - make_interval(hours => $2), date_trunc('hour', now()),
                              interval '1 hour') AS h
       ON CONFLICT DO NOTHING`,
      [proxyIds, hours],
    );
    await db.query(
      `INSERT INTO traffic_rollups (proxy_id, period, starts_at, bytes_in, bytes_out)
       SELECT p, 'day', d, 1440 * 120000, 1440 * 1200000
         FROM unnest($1::int[]) AS p,
              generate_series(date_trunc('day', now(), 'UTC') - make_interval(days => $2), date_trunc('day', now(), 'UTC'),
                              interval '1 day') AS d
       ON CONFLICT DO NOTHING`,
      [proxyIds, scale.historyDays],
    );
    log(`history: minutes, hourly and daily sums in ${((Date.now() - historyStarted) / 1000).toFixed(0)} s`);
  }
  await db.query('ANALYZE');
}

/** The seeded farm as this run uses it, each host with a fresh token (the last run's are unknown). */
async function loadFarm(db: Db): Promise<Farm & { tokens: Map<number, string> }> {
  const farm = farmService(db);
  const rows = await db.query<{ host_id: number; name: string; modem_id: number; key: string }>(
    `SELECT h.id::int AS host_id, h.name, m.id::int AS modem_id, m.key
       FROM agent_hosts h JOIN modems m ON m.host_id = h.id WHERE h.name LIKE 'farm-%' ORDER BY h.id, m.id`,
  );
  const hosts = new Map<number, Farm['hosts'][number]>();
  for (const row of rows) {
    const host = hosts.get(row.host_id) ?? { id: row.host_id, name: row.name, modems: [] };
    host.modems.push({ id: row.modem_id, key: row.key });
    hosts.set(row.host_id, host);
  }
  const tokens = new Map<number, string>();
  for (const id of hosts.keys()) tokens.set(id, (await farm.regenerateHostToken(id)) as string);
  const proxiesByOwner = new Map<number, number[]>();
  for (const row of await db.query<{ id: number; owner_id: number }>(
    `SELECT p.id::int AS id, p.owner_id::int AS owner_id FROM proxies p JOIN modems m ON m.id = p.modem_id
      WHERE m.city = $1 ORDER BY p.id`,
    [FARM_PLACE.city],
  )) {
    proxiesByOwner.set(row.owner_id, [...(proxiesByOwner.get(row.owner_id) ?? []), row.id]);
  }
  // The planner's count of the minutes' partitions: exact enough, and instant where count(*) takes seconds.
  const [history] = await db.query<{ rows: number }>(
    `SELECT coalesce(sum(c.reltuples), 0)::bigint::float8 AS rows FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'traffic_minutes'::regclass AND c.reltuples > 0`,
  );
  return { hosts: [...hosts.values()], proxiesByOwner, historyRows: history?.rows ?? 0, tokens };
}

// ---- Saturation: CPU from /proc, the pool from each API's /metrics ----

const TICKS_PER_SECOND = 100;
const CORES = cpus().length;

function processTicks(pid: number): number | undefined {
  try {
    // The command may hold spaces and parentheses: the fields after its closing parenthesis are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return undefined;
  }
}

function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] as string;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** This process's children running the API (server/server.ts), by pid. */
function apiPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/server.ts')) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

interface Resource {
  readonly name: string;
  readonly shares: number[];
  firstSaturatedAt?: number;
}

/** Samples every second until stopped; each resource's share of its capacity per sample. */
function startSampler(cluster: Cluster, db: Db, database: string, started: number) {
  const resources = new Map<string, Resource>();
  const record = (name: string, share: number, at: number) => {
    const resource = resources.get(name) ?? { name, shares: [] };
    resource.shares.push(share);
    // Two samples in a row past the mark: one busy second is a blip, not a ceiling.
    const last = resource.shares.at(-2);
    if (resource.firstSaturatedAt === undefined && share >= SATURATED && last !== undefined && last >= SATURATED) {
      resource.firstSaturatedAt = (at - started) / 1000;
    }
    resources.set(name, resource);
  };
  let previous:
    | { at: number; machine: { busy: number; total: number }; pids: Map<number, number>; own: NodeJS.CpuUsage }
    | undefined;
  const pools = { waitingPeak: 0 };
  /** Backends seen in each state, summed over the samples. */
  const backendStates = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = Date.now();
      const apis = apiPids();
      const activity = await db.query<{ pid: number; doing: string }>(
        // What each backend of this database is doing now: on CPU, waiting for a lock (and which kind), for I/O, or
        // idle inside a transaction (its API process has not sent the next statement yet).
        `SELECT pid, CASE WHEN state = 'active' AND wait_event_type IS NULL THEN 'running'
                          WHEN state = 'active' THEN lower(wait_event_type) || ' ' || wait_event
                          ELSE state END AS doing
           FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        [database],
      );
      const backends = activity.map((row) => row.pid);
      for (const { doing } of activity) backendStates.set(doing, (backendStates.get(doing) ?? 0) + 1);
      samples++;
      const pids = new Map<number, number>();
      for (const pid of [...apis, ...backends]) {
        const ticks = processTicks(pid);
        if (ticks !== undefined) pids.set(pid, ticks);
      }
      const machine = machineTicks();
      if (previous) {
        const seconds = (at - previous.at) / 1000;
        const used = (pid: number) => {
          const before = previous?.pids.get(pid);
          const now = pids.get(pid);
          return before === undefined || now === undefined ? 0 : (now - before) / TICKS_PER_SECOND / seconds;
        };
        // An API process runs JavaScript on one core: its share is of one core.
        record('API process CPU (busiest of 3, of one core)', Math.max(0, ...apis.map(used)), at);
        record(
          `PostgreSQL CPU (this database's backends, of ${CORES} cores)`,
          backends.reduce((sum, pid) => sum + used(pid), 0) / CORES,
          at,
        );
        record(
          `machine CPU (everything on it, of ${CORES} cores)`,
          (machine.busy - previous.machine.busy) / Math.max(1, machine.total - previous.machine.total),
          at,
        );
      }
      const own = process.cpuUsage();
      if (previous) {
        const seconds = (at - previous.at) / 1000;
        const used = (own.user + own.system - previous.own.user - previous.own.system) / 1e6;
        // The simulated hosts and the customers run in this one process: it must not be what limits the figures.
        record('load generator CPU (this process: hosts and customers, of one core)', used / seconds, at);
      }
      previous = { at, machine, pids, own };
      // The pool: the busiest process's connections in use out of its limit.
      let poolShare = 0;
      for (const api of cluster.apis) {
        const text = await fetch(`${api.url}/metrics`, {
          headers: { authorization: `Bearer ${CLUSTER_METRICS_TOKEN}` },
          signal: AbortSignal.timeout(2_000),
        })
          .then((response) => (response.ok ? response.text() : ''))
          .catch(() => '');
        const gauge = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
        const busy = gauge(/^db_pool_connections\{state="busy"\} (\S+)$/m);
        const max = gauge(/^db_pool_connections\{state="max"\} (\S+)$/m);
        const waiting = gauge(/^db_pool_waiting (\S+)$/m);
        if (max > 0) poolShare = Math.max(poolShare, (busy + waiting) / max);
        pools.waitingPeak = Math.max(pools.waitingPeak, waiting);
      }
      record('database pool (busiest API process: in use + waiting, of its max)', poolShare, at);
      await new Promise((done) => setTimeout(done, Math.max(0, 1_000 - (Date.now() - at))));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const average = (doing: string) => (backendStates.get(doing) ?? 0) / Math.max(1, samples);
      const working = [...backendStates]
        .filter(([doing]) => doing !== 'idle' && doing !== 'idle in transaction')
        .reduce((sum, [, seen]) => sum + seen / Math.max(1, samples), 0);
      const backends = [...backendStates]
        .sort((a, b) => b[1] - a[1])
        .map(([doing, seen]) => `${(seen / Math.max(1, samples)).toFixed(1)} ${doing}`);
      return {
        resources: [...resources.values()],
        pools,
        backends,
        idleInTransaction: average('idle in transaction'),
        working,
      };
    },
  };
}

/** The pools' wait counters, summed over the processes (cumulative since each started): read around the window. */
async function scrapePoolWait(cluster: Cluster): Promise<{ sum: number; count: number }> {
  let sum = 0;
  let count = 0;
  for (const api of cluster.apis) {
    const text = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${CLUSTER_METRICS_TOKEN}` } })
      .then((response) => response.text())
      .catch(() => '');
    sum += Number(/^db_pool_wait_seconds_sum (\S+)$/m.exec(text)?.[1] ?? 0);
    count += Number(/^db_pool_wait_seconds_count (\S+)$/m.exec(text)?.[1] ?? 0);
  }
  return { sum, count };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export async function benchFarm(options: { fresh?: boolean } = {}): Promise<boolean> {
  const scale = scaleFromEnv(process.env);
  const log = (line: string) => console.log(`  ${line}`);
  console.log(
    `\nThe farm under load (${scale.hosts} simulated hosts × ${scale.modems} modems, ${scale.historyDays} days of ` +
      `traffic history, ${scale.seconds} s; 3 API processes behind HAProxy):`,
  );
  const fresh = !!options.fresh || !(await seededAlready(scale));
  const cluster = await startCluster({
    database: scale.database,
    fresh,
    port: Number(process.env.BENCH_FARM_PORT ?? 8110),
    runDir: join(root, '.data', 'farm-bench'),
    // BENCH_FARM_AGENT_POOL=0 and BENCH_FARM_PROTOCOL=2: the API and hosts of before #42's deltas and agents' pool.
    apiEnv: {
      RATE_LIMITS: 'off',
      ...(process.env.BENCH_FARM_AGENT_POOL ? { DB_AGENT_POOL_SIZE: process.env.BENCH_FARM_AGENT_POOL } : {}),
    },
    agents: false,
    log,
  });
  const db = openPostgres({ connectionString: cluster.databaseUrl, max: 6 });
  const hosts: SimulatedHost[] = [];
  try {
    if (fresh) {
      log(`seeding ${scale.database} (the next run at this scale reuses it; --fresh seeds again)`);
      await seedFarm(db, scale, log);
      const comment = `${seedKey(scale)} seeded=${new Date().toISOString()}`;
      await db.query(`COMMENT ON DATABASE ${scale.database} IS '${comment}'`);
    } else log(`reusing the seeded ${scale.database}`);
    return await run(cluster, db, scale, hosts);
  } finally {
    // Stopped here too when the run failed half-way: their timers would keep this process alive.
    await Promise.all(hosts.map((host) => host.stop()));
    await db.close();
    await cluster.stop();
  }
}

async function run(cluster: Cluster, db: Db, scale: Scale, sims: SimulatedHost[]): Promise<boolean> {
  const log = (line: string) => console.log(`  ${line}`);
  const farm = await loadFarm(db);
  const [plan] = await db.query<{ period_days: number; currency: Currency }>(
    'SELECT period_days, currency FROM plans ORDER BY id LIMIT 1',
  );
  if (!plan) throw new Error('the seed has no plan');

  // ---- Customers: buyers with money, the history's owners, signed in through the balancer ----
  const api = (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Token ${init.token}`);
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`${cluster.url}${path}`, { ...init, headers, redirect: 'manual' });
  };
  const signIn = async (email: string) => {
    const response = await api('/api/auth/login/', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { key: string }).key;
  };
  const users = usersRepository(db);
  const billing = billingService(db, { currency: plan.currency, invoiceTtlMinutes: 60, publicUrl: cluster.url });
  const passwordHash = await hashPassword(PASSWORD);
  const runId = randomUUID().slice(0, 8);
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, async (_, n) => {
      const email = `farm-buyer-${runId}-${n}@bench.example`;
      const user = await users.create({ email, passwordHash, language: 'en', emailVerified: true });
      if (!user) throw new Error(`${email} exists`);
      await billing.post({ userId: user.id, kind: 'adjustment', amount: 1_000_000_000, currency: plan.currency });
      return { id: user.id, token: await signIn(email) };
    }),
  );
  const ownerIds = [...farm.proxiesByOwner.keys()];
  const ownerRows = await db.query<{ id: number; email: string }>(
    'SELECT id::int AS id, email FROM users WHERE id = ANY($1::int[])',
    [ownerIds],
  );
  const owners = await Promise.all(
    ownerRows.map(async (row) => ({
      id: row.id,
      token: await signIn(row.email),
      proxies: farm.proxiesByOwner.get(row.id) ?? [],
    })),
  );
  const proxyCount = [...farm.proxiesByOwner.values()].reduce((sum, ids) => sum + ids.length, 0);
  log(
    `${farm.hosts.length} hosts, ${farm.hosts.reduce((sum, host) => sum + host.modems.length, 0)} modems, ` +
      `${proxyCount} proxies with history, ${(farm.historyRows / 1e6).toFixed(1)} M rows in traffic_minutes`,
  );

  // ---- The simulated hosts: started, each with its first config before the measured window opens ----
  let measuring = false;
  const reports: number[] = [];
  const reportStatuses = new Map<number, number>();
  const config = { config: 0, delta: 0, rotations: 0, configBytes: 0, deltaBytes: 0, rotationsBytes: 0, firstBytes: 0 };
  const protocol = process.env.BENCH_FARM_PROTOCOL ? Number(process.env.BENCH_FARM_PROTOCOL) : undefined;
  const failures = new Map<string, number>();
  sims.push(
    ...farm.hosts.map(
      (host) =>
        new SimulatedHost({
          url: cluster.url,
          token: farm.tokens.get(host.id) as string,
          modems: host.modems,
          ...(protocol === undefined ? {} : { protocol }),
          onConfig: (kind, bytes) => {
            if (!measuring) {
              config.firstBytes += bytes;
              return;
            }
            config[kind]++;
            config[`${kind}Bytes`] += bytes;
          },
          onReport: (ms, status) => {
            if (!measuring) return;
            reports.push(ms);
            reportStatuses.set(status, (reportStatuses.get(status) ?? 0) + 1);
          },
          onError: (what, error) => {
            const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
            failures.set(`${what}: ${cause}`, (failures.get(`${what}: ${cause}`) ?? 0) + 1);
          },
        }),
    ),
  );
  const warmStarted = Date.now();
  // Spread over the report interval, as hosts started at different times are.
  sims.forEach((sim, n) => sim.start((n * 10_000) / sims.length));
  for (const deadline = Date.now() + 120_000; sims.some((sim) => sim.version === null);) {
    if (Date.now() > deadline) throw new Error('not every simulated host got its config within 2 minutes');
    await new Promise((done) => setTimeout(done, 200));
  }
  log(
    `every host has its config in ${((Date.now() - warmStarted) / 1000).toFixed(1)} s ` +
      `(${(config.firstBytes / 1e6).toFixed(1)} MB); load for ${scale.seconds} s`,
  );

  // ---- The load, with the hosts reporting throughout ----
  const orders: number[] = [];
  const orderStatuses = new Map<number, number>();
  const rotations: number[] = [];
  const rotationStatuses = new Map<number, number>();
  const reads: number[] = [];
  const readStatuses = new Map<number, number>();
  const count = (map: Map<number, number>, status: number) => map.set(status, (map.get(status) ?? 0) + 1);
  const poolBefore = await scrapePoolWait(cluster);
  measuring = true;
  const started = Date.now();
  const sampler = startSampler(cluster, db, scale.database, started);
  const end = started + scale.seconds * 1000;
  const timed = async (samples: number[], statuses: Map<number, number>, send: () => Promise<Response>) => {
    const begun = performance.now();
    const response = await send().catch(() => null);
    await response?.arrayBuffer().catch(() => undefined);
    samples.push(performance.now() - begun);
    count(statuses, response?.status ?? 0);
    return response?.status ?? 0;
  };
  await Promise.all([
    ...buyers.map(async (buyer) => {
      for (let n = 0; Date.now() < end; n++) {
        await timed(orders, orderStatuses, () =>
          api('/api/orders/', {
            method: 'POST',
            token: buyer.token,
            headers: { 'idempotency-key': `farm-${runId}-${buyer.id}-${n}` },
            body: JSON.stringify({ ...BUSY_PLACE, period_days: plan.period_days, quantity: 1 }),
          }),
        );
      }
    }),
    ...Array.from({ length: ROTATORS }, async (_, worker) => {
      const owner = owners[worker % owners.length];
      if (!owner || owner.proxies.length === 0) return;
      for (let n = 0; Date.now() < end; n++) {
        // Each proxy of the owner in turn: a proxy rotated a moment ago waits out its cooldown (429).
        const proxy = owner.proxies[(n * ROTATORS + worker) % owner.proxies.length] as number;
        await timed(rotations, rotationStatuses, () =>
          api(`/api/proxies/${proxy}/rotate/`, { method: 'POST', token: owner.token, body: '{}' }),
        );
      }
    }),
    ...Array.from({ length: READERS }, async (_, worker) => {
      const owner = owners[(worker + ROTATORS) % owners.length];
      if (!owner || owner.proxies.length === 0) return;
      const paths = (proxy: number) => [
        '/api/proxies/?page_size=50',
        `/api/proxies/${proxy}/`,
        `/api/proxies/${proxy}/traffic/?range=24h`,
        `/api/proxies/${proxy}/traffic/?range=7d`,
      ];
      for (let n = 0; Date.now() < end; n++) {
        const proxy = owner.proxies[n % owner.proxies.length] as number;
        const path = paths(proxy)[n % 4] as string;
        await timed(reads, readStatuses, () => api(path, { token: owner.token }));
      }
    }),
  ]);
  const seconds = (Date.now() - started) / 1000;
  measuring = false;
  const { resources, pools, backends, idleInTransaction, working } = await sampler.stop();
  const poolAfter = await scrapePoolWait(cluster);
  const load = loadAverage();
  await Promise.all(sims.map((sim) => sim.stop()));

  // ---- The figures ----
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(1);
  const statuses = (map: Map<number, number>) =>
    [...map].map(([status, times]) => `${times}× ${status || 'no answer'}`).join(', ') || 'none';
  const reportSorted = sorted(reports);
  const orderSorted = sorted(orders);
  const rotationSorted = sorted(rotations);
  const readSorted = sorted(reads);
  const placed = orderStatuses.get(201) ?? 0;
  const ordersPerSecond = placed / seconds;
  const rotated = rotationStatuses.get(200) ?? 0;
  const [size] = await db.query<{ bytes: number }>('SELECT pg_database_size($1)::float8 AS bytes', [scale.database]);
  const [oversold] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT p.modem_id FROM proxies p JOIN modems m ON m.id = p.modem_id
       GROUP BY p.modem_id, m.capacity HAVING count(*) > m.capacity) o`,
  );
  const poolWaits = poolAfter.count - poolBefore.count;
  const poolMeanMs = poolWaits > 0 ? ((poolAfter.sum - poolBefore.sum) / poolWaits) * 1000 : 0;

  console.log(`\n  ${seconds.toFixed(0)} s of load, load average at the end ${load} (${CORES} cores):`);
  console.log(
    `  reports          ${reports.length} (${(reports.length / seconds).toFixed(1)}/s), p50 ${ms(percentile(reportSorted, 50))} ms, ` +
      `p99 ${ms(percentile(reportSorted, 99))} ms; ${statuses(reportStatuses)}`,
  );
  console.log(
    `  orders           ${placed} placed (${ordersPerSecond.toFixed(0)}/s for one place, ${BUYERS} buyers), ` +
      `p50 ${ms(percentile(orderSorted, 50))} ms, p99 ${ms(percentile(orderSorted, 99))} ms; ${statuses(orderStatuses)}`,
  );
  console.log(
    `  rotations        ${rotated} end to end (${(rotated / seconds).toFixed(1)}/s, request → the host's result in ` +
      `the answer), p50 ${ms(percentile(rotationSorted, 50))} ms, p99 ${ms(percentile(rotationSorted, 99))} ms; ` +
      `${statuses(rotationStatuses)}`,
  );
  console.log(
    `  reads            ${reads.length} (${(reads.length / seconds).toFixed(0)}/s: proxies, a proxy, 24 h and 7 d charts), ` +
      `p50 ${ms(percentile(readSorted, 50))} ms, p99 ${ms(percentile(readSorted, 99))} ms; ${statuses(readStatuses)}`,
  );
  console.log(
    `  config to hosts  ${((config.configBytes + config.deltaBytes + config.rotationsBytes) / seconds / 1024).toFixed(1)} KB/s: ` +
      `${config.config} configs (${(config.configBytes / 1024).toFixed(0)} KB), ${config.delta} deltas ` +
      `(${(config.deltaBytes / 1024).toFixed(0)} KB), ${config.rotations} rotations answers ` +
      `(${(config.rotationsBytes / 1024).toFixed(0)} KB); the first configs of all hosts ${(config.firstBytes / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `  database         ${((size?.bytes ?? 0) / 2 ** 30).toFixed(2)} GiB (${(farm.historyRows / 1e6).toFixed(1)} M rows ` +
      `in traffic_minutes); pool wait mean ${poolMeanMs.toFixed(2)} ms over ${poolWaits} checkouts, ` +
      `at most ${pools.waitingPeak} waiting in one process`,
  );
  if (failures.size > 0)
    console.log(`  host errors      ${[...failures].map(([what, n]) => `${n}× ${what}`).join(', ')}`);
  console.log(`  PostgreSQL       backends of this database on average: ${backends.join(', ')}`);
  console.log('  resources (mean / peak of 1 s samples; first past 90 %):');
  for (const resource of resources) {
    const mean = resource.shares.reduce((sum, share) => sum + share, 0) / Math.max(1, resource.shares.length);
    const peak = Math.max(0, ...resource.shares);
    console.log(
      `    ${resource.name.padEnd(68)} ${(mean * 100).toFixed(0).padStart(3)} % / ${(peak * 100).toFixed(0).padStart(3)} %` +
        `${resource.firstSaturatedAt === undefined ? '' : `  past 90 % at ${resource.firstSaturatedAt.toFixed(0)} s`}`,
    );
  }
  const saturated = resources
    .filter((resource) => resource.firstSaturatedAt !== undefined)
    .sort((a, b) => (a.firstSaturatedAt as number) - (b.firstSaturatedAt as number));
  const busiest = [...resources].sort(
    (a, b) =>
      b.shares.reduce((s, x) => s + x, 0) / b.shares.length - a.shares.reduce((s, x) => s + x, 0) / a.shares.length,
  )[0];
  console.log(
    `  saturates first: ${
      saturated[0]
        ? `${saturated[0].name} (at ${saturated[0].firstSaturatedAt?.toFixed(0)} s)`
        : `nothing past 90 %; the busiest is ${busiest?.name ?? '?'}`
    }`,
  );
  if (saturated[0]?.name.startsWith('database pool')) {
    // A full pool whose connections sit idle inside transactions waits on the API processes between statements (their
    // CPU, or their event loop), not on PostgreSQL; one whose backends run or wait for locks waits on PostgreSQL.
    console.log(
      idleInTransaction >= working
        ? `  the pool's connections are mostly idle inside transactions (${idleInTransaction.toFixed(1)} against ` +
            `${working.toFixed(1)} running or waiting in PostgreSQL): the API processes are slow between statements ` +
            `(CPU), PostgreSQL is not what holds them`
        : `  the pool's connections are mostly busy in PostgreSQL (${working.toFixed(1)} running or waiting against ` +
            `${idleInTransaction.toFixed(1)} idle inside transactions): PostgreSQL (or its locks) holds them`,
    );
  }

  const checks: [string, boolean][] = [
    [
      `report p99 ${ms(percentile(reportSorted, 99))} ms ≤ ${BUDGETS.reportP99Ms} ms, every report accepted`,
      reports.length > 0 &&
        percentile(reportSorted, 99) <= BUDGETS.reportP99Ms &&
        reportStatuses.size === 1 &&
        reportStatuses.has(204),
    ],
    [
      `order p99 ${ms(percentile(orderSorted, 99))} ms ≤ ${BUDGETS.orderP99Ms} ms`,
      orders.length > 0 && percentile(orderSorted, 99) <= BUDGETS.orderP99Ms,
    ],
    [
      `${ordersPerSecond.toFixed(0)} orders/s ≥ ${BUDGETS.ordersPerSecond} for one place`,
      ordersPerSecond >= BUDGETS.ordersPerSecond,
    ],
    [`no modem oversold (${oversold?.n ?? '?'} over capacity)`, oversold?.n === 0],
    [`rotations finish end to end (${rotated} answered with the new address)`, rotated > 0],
  ];
  console.log('');
  for (const [name, ok] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}`);
  return checks.every(([, ok]) => ok);
}

if (import.meta.main) process.exitCode = (await benchFarm({ fresh: process.argv.includes('--fresh') })) ? 0 : 1;
