/**
 * This process's metrics in Prometheus' text format at `GET /metrics`, for `Authorization: Bearer <METRICS_TOKEN>`
 * only (the names are listed in server/README.md "Metrics"). Without a token nothing is counted and the path is a 404.
 *
 * Requests are counted by the route's pattern (`/r/:token`), never by the URL: a URL holds secrets (change-IP links,
 * e-mail keys) and would make a series per visitor. Everything else is read when Prometheus scrapes: the pool and
 * the LISTEN connections from the database (`Db.stats`), each job's counts (`app.jobs.stats`), the login-token cache
 * (`app.sessions.lookups`), the mail outbox by one indexed query.
 *
 * One registry per app, not prom-client's global one: tests build several apps in one process, and a metric
 * registered twice in one registry is an error.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsOptions {
  /** The bearer token a scrape must present; undefined: no metrics. */
  readonly token: string | undefined;
}

/** Seconds: from a cached read (a few ms) to the agent's long poll (25 s). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a free connection is immediate; a saturated pool queues for up to its 5 s connection timeout. */
const POOL_WAIT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

const digest = (value: string) => createHash('sha256').update(value).digest();

export default fp<MetricsOptions>(
  async (app, options) => {
    if (!options.token) return;
    const expected = digest(`Bearer ${options.token}`);
    const register = new Registry();
    const registers = [register];
    // process_resident_memory_bytes, process_cpu_seconds_total, nodejs_eventloop_lag_seconds, heap and GC figures.
    collectDefaultMetrics({ register });
    // Gauges named like counters, which `promtool check metrics` rejects; nothing here needs them.
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ]) {
      register.removeSingleMetric(name);
    }

    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests answered, by method, route pattern and status, and how long each took (its _count is the request count)',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    app.addHook('onResponse', (request, reply, done) => {
      requests.observe(
        {
          method: request.method,
          // Fastify's 404 handler has no pattern: every unknown path is one series.
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const poolWait = new Histogram({
      name: 'db_pool_wait_seconds',
      help: 'How long a statement or transaction waited for a database connection from the pool',
      buckets: POOL_WAIT_BUCKETS,
      registers,
    });
    const retries = new Counter({
      name: 'db_transaction_retries_total',
      help: 'Transactions run again after a serialization failure (40001) or a deadlock (40P01)',
      labelNames: ['code'],
      registers,
    });
    const stopObserving = app.db.observe?.({
      retry: (code) => retries.inc({ code }),
      poolWait: (seconds) => poolWait.observe(seconds),
    });
    app.addHook('onClose', async () => stopObserving?.());

    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the database pool by state (busy, idle), and the pool limit (max)',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = app.db.stats?.().pool;
        if (!pool) return;
        this.set({ state: 'busy' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'max' }, pool.max);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Statements and transactions waiting for a database connection now',
      registers,
      collect() {
        this.set(app.db.stats?.().pool?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'db_listen_connected',
      help: 'LISTEN subscriptions by channel and whether notifications reach them now (connected 1 or 0)',
      labelNames: ['channel', 'connected'],
      registers,
      collect() {
        this.reset();
        for (const { channel, listening } of app.db.stats?.().listens ?? []) {
          this.inc({ channel, connected: listening ? '1' : '0' });
        }
      },
    });

    const startedAt = Date.now();
    // Counters kept elsewhere (the jobs, the cache) are copied in at scrape time: reset, then their totals.
    const jobCounter = (name: string, help: string, field: 'runs' | 'failures' | 'handled') =>
      new Counter({
        name,
        help,
        labelNames: ['job'],
        registers,
        collect() {
          this.reset();
          for (const job of app.jobs.stats()) this.inc({ job: job.name }, job[field]);
        },
      });
    jobCounter('job_runs_total', 'Runs of each scheduled job in this process, failed ones included', 'runs');
    jobCounter('job_failures_total', 'Runs of each scheduled job that failed', 'failures');
    jobCounter('job_handled_rows_total', 'Rows each scheduled job handled (renewed, expired, sent...)', 'handled');
    new Gauge({
      name: 'job_lag_seconds',
      help: 'Seconds since the last successful run of each job started (since the process started, before the first)',
      labelNames: ['job'],
      registers,
      collect() {
        for (const job of app.jobs.stats()) {
          this.set({ job: job.name }, (Date.now() - (job.lastSuccessAt ?? startedAt)) / 1000);
        }
      },
    });

    new Gauge({
      name: 'mail_outbox_queued',
      help: 'E-mails queued in the outbox, not yet sent',
      registers,
      async collect() {
        const [row] = await app.db.query<{ queued: number }>(
          `SELECT count(*)::int AS queued FROM outbox WHERE status = 'queued'`,
        );
        this.set(row?.queued ?? 0);
      },
    });
    new Gauge({
      name: 'mail_outbox_oldest_seconds',
      help: 'Age of the oldest queued e-mail (0 when none is queued)',
      registers,
      async collect() {
        const [row] = await app.db.query<{ age: number }>(
          `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS age
             FROM outbox WHERE status = 'queued'`,
        );
        this.set(row?.age ?? 0);
      },
    });

    new Counter({
      name: 'auth_token_cache_lookups_total',
      help: 'Login-token lookups answered from memory (hit) or from the database (miss)',
      labelNames: ['result'],
      registers,
      collect() {
        const { hits, misses } = app.sessions.lookups;
        this.reset();
        this.inc({ result: 'hit' }, hits);
        this.inc({ result: 'miss' }, misses);
      },
    });

    app.get('/metrics', async (request, reply) => {
      const presented = digest(request.headers.authorization ?? '');
      reply.header('cache-control', 'no-store');
      if (!timingSafeEqual(presented, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain').send();
      }
      return reply.type(register.contentType).send(await register.metrics());
    });
  },
  { name: 'metrics', fastify: '5.x', dependencies: ['db', 'jobs', 'auth'] },
);
