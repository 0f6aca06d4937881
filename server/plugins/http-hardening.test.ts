// HTTP hardening (issue #17): absolute-form request targets go through the same hooks as any other, the HTML
// template and source maps are not handed out, responses with a login key or a signed-in user's state are never
// cached, and a panel write in plain text is 415.
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, tokenHeader } from '../test/accounts.ts';
import { buildTestApp, createTestDist, openSeededDb, PGLITE, type TestDb, type TestDist } from '../test/helpers.ts';

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * One request over a real socket, the request line exactly as given (`app.inject` would turn an absolute-form target
 * into a path before the server saw it).
 */
function rawRequest(port: number, requestLine: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const answerHeaders: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        answerHeaders[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: answerHeaders, body: rest.join('\r\n\r\n') });
    });
    const lines = Object.entries({ host: 'testserver', connection: 'close', 'content-length': '0', ...headers }).map(
      ([name, value]) => `${name}: ${value}`,
    );
    socket.write(`${requestLine} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

describe('HTTP hardening', () => {
  let testDb: TestDb;
  let dist: TestDist;
  let app: FastifyInstance;
  let withMaps: FastifyInstance;

  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    dist = await createTestDist(['marketing']);
    await dist.write('shell/main.1a2b3c4d.js', 'console.log(1);\n//# sourceMappingURL=main.1a2b3c4d.js.map\n');
    await dist.write('shell/main.1a2b3c4d.js.map', '{"version":3,"sourcesContent":["secret source"]}');
    await dist.write('remotes/marketing/123.0f9e8d7c.js.map', '{"version":3,"sourcesContent":["secret source"]}');
    const env = { DIST_DIR: dist.dir, CORS_ORIGINS: 'https://partner.example' };
    app = await buildTestApp({ db: testDb.db, serveSite: true, env });
    withMaps = await buildTestApp({ db: testDb.db, serveSite: true, env: { ...env, SOURCE_MAPS: 'on' } });
  });
  afterAll(async () => {
    await app.close();
    await withMaps.close();
    await testDb.dispose();
    await dist.dispose();
  });

  describe('an absolute-form request target', () => {
    let port: number;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as { port: number }).port;
    });

    it('logs out the token it carries', async () => {
      const user = await createUser(testDb.db, { email: freshEmail('absolute') });
      const key = await login(app, user.email);
      const logout = await rawRequest(port, 'POST http://testserver/api/auth/logout/', { ...tokenHeader(key), ...EN });
      expect(logout.status).toBe(200);
      expect(JSON.parse(logout.body)).toEqual({ detail: 'Successfully logged out.' });
      const after = await app.inject({ url: '/api/users/', headers: { ...tokenHeader(key), ...EN } });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ detail: 'Invalid token.' });
    });

    it('is answered with the API JSON errors and CORS headers', async () => {
      const bad = await rawRequest(port, 'GET http://testserver/api/users/?x=1', {
        ...tokenHeader('f'.repeat(40)),
        ...EN,
        origin: 'https://partner.example',
      });
      expect(bad.status).toBe(401);
      expect(bad.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(bad.headers['www-authenticate']).toBe('Token');
      expect(JSON.parse(bad.body)).toEqual({ detail: 'Invalid token.' });
      expect(bad.headers['access-control-allow-origin']).toBe('https://partner.example');
      const missing = await rawRequest(port, 'GET https://testserver/api/no-such-thing/', EN);
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body)).toEqual({ detail: 'Not found.' });
    });
  });

  it.each(['/%69ndex.html', '/index.html', '/x/..%2Findex.html', '/%69ndex.html.gz', '/shell/../index.html'])(
    '%s is not the raw template',
    async (url) => {
      const response = await app.inject(url);
      expect(response.body).not.toContain('<!--app-state-->');
      expect(response.body).not.toContain('<!--app-title-->');
    },
  );

  it.each(['/main.1a2b3c4d.js.map', '/%6Dain.1a2b3c4d.js.map', '/remotes/marketing/123.0f9e8d7c.js.map'])(
    '%s is served only when SOURCE_MAPS=on',
    async (url) => {
      const hidden = await app.inject(url);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).not.toContain('secret source');
      const served = await withMaps.inject(url);
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain('secret source');
      // The bundle itself is served either way.
      expect((await app.inject('/main.1a2b3c4d.js')).statusCode).toBe(200);
    },
  );

  it('answers a login and a signed-in document with Cache-Control: no-store', async () => {
    const user = await createUser(testDb.db, { email: freshEmail('nostore') });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: user.email, password: 'correct horse battery' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const key = answer.json<{ key: string }>().key;
    const signedIn = await app.inject({ url: '/en', headers: { cookie: `accessToken=${key}` } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain(key);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const anonymous = await app.inject('/en');
    expect(anonymous.headers['cache-control']).toBe('private, no-cache');
  });

  it('refuses a panel write in plain text with 415', async () => {
    const email = freshEmail('editor');
    await createUser(testDb.db, { email, staff: true, superuser: true });
    const headers = { ...tokenHeader(await login(app, email)), ...EN };
    for (const [method, url] of [
      ['POST', '/api/panel/pages/'],
      ['PATCH', '/api/panel/pages/1/'],
      ['POST', '/api/panel/menu/order/'],
    ] as const) {
      const answer = await app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: '{"title":"x"}',
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(415);
      expect(answer.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
    }
  });
});
