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
