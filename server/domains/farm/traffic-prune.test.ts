// The traffic prune is a job of the runner (plugins/jobs.ts): it drops the days of minutes and deletes the sums past
// their keeping time at the runner's clock, and a process started with JOBS=off (one that only answers requests) runs
// it on no timer of its own. The customer's charts read the sums, so pruning changes none of their answers.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, freshEmail } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { createCustomer, createFarm, freshPlace } from '../../test/orders.ts';
import { farmService } from './farm-service.ts';
import { DAYS_KEPT_DAYS, HOURS_KEPT_DAYS, MINUTES_KEPT_DAYS } from './traffic-repository.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

describe.each(BACKENDS)('the traffic prune on $name', (backend) => {
  let testDb: TestDb;
  let proxyId: number;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    const owner = await createUser(testDb.db, { email: freshEmail('traffic') });
    const { modemIds } = await createFarm(testDb.db, freshPlace(), { online: 1 });
    const proxy = await farmService(testDb.db).createProxy({
      ownerId: owner.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });
    proxyId = proxy.id;
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /**
   * Minutes `ago` before `now` (whole minutes), as an agent's report stores them; their days' tables are made as the
   * job would have made them ahead, back then.
   */
  async function recordMinutes(now: number, ...ago: number[]): Promise<void> {
    await testDb.db.query('DELETE FROM traffic_minutes WHERE proxy_id = $1', [proxyId]);
    for (const ms of ago) {
      const minute = new Date(Math.floor((now - ms) / MINUTE_MS) * MINUTE_MS);
      await testDb.db.query(
        `SELECT traffic_minutes_days(d, d) FROM (SELECT ($1::timestamptz AT TIME ZONE 'UTC')::date) AS t(d)`,
        [minute],
      );
      await testDb.db.query(
        'INSERT INTO traffic_minutes (proxy_id, minute, bytes_in, bytes_out) VALUES ($1, $2, 1, 1)',
        [proxyId, minute],
      );
    }
  }

  const minutesLeft = async () =>
    (await testDb.db.query('SELECT 1 FROM traffic_minutes WHERE proxy_id = $1', [proxyId])).length;

  it('drops the minutes and deletes the sums past their keeping time at the runner’s clock, and nothing newer', async () => {
    const clock = manualClock(Date.UTC(2032, 2, 1, 12));
    const app = await buildTestApp({ db: testDb.db, now: clock.now });
    try {
      await recordMinutes(clock.now(), (MINUTES_KEPT_DAYS + 1) * DAY_MS, HOUR_MS);
      await testDb.db.query(
        `INSERT INTO traffic_rollups (proxy_id, period, starts_at, bytes_in, bytes_out)
         VALUES ($1, 'hour', $2, 1, 1), ($1, 'hour', $3, 1, 1), ($1, 'day', $4, 1, 1), ($1, 'day', $5, 1, 1)`,
        [
          proxyId,
          new Date(clock.now() - (HOURS_KEPT_DAYS + 1) * DAY_MS),
          new Date(clock.now() - HOUR_MS),
          new Date(clock.now() - (DAYS_KEPT_DAYS + 1) * DAY_MS),
          new Date(clock.now() - (HOURS_KEPT_DAYS + 1) * DAY_MS),
        ],
      );
      expect(await app.jobs.runOne('traffic.prune')).toBeGreaterThan(0);
      expect(await minutesLeft()).toBe(1);
      const sums = await testDb.db.query<{ period: string; starts_at: Date }>(
        'SELECT period, starts_at FROM traffic_rollups WHERE proxy_id = $1 ORDER BY period, starts_at',
        [proxyId],
      );
      expect(sums).toEqual([
        { period: 'day', starts_at: new Date(clock.now() - (HOURS_KEPT_DAYS + 1) * DAY_MS) },
        { period: 'hour', starts_at: new Date(clock.now() - HOUR_MS) },
      ]);
      // Idempotent: the same clock prunes nothing more.
      expect(await app.jobs.runOne('traffic.prune')).toBe(0);
      // Days later by the runner's clock, the recent minute has had its time too.
      clock.advance((MINUTES_KEPT_DAYS + 1) * DAY_MS);
      expect(await app.jobs.runOne('traffic.prune')).toBeGreaterThan(0);
      expect(await minutesLeft()).toBe(0);
    } finally {
      await app.close();
    }
  });

  // Intervals are faked (nothing else is): two hours pass for the runner's timers at once, while the database work
  // they start runs for real.
  it.each([
    { jobs: 'off', left: 1 },
    { jobs: 'on', left: 0 },
  ])('with JOBS=$jobs, two hours of a running process leave $left old minute(s)', async ({ jobs, left }) => {
    await recordMinutes(Date.now(), (MINUTES_KEPT_DAYS + 1) * DAY_MS);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await buildTestApp({ db: testDb.db, env: { JOBS: jobs } });
    try {
      vi.advanceTimersByTime(2 * HOUR_MS);
      if (left === 0) await expect.poll(minutesLeft, { timeout: 10_000 }).toBe(0);
      // Long enough for a sweep that had been started to have finished.
      else await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await minutesLeft()).toBe(left);
    } finally {
      await app.close();
      vi.useRealTimers();
    }
  });

  describe('the customer’s charts', () => {
    let app: FastifyInstance;
    const clock = manualClock(Date.now());

    beforeAll(async () => {
      app = await buildTestApp({ db: testDb.db, now: clock.now });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('answer the same 24 h and 7 d from minutes, hours and days as the prune folds them away', async () => {
      // The days' tables from now on, as a running process keeps them (an earlier test's clock ran ahead).
      await app.jobs.runOne('traffic.prune');
      const farm = farmService(testDb.db);
      const { host, token } = await farm.createHost({
        name: `charts-${proxyId}`,
        publicHost: 'charts.example.com',
        portMin: 40_000,
        portMax: 40_099,
      });
      const modem = await farm.createModem({ hostId: host.id, name: 'Charts', key: 'sim-1', ...freshPlace() });
      const customer = await createCustomer(app, testDb.db);
      const proxy = await farm.createProxy({
        ownerId: customer.id,
        modemId: modem.id,
        expiresAt: new Date(Date.now() + 30 * DAY_MS),
      });
      // Owned for a fortnight, so every day of the week is theirs; a day five days ago is known only by its sum.
      await testDb.db.query(`UPDATE proxies SET owned_since = now() - interval '14 days' WHERE id = $1`, [proxy.id]);
      const fiveDaysAgo = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 5 * DAY_MS);
      await testDb.db.query(
        `INSERT INTO traffic_rollups (proxy_id, period, starts_at, bytes_in, bytes_out) VALUES ($1, 'day', $2, 5, 50)`,
        [proxy.id, fiveDaysAgo],
      );
      // A minute of this hour, one of yesterday's and one of the day before's, as the agent reports them.
      const now = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
      const minutes = [
        { ago: MINUTE_MS, bytes: 1_000 },
        { ago: 25 * HOUR_MS, bytes: 20_000 },
        { ago: 47 * HOUR_MS, bytes: 300_000 },
      ];
      const answer = await app.inject({
        method: 'POST',
        url: '/api/agent/report/',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          config_version: null,
          started_at: new Date().toISOString(),
          modems: [],
          traffic: minutes.map(({ ago, bytes }) => ({
            proxy_id: proxy.id,
            minute: new Date(now - ago).toISOString(),
            bytes_in: bytes,
            bytes_out: bytes * 2,
          })),
        },
      });
      expect(answer.statusCode).toBe(204);

      const charts = async () => {
        const [hourly, daily] = await Promise.all(
          ['24h', '7d'].map((range) =>
            app.inject({ url: `/api/proxies/${proxy.id}/traffic/?range=${range}`, headers: customer.headers }),
          ),
        );
        return { hourly: hourly?.json(), daily: daily?.json() };
      };
      const before = await charts();
      // The last 24 hours hold this hour's minute; the week all three and the day before them.
      expect([before.hourly.total_in, before.hourly.total_out]).toEqual([1_000, 2_000]);
      expect([before.daily.total_in, before.daily.total_out]).toEqual([321_005, 642_050]);
      expect(before.daily.points).toHaveLength(7);

      // Days on by the runner's clock, the minutes are gone and their hours and days answer for them...
      clock.advance((MINUTES_KEPT_DAYS + 1) * DAY_MS);
      await app.jobs.runOne('traffic.prune');
      expect(await testDb.db.query('SELECT 1 FROM traffic_minutes WHERE proxy_id = $1', [proxy.id])).toEqual([]);
      expect(await charts()).toEqual(before);
      // ...and past the hours' keeping time, the days alone answer for the week.
      clock.advance(HOURS_KEPT_DAYS * DAY_MS);
      await app.jobs.runOne('traffic.prune');
      expect(
        await testDb.db.query(`SELECT 1 FROM traffic_rollups WHERE proxy_id = $1 AND period = 'hour'`, [proxy.id]),
      ).toEqual([]);
      expect((await charts()).daily).toEqual(before.daily);
    });
  });
});
