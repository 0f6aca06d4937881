// The traffic minutes' prune is a job of the runner (plugins/jobs.ts): it deletes at the runner's clock, and a process
// started with JOBS=off (one that only answers requests) runs it on no timer of its own.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, freshEmail } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { createFarm, freshPlace } from '../../test/orders.ts';
import { farmService } from './farm-service.ts';
import { MINUTES_KEPT_DAYS } from './traffic-repository.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

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

  /** Minutes `ago` before `now` (whole minutes), as an agent's report stores them. */
  async function recordMinutes(now: number, ...ago: number[]): Promise<void> {
    await testDb.db.query('DELETE FROM traffic_minutes WHERE proxy_id = $1', [proxyId]);
    for (const ms of ago) {
      const minute = new Date(Math.floor((now - ms) / 60_000) * 60_000);
      await testDb.db.query(
        'INSERT INTO traffic_minutes (proxy_id, minute, bytes_in, bytes_out) VALUES ($1, $2, 1, 1)',
        [proxyId, minute],
      );
    }
  }

  const minutesLeft = async () =>
    (await testDb.db.query('SELECT 1 FROM traffic_minutes WHERE proxy_id = $1', [proxyId])).length;

  it('deletes the minutes past their keeping time at the runner’s clock, and nothing newer', async () => {
    const clock = manualClock(Date.UTC(2032, 2, 1, 12));
    await recordMinutes(clock.now(), (MINUTES_KEPT_DAYS + 1) * DAY_MS, HOUR_MS);
    const app = await buildTestApp({ db: testDb.db, now: clock.now });
    try {
      expect(await app.jobs.runOne('traffic.prune')).toBe(1);
      expect(await minutesLeft()).toBe(1);
      // Idempotent: the same clock prunes nothing more.
      expect(await app.jobs.runOne('traffic.prune')).toBe(0);
      // Days later by the runner's clock, the recent minute has had its time too.
      clock.advance(MINUTES_KEPT_DAYS * DAY_MS);
      expect(await app.jobs.runOne('traffic.prune')).toBe(1);
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
});
