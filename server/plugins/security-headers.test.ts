import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { buildTestApp, createTestDist, openSeededDb, PGLITE, type TestDb, type TestDist } from '../test/helpers.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const ANALYTICS = 'https://stats.example.net/tag.js';
const CHAT = 'https://chat.example.org/widget/v2.js';

describe('third-party scripts (spec §1): off by default, allowed by the CSP only when set', () => {
  it('allows no other origin and no frames by default', () => {
    const policy = contentSecurityPolicy();
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).not.toContain('example');
  });

  it('adds the configured origins where the scripts need them', () => {
    const policy = contentSecurityPolicy([ANALYTICS, CHAT]);
    expect(policy).toContain("script-src 'self' https://stats.example.net https://chat.example.org;");
    expect(policy).toContain("connect-src 'self' https://stats.example.net https://chat.example.org;");
    expect(policy).toContain('frame-src https://stats.example.net https://chat.example.org;');
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('refuses a script URL that is not https', () => {
    expect(() => loadConfig({ ANALYTICS_SCRIPT_URL: 'http://stats.example.net/tag.js' })).toThrow(ConfigError);
    expect(() => loadConfig({ CHAT_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/CHAT_SCRIPT_URL/);
  });

  describe('on a site that configures both', () => {
    let testDb: TestDb;
    let dist: TestDist;
    let app: FastifyInstance;
    beforeAll(async () => {
      testDb = await openSeededDb(PGLITE);
      dist = await createTestDist(['marketing']);
      app = await buildTestApp({
        db: testDb.db,
        serveSite: true,
        env: { DIST_DIR: dist.dir, ANALYTICS_SCRIPT_URL: ANALYTICS, CHAT_SCRIPT_URL: CHAT },
      });
    });
    afterAll(async () => {
      await app.close();
      await testDb.dispose();
      await dist.dispose();
    });

    it('hands the script URLs to the page and lets them through the CSP', async () => {
      const response = await app.inject('/about');
      expect(String(response.headers['content-security-policy'])).toContain('https://chat.example.org');
      const state = /<script id="app-state" type="application\/json">(.*?)<\/script>/s.exec(response.body)?.[1];
      expect(JSON.parse(state ?? '{}')).toMatchObject({ integrations: { analytics: ANALYTICS, chat: CHAT } });
    });
  });
});

describe('HSTS: sent only when the site is served over https (PUBLIC_URL)', () => {
  let testDb: TestDb;
  let https: FastifyInstance;
  let http: FastifyInstance;
  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    https = await buildTestApp({ db: testDb.db, env: { PUBLIC_URL: 'https://proxy.example.com' } });
    http = await buildTestApp({ db: testDb.db, env: { PUBLIC_URL: 'http://localhost:8000' } });
  });
  afterAll(async () => {
    await https?.close();
    await http?.close();
    await testDb.dispose();
  });

  // An answer, a 404 and a refusal: HSTS is a property of the host, so every response carries it.
  const responses = [
    ['/api/menu/', 200],
    ['/api/no-such-endpoint/', 404],
    ['/api/panel/pages/', 401],
  ] as const;

  it.each(responses)(
    'https: %s (%i) carries Strict-Transport-Security for a year, subdomains too',
    async (url, status) => {
      const response = await https.inject(url);
      expect(response.statusCode).toBe(status);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    },
  );

  it.each(responses)('http: %s (%i) carries no Strict-Transport-Security', async (url, status) => {
    const response = await http.inject(url);
    expect(response.statusCode).toBe(status);
    expect(response.headers).not.toHaveProperty('strict-transport-security');
    // The other headers are there: the plugin ran and left only HSTS out.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
