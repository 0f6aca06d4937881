// Image figures for `npm run bench` (printed, no pass/fail):
//   - upload processing (check, EXIF rotation, re-encode, store) of a 12-megapixel photo
//   - first render of resized variants of it, as a visitor's first request sees them
//   - requests per second and p99 of a cached variant, and of its 304 revalidation
// The server is a real process on embedded PGlite (`startSite`); the image is stored before it starts, with the
// same `storeImage` the upload route and the demo-content seed use.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { storeImage } from '../server/domains/images/index.ts';
import { startSite } from './site-process.ts';

/** A photo-like 4000×3000 JPEG: noise does not compress, just as a photo doesn't (~5 MB). */
function photo(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function timedFetch(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
}

export async function benchImages(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-images-'));
  const dataDir = join(scratch, 'data');
  mkdirSync(dataDir);
  try {
    const source = await photo();
    const db = await openPglite(join(dataDir, 'pgdata'));
    let id: number;
    let storeMs: number;
    try {
      await migrate(db);
      const started = performance.now();
      ({ id } = await storeImage(db, dataDir, source));
      storeMs = performance.now() - started;
    } finally {
      await db.close();
    }
    console.log('\nImages (a 4000×3000 JPEG, %s MB):', (source.length / 1024 / 1024).toFixed(1));
    console.log(`  upload processing (check, rotate, re-encode, store)   ${storeMs.toFixed(0)} ms`);

    const site = await startSite({ dataDir });
    try {
      const base = `${site.url}/api/users/images/${id}`;
      for (const variant of ['-960x0.webp', '-640x480-c.jpeg', '-320x240.png']) {
        const first = await timedFetch(`${base}${variant}`);
        const again = await timedFetch(`${base}${variant}`);
        if (first.status !== 200 || again.status !== 200)
          throw new Error(`${variant}: ${first.status}/${again.status}`);
        console.log(
          `  first render ${variant.padEnd(17)} ${first.ms.toFixed(0).padStart(5)} ms ` +
            `(cached: ${again.ms.toFixed(1)} ms, ${(first.bytes / 1024).toFixed(0)} KB)`,
        );
      }

      const url = `${base}-960x0.webp`;
      const cached = await autocannon({ url, connections: 10, duration: 8 });
      console.log(
        `  GET cached -960x0.webp (10 conn, 8 s)   ${cached.requests.average.toFixed(0)} req/s, ` +
          `p99 ${cached.latency.p99} ms, errors ${cached.errors + cached.non2xx}`,
      );
      const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag') ?? '';
      const revalidated = await autocannon({ url, connections: 10, duration: 8, headers: { 'if-none-match': etag } });
      // autocannon counts 304 as non-2xx: every answer here should be one.
      console.log(
        `  304 revalidation (10 conn, 8 s)         ${revalidated.requests.average.toFixed(0)} req/s, ` +
          `p99 ${revalidated.latency.p99} ms, 304s ${revalidated['3xx']} of ${revalidated.requests.total}`,
      );
    } finally {
      await site.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// Run on its own: `node scripts/bench-images.ts`.
if (import.meta.main) await benchImages();
