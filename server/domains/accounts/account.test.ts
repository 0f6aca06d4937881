// The signed-in user's own page on PGlite and (with DATABASE_URL) PostgreSQL: profile settings, the password change
// (other sessions end, this one stays), the e-mail change through the new address, and the signed-in devices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createUser, EN, freshEmail, login, TEST_SECRET_KEY, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { emailChangeStamp, makeEmailChangeKey } from '../../lib/signing.ts';
import { describeUserAgent } from './user-agent.ts';

const PASSWORD = 'correct horse battery';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('describeUserAgent', () => {
  it.each([
    [FIREFOX, { browser: 'Firefox 128', os: 'Windows' }],
    [IPHONE, { browser: 'Safari 17', os: 'iOS 17' }],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome 126', os: 'Android 14' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      { browser: 'Edge 126', os: 'Windows' },
    ],
    ['curl/8.5.0', { browser: '', os: '' }],
  ])('%s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });
});

describe.each(BACKENDS)('the own account API on $name', (backend) => {
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

  const signIn = async (email: string, userAgent = FIREFOX, password = PASSWORD) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'user-agent': userAgent },
      payload: { email, password },
    });
    expect(answer.statusCode).toBe(200);
    return { ...EN, ...tokenHeader(answer.json().key as string) };
  };
  const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/users/', headers });

  it('refuses visitors every own-account endpoint (401)', async () => {
    const calls = [
      ['POST', '/api/auth/password/change/'],
      ['POST', '/api/users/email/'],
      ['GET', '/api/users/sessions/'],
      ['DELETE', '/api/users/sessions/1/'],
      ['POST', '/api/users/sessions/revoke-others/'],
      ['PATCH', '/api/users/'],
    ] as const;
    for (const [method, url] of calls) {
      expect((await app.inject({ method, url, headers: EN, payload: {} })).statusCode, url).toBe(401);
    }
  });

  it('saves the language and the subscription, and nothing else', async () => {
    const email = freshEmail('profile');
    await createUser(testDb.db, { email });
    const headers = await signIn(email);
    const answer = await app.inject({
      method: 'PATCH',
      url: '/api/users/',
      headers,
      payload: { language: 'en', is_superuser: true, premission: ['users.view_user'], balance: 5 },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ language: 'en', subscribed: true, is_superuser: false, premission: [] });
    expect((await me(headers)).json()).toMatchObject({ language: 'en', balance: 0 });
    const bad = await app.inject({ method: 'PATCH', url: '/api/users/', headers, payload: { language: 'de' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['language']);
  });

  it('changes the password: the old one checked, the rules applied, every other session signed out', async () => {
    const email = freshEmail('password');
    const user = await createUser(testDb.db, { email });
    const here = await signIn(email);
    const there = await signIn(email, IPHONE);
    const change = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/auth/password/change/', headers: here, payload });

    const wrong = await change({ old_password: 'nope', new_password1: 'a brand new phrase', new_password2: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['old_password']);
    const mismatch = await change({ old_password: PASSWORD, new_password1: 'a brand new phrase', new_password2: 'x' });
    expect(Object.keys(mismatch.json())).toEqual(['new_password2']);
    const weak = await change({ old_password: PASSWORD, new_password1: '12345678', new_password2: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().new_password2.length).toBeGreaterThanOrEqual(2);

    const done = await change({
      old_password: PASSWORD,
      new_password1: 'a brand new phrase',
      new_password2: 'a brand new phrase',
    });
    expect(done.statusCode).toBe(200);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(there)).statusCode).toBe(401);
    await signIn(email, FIREFOX, 'a brand new phrase');
    const [audit] = await testDb.db.query<{ action: string; actor_id: number }>(
      'SELECT action, actor_id FROM user_audit WHERE user_id = $1',
      [user.id],
    );
    expect(audit).toEqual({ action: 'password_change', actor_id: user.id });
  });

  it('lists the signed-in devices, this one marked; signs out one, then every other', async () => {
    const email = freshEmail('sessions');
    await createUser(testDb.db, { email });
    const here = await signIn(email);
    const phone = await signIn(email, IPHONE);
    const third = await signIn(email);
    const list = await app.inject({ method: 'GET', url: '/api/users/sessions/', headers: here });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: number; browser: string; os: string; ip: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.browser).sort()).toEqual(['Firefox 128', 'Firefox 128', 'Safari 17']);
    expect(sessions[0]?.ip).toBe('127.0.0.1');

    const iPhone = sessions.find((session) => session.os === 'iOS 17');
    const stranger = await signIn((await createUser(testDb.db, { email: freshEmail('other') })).email);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${iPhone?.id}/`,
      headers: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    const out = await app.inject({ method: 'DELETE', url: `/api/users/sessions/${iPhone?.id}/`, headers: here });
    expect(out.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(200);

    const rest = await app.inject({ method: 'POST', url: '/api/users/sessions/revoke-others/', headers: here });
    expect(rest.json()).toEqual({ revoked: 1 });
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
  });

  it('changes the e-mail through a link to the new address; the old address is told; the link dies once used', async () => {
    const email = freshEmail('moving');
    const user = await createUser(testDb.db, { email });
    const headers = await signIn(email);
    const ask = (payload: object) => app.inject({ method: 'POST', url: '/api/users/email/', headers, payload });
    const taken = await createUser(testDb.db, { email: freshEmail('taken') });

    expect(Object.keys((await ask({ email: 'not-an-address', password: PASSWORD })).json())).toEqual(['email']);
    expect(Object.keys((await ask({ email: taken.email, password: PASSWORD })).json())).toEqual(['email']);
    const newEmail = freshEmail('moved');
    expect(Object.keys((await ask({ email: newEmail, password: 'wrong' })).json())).toEqual(['password']);
    const asked = await ask({ email: newEmail.toUpperCase(), password: PASSWORD });
    expect(asked.statusCode).toBe(200);
    await app.mailer.idle();
    const [sent] = await testDb.db.query<{ recipient: string; body_text: string }>(
      "SELECT recipient, body_text FROM outbox WHERE kind = 'email_change' AND user_id = $1",
      [user.id],
    );
    expect(sent?.recipient).toBe(newEmail);
    // The outbox keeps no live link.
    expect(sent?.body_text).toContain('[redacted]');
    expect((await me(headers)).json().email).toBe(email);

    const stamp = emailChangeStamp(user.passwordHash, TEST_SECRET_KEY);
    const key = makeEmailChangeKey({ id: user.id, from: email, to: newEmail, stamp }, TEST_SECRET_KEY);
    const confirm = (value: string) =>
      app.inject({ method: 'POST', url: '/api/users/email/confirm/', headers: EN, payload: { key: value } });
    expect((await confirm(`${key}x`)).statusCode).toBe(404);
    const confirmed = await confirm(key);
    expect(confirmed.statusCode).toBe(200);
    // The address it now is: the page that opened the link says so, whoever is signed in there.
    expect(confirmed.json()).toEqual({ detail: 'ok', email: newEmail });
    expect((await confirm(key)).statusCode).toBe(404);
    expect((await me(headers)).json().email).toBe(newEmail);
    await login(app, newEmail);
    await app.mailer.idle();
    const [notice] = await testDb.db.query<{ recipient: string; body_text: string }>(
      "SELECT recipient, body_text FROM outbox WHERE kind = 'email_changed' AND user_id = $1",
      [user.id],
    );
    expect(notice?.recipient).toBe(email);
    expect(notice?.body_text).toContain(newEmail);
  });

  it('refuses an e-mail change link once the password has changed since it was asked for', async () => {
    // Asked for with a password someone else learnt; the owner then changes it: the link must die with it.
    const email = freshEmail('stolen');
    const user = await createUser(testDb.db, { email });
    const stamp = emailChangeStamp(user.passwordHash, TEST_SECRET_KEY);
    const key = makeEmailChangeKey({ id: user.id, from: email, to: freshEmail('thief'), stamp }, TEST_SECRET_KEY);
    const headers = await signIn(email);
    const newPassword = 'Another-pass-2027';
    const change = await app.inject({
      method: 'POST',
      url: '/api/auth/password/change/',
      headers,
      payload: { old_password: PASSWORD, new_password1: newPassword, new_password2: newPassword },
    });
    expect(change.statusCode).toBe(200);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/users/email/confirm/',
      headers: EN,
      payload: { key },
    });
    expect(confirm.statusCode).toBe(404);
    expect((await me(headers)).json().email).toBe(email);
  });
});
