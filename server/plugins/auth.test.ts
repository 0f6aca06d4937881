import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, tokenHeader } from '../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../test/helpers.ts';
import authPlugin from './auth.ts';
import dbPlugin from './db.ts';
import errorsPlugin from './errors.ts';
import languagePlugin from './language.ts';

/** The auth plugin with a panel-like route behind each guard, as later panel endpoints will use them. */
async function buildGuardedApp(testDb: TestDb): Promise<FastifyInstance> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { db: testDb.db });
  await app.register(authPlugin);
  app.get('/api/panel/pages/', { preHandler: app.requirePermission('pages.view_page') }, async () => ({ ok: true }));
  app.get('/api/panel/either/', { preHandler: app.requirePermission('users.view_user|pages.view_page') }, async () => ({
    ok: true,
  }));
  app.get('/api/me/', { preHandler: app.requireAuthenticated }, async (request) => ({ id: request.user?.id }));
  await app.ready();
  return app;
}

describe.each(BACKENDS)('authentication and guards on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let guarded: FastifyInstance;
  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db });
    guarded = await buildGuardedApp(testDb);
  });
  afterAll(async () => {
    await guarded.close();
    await app.close();
    await testDb.dispose();
  });

  it('requirePermission: 401 anonymous, 403 without the string, 200 with it or as superuser', async () => {
    const customer = await createUser(testDb.db, { email: freshEmail('customer') });
    const editor = await createUser(testDb.db, { email: freshEmail('editor'), permissions: ['pages.view_page'] });
    const root = await createUser(testDb.db, { email: freshEmail('root'), superuser: true });
    const keys = {
      customer: await login(app, customer.email),
      editor: await login(app, editor.email),
      root: await login(app, root.email),
    };
    const get = (url: string, key?: string) =>
      guarded.inject({ url, headers: { ...EN, ...(key ? tokenHeader(key) : {}) } });

    const anonymous = await get('/api/panel/pages/');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Token');
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const denied = await get('/api/panel/pages/', keys.customer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await get('/api/panel/pages/', keys.editor)).statusCode).toBe(200);
    expect((await get('/api/panel/either/', keys.editor)).statusCode).toBe(200);
    expect((await get('/api/panel/pages/', keys.root)).statusCode).toBe(200);
    expect((await get('/api/me/', keys.customer)).json()).toEqual({ id: customer.id });

    // A permission taken away counts on the next request (AC-05): nothing is cached in the token, and the process's
    // memory of its owner is dropped when the change's notification arrives (`sync`: once it has arrived).
    await testDb.db.query("UPDATE users SET permissions = '{}' WHERE id = $1", [editor.id]);
    await guarded.sessions.sync();
    expect((await get('/api/panel/pages/', keys.editor)).statusCode).toBe(403);
  });

  it('refuses permission names that look like expressions (AC-04)', async () => {
    await expect(
      createUser(testDb.db, { email: freshEmail('sneaky'), permissions: ['users.view_user|panel.superadmin'] }),
    ).rejects.toThrow();
  });

  it('expires a token unused for 30 days, and deletes it', async () => {
    const user = await createUser(testDb.db, { email: freshEmail('idle') });
    const key = await login(app, user.email);
    await testDb.db.query("UPDATE auth_tokens SET last_used_at = now() - interval '31 days' WHERE user_id = $1", [
      user.id,
    ]);
    const response = await app.inject({ url: '/api/users/', headers: { ...EN, ...tokenHeader(key) } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Invalid token.' });
    const rows = await testDb.db.query('SELECT 1 FROM auth_tokens WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  it('records use at most once a minute, not on every request', async () => {
    const user = await createUser(testDb.db, { email: freshEmail('busy') });
    const key = await login(app, user.email);
    const lastUsed = async () => {
      const [row] = await testDb.db.query<{ t: string }>(
        'SELECT last_used_at::text AS t FROM auth_tokens WHERE user_id = $1',
        [user.id],
      );
      return row?.t;
    };
    const first = await lastUsed();
    await app.inject({ url: '/api/users/', headers: tokenHeader(key) });
    expect(await lastUsed()).toBe(first);
    await testDb.db.query("UPDATE auth_tokens SET last_used_at = now() - interval '2 minutes' WHERE user_id = $1", [
      user.id,
    ]);
    const stale = await lastUsed();
    await app.sessions.sync();
    await app.inject({ url: '/api/users/', headers: tokenHeader(key) });
    expect(await lastUsed()).not.toBe(stale);
  });

  it('stores only the SHA-256 of login keys: a dumped hash is no credential (SES-03)', async () => {
    const user = await createUser(testDb.db, { email: freshEmail('dump') });
    const key = await login(app, user.email);
    const [row] = await testDb.db.query<{ key_hash: string }>('SELECT key_hash FROM auth_tokens WHERE user_id = $1', [
      user.id,
    ]);
    expect(row?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.key_hash).not.toContain(key);
    const withHash = await app.inject({ url: '/api/users/', headers: tokenHeader(row?.key_hash as string) });
    expect(withHash.statusCode).toBe(401);
  });
});
