// Two-factor sign-in (issue #48), authenticator codes, on PGlite and (with DATABASE_URL) PostgreSQL: enrolment, the
// login's second step, a code never accepted twice, recovery codes once each, throttling, turning it off, and the
// panel kept shut to staff without a factor while STAFF_TWO_FACTOR=required. The clock is the test's: codes are
// computed from the secret the enrolment showed, as an authenticator app would.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, EN, freshEmail, login, RU, TEST_SECRET_KEY, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import type { Db } from '../../db/db.ts';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  openSecret,
  sealSecret,
  TOTP_STEP_SECONDS,
  totpAt,
} from './totp.ts';

const PASSWORD = 'correct horse battery';
const STEP_MS = TOTP_STEP_SECONDS * 1000;

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890": the last 6 of each 8-digit value.
  const seed = base32Encode(Buffer.from('12345678901234567890'));
  it.each([
    [59, '287082'],
    [1_111_111_109, '081804'],
    [1_111_111_111, '050471'],
    [1_234_567_890, '005924'],
    [2_000_000_000, '279037'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpAt(seed, seconds * 1000)).toBe(code);
  });

  it('round-trips base32', () => {
    expect(base32Decode(seed).toString()).toBe('12345678901234567890');
    expect(seed).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('accepts the steps either side, never a step at or before the last accepted one', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / STEP_MS);
    expect(matchTotp(seed, hotp(seed, step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(seed, hotp(seed, step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(seed, hotp(seed, step - 2), now, null)).toBeNull();
    expect(matchTotp(seed, hotp(seed, step), now, step)).toBeNull();
    expect(matchTotp(seed, hotp(seed, step - 1), now, step)).toBeNull();
    expect(matchTotp(seed, hotp(seed, step + 1), now, step)).toBe(step + 1);
    expect(matchTotp(seed, '12345', now, null)).toBeNull();
  });

  it('seals secrets so only the same SECRET_KEY opens them, and tampering is seen', () => {
    const sealed = sealSecret(seed, TEST_SECRET_KEY);
    expect(sealed).not.toContain(seed);
    expect(openSecret(sealed, TEST_SECRET_KEY)).toBe(seed);
    expect(openSecret(sealed, `${TEST_SECRET_KEY}x`)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = `${(parts[3] as string).slice(0, -2)}AA`;
    expect(openSecret(parts.join('.'), TEST_SECRET_KEY)).toBeNull();
  });
});

type Headers = Record<string, string>;

/** Enrols the signed-in account: the secret the answer showed and the ten recovery codes. */
async function enrol(app: FastifyInstance, headers: Headers, now: number) {
  const start = await app.inject({ method: 'POST', url: '/api/users/two-factor/totp/', headers });
  expect(start.statusCode).toBe(200);
  const { secret } = start.json<{ secret: string }>();
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/users/two-factor/totp/confirm/',
    headers,
    payload: { code: totpAt(secret, now) },
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json<{ recovery_codes: string[] }>().recovery_codes };
}

const tokenCount = async (db: Db, userId: number) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth_tokens WHERE user_id = $1', [userId]))[0]?.n;

describe.each(BACKENDS)('two-factor sign-in on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const clock = manualClock(Date.UTC(2026, 11, 7, 12, 0, 10));

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db, env: { SECRET_KEY: TEST_SECRET_KEY }, now: clock.now });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  const post = (url: string, payload: unknown, headers: Headers = EN) =>
    app.inject({ method: 'POST', url, headers, payload: payload as object });
  const passwordStep = async (email: string) => {
    const answer = await post('/api/auth/login/', { email, password: PASSWORD });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ challenge: string }>().challenge;
  };
  const secondStep = (challenge: string, code: string, headers: Headers = EN) =>
    post('/api/auth/login/two-factor/', { challenge, code }, headers);

  it('enrols: a secret shown once, a first code proves it, ten recovery codes, the other devices signed out', async () => {
    const email = freshEmail('enrol');
    const user = await createUser(testDb.db, { email });
    const headers = { ...EN, ...tokenHeader(await login(app, email)) };
    const otherDevice = tokenHeader(await login(app, email));
    const status = await app.inject({ url: '/api/users/two-factor/', headers });
    expect(status.json()).toEqual({ enabled: false, confirmed_at: null, recovery_codes_left: 0, required: false });

    const start = await post('/api/users/two-factor/totp/', {}, headers);
    expect(start.statusCode).toBe(200);
    expect(start.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_uri, qr } = start.json<{ secret: string; otpauth_uri: string; qr: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/ProxyMob:${encodeURIComponent(email)}?secret=${secret}&issuer=ProxyMob&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // Not yet on: the password alone still signs in.
    expect((await post('/api/auth/login/', { email, password: PASSWORD })).json()).toHaveProperty('key');

    const wrong = await post('/api/users/two-factor/totp/confirm/', { code: '000000' }, headers);
    const wrongCode = totpAt(secret, clock.now()) === '000000' ? '111111' : '000000';
    const wrongAnswer = await post('/api/users/two-factor/totp/confirm/', { code: wrongCode }, { ...headers, ...RU });
    expect(wrong.statusCode).toBe(400);
    expect(wrongAnswer.json()).toEqual({ code: ['Код неверный или уже использован.'] });
    const missing = await post('/api/users/two-factor/totp/confirm/', {}, headers);
    expect(missing.json()).toEqual({ code: ['This field is required.'] });

    const confirm = await post('/api/users/two-factor/totp/confirm/', { code: totpAt(secret, clock.now()) }, headers);
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    // This device stays, every other is signed out; the owner is told; the change is audited.
    expect((await app.inject({ url: '/api/users/', headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/users/', headers: otherDevice })).statusCode).toBe(401);
    await app.mailer.idle();
    const mails = await testDb.db.query<{ subject: string; body_text: string }>(
      "SELECT subject, body_text FROM outbox WHERE kind = 'two_factor_changed' AND user_id = $1",
      [user.id],
    );
    expect(mails.map((mail) => mail.subject)).toEqual(['Двухфакторная аутентификация изменена — ProxyMob']);
    expect(mails[0]?.body_text).not.toContain(secret);
    const audit = await testDb.db.query<{ action: string; changes: unknown }>(
      'SELECT action, changes FROM user_audit WHERE user_id = $1',
      [user.id],
    );
    expect(audit).toEqual([{ action: 'two_factor_enabled', changes: { sessions_signed_out: 2 } }]);

    // The secret is never answered again, nor kept in clear.
    const after = await app.inject({ url: '/api/users/two-factor/', headers });
    expect(after.json()).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    expect(after.body).not.toContain(secret);
    const [row] = await testDb.db.query<{ secret_encrypted: string }>(
      'SELECT secret_encrypted FROM user_second_factors WHERE user_id = $1',
      [user.id],
    );
    expect(row?.secret_encrypted).not.toContain(secret);
    const stored = await testDb.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM user_recovery_codes WHERE user_id = $1',
      [user.id],
    );
    expect(stored.some((entry) => codes.includes(entry.code_hash))).toBe(false);
    const again = await post('/api/users/two-factor/totp/', {}, headers);
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: { detail: 'Two-factor authentication is already on.' },
    });
  });

  it('signs in with the password and then a code; the challenge is no login and dies once used', async () => {
    const email = freshEmail('signin');
    const user = await createUser(testDb.db, { email });
    const headers = { ...EN, ...tokenHeader(await login(app, email)) };
    const { secret } = await enrol(app, headers, clock.now());
    clock.advance(STEP_MS);

    const first = await post('/api/auth/login/', { email, password: PASSWORD });
    expect(first.statusCode).toBe(200);
    const answer = first.json<{ two_factor_required: boolean; challenge: string; methods: string[] }>();
    expect(answer).toEqual({
      two_factor_required: true,
      challenge: expect.stringMatching(/^[0-9a-f]{40}$/),
      methods: ['totp', 'recovery_code'],
    });
    expect(first.json()).not.toHaveProperty('key');
    const tokensBefore = await tokenCount(testDb.db, user.id);
    expect((await app.inject({ url: '/api/users/', headers: tokenHeader(answer.challenge) })).statusCode).toBe(401);

    const signedIn = await secondStep(answer.challenge, totpAt(secret, clock.now()));
    expect(signedIn.statusCode).toBe(200);
    const { key } = signedIn.json<{ key: string }>();
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(await tokenCount(testDb.db, user.id)).toBe((tokensBefore ?? 0) + 1);
    expect((await app.inject({ url: '/api/users/', headers: tokenHeader(key) })).json()).toMatchObject({ email });

    // The same challenge again: gone.
    const reused = await secondStep(answer.challenge, totpAt(secret, clock.now()), RU);
    expect({ status: reused.statusCode, body: reused.json() }).toEqual({
      status: 400,
      body: { challenge: ['Время на вход истекло. Введите e-mail и пароль ещё раз.'] },
    });
    // A wrong password never reaches the second step.
    const wrongPassword = await post('/api/auth/login/', { email, password: 'wrong password here' });
    expect(wrongPassword.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
  });

  it('refuses a code already used, even on a fresh challenge; the next step’s code passes', async () => {
    const email = freshEmail('reuse');
    await createUser(testDb.db, { email });
    const { secret } = await enrol(app, { ...EN, ...tokenHeader(await login(app, email)) }, clock.now());
    clock.advance(STEP_MS);
    const code = totpAt(secret, clock.now());
    expect((await secondStep(await passwordStep(email), code)).statusCode).toBe(200);

    const challenge = await passwordStep(email);
    const again = await secondStep(challenge, code);
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 400,
      body: { code: ['The code is not correct, or it was already used.'] },
    });
    // A wrong code leaves the challenge: the next step's code passes on it.
    clock.advance(STEP_MS);
    expect((await secondStep(challenge, totpAt(secret, clock.now()))).statusCode).toBe(200);
  });

  it('takes each recovery code once; new codes need a code and void the old ones', async () => {
    const email = freshEmail('recovery');
    await createUser(testDb.db, { email });
    const headers = { ...EN, ...tokenHeader(await login(app, email)) };
    const { secret, recoveryCodes } = await enrol(app, headers, clock.now());
    const [firstCode, secondCode] = recoveryCodes as [string, string];

    // Typed loosely: upper case, without the dash.
    const used = await secondStep(await passwordStep(email), firstCode.toUpperCase().replace('-', ''));
    expect(used.statusCode).toBe(200);
    const key = used.json<{ key: string }>().key;
    const twice = await secondStep(await passwordStep(email), firstCode);
    expect(twice.json()).toEqual({ code: ['The code is not correct, or it was already used.'] });
    const own = { ...EN, ...tokenHeader(key) };
    expect((await app.inject({ url: '/api/users/two-factor/', headers: own })).json()).toMatchObject({
      recovery_codes_left: 9,
    });

    const refused = await post('/api/users/two-factor/recovery-codes/', { code: '000000' }, own);
    expect(refused.statusCode).toBe(400);
    clock.advance(STEP_MS);
    const renewed = await post('/api/users/two-factor/recovery-codes/', { code: totpAt(secret, clock.now()) }, own);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await passwordStep(email), secondCode)).statusCode).toBe(400);
    expect((await secondStep(await passwordStep(email), fresh[0] as string)).statusCode).toBe(200);
  });

  it('refuses a made-up or expired challenge, and one whose password was reset since', async () => {
    const email = freshEmail('challenge');
    const user = await createUser(testDb.db, { email });
    const { secret } = await enrol(app, { ...EN, ...tokenHeader(await login(app, email)) }, clock.now());
    clock.advance(STEP_MS);
    const made = await secondStep('0'.repeat(40), totpAt(secret, clock.now()));
    expect(made.json()).toEqual({ challenge: ['This sign-in has expired. Enter your e-mail and password again.'] });
    const blank = await post('/api/auth/login/two-factor/', { challenge: '', code: '' });
    expect(blank.json()).toEqual({
      challenge: ['This field may not be blank.'],
      code: ['This field may not be blank.'],
    });

    const expired = await passwordStep(email);
    await testDb.db.query(
      "UPDATE two_factor_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [user.id],
    );
    const late = await secondStep(expired, totpAt(secret, clock.now()));
    expect(late.json()).toEqual({ challenge: ['This sign-in has expired. Enter your e-mail and password again.'] });

    const stale = await passwordStep(email);
    await testDb.db.query("UPDATE users SET password_hash = password_hash || 'x' WHERE id = $1", [user.id]);
    expect((await secondStep(stale, totpAt(secret, clock.now()))).json()).toHaveProperty('challenge');
  });

  it('turns off with the password and a code; the password alone signs in again', async () => {
    const email = freshEmail('disable');
    const user = await createUser(testDb.db, { email });
    const headers = { ...EN, ...tokenHeader(await login(app, email)) };
    const { secret } = await enrol(app, headers, clock.now());
    clock.advance(STEP_MS);
    const code = totpAt(secret, clock.now());

    const badPassword = await post('/api/users/two-factor/disable/', { password: 'not it at all', code }, headers);
    expect(badPassword.json()).toEqual({ password: ['The password is not correct.'] });
    const badCode = await post('/api/users/two-factor/disable/', { password: PASSWORD, code: '12' }, headers);
    expect(badCode.json()).toEqual({ code: ['The code is not correct, or it was already used.'] });
    const off = await post('/api/users/two-factor/disable/', { password: PASSWORD, code }, { ...headers, ...RU });
    expect({ status: off.statusCode, body: off.json() }).toEqual({
      status: 200,
      body: { detail: 'Двухфакторная аутентификация выключена.' },
    });
    expect((await app.inject({ url: '/api/users/two-factor/', headers })).json()).toMatchObject({ enabled: false });
    const plain = await post('/api/auth/login/', { email, password: PASSWORD });
    expect(Object.keys(plain.json())).toEqual(['key']);
    const offAgain = await post('/api/users/two-factor/disable/', { password: PASSWORD, code }, headers);
    expect(offAgain.statusCode).toBe(409);
    const actions = await testDb.db.query<{ action: string }>(
      'SELECT action FROM user_audit WHERE user_id = $1 ORDER BY id',
      [user.id],
    );
    expect(actions.map((entry) => entry.action)).toEqual(['two_factor_enabled', 'two_factor_disabled']);
  });

  it('lets staff with users.change_user reset a customer’s factors: audited, mailed, every device out', async () => {
    const email = freshEmail('lost-phone');
    const owner = await createUser(testDb.db, { email });
    const ownHeaders = { ...EN, ...tokenHeader(await login(app, email)) };
    await enrol(app, ownHeaders, clock.now());
    const staffEmail = freshEmail('support');
    const staff = await createUser(testDb.db, { email: staffEmail, staff: true, permissions: ['users.change_user'] });
    const viewer = freshEmail('viewer');
    await createUser(testDb.db, { email: viewer, staff: true, permissions: ['users.view_user'] });
    const url = `/api/panel/users/${owner.id}/two-factor/reset/`;

    const refused = await post(url, {}, { ...EN, ...tokenHeader(await login(app, viewer)) });
    expect(refused.statusCode).toBe(403);
    expect((await post(url, {}, ownHeaders)).statusCode).toBe(403);
    const staffHeaders = { ...RU, ...tokenHeader(await login(app, staffEmail)) };
    const reset = await post(url, {}, staffHeaders);
    expect({ status: reset.statusCode, body: reset.json() }).toEqual({
      status: 200,
      body: { detail: 'Двухфакторная аутентификация аккаунта сброшена, все его устройства вышли из учётной записи.' },
    });
    expect((await app.inject({ url: '/api/users/', headers: ownHeaders })).statusCode).toBe(401);
    expect(Object.keys((await post('/api/auth/login/', { email, password: PASSWORD })).json())).toEqual(['key']);
    const [entry] = await testDb.db.query<{ actor_id: number }>(
      "SELECT actor_id FROM user_audit WHERE user_id = $1 AND action = 'two_factor_reset'",
      [owner.id],
    );
    expect(entry?.actor_id).toBe(staff.id);
    await app.mailer.idle();
    const [mail] = await testDb.db.query<{ body_text: string }>(
      "SELECT body_text FROM outbox WHERE kind = 'two_factor_changed' AND user_id = $1 ORDER BY id DESC LIMIT 1",
      [owner.id],
    );
    expect(mail?.body_text).toContain('Сотрудник поддержки сбросил двухфакторную аутентификацию');
    expect((await post(url, {}, staffHeaders)).statusCode).toBe(409);
    expect((await post('/api/panel/users/999999/two-factor/reset/', {}, staffHeaders)).statusCode).toBe(404);
  });

  it('refuses visitors the own two-factor endpoints (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/two-factor/'],
      ['POST', '/api/users/two-factor/totp/'],
      ['POST', '/api/users/two-factor/totp/confirm/'],
      ['POST', '/api/users/two-factor/recovery-codes/'],
      ['POST', '/api/users/two-factor/disable/'],
    ] as const) {
      expect((await app.inject({ method, url, headers: EN })).statusCode, url).toBe(401);
    }
  });
});

describe.each(BACKENDS)('two-factor limits and staff on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const clock = manualClock(Date.UTC(2026, 11, 7, 12, 0, 10));

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({
      db: testDb.db,
      env: { SECRET_KEY: TEST_SECRET_KEY, RATE_LIMITS: 'on', STAFF_TWO_FACTOR: 'required' },
      rateLimitKeyPrefix: `rl-2fa-${backend.name}-${Date.now()}:`,
      now: clock.now,
    });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('throttles wrong codes per account: the sixth in 15 minutes is a 429, whatever the challenge', async () => {
    const email = freshEmail('throttle');
    await createUser(testDb.db, { email });
    const { secret } = await enrol(app, { ...EN, ...tokenHeader(await login(app, email)) }, clock.now());
    clock.advance(STEP_MS);
    const wrong = totpAt(secret, clock.now()) === '000000' ? '111111' : '000000';
    const challenge = (
      await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: PASSWORD } })
    ).json<{ challenge: string }>().challenge;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/auth/login/two-factor/',
        headers: EN,
        payload: { challenge, code: wrong },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.json<{ detail: string }>().detail).toMatch(
          /^Request was throttled\. Expected available in \d+ seconds\.$/,
        );
        expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The right code is held too: the account's budget is spent.
    const right = await app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor/',
      payload: { challenge, code: totpAt(secret, clock.now()) },
    });
    expect(right.statusCode).toBe(429);
  });

  it('keeps the panel shut to staff without a second factor while STAFF_TWO_FACTOR=required', async () => {
    const email = freshEmail('staff');
    await createUser(testDb.db, { email, staff: true, permissions: ['users.view_user'] });
    const headers = { ...EN, ...tokenHeader(await login(app, email)) };
    expect((await app.inject({ url: '/api/users/two-factor/', headers })).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    const shut = await app.inject({ url: '/api/panel/users/', headers });
    expect({ status: shut.statusCode, body: shut.json() }).toEqual({
      status: 403,
      body: { detail: 'Set up two-factor authentication on your account page before opening the panel.' },
    });
    // Its own page stays open, so it can enrol.
    expect((await app.inject({ url: '/api/users/', headers })).statusCode).toBe(200);
    await enrol(app, headers, clock.now());
    expect((await app.inject({ url: '/api/panel/users/', headers })).statusCode).toBe(200);
  });
});

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');

describe.runIf(postgres)('two-factor races on PostgreSQL', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const clock = manualClock(Date.UTC(2026, 11, 7, 12, 0, 10));

  beforeAll(async () => {
    if (!postgres) throw new Error('DATABASE_URL is not set');
    testDb = await openSeededDb(postgres);
    app = await buildTestApp({ db: testDb.db, env: { SECRET_KEY: TEST_SECRET_KEY }, now: clock.now });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('the same code sent twice at once, on two challenges: exactly one signs in', async () => {
    for (let round = 0; round < 5; round++) {
      const email = freshEmail('race');
      await createUser(testDb.db, { email });
      const { secret, recoveryCodes } = await enrol(
        app,
        { ...EN, ...tokenHeader(await login(app, email)) },
        clock.now(),
      );
      clock.advance(STEP_MS);
      const challenges = await Promise.all(
        [0, 1].map(
          async () =>
            (
              await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: PASSWORD } })
            ).json<{
              challenge: string;
            }>().challenge,
        ),
      );
      for (const code of [totpAt(secret, clock.now()), recoveryCodes[0] as string]) {
        const fresh = [...challenges];
        const answers = await Promise.all(
          fresh.map((challenge) =>
            app.inject({ method: 'POST', url: '/api/auth/login/two-factor/', payload: { challenge, code } }),
          ),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
        // The winner's challenge is spent; the loser's is left for the next code.
        const loser = fresh[answers.findIndex((answer) => answer.statusCode === 400)] as string;
        const other = await app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email, password: PASSWORD },
        });
        challenges.splice(0, 2, loser, other.json<{ challenge: string }>().challenge);
      }
    }
  });
});
