// Passkeys (issue #48) on PGlite and (with DATABASE_URL) PostgreSQL, driven by a software authenticator that answers
// as a browser's would: adding one (the password again; its challenge good once), naming, listing and removing them,
// the login's second step by passkey, signing in by passkey alone, replays and cloned authenticators refused, every
// change mailed, audited and signing out the other devices, staff's reset taking them too, and step-up.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, TEST_SECRET_KEY, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { SoftAuthenticator } from '../../test/webauthn.ts';
import { hashTokenKey } from './tokens-repository.ts';

const PASSWORD = 'correct horse battery';
const ORIGIN = 'http://testserver';
type Headers = Record<string, string>;
type Options = { challenge: string; rp?: { id: string }; rpId?: string; allowCredentials?: { id: string }[] };

describe.each(BACKENDS)('passkeys on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db, env: { SECRET_KEY: TEST_SECRET_KEY } });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  const post = (url: string, payload: unknown, headers: Headers = EN) =>
    app.inject({ method: 'POST', url, headers, payload: payload as object });
  const signedIn = async (email: string): Promise<Headers> => ({ ...EN, ...tokenHeader(await login(app, email)) });

  /** Adds a passkey to the signed-in account as `/user` does: the password, the browser's answer, a name. */
  async function addPasskey(headers: Headers, authenticator: SoftAuthenticator, name = 'Laptop') {
    const options = await post('/api/users/passkeys/options/', { password: PASSWORD }, headers);
    expect(options.statusCode).toBe(200);
    const credential = authenticator.create(options.json<Options>());
    return post('/api/users/passkeys/', { name, credential }, headers);
  }

  const mailsOf = async (userId: number) => {
    await app.mailer.idle();
    return testDb.db.query<{ subject: string; body_text: string }>(
      "SELECT subject, body_text FROM outbox WHERE kind = 'two_factor_changed' AND user_id = $1 ORDER BY id",
      [userId],
    );
  };

  it('adds a passkey with the password again: listed, mailed, audited, the other devices signed out', async () => {
    const email = freshEmail('passkey-add');
    const user = await createUser(testDb.db, { email, language: 'en' });
    const headers = await signedIn(email);
    const otherDevice = tokenHeader(await login(app, email));
    const authenticator = new SoftAuthenticator(ORIGIN);

    const wrongPassword = await post('/api/users/passkeys/options/', { password: 'nope' }, { ...headers, ...RU });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ password: ['Неверный пароль.'] });

    const options = (await post('/api/users/passkeys/options/', { password: PASSWORD }, headers)).json<Options>();
    // The relying party is PUBLIC_URL's host.
    expect(options.rp).toEqual({ name: 'ProxyMob', id: 'testserver' });
    const credential = authenticator.create(options);
    const blank = await post('/api/users/passkeys/', { name: ' ', credential }, headers);
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const added = await post('/api/users/passkeys/', { name: 'Laptop', credential }, headers);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Laptop', last_used_at: null });

    // The challenge was good once: the same answer again is refused.
    const again = await post('/api/users/passkeys/', { name: 'Laptop', credential }, { ...headers, ...RU });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ credential: ['Ключ доступа не принят. Попробуйте ещё раз.'] });

    const list = await app.inject({ url: '/api/users/passkeys/', headers });
    expect(list.json()).toEqual([added.json()]);
    expect((await app.inject({ url: '/api/users/', headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/users/', headers: otherDevice })).statusCode).toBe(401);
    const mails = await mailsOf(user.id);
    expect(mails.map((mail) => mail.body_text)).toEqual([
      expect.stringContaining('A passkey was added to your account: it can now sign in.'),
    ]);
    const audit = await testDb.db.query('SELECT action, changes FROM user_audit WHERE user_id = $1', [user.id]);
    expect(audit).toEqual([{ action: 'passkey_added', changes: { passkey: 'Laptop', sessions_signed_out: 1 } }]);
  });

  it('refuses an answer made for another site, and options without a signed-in user', async () => {
    const email = freshEmail('passkey-origin');
    await createUser(testDb.db, { email });
    const headers = await signedIn(email);
    const options = (await post('/api/users/passkeys/options/', { password: PASSWORD }, headers)).json<Options>();
    const credential = new SoftAuthenticator(ORIGIN).create(options, 'https://evil.example');
    expect((await post('/api/users/passkeys/', { name: 'Phone', credential }, headers)).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/users/passkeys/' })).statusCode).toBe(401);
    expect((await post('/api/users/passkeys/options/', { password: PASSWORD }, EN)).statusCode).toBe(401);
  });

  it('is the second step after the password, once per sign-in', async () => {
    const email = freshEmail('passkey-second');
    await createUser(testDb.db, { email });
    const authenticator = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(await signedIn(email), authenticator)).statusCode).toBe(201);

    const first = await post('/api/auth/login/', { email, password: PASSWORD });
    const { challenge, methods, key } = first.json<{ challenge: string; methods: string[]; key?: string }>();
    expect(key).toBeUndefined();
    expect(methods).toEqual(['passkey']);
    const options = (await post('/api/auth/passkey/options/', { challenge })).json<Options>();
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    const answer = await post('/api/auth/passkey/', { challenge, credential: authenticator.get(options) });
    expect(answer.statusCode).toBe(200);
    const signed = tokenHeader(answer.json<{ key: string }>().key);
    expect((await app.inject({ url: '/api/users/', headers: signed })).json()).toMatchObject({ email });

    // That sign-in is over: its challenge opens nothing more.
    const reuse = await post('/api/auth/passkey/options/', { challenge }, RU);
    expect(reuse.json()).toEqual({ challenge: ['Время на вход истекло. Введите e-mail и пароль ещё раз.'] });
    const listed = (await app.inject({ url: '/api/users/passkeys/', headers: signed })).json<
      { last_used_at: string }[]
    >();
    expect(listed[0]?.last_used_at).not.toBeNull();
  });

  it('signs in alone, refuses a replay and a cloned authenticator whose counter went back', async () => {
    const email = freshEmail('passkey-alone');
    await createUser(testDb.db, { email });
    const authenticator = new SoftAuthenticator(ORIGIN);
    const headers = await signedIn(email);
    expect((await addPasskey(headers, authenticator)).statusCode).toBe(201);

    const options = (await post('/api/auth/passkey/options/', {})).json<Options & { userVerification: string }>();
    // Nothing names the account: the browser offers this site's passkeys, which must verify their holder.
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    const credential = authenticator.get(options);
    const answer = await post('/api/auth/passkey/', { credential });
    expect(answer.statusCode).toBe(200);
    const signed = tokenHeader(answer.json<{ key: string }>().key);
    expect((await app.inject({ url: '/api/users/', headers: signed })).json()).toMatchObject({ email });

    // The same answer again: its challenge is gone.
    expect((await post('/api/auth/passkey/', { credential })).statusCode).toBe(400);
    // A copy of the authenticator that signs with an old counter, on a fresh challenge.
    authenticator.counter = 0;
    const fresh = (await post('/api/auth/passkey/options/', {})).json<Options>();
    const cloned = await post('/api/auth/passkey/', { credential: authenticator.get(fresh) });
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json()).toEqual({ credential: ['The passkey was not accepted. Try again.'] });
    // An authenticator that did not verify its holder is no sign-in alone.
    const careless = new SoftAuthenticator(ORIGIN, false);
    expect((await addPasskey(headers, careless, 'Key')).statusCode).toBe(201);
    const third = (await post('/api/auth/passkey/options/', {})).json<Options>();
    expect((await post('/api/auth/passkey/', { credential: careless.get(third) })).statusCode).toBe(400);
  });

  it('signs in once when the same answer arrives twice at the same moment', async () => {
    const email = freshEmail('passkey-race');
    await createUser(testDb.db, { email });
    const authenticator = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(await signedIn(email), authenticator)).statusCode).toBe(201);
    const options = (await post('/api/auth/passkey/options/', {})).json<Options>();
    const credential = authenticator.get(options);
    const answers = await Promise.all([
      post('/api/auth/passkey/', { credential }),
      post('/api/auth/passkey/', { credential }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('renames and removes (with the password); without passkeys the password alone signs in again', async () => {
    const email = freshEmail('passkey-remove');
    const user = await createUser(testDb.db, { email });
    const authenticator = new SoftAuthenticator(ORIGIN);
    const headers = await signedIn(email);
    const { id } = (await addPasskey(headers, authenticator)).json<{ id: number }>();

    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/users/passkeys/${id}/`,
      headers,
      payload: { name: 'Work' },
    });
    expect(renamed.json()).toMatchObject({ id, name: 'Work' });

    const wrong = await post(`/api/users/passkeys/${id}/delete/`, { password: 'nope' }, headers);
    expect(wrong.json()).toEqual({ password: ['The password is not correct.'] });
    const removed = await post(`/api/users/passkeys/${id}/delete/`, { password: PASSWORD }, headers);
    expect(removed.json()).toEqual({ detail: 'The passkey was removed.' });
    expect((await post(`/api/users/passkeys/${id}/delete/`, { password: PASSWORD }, headers)).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/users/passkeys/', headers })).json()).toEqual([]);
    expect((await post('/api/auth/login/', { email, password: PASSWORD })).json()).toHaveProperty('key');
    const audit = await testDb.db.query<{ action: string }>(
      'SELECT action FROM user_audit WHERE user_id = $1 ORDER BY id',
      [user.id],
    );
    expect(audit.map((row) => row.action)).toEqual(['passkey_added', 'passkey_removed']);
    expect((await mailsOf(user.id)).map((mail) => mail.body_text)).toEqual([
      expect.stringContaining('К вашей учётной записи добавлен ключ доступа'),
      expect.stringContaining('Ключ доступа удалён из вашей учётной записи'),
    ]);
  });

  it("keeps one account's passkeys from another", async () => {
    const owner = freshEmail('passkey-owner');
    const other = freshEmail('passkey-other');
    await createUser(testDb.db, { email: owner });
    await createUser(testDb.db, { email: other });
    const ownerHeaders = await signedIn(owner);
    const { id } = (await addPasskey(ownerHeaders, new SoftAuthenticator(ORIGIN))).json<{ id: number }>();
    const headers = await signedIn(other);
    const rename = await app.inject({
      method: 'PATCH',
      url: `/api/users/passkeys/${id}/`,
      headers,
      payload: { name: 'x' },
    });
    expect(rename.statusCode).toBe(404);
    expect((await post(`/api/users/passkeys/${id}/delete/`, { password: PASSWORD }, headers)).statusCode).toBe(404);
    // Another account's passkey answers no second step of this one.
    const theirs = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(headers, theirs)).statusCode).toBe(201);
    const { challenge } = (await post('/api/auth/login/', { email: owner, password: PASSWORD })).json<{
      challenge: string;
    }>();
    const options = (await post('/api/auth/passkey/options/', { challenge })).json<Options>();
    expect((await post('/api/auth/passkey/', { challenge, credential: theirs.get(options) })).statusCode).toBe(400);
  });

  it("staff's reset takes the passkeys too", async () => {
    const email = freshEmail('passkey-reset');
    const user = await createUser(testDb.db, { email });
    const staff = await createUser(testDb.db, { email: freshEmail('reset-staff'), staff: true, superuser: true });
    expect((await addPasskey(await signedIn(email), new SoftAuthenticator(ORIGIN))).statusCode).toBe(201);
    const reset = await post(`/api/panel/users/${user.id}/two-factor/reset/`, {}, await signedIn(staff.email));
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/login/', { email, password: PASSWORD })).json()).toHaveProperty('key');
  });

  it('steps up with a passkey or a code; wrong answers are refused', async () => {
    const email = freshEmail('passkey-step-up');
    await createUser(testDb.db, { email });
    const authenticator = new SoftAuthenticator(ORIGIN);
    const headers = await signedIn(email);
    const noPasskey = await post('/api/users/step-up/options/', {}, headers);
    expect(noPasskey.statusCode).toBe(409);
    expect((await addPasskey(headers, authenticator)).statusCode).toBe(201);

    const missing = await post('/api/users/step-up/', {}, headers);
    expect(missing.json()).toEqual({ code: ['This field is required.'] });
    const code = await post('/api/users/step-up/', { code: '123456' }, headers);
    expect(code.json()).toEqual({ code: ['The code is not correct, or it was already used.'] });
    const options = (await post('/api/users/step-up/options/', {}, headers)).json<Options>();
    const stepped = await post('/api/users/step-up/', { credential: authenticator.get(options) }, headers);
    expect(stepped.json()).toEqual({ detail: 'Confirmed.' });
    const [row] = await testDb.db.query<{ factor_method: string }>(
      'SELECT factor_method FROM auth_tokens WHERE key_hash = $1',
      [hashTokenKey((headers.authorization as string).slice('Token '.length))],
    );
    expect(row?.factor_method).toBe('passkey');
  });
});
