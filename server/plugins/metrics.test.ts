import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createUser, freshEmail, login, tokenHeader } from '../test/accounts.ts';
import { BACKENDS, buildTestApp, seededApp } from '../test/helpers.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const SCRAPE = { authorization: `Bearer ${METRICS_TOKEN}` };

/** Debian's `prometheus` package (installed by .ci/run): the same linter Prometheus' own tooling runs. */
function promtoolCheck(text: string): { status: number | null; output: string } {
  const result = spawnSync('/usr/bin/promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The value of one sample line, `name{labels} value`, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(BACKENDS)('GET /metrics on $name', (backend) => {
  const suite = seededApp(backend, { env: { METRICS_TOKEN } });

  it('asks for the bearer token: none or a wrong one is a 401 naming the scheme', async () => {
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}x`, `Token ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const response = await suite.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).toBe('');
    }
  });

  it('counts requests by route pattern and status, and passes promtool check metrics', async () => {
    const { app, testDb } = suite;
    const email = freshEmail();
    await createUser(testDb.db, { email });
    const key = await login(app, email);
    // The second look-up of the same token is answered from memory.
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ url: '/api/users/', headers: tokenHeader(key) })).statusCode).toBe(200);
    }
    // A change-IP link's token is a secret: only the pattern may appear.
    const secret = 'a'.repeat(43);
    await app.inject(`/r/${secret}`);
    await app.inject('/no/such/path');
    await app.jobs.runAll();

    const response = await app.inject({ url: '/metrics', headers: SCRAPE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text).not.toContain(secret);

    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/users/",status="200"}')).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/auth/login/",status="200"}'),
    ).toBe(1);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/r\/:token",status="\d+"\} 1$/m);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);

    expect(sample(text, 'auth_token_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'auth_token_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'job_runs_total{job="mail.deliver"}')).toBe(1);
    expect(sample(text, 'job_failures_total{job="mail.deliver"}')).toBe(0);
    expect(sample(text, 'job_lag_seconds{job="mail.deliver"}')).toBeLessThan(60);
    expect(sample(text, 'mail_outbox_queued')).toBe(0);
    // Login tokens' and API keys' caches; the agents' long polls, "change IP now" and the customer API's rotate.
    expect(sample(text, 'db_listen_connected{channel="auth_changed",connected="1"}')).toBe(2);
    expect(sample(text, 'db_listen_connected{channel="farm_changed",connected="1"}')).toBe(3);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (backend.name === 'postgres') {
      expect(sample(text, 'db_pool_connections{state="max"}')).toBe(4);
      expect(sample(text, 'db_pool_wait_seconds_count')).toBeGreaterThan(0);
    }

    const check = promtoolCheck(text);
    expect(check.output).toBe('');
    expect(check.status).toBe(0);
  });

  it('is a 404 like any unknown path when METRICS_TOKEN is not set', async () => {
    const app = await buildTestApp({ db: suite.testDb.db });
    try {
      expect((await app.inject({ url: '/metrics', headers: SCRAPE })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
