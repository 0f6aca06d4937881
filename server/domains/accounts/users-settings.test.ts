// The user page's mailing switch (`PATCH /api/users/`): the signed-in user turns their own subscription off and on
// again, which the e-mails' unsubscribe link alone cannot do; nothing else about the account moves.
import { describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';

describe.each(BACKENDS)('PATCH /api/users/ on $name', (backend) => {
  const suite = seededApp(backend);
  const patch = (key: string | null, payload: unknown, headers: Record<string, string> = EN) =>
    suite.app.inject({
      method: 'PATCH',
      url: '/api/users/',
      payload: payload as object,
      headers: { ...headers, ...(key ? tokenHeader(key) : {}) },
    });
  const subscribedOf = async (email: string) =>
    (await suite.testDb.db.query<{ subscribed: boolean }>('SELECT subscribed FROM users WHERE email = $1', [email]))[0]
      ?.subscribed;

  it('turns the signed-in user mailing off and on again, answering the user', async () => {
    const email = freshEmail('mailing');
    await createUser(suite.testDb.db, { email, permissions: [] });
    const key = await login(suite.app, email);
    const off = await patch(key, { subscribed: false });
    expect(off.statusCode).toBe(200);
    expect(off.headers['cache-control']).toBe('no-store');
    expect(off.json()).toMatchObject({ email, subscribed: false, premission: [] });
    expect(await subscribedOf(email)).toBe(false);
    // The same again changes nothing and answers the same.
    expect((await patch(key, { subscribed: false })).json()).toMatchObject({ subscribed: false });
    const on = await patch(key, { subscribed: true });
    expect(on.json()).toMatchObject({ email, subscribed: true });
    expect(await subscribedOf(email)).toBe(true);
    expect((await suite.app.inject({ url: '/api/users/', headers: tokenHeader(key) })).json()).toMatchObject({
      subscribed: true,
    });
  });

  it('refuses a visitor with 401 and a bad body with a 400 naming the field', async () => {
    expect((await patch(null, { subscribed: false })).statusCode).toBe(401);
    const email = freshEmail('mailing-bad');
    await createUser(suite.testDb.db, { email });
    const key = await login(suite.app, email);
    const missing = await patch(key, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ subscribed: ['This field is required.'] });
    const wrongType = await patch(key, { subscribed: 'nope' }, RU);
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json())).toEqual(['subscribed']);
    expect(await subscribedOf(email)).toBe(true);
  });
});
