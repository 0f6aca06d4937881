// The access log on the hot path (issue #17): one line per answered request, at info, with the request's method,
// redacted URL, status and time; the arrival only at debug. Revocation stays immediate: nothing about a login is
// cached between requests.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createUser, freshEmail, login, tokenHeader } from './test/accounts.ts';
import { buildTestApp, openSeededDb, PGLITE, type TestDb } from './test/helpers.ts';

describe('the access log', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    app = await buildTestApp({
      db: testDb.db,
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
            done();
          },
        }),
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('writes one line per request, with the status and the URL redacted', async () => {
    lines.length = 0;
    await app.inject('/api/users/unsubscribe?token=secret-value');
    const request = lines.filter((line) => line.req !== undefined);
    expect(request).toHaveLength(1);
    expect(request[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/users/unsubscribe?token=%5BRedacted%5D' },
      res: { statusCode: 404 },
    });
    expect(typeof request[0]?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });

  it('keeps change-IP link tokens out of every line: whoever reads the log must not be able to rotate a modem', async () => {
    lines.length = 0;
    const token = 'Zk3VqP9xLmN2rT8wYb4cHd6sJf1gAe5u';
    for (const url of [`/r/${token}`, `/r/${token}?format=json`, `/r/${token}/`]) await app.inject(url);
    const urls = lines.filter((line) => line.req !== undefined).map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual(['/r/Zk3V[Redacted]', '/r/Zk3V[Redacted]?format=json', '/r/Zk3V[Redacted]/']);
    expect(JSON.stringify(lines)).not.toContain(token.slice(4));
  });

  it('censors secrets in anything logged', async () => {
    lines.length = 0;
    app.log.info({ body: { email: 'a@example.com', password: 'hunter2', token: 'abc' } }, 'a body');
    expect(lines).toEqual([
      expect.objectContaining({ body: { email: 'a@example.com', password: '[Redacted]', token: '[Redacted]' } }),
    ]);
    const withHeaders = { headers: { authorization: 'Token 0123', cookie: 'accessToken=1', accept: '*/*' } };
    app.log.info(withHeaders, 'headers');
    expect(lines[1]).toMatchObject({ headers: { authorization: '[Redacted]', cookie: '[Redacted]', accept: '*/*' } });
  });

  it('lets a logout take effect on the very next request', async () => {
    const user = await createUser(testDb.db, { email: freshEmail('revoke') });
    const key = await login(app, user.email);
    expect((await app.inject({ url: '/api/users/', headers: tokenHeader(key) })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/logout/', headers: tokenHeader(key) });
    expect((await app.inject({ url: '/api/users/', headers: tokenHeader(key) })).statusCode).toBe(401);
  });
});
