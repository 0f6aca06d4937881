// The access log on the hot path (issue #17): one line per answered request, at info, with the request's method,
// redacted URL, status and time; the arrival only at debug. Revocation stays immediate: nothing about a login is
// cached between requests. No line the server writes holds a change-IP link's token or an API key (#43), however the
// request spelled them: the access log, error lines, the server renderer's warnings.
import { get } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createUser, freshEmail, login, tokenHeader } from './test/accounts.ts';
import { buildTestApp, createTestDist, openSeededDb, PGLITE, type TestDb, type TestDist } from './test/helpers.ts';

const TOKEN = 'Zk3VqP9xLmN2rT8wYb4cHd6sJf1gAe5u';
const API_KEY = 'mpk_1a2b3c4d_0123456789abcdef0123456789abcdef01234567';

/** A test stream for the app's logger, and the lines written to it, parsed. */
function captured() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/** Every percent-escape decoded, again and again until none is left: what the text says in any encoding. */
function decodedFully(text: string): string {
  let previous = '';
  while (text !== previous) {
    previous = text;
    text = text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
  return text;
}

/** The secret parts of the token and the key, in the logged lines in any encoding. */
function secretsIn(lines: readonly Record<string, unknown>[]): string[] {
  const text = decodedFully(JSON.stringify(lines));
  return [TOKEN.slice(4), API_KEY.slice('mpk_1a2b3c4d'.length)].filter((secret) => text.includes(secret));
}

describe('the access log', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const { lines, stream } = captured();

  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    app = await buildTestApp({ db: testDb.db, logger: { level: 'info', stream } });
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

  it('keeps the token out however the path spells the link, and API keys wherever a request puts them', async () => {
    // A real connection: an injected request's URL is parsed first, which resolves `/./` and `..` before the app sees it.
    const origin = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
    const request = (path: string) =>
      new Promise<{ status: number; robots: unknown }>((resolve, reject) => {
        get({ host: origin.hostname, port: origin.port, path }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, robots: answer.headers['x-robots-tag'] }));
        }).on('error', reject);
      });
    lines.length = 0;
    // The router decodes `%72`: this is the change-IP link itself (its answers are never indexed).
    expect(await request(`/%72/${TOKEN}`)).toEqual({ status: 404, robots: 'noindex' });
    const encoded = [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const paths = [
      `/r/${encoded}`,
      `/r/%5A${TOKEN.slice(1)}?format=json`,
      `/R/${TOKEN}`,
      `//r/${TOKEN}`,
      `/./r/${TOKEN}`,
      `/x/../r/${TOKEN}`,
      `/r/x/../${TOKEN}`,
      `/api/v1/proxies/?api_key=${API_KEY}`,
      `/api/v1/proxies/?apikey=${API_KEY}`,
      `/api/v1/proxies/?access_token=${API_KEY}`,
      `/api/v1/proxies/?search=${API_KEY}`,
      `/api/v1/proxies/?search=${encodeURIComponent(API_KEY).replaceAll('_', '%5F')}`,
      `/api/v1/${API_KEY}/`,
    ];
    for (const path of paths) await request(path);
    app.log.error({ err: new Error(`GET /%72/${TOKEN} failed`) }, `while serving ${API_KEY}`);

    expect(lines.filter((line) => line.req !== undefined)).toHaveLength(paths.length + 1);
    expect(lines.find((line) => line.msg === `while serving mpk_1a2b3c4d[Redacted]`)).toBeDefined();
    expect(secretsIn(lines)).toEqual([]);
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

describe("the server renderer's output", () => {
  let testDb: TestDb;
  let dist: TestDist;
  let app: FastifyInstance;
  const { lines, stream } = captured();

  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    dist = await createTestDist([]);
    // A shell build that prints what React Router's development build does for a path it has no route for, and an
    // error naming the URL, as a failing loader's would.
    await dist.write(
      'shell/server/render.cjs',
      `exports.contract = { version: '1.8.0', modules: {} };
exports.createRenderer = () => async ({ url }) => {
  console.warn('No routes matched location "' + url + '" ');
  console.error(new Error('A loader failed for ' + url));
  return { status: 404, html: '<p>404</p>', router: { loaderData: {}, errors: null }, block: {}, remotes: [] };
};`,
    );
    app = await buildTestApp({
      db: testDb.db,
      serveSite: true,
      env: { DIST_DIR: dist.dir },
      logger: { level: 'info', stream },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await dist.dispose();
  });

  it('goes to the log, redacted like every line, never straight to the process output', async () => {
    for (const url of [`/R/${TOKEN}?api_key=${API_KEY}`, `//r/${TOKEN}`, `/en/r/${TOKEN}/?next=${API_KEY}`]) {
      expect((await app.inject(url)).statusCode).toBe(404);
    }
    // The worker's writes arrive in their own time, and two of them may come as one line.
    const printed = () => lines.filter((line) => line.renderWorker !== undefined);
    const count = (words: string) => printed().map((line) => String(line.msg).split(words).length - 1);
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if (count('A loader failed').reduce((a, b) => a + b, 0) === 3) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(count('No routes matched location').reduce((a, b) => a + b, 0)).toBe(3);
    expect(count('A loader failed').reduce((a, b) => a + b, 0)).toBe(3);
    expect(new Set(printed().map((line) => line.level))).toEqual(new Set([40]));
    expect(secretsIn(lines)).toEqual([]);
  });
});
