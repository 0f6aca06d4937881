// The self-hosted video files: served in ranges (players seek and stream), cached, and nothing but video.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PGLITE, type TestDb } from '../test/helpers.ts';

describe('GET /media/*', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await PGLITE.open();
    app = await buildTestApp({ db: testDb.db });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('serves the demo video whole and in byte ranges', async () => {
    const whole = await app.inject('/media/demo/connect.mp4');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('public, max-age=86400');
    const size = whole.rawPayload.length;
    expect(size).toBeGreaterThan(100_000);
    // An MP4 starts with its `ftyp` box.
    expect(whole.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const part = await app.inject({ url: '/media/demo/connect.mp4', headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
  });

  it.each(['/media/demo/README.md', '/media/demo/missing.mp4', '/media/../app.ts', '/media/%2e%2e/app.ts'])(
    'answers 404 for %s',
    async (url) => {
      expect((await app.inject(url)).statusCode).toBe(404);
    },
  );
});
