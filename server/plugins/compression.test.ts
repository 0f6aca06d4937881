import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestDist,
  openSeededDb,
  PGLITE,
  TEMPLATE,
  type TestDb,
  type TestDist,
} from '../test/helpers.ts';
import { COMPRESS_MIN_BYTES, negotiateEncoding } from './compression.ts';

const BROWSER = 'gzip, deflate, br, zstd';

describe('response compression', () => {
  let testDb: TestDb;
  let dist: TestDist;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    dist = await createTestDist(['marketing']);
    // A document the size of the real one (its head lists the styles and scripts of the build).
    const links = Array.from({ length: 30 }, (_, i) => `<link rel="stylesheet" href="/${i}.0a1b2c3d.css" />`);
    await dist.write('shell/index.html', TEMPLATE.replace('</head>', `${links.join('\n')}\n</head>`));
    // A chunk big enough to compress, with a precompressed sibling that differs from what this plugin would make.
    await dist.write('shell/big.0a1b2c3d.js', 'x'.repeat(4000));
    await dist.write('shell/big.0a1b2c3d.js.br', brotliCompressSync('x'.repeat(4000)));
    app = await buildTestApp({ db: testDb.db, serveSite: true, env: { DIST_DIR: dist.dir } });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await dist.dispose();
  });

  it('sends the HTML document brotli-compressed to a browser, the same document as uncompressed', async () => {
    const plain = await app.inject({ url: '/en', headers: { 'accept-encoding': 'identity' } });
    const br = await app.inject({ url: '/en', headers: { 'accept-encoding': BROWSER } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    // The client IP and nothing else differs between two renders of the same URL.
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends API JSON gzip-compressed to a client that accepts only gzip', async () => {
    const plain = await app.inject({ url: '/api/pages/about/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    const gz = await app.inject({ url: '/api/pages/about/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^application\/json/);
    // The language plugin's Vary survives next to this one's.
    expect(gz.headers.vary).toMatch(/accept-language/i);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small bodies and clients that accept no encoding alone', async () => {
    const small = await app.inject({ url: '/remotes.json', headers: { 'accept-encoding': BROWSER } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary ?? '').not.toMatch(/accept-encoding/i);
    expect(small.json()).toEqual({ remotes: [{ name: 'marketing', entry: '/remotes/marketing/mf-manifest.json' }] });

    const refused = await app.inject({ url: '/en', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain('<div id="root">');
  });

  it('serves a built file as its precompressed sibling, untouched', async () => {
    const response = await app.inject({ url: '/big.0a1b2c3d.js', headers: { 'accept-encoding': BROWSER } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(brotliCompressSync('x'.repeat(4000)))).toBe(true);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', null],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
