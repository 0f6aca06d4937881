// The API's base URL is configurable (spec §7): a site whose API_URL points elsewhere hands that URL to its pages and
// lets them connect there (CSP), and the API deployment lets exactly the origins in CORS_ORIGINS call it from a
// browser. By default the API is same-origin only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestDist, PGLITE, seededApp, type TestDist } from '../test/helpers.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const SITE = 'https://proxymob.example';
const API = 'https://api.proxymob.example';
const EN = { 'accept-language': 'en' };

describe('configuration', () => {
  it('takes API_URL as an http(s) URL without its trailing slash, and nothing by default', () => {
    expect(loadConfig({}).apiUrl).toBe('');
    expect(loadConfig({ API_URL: `${API}/` }).apiUrl).toBe(API);
    expect(() => loadConfig({ API_URL: 'ftp://api.example' })).toThrow(/API_URL/);
  });

  it('takes CORS_ORIGINS as exact origins separated by commas or spaces', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: `${SITE}, http://localhost:3000 ` }).corsOrigins).toEqual([
      SITE,
      'http://localhost:3000',
    ]);
    // Written as browsers send the Origin header: case and default port do not matter.
    expect(loadConfig({ CORS_ORIGINS: 'https://ProxyMob.example:443/' }).corsOrigins).toEqual([SITE]);
    for (const bad of [`${SITE}/path`, 'proxymob.example', '*', 'ftp://x.example']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(ConfigError);
    }
  });

  it("lets the page connect to the API's origin, and only there", () => {
    const policy = contentSecurityPolicy([], `${API}/v1`);
    expect(policy).toContain(`connect-src 'self' ${API};`);
    expect(policy).toContain("script-src 'self';");
    expect(contentSecurityPolicy([], '')).toContain("connect-src 'self';");
  });
});

describe('a site whose API is elsewhere', () => {
  let dist: TestDist;
  beforeAll(async () => {
    dist = await createTestDist(['marketing']);
  });
  afterAll(() => dist.dispose());
  const suite = seededApp(PGLITE, {
    serveSite: true,
    // Read when the app is built, after the hook above made the folder.
    env: {
      get DIST_DIR() {
        return dist.dir;
      },
      API_URL: API,
    },
  });

  it('hands the API URL to its pages and lets them connect there', async () => {
    const response = await suite.app.inject('/about');
    expect(String(response.headers['content-security-policy'])).toContain(`connect-src 'self' ${API};`);
    const state = /<script id="app-state" type="application\/json">(.*?)<\/script>/s.exec(response.body)?.[1];
    expect(JSON.parse(state ?? '{}')).toMatchObject({ apiUrl: API });
  });
});

describe('the API deployment', () => {
  const suite = seededApp(PGLITE, { env: { CORS_ORIGINS: SITE } });

  it('answers a preflight from an allowed origin with what the browser needs to send the call', async () => {
    const response = await suite.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login/',
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(SITE);
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Accept-Language');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets an allowed origin read answers, errors included, and the headers a client needs', async () => {
    const ok = await suite.app.inject({ url: '/api/pages/about/', headers: { origin: SITE, ...EN } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(SITE);
    expect(ok.headers['access-control-expose-headers']).toBe('Content-Language, Retry-After');
    expect(String(ok.headers.vary)).toContain('Origin');
    const missing = await suite.app.inject({ url: '/api/pages/nope/', headers: { origin: SITE, ...EN } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    expect(missing.headers['access-control-allow-origin']).toBe(SITE);
  });

  it('gives any other origin nothing to read, and no preflight', async () => {
    const other = await suite.app.inject({ url: '/api/pages/about/', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await suite.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).not.toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the default: same-origin only', () => {
  const suite = seededApp(PGLITE);

  it('lets no origin read the API', async () => {
    const response = await suite.app.inject({ url: '/api/pages/about/', headers: { origin: SITE } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
