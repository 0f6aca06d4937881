// The lifecycle jobs with two API processes on one PostgreSQL (PGlite has one connection, so nothing there runs at
// once): two apps, each with its own pool, run every job at the same moment, round after round. Each proxy is renewed,
// suspended and released exactly once, each mail queued once, and the ledger still adds up to every balance; after a
// simulated outage both catch up together without doing anything twice.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { demoImageStore } from '../../db/demo-images.ts';
import { cachedDemoImage } from '../../test/demo-images.ts';
import { migrate } from '../../db/migrate.ts';
import { openPostgres } from '../../db/pg.ts';
import { seed } from '../../db/seed.ts';
import { manualClock } from '../../lib/clock.ts';
import { createUser, freshEmail } from '../../test/accounts.ts';
import { buildTestApp, createTestSchema, type TestSchema } from '../../test/helpers.ts';
import { createFarm, freshPlace } from '../../test/orders.ts';
import { billingService } from '../billing/index.ts';
import { farmService } from '../farm/index.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const databaseUrl = () => {
  if (!DATABASE_URL) throw new Error('DATABASE_URL is not set');
  return DATABASE_URL;
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The seeded price list's 30-day plan. */
const PRICE_30 = 390_000;
const OWNERS = 40;
const PROXIES_EACH = 5;
/** Owners with an even index renew automatically, with money for all their proxies and a little more. */
const autoRenews = (owner: number) => owner % 2 === 0;
const INITIAL = PROXIES_EACH * PRICE_30 + 12_345;

describe.runIf(DATABASE_URL)('the lifecycle jobs with two API processes on PostgreSQL', () => {
  const clock = manualClock(Date.UTC(2031, 5, 1, 9));
  const expiry = Date.UTC(2031, 5, 10, 9, 30);
  let schema: TestSchema;
  let dataDir: string;
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  const owners: { id: number; auto: boolean; proxies: number[] }[] = [];
  let hostId = 0;

  beforeAll(async () => {
    schema = await createTestSchema();
    dataDir = await mkdtemp(path.join(tmpdir(), 'proxy-data-'));
    for (let n = 0; n < 2; n++)
      dbs.push(openPostgres({ connectionString: databaseUrl(), schema: schema.name, max: 6 }));
    const db = dbs[0] as Db;
    await migrate(db);
    await seed(db, { storeDemoImage: demoImageStore(db, dataDir, cachedDemoImage) });
    for (const each of dbs) apps.push(await buildTestApp({ db: each, now: clock.now }));

    const farm = await createFarm(db, freshPlace(), { online: OWNERS * PROXIES_EACH, portMin: 10_000 });
    hostId = farm.hostId;
    const billing = billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://testserver' });
    const proxies = farmService(db);
    for (let owner = 0; owner < OWNERS; owner++) {
      const user = await createUser(db, { email: freshEmail('racer') });
      await billing.post({ userId: user.id, kind: 'adjustment', amount: INITIAL, currency: 'RUB', reason: 'test' });
      const ids: number[] = [];
      for (let n = 0; n < PROXIES_EACH; n++) {
        const modemId = farm.modemIds[owner * PROXIES_EACH + n] as number;
        ids.push((await proxies.createProxy({ ownerId: user.id, modemId, expiresAt: new Date(expiry) })).id);
      }
      owners.push({ id: user.id, auto: autoRenews(owner), proxies: ids });
    }
    // All 200 expire within the same minute.
    await db.query(
      `UPDATE proxies SET expires_at = expires_at + (id % 60) * interval '1 second', auto_renew = owner_id = ANY($1)`,
      [owners.filter((owner) => owner.auto).map((owner) => owner.id)],
    );
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await schema?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const db = () => dbs[0] as Db;

  /** Both processes run every job at once, `rounds` times: what each job handled, summed over all of it. */
  async function bothAtOnce(rounds = 3): Promise<Record<string, number>> {
    const total: Record<string, number> = {};
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all(apps.map((app) => app.jobs.runAll()));
      for (const handled of answers)
        for (const [job, count] of Object.entries(handled)) total[job] = (total[job] ?? 0) + count;
    }
    return total;
  }

  const countBy = async (sql: string, params: unknown[] = []) => {
    const rows = await db().query<{ key: string; n: number }>(sql, params as never);
    return Object.fromEntries(rows.map((row) => [row.key, row.n]));
  };

  it('renews each auto-renew proxy once, suspends each other one once, then releases each once after an outage', async () => {
    const autoProxies = owners.filter((owner) => owner.auto).flatMap((owner) => owner.proxies);
    const others = owners.filter((owner) => !owner.auto).flatMap((owner) => owner.proxies);

    // Half a day before: the renewals (and the other half's 1-day reminders).
    clock.set(expiry - 12 * HOUR);
    const before = await bothAtOnce();
    expect(before['proxies.renew']).toBe(autoProxies.length);
    expect(before['proxies.remind']).toBe(others.length);
    expect(before['proxies.suspend']).toBe(0);

    const renewals = await countBy(
      `SELECT split_part(reference, ':', 2) AS key, count(*)::int AS n FROM ledger_entries
        WHERE kind = 'renewal' GROUP BY 1`,
    );
    expect(
      Object.keys(renewals)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(autoProxies);
    expect(Object.values(renewals).every((n) => n === 1)).toBe(true);
    // Each renewal is recorded once beside its ledger entry, by the process whose sweep claimed the proxy (#49).
    const recorded = await countBy(
      `SELECT proxy_id::text AS key, count(*)::int AS n FROM proxy_renewals WHERE source = 'auto' GROUP BY 1`,
    );
    expect(recorded).toEqual(renewals);
    for (const owner of owners) {
      const [row] = await db().query<{ balance: number; sum: number }>(
        `SELECT u.balance, (SELECT sum(amount)::bigint FROM ledger_entries WHERE user_id = u.id) AS sum
           FROM users u WHERE u.id = $1`,
        [owner.id],
      );
      expect(row).toEqual({
        balance: owner.auto ? INITIAL - PROXIES_EACH * PRICE_30 : INITIAL,
        sum: owner.auto ? INITIAL - PROXIES_EACH * PRICE_30 : INITIAL,
      });
    }

    // A minute past: the other half is suspended, the renewed half untouched.
    clock.set(expiry + 2 * MINUTE);
    const version = await db().query<{ v: number }>('SELECT config_version AS v FROM agent_hosts WHERE id = $1', [
      hostId,
    ]);
    const at = await bothAtOnce();
    expect(at['proxies.suspend']).toBe(others.length);
    expect(at['proxies.renew']).toBe(0);
    const states = await countBy(`SELECT state AS key, count(*)::int AS n FROM proxies GROUP BY state`);
    expect(states).toEqual({ active: autoProxies.length, suspended: others.length });
    const [bumped] = await db().query<{ v: number }>('SELECT config_version AS v FROM agent_hosts WHERE id = $1', [
      hostId,
    ]);
    expect(Number(bumped?.v)).toBeGreaterThan(Number(version[0]?.v));

    // The outage: nothing runs for 3 days and 2 hours; both processes come back at once.
    clock.advance(3 * DAY + 2 * HOUR);
    const after = await bothAtOnce();
    expect(after['proxies.release']).toBe(others.length);
    expect(after['proxies.suspend']).toBe(0);
    expect(after['proxies.renew']).toBe(0);
    expect((await db().query<{ id: number }>('SELECT id FROM proxies ORDER BY id')).map((row) => row.id)).toEqual(
      autoProxies,
    );

    const mails = await countBy(
      `SELECT kind || ':' || status AS key, count(*)::int AS n FROM outbox GROUP BY kind, status`,
    );
    expect(mails).toEqual({
      'proxy_renewed:logged': autoProxies.length,
      'proxy_reminder:logged': others.length,
      'proxy_suspended:logged': others.length,
    });
    const perOwner = await countBy(
      `SELECT user_id::text AS key, count(*)::int AS n FROM outbox WHERE kind = 'proxy_suspended' GROUP BY user_id`,
    );
    expect(perOwner).toEqual(
      Object.fromEntries(owners.filter((owner) => !owner.auto).map((owner) => [String(owner.id), PROXIES_EACH])),
    );
  }, 120_000);
});
