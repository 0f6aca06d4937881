// Account races and look-alikes (issue #17): no login token against a password a reset has replaced, a reset link
// that works exactly once, one canonical e-mail address for storing, lookup, rate limits and mail, and DRF's answer
// to an empty registration. On PGlite always, on PostgreSQL with DATABASE_URL (real concurrency there).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, SqlParam } from '../../db/db.ts';
import { makeResetToken, toBase36 } from '../../lib/signing.ts';
import { createUser, EN, freshEmail, LANGUAGE_HEADERS, TEST_SECRET_KEY, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type SeededTestDb } from '../../test/helpers.ts';
import { usersRepository, type User } from './index.ts';

const PASSWORD = 'correct horse battery';
const UNABLE = { non_field_errors: ['Unable to log in with provided credentials.'] };
const BAD_TOKEN = { token: ['Invalid value'] };

/** A database that runs `hook` once, right after the first query matching `pattern` has returned its rows. */
function pausingDb(db: Db) {
  let armed: { pattern: RegExp; hook: () => Promise<void> } | null = null;
  const wrapped: Db = {
    kind: db.kind,
    async query<T extends object>(sql: string, params?: readonly SqlParam[]) {
      const rows = await db.query<T>(sql, params);
      if (armed && armed.pattern.test(sql)) {
        const { hook } = armed;
        armed = null;
        await hook();
      }
      return rows;
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn, options) => db.transaction(fn, options),
    listen: (channel, handlers) => db.listen(channel, handlers),
    close: () => db.close(),
  };
  return { db: wrapped, after: (pattern: RegExp, hook: () => Promise<void>) => (armed = { pattern, hook }) };
}

const resetLink = (user: User) => ({
  uid: toBase36(user.id),
  token: makeResetToken(
    { id: user.id, passwordHash: user.passwordHash, lastLogin: user.lastLogin, email: user.email },
    TEST_SECRET_KEY,
  ),
});

describe.each(BACKENDS)('account hardening on $name', (backend) => {
  let testDb: SeededTestDb;
  let app: FastifyInstance;
  let paused: ReturnType<typeof pausingDb>;

  const post = (url: string, payload?: unknown, headers: Record<string, string> = EN) =>
    app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const loginWith = (email: string, password: string) => post('/api/auth/login/', { email, password });
  const confirm = (user: User, password: string, link = resetLink(user)) =>
    post('/api/auth/password/reset/confirm/', { ...link, new_password1: password, new_password2: password });
  const userOf = async (id: number) => (await usersRepository(testDb.db).findById(id)) as User;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    paused = pausingDb(testDb.db);
    app = await buildTestApp({ db: paused.db, env: { SECRET_KEY: TEST_SECRET_KEY } });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('a login whose password a reset replaced while it was being checked gets no token', async () => {
    const user = await createUser(testDb.db, { email: freshEmail('inflight'), password: PASSWORD });
    // The login has read the old hash; the reset completes (200) before the login verifies it and stores a token.
    let reset: { statusCode: number } | null = null;
    paused.after(/FROM users u WHERE lower\(u\.email\)/, async () => {
      reset = await confirm(await userOf(user.id), 'A brand new passphrase 9');
    });
    const login = await loginWith(user.email, PASSWORD);
    expect(reset).toMatchObject({ statusCode: 200 });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(UNABLE);
    // Nothing signed in with the old password survived the reset; the new one works.
    expect((await loginWith(user.email, PASSWORD)).statusCode).toBe(400);
    expect((await loginWith(user.email, 'A brand new passphrase 9')).statusCode).toBe(200);
  });

  it('a reset link used by several requests at once changes the password exactly once', async () => {
    const user = await createUser(testDb.db, { email: freshEmail('once'), password: PASSWORD });
    const link = resetLink(user);
    const passwords = [1, 2, 3, 4, 5].map((n) => `Concurrent passphrase ${'xyzvw'[n - 1]}${n}`);
    const answers = await Promise.all(passwords.map((password) => confirm(user, password, link)));
    const won = answers.map((answer, i) => ({ answer, password: passwords[i] as string }));
    const ok = won.filter(({ answer }) => answer.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const { answer } of won.filter(({ answer }) => answer.statusCode !== 200)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(BAD_TOKEN);
    }
    // The password now is the one of the request that was answered 200, and the link is dead.
    for (const { password, answer } of won) {
      expect((await loginWith(user.email, password)).statusCode).toBe(answer.statusCode === 200 ? 200 : 400);
    }
    expect((await confirm(user, 'Yet another passphrase 3', link)).json()).toEqual(BAD_TOKEN);
  });

  it('stores, shows and mails an address in one canonical form, and refuses look-alikes as taken', async () => {
    const local = freshEmail('Mixed').split('@')[0] as string;
    const registered = await post('/api/auth/registration/', {
      email: `${local}@Пример.РФ`,
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(registered.statusCode).toBe(201);
    const canonical = `${local.toLowerCase()}@xn--e1afmkfd.xn--p1ai`;
    await app.mailer.idle();
    const [mail] = await testDb.db.query<{ recipient: string }>(
      "SELECT recipient FROM outbox WHERE kind = 'email_confirmation' ORDER BY id DESC LIMIT 1",
    );
    expect(mail?.recipient).toBe(canonical);
    await testDb.db.query('UPDATE users SET email_verified = true WHERE email = $1', [canonical]);

    for (const lookAlike of [
      `${local.toUpperCase()}@xn--e1afmkfd.xn--p1ai`,
      `${local}@пример.рф`,
      // A full-width full stop in the domain, a Kelvin sign for a k: IDNA maps both.
      `${local}@ПРИМЕР\uff0eРФ`,
    ]) {
      const again = await post('/api/auth/registration/', {
        email: lookAlike,
        password1: PASSWORD,
        password2: PASSWORD,
      });
      expect(again.statusCode, lookAlike).toBe(400);
      expect(again.json()).toEqual({ email: ['A user is already registered with this e-mail address.'] });
    }
    const latin = freshEmail('kelvin');
    expect(
      (await post('/api/auth/registration/', { email: latin, password1: PASSWORD, password2: PASSWORD })).statusCode,
    ).toBe(201);
    const fullWidthDomain = latin.replace('example.com', '\uff45xample.com').replace('kelvin', 'KELVIN');
    const lookAlike = await post('/api/auth/registration/', {
      email: fullWidthDomain,
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(lookAlike.json()).toEqual({ email: ['A user is already registered with this e-mail address.'] });
    // Any spelling signs in to the one account, which the API shows in the canonical form.
    const login = await loginWith(`${local.toUpperCase()}@ПРИМЕР.рф`, PASSWORD);
    expect(login.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/users/', headers: tokenHeader(login.json().key) });
    expect(me.json()).toMatchObject({ email: canonical });
  });

  it('gives addresses stored before the canonical form theirs, leaving a look-alike pair as it was', async () => {
    const local = freshEmail('legacy').split('@')[0] as string;
    const hash = (await userOf((await createUser(testDb.db, { email: freshEmail() })).id)).passwordHash;
    const insert = async (email: string) => {
      const rows = await testDb.db.query<{ id: number }>(
        'INSERT INTO users (email, password_hash, email_verified) VALUES ($1, $2, true) RETURNING id',
        [email, hash],
      );
      return (rows[0] as { id: number }).id;
    };
    const legacy = await insert(`${local}@Пример.рф`);
    const first = await insert(`${local}-pair@xn--e1afmkfd.xn--p1ai`);
    const second = await insert(`${local}-pair@ПРИМЕР.рф`);
    const result = await usersRepository(testDb.db).canonicalizeStoredEmails();
    expect(result.conflicts.map((c) => c.id)).toEqual([second]);
    expect((await userOf(legacy)).email).toBe(`${local}@xn--e1afmkfd.xn--p1ai`);
    expect((await userOf(first)).email).toBe(`${local}-pair@xn--e1afmkfd.xn--p1ai`);
    expect((await loginWith(`${local}@пример.рф`, PASSWORD)).statusCode).toBe(200);
    expect(await usersRepository(testDb.db).canonicalizeStoredEmails()).toEqual({
      updated: 0,
      conflicts: [{ id: second, email: `${local}-pair@ПРИМЕР.рф` }],
    });
  });

  it.each(['en', 'ru'] as const)('%s: an empty registration is the three required-field errors', async (language) => {
    const required = language === 'en' ? 'This field is required.' : 'Обязательное поле.';
    const answer = await post('/api/auth/registration/', undefined, LANGUAGE_HEADERS[language]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ email: [required], password1: [required], password2: [required] });
    // A body that is JSON null is still DRF's "may not be null".
    const nullBody = await app.inject({
      method: 'POST',
      url: '/api/auth/registration/',
      headers: { ...LANGUAGE_HEADERS[language], 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode).toBe(400);
    expect(Object.keys(nullBody.json())).toEqual(['non_field_errors']);
  });
});
