/**
 * Scheduled work (docs/product.md "Scheduled work"): renewals, expiry, release, auto-rotation, reminders, invoice
 * and transfer expiry. A job is a sweep over the rows that are due: it claims them with `FOR UPDATE SKIP LOCKED`, in
 * batches, each in a transaction that also writes the change that makes the row no longer due. So:
 *
 * - **exactly once with several API processes**: two sweeps never hold the same row, and a row a sweep committed is
 *   not due any more when the other one reaches it;
 * - **nothing missed after downtime**: "due" is a comparison with the clock (`expires_at <= now`), not a timer that
 *   had to fire, so the first sweep after a restart handles everything that fell due meanwhile;
 * - **idempotent**: running a sweep twice does nothing the second time.
 *
 * Why not a job-queue library (pg-boss, graphile-worker): both need a `pg` connection to a PostgreSQL server and do
 * not run on the embedded PGlite default, and their queue would be a second copy of state the domain rows already
 * hold (when a proxy expires is its `expires_at`). See server/README.md "Scheduled work".
 *
 * Every process runs every job on its interval (`JOBS=off` turns that off for a process that should only answer
 * requests); tests run them by hand with the clock they move (`app.jobs.runAll()`).
 */
import fp from 'fastify-plugin';

export interface Job {
  /** `domain.what`, e.g. `proxies.suspend`: logs and `runOne`. */
  readonly name: string;
  /** How often a process looks for due work. */
  readonly everyMs: number;
  /** Handles everything due at `now` (claimed with SKIP LOCKED); answers how many rows it handled. */
  run(now: Date): Promise<number>;
  /** It handles what the other jobs produce (the mail outbox): `runAll` runs it after them. */
  readonly drains?: boolean;
}

export interface Jobs {
  /** Adds a job; with `JOBS=on` it starts on its interval once the app is ready. */
  register(job: Job): void;
  /** Every job once at the clock's now, in registration order with the draining ones last: what each handled. */
  runAll(): Promise<Record<string, number>>;
  runOne(name: string): Promise<number>;
  /** What each job did in this process since it started (the metrics read it). */
  stats(): readonly JobStats[];
}

export interface JobStats {
  readonly name: string;
  readonly everyMs: number;
  /** Runs finished, failed ones included. */
  readonly runs: number;
  readonly failures: number;
  /** Rows handled by all runs. */
  readonly handled: number;
  /** When the last run that did not fail started (ms since the epoch, real time); null before the first. */
  readonly lastSuccessAt: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

type JobStatsCounts = { -readonly [K in Exclude<keyof JobStats, 'name' | 'everyMs'>]: JobStats[K] };

export interface JobsOptions {
  /** Run the jobs on their intervals in this process. */
  readonly enabled: boolean;
  /** Milliseconds now: the clock every job decides by (tests move it). */
  readonly now: () => number;
}

export default fp<JobsOptions>(
  async (app, options) => {
    /** Each job with what it did in this process. */
    const jobs = new Map<string, { job: Job; counts: JobStatsCounts }>();
    const timers: NodeJS.Timeout[] = [];
    const running = new Set<Promise<unknown>>();
    let closing = false;

    const runOne = async (name: string): Promise<number> => {
      const entry = jobs.get(name);
      if (!entry) throw new Error(`No job named ${name}`);
      return measured(entry);
    };

    /**
     * Each run's outcome in `job_runs` too (last start, last success, failures in a row), whichever process ran it:
     * the panel's dashboard shows lagging jobs from it and an alert mails staff about one failing run after run.
     * Not being able to write it is logged, never the job's failure.
     */
    const record = (job: Job, at: Date, error: unknown) =>
      app.db
        .query(
          `INSERT INTO job_runs AS j (name, every_ms, last_started_at, last_ok_at, failures, last_error)
           VALUES ($1, $2, $3, CASE WHEN $4::text IS NULL THEN $3::timestamptz END,
                   CASE WHEN $4::text IS NULL THEN 0 ELSE 1 END, coalesce($4::text, ''))
           ON CONFLICT (name) DO UPDATE
             SET every_ms = excluded.every_ms, last_started_at = excluded.last_started_at,
                 last_ok_at = coalesce(excluded.last_ok_at, j.last_ok_at), last_error = excluded.last_error,
                 failures = CASE WHEN $4::text IS NULL THEN 0 ELSE j.failures + 1 END`,
          [job.name, job.everyMs, at, error === null ? null : String((error as Error)?.message ?? error).slice(0, 500)],
        )
        .catch((failure: unknown) => app.log.warn({ err: failure, job: job.name }, 'job run not recorded'));

    /** One run at the clock's now, counted; the lag is real time (`Date.now`), whatever clock the job decides by. */
    const measured = async ({ job, counts }: { job: Job; counts: JobStatsCounts }): Promise<number> => {
      const started = Date.now();
      const at = new Date(options.now());
      try {
        const handled = await job.run(at);
        counts.handled += handled;
        counts.lastSuccessAt = started;
        await record(job, at, null);
        return handled;
      } catch (error) {
        counts.failures += 1;
        await record(job, at, error);
        throw error;
      } finally {
        counts.runs += 1;
      }
    };

    /** One interval's run: logged, never thrown (the next interval tries again), and never two at once. */
    const tick = (entry: { job: Job; counts: JobStatsCounts }) => {
      const { job } = entry;
      let busy = false;
      return () => {
        if (busy || closing) return;
        busy = true;
        const run = measured(entry)
          .then((handled) => {
            if (handled > 0) app.log.info({ job: job.name, handled }, 'job ran');
          })
          .catch((error: unknown) => app.log.warn({ err: error, job: job.name }, 'job failed'))
          .finally(() => {
            busy = false;
            running.delete(run);
          });
        running.add(run);
      };
    };

    app.decorate('jobs', {
      register(job) {
        if (jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
        jobs.set(job.name, { job, counts: { runs: 0, failures: 0, handled: 0, lastSuccessAt: null } });
      },
      async runAll() {
        const handled: Record<string, number> = {};
        const ordered = [...jobs.values()]
          .map(({ job }) => job)
          .sort((a, b) => Number(a.drains ?? false) - Number(b.drains ?? false));
        for (const job of ordered) handled[job.name] = await runOne(job.name);
        return handled;
      },
      runOne,
      stats: () => [...jobs.values()].map(({ job, counts }) => ({ name: job.name, everyMs: job.everyMs, ...counts })),
    } satisfies Jobs);

    if (options.enabled) {
      app.addHook('onReady', async () => {
        for (const entry of jobs.values()) {
          const run = tick(entry);
          // A first sweep soon after start catches up on whatever fell due while no process was running.
          const first = setTimeout(run, 1_000);
          first.unref();
          const timer = setInterval(run, entry.job.everyMs);
          timer.unref();
          timers.push(first, timer);
        }
      });
    }
    app.addHook('onClose', async () => {
      closing = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    });
  },
  { name: 'jobs', fastify: '5.x', dependencies: ['db'] },
);
