// Rate limits on the account endpoints, with counters in memory and in Redis (REDIS_URL, or a Redis on
// 127.0.0.1:6379 when one answers; the Redis suite is skipped otherwise).
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, EN, freshEmail, TEST_SECRET_KEY } from '../test/accounts.ts';
import { buildTestApp, openSeededDb, PGLITE, type TestDb } from '../test/helpers.ts';
import { makeResetToken, toBase36 } from '../lib/signing.ts';
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

/** Password checks run, counted: a throttled login must be refused before one (each costs an Argon2 hash). */
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../domains/accounts/passwords.ts', async (original) => {
  const passwords = await original<typeof import('../domains/accounts/passwords.ts')>();
  return {
    ...passwords,
    verifyPassword: (...args: Parameters<typeof passwords.verifyPassword>) => {
      passwordChecks.count += 1;
      return passwords.verifyPassword(...args);
    },
  };
});

const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const REDIS_URL = process.env.REDIS_URL ?? ((await reachable(LOCAL_REDIS)) ? LOCAL_REDIS : undefined);

const STORES = [
  { name: 'memory', env: {} as Record<string, string> },
  ...(REDIS_URL ? [{ name: 'redis', env: { REDIS_URL } }] : []),
];

const PASSWORD = 'correct horse battery';
/** 15 minutes × 0.004 = 3.6 s for the account window. */
const SCALE = 0.004;
const accountWindowMs = RATE_LIMITS.loginSource.windowSeconds * 1000 * SCALE;

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

  it('holds a source back after 5 failures on an account, the right password too; the owner elsewhere gets in', async () => {
    const app = await build({ RATE_LIMIT_WINDOW_SCALE: String(SCALE) });
    const user = await createUser(testDb.db, { email: freshEmail('flood'), password: PASSWORD });
    const attacker = nextIp();
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await loginFrom(app, user.email, `wrong ${i}`, attacker)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    const locked = await loginFrom(app, user.email.toUpperCase(), PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The owner, from any other address, is not locked out; another account is not affected either.
    expect((await loginFrom(app, user.email, PASSWORD)).statusCode).toBe(200);
    const other = await createUser(testDb.db, { email: freshEmail('other'), password: PASSWORD });
    expect((await loginFrom(app, other.email, PASSWORD, attacker)).statusCode).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + accountWindowMs + 300 - Date.now())));
    expect((await loginFrom(app, user.email, PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('throttles guessing from many addresses at the account-wide ceiling; an address the owner used still gets in', async () => {
    const app = await build();
    const user = await createUser(testDb.db, { email: freshEmail('ceiling'), password: PASSWORD });
    const home = nextIp();
    expect((await loginFrom(app, user.email, PASSWORD, home)).statusCode).toBe(200);
    const perSource = RATE_LIMITS.loginSource.limit;
    const statuses: number[] = [];
    for (let source = 0; source < RATE_LIMITS.loginAccount.limit / perSource; source++) {
      const address = nextIp();
      for (let i = 0; i < perSource; i++)
        statuses.push((await loginFrom(app, user.email, 'wrong', address)).statusCode);
    }
    expect(statuses).toEqual(Array(RATE_LIMITS.loginAccount.limit).fill(400));
    expect((await loginFrom(app, user.email, 'wrong')).statusCode).toBe(429);
    // A new address is held back even with the right password (it could be the guesser's lucky guess)...
    expect((await loginFrom(app, user.email, PASSWORD)).statusCode).toBe(429);
    // ...the owner's own is not.
    expect((await loginFrom(app, user.email, PASSWORD, home)).statusCode).toBe(200);
  });

  it('only failures count against the account: a right password gives its attempt back', async () => {
    const app = await build();
    const user = await createUser(testDb.db, { email: freshEmail('refund'), password: PASSWORD });
    const address = nextIp();
    for (let i = 0; i < 4; i++) expect((await loginFrom(app, user.email, 'wrong', address)).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await loginFrom(app, user.email, PASSWORD, address)).statusCode).toBe(200);
    expect((await loginFrom(app, user.email, 'wrong', address)).statusCode).toBe(400);
    expect((await loginFrom(app, user.email, 'wrong', address)).statusCode).toBe(429);
  });

  it('counts look-alike spellings of an address as the one account', async () => {
    const app = await build();
    const user = await createUser(testDb.db, { email: freshEmail('spelling'), password: PASSWORD });
    const address = nextIp();
    const [local, domain] = user.email.split('@') as [string, string];
    const spellings = [user.email, user.email.toUpperCase(), `${local}@${domain.replace('e', '\uff45')}`];
    for (let i = 0; i < RATE_LIMITS.loginSource.limit; i++) {
      expect((await loginFrom(app, spellings[i % spellings.length] as string, 'wrong', address)).statusCode).toBe(400);
    }
    expect((await loginFrom(app, spellings[2] as string, 'wrong', address)).statusCode).toBe(429);
  });

  it("another address's reset requests do not stop the owner's own, up to the account's ceiling", async () => {
    const app = await build();
    const user = await createUser(testDb.db, { email: freshEmail('resetflood'), password: PASSWORD });
    const home = nextIp();
    expect((await loginFrom(app, user.email, PASSWORD, home)).statusCode).toBe(200);
    const reset = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email: user.email }, remoteAddress });
    const attacker = nextIp();
    for (let i = 0; i < RATE_LIMITS.resetSource.limit; i++) expect((await reset(attacker)).statusCode).toBe(200);
    expect((await reset(attacker)).statusCode).toBe(429);
    expect((await reset(nextIp())).statusCode).toBe(200);
    // Up to the ceiling from everywhere (the mailbox is not flooded)...
    let sent = RATE_LIMITS.resetSource.limit + 1;
    while (sent < RATE_LIMITS.resetAccount.limit) {
      expect((await reset(nextIp())).statusCode).toBe(200);
      sent++;
    }
    expect((await reset(nextIp())).statusCode).toBe(429);
    // ...but the owner's usual address still gets its mail.
    await app.mailer.idle();
    const before = await testDb.db.query('SELECT 1 FROM outbox WHERE user_id = $1', [user.id]);
    expect((await reset(home)).statusCode).toBe(200);
    await app.mailer.idle();
    const after = await testDb.db.query('SELECT 1 FROM outbox WHERE user_id = $1', [user.id]);
    expect(after.length).toBe(before.length + 1);
  });

  it('limits every login attempt per IP (the 21st in a minute), before any hashing', async () => {
    const app = await build();
    const address = nextIp();
    const before = passwordChecks.count;
    for (let i = 0; i < 20; i++) {
      expect((await loginFrom(app, freshEmail(), 'x', address)).statusCode).toBe(400);
    }
    // An unknown address costs a check too (timing), so the count moves with every login answered.
    const checked = passwordChecks.count;
    expect(checked - before).toBe(20);
    const throttled = await loginFrom(app, freshEmail(), 'x', address);
    expect(throttled.statusCode).toBe(429);
    expect(passwordChecks.count).toBe(checked);
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

  it('limits wrong reset tokens per user, however the uid is spelt; the valid link still works', async () => {
    const app = await build();
    const user = await createUser(testDb.db, { email: freshEmail('confirm'), password: PASSWORD });
    const url = '/api/auth/password/reset/confirm/';
    const uid = toBase36(user.id);
    const spellings = [uid, `0${uid}`, `00${uid.toUpperCase()}`];
    const body = (spelling: string, token: string) => ({
      uid: spelling,
      token,
      new_password1: 'A new passphrase 77',
      new_password2: 'A new passphrase 77',
    });
    for (let i = 0; i < RATE_LIMITS.confirmAccount.limit; i++) {
      const payload = body(spellings[i % spellings.length] as string, 'x-y');
      expect((await app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() })).statusCode).toBe(400);
    }
    const payload = body(spellings[1] as string, 'x-y');
    expect((await app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() })).statusCode).toBe(429);
    const token = makeResetToken(
      { id: user.id, passwordHash: user.passwordHash, lastLogin: user.lastLogin, email: user.email },
      TEST_SECRET_KEY,
    );
    const valid = await app.inject({ method: 'POST', url, payload: body(uid, token), remoteAddress: nextIp() });
    expect(valid.statusCode).toBe(200);
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
      const address = nextIp();
      for (let i = 0; i < 10; i++) {
        statuses.push((await loginFrom(i % 2 === 0 ? one : two, user.email, 'wrong', address)).statusCode);
      }
      expect(statuses.filter((status) => status === 400)).toHaveLength(RATE_LIMITS.loginSource.limit);
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
