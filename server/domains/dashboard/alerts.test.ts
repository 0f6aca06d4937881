// Staff alerts with the real farm agent (its own process, the simulator) and the app's clock moved: one mail when the
// agent stops, one when it is back, none in between; two API processes checking at once send each alert once. On
// PGlite and (with DATABASE_URL) PostgreSQL, where the two processes' checks really run at the same time.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { farmService } from '../farm/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MINUTE = 60_000;

async function eventually<T>(check: () => Promise<T | false | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== false && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(BACKENDS.map((backend, index) => ({ backend, index })))(
  'alerts on $backend.name',
  ({ backend, index }) => {
    let testDb: TestDb;
    let app: FastifyInstance;
    let second: FastifyInstance;
    let apiUrl: string;
    let agent: ChildProcess | undefined;
    let token: string;
    let hostId: number;
    let hostName: string;
    let follower: string;
    const stateDir = mkdtempSync(path.join(tmpdir(), 'alerts-agent-'));
    const clock = manualClock(Date.now());

    const alertMails = () =>
      testDb.db.query<{ recipient: string; subject: string; language: string }>(
        `SELECT recipient, subject, language FROM outbox WHERE kind = 'staff_alert' ORDER BY id`,
      );
    const lastSeen = async () =>
      (
        await testDb.db.query<{ at: Date | string | null }>(
          'SELECT last_seen_at AS at FROM agent_hosts WHERE id = $1',
          [hostId],
        )
      )[0]?.at ?? null;

    const startAgent = async () => {
      agent = spawn(process.execPath, [path.join(ROOT, 'agent/src/main.ts')], {
        env: {
          ...process.env,
          AGENT_API_URL: apiUrl,
          AGENT_TOKEN: token,
          AGENT_STATE_DIR: stateDir,
          AGENT_LISTEN_HOST: '127.0.0.1',
          AGENT_SIMULATOR_MODEMS: '1',
          AGENT_SIMULATOR_NETWORK: `127.0.${40 + index}.0/28`,
          AGENT_REPORT_SECONDS: '1',
          AGENT_STATUS_SECONDS: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      // Its report lands at the app's clock as it is now.
      await eventually(async () => {
        const seen = await lastSeen();
        return seen !== null && new Date(seen).getTime() === clock.now();
      });
    };
    const stopAgent = async () => {
      if (agent && agent.exitCode === null) {
        agent.kill('SIGTERM');
        await once(agent, 'exit');
      }
    };

    beforeAll(async () => {
      testDb = await openSeededDb(backend);
      app = await buildTestApp({ db: testDb.db, now: clock.now });
      // A second API process on the same database, running the same job.
      second = await buildTestApp({ db: testDb.db, now: clock.now });
      apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const farm = farmService(testDb.db);
      const portMin = 46_000 + index * 1_000 + (process.pid % 50) * 10;
      hostName = `alerts-${index}-${process.pid}`;
      const created = await farm.createHost({ name: hostName, publicHost: '127.0.0.1', portMin, portMax: portMin + 9 });
      token = created.token;
      hostId = created.host.id;
      await farm.createModem({
        hostId,
        name: 'Modem sim-1',
        key: 'sim-1',
        country: 'RU',
        city: 'Tver',
        operator: 'MTS',
      });

      follower = freshEmail('ops');
      await createUser(testDb.db, { email: follower, staff: true, permissions: ['farm.view_modem'], language: 'ru' });
      const headers = { ...RU, ...tokenHeader(await login(app, follower)) };
      const follow = await app.inject({
        method: 'PATCH',
        url: '/api/panel/alerts/settings/agent_silent/',
        headers,
        payload: { subscribed: true, threshold: 5 },
      });
      expect(follow.statusCode).toBe(200);
      expect(follow.json()).toEqual({ kind: 'agent_silent', threshold: 5, subscribed: true, telegram: false });
      await startAgent();
    });

    afterAll(async () => {
      await stopAgent();
      await second?.close();
      await app?.close();
      await testDb?.dispose();
    });

    it('lets staff follow only the kinds their permissions cover, with thresholds in bounds', async () => {
      // The sales widget has no alert kind.
      const email = freshEmail('sales');
      await createUser(testDb.db, { email, staff: true, permissions: ['users.view_user'] });
      const headers = { ...EN, ...tokenHeader(await login(app, email)) };
      // No kind to follow: the alerts endpoints refuse, as every panel endpoint does without a covering permission.
      for (const url of ['/api/panel/alerts/settings/', '/api/panel/alerts/incidents/']) {
        expect((await app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
      }
      const refused = await app.inject({
        method: 'PATCH',
        url: '/api/panel/alerts/settings/agent_silent/',
        headers,
        payload: { subscribed: true },
      });
      expect(refused.statusCode).toBe(403);
      const followerHeaders = { ...EN, ...tokenHeader(await login(app, follower)) };
      const bad = await app.inject({
        method: 'PATCH',
        url: '/api/panel/alerts/settings/modem_offline/',
        headers: followerHeaders,
        payload: { threshold: -1 },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['threshold']);
      const settings = await app.inject({
        method: 'GET',
        url: '/api/panel/alerts/settings/',
        headers: followerHeaders,
      });
      expect(settings.json()).toEqual([
        { kind: 'agent_silent', threshold: 5, subscribed: true, telegram: false },
        { kind: 'modem_offline', threshold: 5, subscribed: false, telegram: false },
        { kind: 'place_sold_out', threshold: 0, subscribed: false, telegram: false },
      ]);
    });

    it('mails once when the agent stops, nothing while it stays silent, once when it is back', async () => {
      await app.jobs.runOne('alerts.check');
      expect(await alertMails()).toEqual([]);

      await stopAgent();
      clock.advance(4 * MINUTE);
      await app.jobs.runOne('alerts.check');
      expect(await alertMails()).toEqual([]);

      clock.advance(2 * MINUTE);
      await app.jobs.runOne('alerts.check');
      for (let minutes = 0; minutes < 3; minutes++) {
        clock.advance(MINUTE);
        await app.jobs.runOne('alerts.check');
        await second.jobs.runOne('alerts.check');
      }
      const opened = await alertMails();
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatchObject({ recipient: follower, language: 'ru' });
      expect(opened[0]?.subject).toBe(`Тревога: Агент фермы молчит — ${hostName}`);

      await startAgent();
      await app.jobs.runOne('alerts.check');
      await second.jobs.runOne('alerts.check');
      const mails = await alertMails();
      expect(mails).toHaveLength(2);
      expect(mails[1]?.subject).toBe(`Снято: Агент фермы молчит — ${hostName}`);

      const history = await app.inject({
        method: 'GET',
        url: '/api/panel/alerts/incidents/?kind=agent_silent',
        headers: { ...EN, ...tokenHeader(await login(app, follower)) },
      });
      expect(history.json()).toMatchObject({ count: 1 });
      expect(history.json().results[0]).toMatchObject({ kind: 'agent_silent', label: hostName, value: 6, notified: 1 });
      expect(history.json().results[0].resolved_at).not.toBeNull();
    });

    it('tells the customer since when their modem is offline, alerts its followers after N minutes, and both end when it is back', async () => {
      await stopAgent();
      const farm = farmService(testDb.db);
      const modem = await farm.createModem({
        hostId,
        name: 'Modem sim-9',
        key: 'sim-9',
        country: 'RU',
        city: 'Tula',
        operator: 'MTS',
      });
      const owner = freshEmail('owner');
      const ownerId = (await createUser(testDb.db, { email: owner, language: 'en' })).id;
      const proxy = await farm.createProxy({
        ownerId,
        modemId: modem.id,
        expiresAt: new Date(clock.now() + 86_400_000),
      });
      const ownerHeaders = { ...EN, ...tokenHeader(await login(app, owner)) };
      const followerHeaders = { ...EN, ...tokenHeader(await login(app, follower)) };
      await app.inject({
        method: 'PATCH',
        url: '/api/panel/alerts/settings/modem_offline/',
        headers: followerHeaders,
        payload: { subscribed: true },
      });
      const report = (status: 'online' | 'offline') =>
        app.inject({
          method: 'POST',
          url: '/api/agent/report/',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            config_version: null,
            started_at: new Date(clock.now()).toISOString(),
            modems: [
              {
                key: 'sim-9',
                modem_id: modem.id,
                status,
                ip: status === 'online' ? '127.0.0.9' : null,
                checked_at: new Date().toISOString(),
              },
            ],
            traffic: [],
          },
        });
      const seen = async () =>
        (await app.inject({ method: 'GET', url: `/api/proxies/${proxy.id}/`, headers: ownerHeaders })).json<{
          online: boolean;
          offline_since: string | null;
        }>();
      const mailsBefore = (await alertMails()).length;

      expect((await report('online')).statusCode).toBeLessThan(300);
      expect(await seen()).toMatchObject({ online: true, offline_since: null });
      const wentDown = new Date(clock.now()).toISOString();
      await report('offline');
      clock.advance(MINUTE);
      // Still down a minute later: the time it went down stays.
      await report('offline');
      expect(await seen()).toMatchObject({ online: false, offline_since: wentDown });
      await app.jobs.runOne('alerts.check');
      const downFor = (await alertMails()).slice(mailsBefore).filter((mail) => mail.subject.includes('sim-9'));
      expect(downFor).toEqual([]);
      clock.advance(5 * MINUTE);
      await report('offline');
      await app.jobs.runOne('alerts.check');
      await app.jobs.runOne('alerts.check');
      expect((await alertMails()).slice(mailsBefore).filter((mail) => mail.subject.includes('sim-9'))).toHaveLength(1);

      await report('online');
      expect(await seen()).toMatchObject({ online: true, offline_since: null });
      await app.jobs.runOne('alerts.check');
      const mails = (await alertMails()).slice(mailsBefore).filter((mail) => mail.subject.includes('sim-9'));
      expect(mails.map((mail) => mail.subject.split(':')[0])).toEqual(['Тревога', 'Снято']);
      await app.inject({
        method: 'PATCH',
        url: '/api/panel/alerts/settings/modem_offline/',
        headers: followerHeaders,
        payload: { subscribed: false },
      });
      await startAgent();
    });

    it('sends each alert once when two API processes check at the same moment', async () => {
      const before = (await alertMails()).length;
      await stopAgent();
      clock.advance(10 * MINUTE);
      await Promise.all([app.jobs.runOne('alerts.check'), second.jobs.runOne('alerts.check')]);
      expect(await alertMails()).toHaveLength(before + 1);
      await startAgent();
      await Promise.all([app.jobs.runOne('alerts.check'), second.jobs.runOne('alerts.check')]);
      await Promise.all([app.jobs.runOne('alerts.check'), second.jobs.runOne('alerts.check')]);
      const mails = (await alertMails()).slice(before);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Тревога: Агент фермы молчит — ${hostName}`,
        `Снято: Агент фермы молчит — ${hostName}`,
      ]);
    });
  },
);
