// Rate limits on the account endpoints, with counters in memory and in Redis (REDIS_URL, or a Redis on
// 127.0.0.1:6379 when one answers; the Redis suite is skipped otherwise).
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, TEST_SECRET_KEY } from '../test/accounts.ts';
import { buildTestApp, openSeededDb, PGLITE, type TestDb } from '../test/helpers.ts';
import { RATE_LIMITS } from './rate-limit.ts';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const REDIS_URL = process.env.REDIS_URL ?? ((await reachable(LOCAL_REDIS)) ? LOCAL_REDIS : undefined);

const STORES = [
  { name: 'memory', env: {} as Record<string, string> },
  ...(REDIS_URL ? [{ name: 'redis', env: { REDIS_URL } }] : []),
];

const PASSWORD = 'correct horse battery';
/** 15 minutes × 0.004 = 3.6 s for the account window. */
const SCALE = 0.004;
const accountWindowMs = RATE_LIMITS.loginAccount.windowSeconds * 1000 * SCALE;

describe.each(STORES)('rate limits with counters in $name', (store) => {
  let testDb: TestDb;
  const apps: FastifyInstance[] = [];
  const prefix = `rl-test-${randomBytes(4).toString('hex')}:`;

  const build = async (env: Record<string, string> = {}) => {
    const app = await buildTestApp({
      db: testDb.db,
      env: { SECRET_KEY: TEST_SECRET_KEY, RATE_LIMITS: 'on', ...store.env, ...env },
      rateLimitKeyPrefix: prefix,
    });
    apps.push(app);
    return app;
  };

  let ip = 0;
  /** A new client address per call: the per-account limit must hold whatever address the attempts come from. */
  const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const loginFrom = (app: FastifyInstance, email: string, password: string, remoteAddress = nextIp()) =>
    app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password }, remoteAddress, headers: EN });

  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb.dispose();
  });

  it('locks an account after 5 failures from anywhere, even for the right password, until the window ends', async () => {
    const app = await build({ RATE_LIMIT_WINDOW_SCALE: String(SCALE) });
    const user = await createUser(testDb.db, { email: freshEmail('flood'), password: PASSWORD });
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await loginFrom(app, user.email, `wrong ${i}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual(Array(45).fill(429));
    const locked = await loginFrom(app, user.email.toUpperCase(), PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another account is not affected.
    const other = await createUser(testDb.db, { email: freshEmail('other'), password: PASSWORD });
    expect((await loginFrom(app, other.email, PASSWORD)).statusCode).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + accountWindowMs + 300 - Date.now())));
    expect((await loginFrom(app, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('only failures count against the account: a right password gives its attempt back', async () => {
    const app = await build();
    const user = await createUser(testDb.db, { email: freshEmail('refund'), password: PASSWORD });
    for (let i = 0; i < 4; i++) expect((await loginFrom(app, user.email, 'wrong')).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await loginFrom(app, user.email, PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom(app, user.email, 'wrong')).statusCode).toBe(400);
    expect((await loginFrom(app, user.email, 'wrong')).statusCode).toBe(429);
  });

  it('limits every login attempt per IP (the 21st in a minute), before any hashing', async () => {
    const app = await build();
    const address = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await loginFrom(app, freshEmail(), 'x', address)).statusCode).toBe(400);
    }
    const started = performance.now();
    const throttled = await loginFrom(app, freshEmail(), 'x', address);
    expect(throttled.statusCode).toBe(429);
    expect(performance.now() - started).toBeLessThan(30);
    expect((await loginFrom(app, freshEmail(), 'x', nextIp())).statusCode).toBe(400);
  });

  it.each([
    ['registration', '/api/auth/registration/', 'registrationIp', 'registrationAccount'],
    ['resend', '/api/auth/registration/resend-email/', 'resendIp', 'resendAccount'],
    ['reset', '/api/auth/password/reset/', 'resetIp', 'resetAccount'],
  ] as const)('limits %s per IP and per address', async (_name, url, ipRule, accountRule) => {
    const app = await build();
    const email = freshEmail('limited');
    const body = { email, password1: 'x', password2: 'x' };
    const accountLimit = RATE_LIMITS[accountRule].limit;
    for (let i = 0; i < accountLimit; i++) {
      expect(
        (await app.inject({ method: 'POST', url, payload: body, remoteAddress: nextIp() })).statusCode,
      ).toBeLessThan(429);
    }
    const byAccount = await app.inject({ method: 'POST', url, payload: body, remoteAddress: nextIp(), headers: EN });
    expect(byAccount.statusCode).toBe(429);
    expect(byAccount.json().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds?\.$/);

    const address = nextIp();
    const ipLimit = RATE_LIMITS[ipRule].limit;
    for (let i = 0; i < ipLimit; i++) {
      const payload = { ...body, email: freshEmail() };
      expect((await app.inject({ method: 'POST', url, payload, remoteAddress: address })).statusCode).toBeLessThan(429);
    }
    const byIp = await app.inject({ method: 'POST', url, payload: { email: freshEmail() }, remoteAddress: address });
    expect(byIp.statusCode).toBe(429);
  });

  it('limits reset confirmations per uid, whatever the address', async () => {
    const app = await build();
    const url = '/api/auth/password/reset/confirm/';
    const body = { uid: 'abc', token: 'x-y', new_password1: PASSWORD, new_password2: PASSWORD };
    for (let i = 0; i < RATE_LIMITS.confirmAccount.limit; i++) {
      expect((await app.inject({ method: 'POST', url, payload: body, remoteAddress: nextIp() })).statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'POST', url, payload: body, remoteAddress: nextIp() })).statusCode).toBe(429);
  });

  it.each([
    // A key that is no key: 404, as for an expired or used one.
    ['e-mail confirmations', '/api/auth/registration/verify-email/', 404, () => ({ key: 'no-such-key' })],
    // A new uid each time, so the per-uid limit (lower than the IP's) never decides.
    [
      'reset confirmations',
      '/api/auth/password/reset/confirm/',
      400,
      (i: number) => ({ uid: `zz${i}`, token: 'x-y', new_password1: PASSWORD, new_password2: PASSWORD }),
    ],
  ] as const)('limits %s per IP: 429 with Retry-After once over the limit', async (_name, url, status, body) => {
    const app = await build();
    const address = nextIp();
    const limit = RATE_LIMITS.confirmIp.limit;
    for (let i = 0; i < limit; i++) {
      const response = await app.inject({ method: 'POST', url, payload: body(i), remoteAddress: address });
      expect(response.statusCode).toBe(status);
    }
    const throttled = await app.inject({
      method: 'POST',
      url,
      payload: body(limit),
      remoteAddress: address,
      headers: EN,
    });
    expect(throttled.statusCode).toBe(429);
    const wait = Number(throttled.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(RATE_LIMITS.confirmIp.windowSeconds);
    expect(throttled.json()).toEqual({ detail: `Request was throttled. Expected available in ${wait} seconds.` });
    // Only that address is held back.
    const elsewhere = await app.inject({ method: 'POST', url, payload: body(limit), remoteAddress: nextIp() });
    expect(elsewhere.statusCode).toBe(status);
  });

  if (store.name === 'redis') {
    it('shares the counters between processes: two apps together allow the limit, not twice it', async () => {
      const one = await build();
      const two = await build();
      const user = await createUser(testDb.db, { email: freshEmail('shared'), password: PASSWORD });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push((await loginFrom(i % 2 === 0 ? one : two, user.email, 'wrong')).statusCode);
      }
      expect(statuses.filter((status) => status === 400)).toHaveLength(RATE_LIMITS.loginAccount.limit);
    });

    it('fails closed with 503 when Redis cannot be reached', async () => {
      const app = await build({ REDIS_URL: 'redis://127.0.0.1:1' });
      const response = await loginFrom(app, freshEmail(), PASSWORD);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ detail: 'Service temporarily unavailable, try again later.' });
    });
  }
});
