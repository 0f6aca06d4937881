// A release build's upload (`POST /api/panel/versions/files/`) for `npm run bench`: a 300 MB body generated chunk by
// chunk (never held whole), streamed to the app over loopback; prints the throughput and how much the process's
// resident memory grew at its peak, which shows the server streams the file to disk rather than buffering it.
// The app runs in this process on embedded PGlite in a temporary data directory, so the RSS is client and server
// together: the client holds one 1 MiB chunk at a time.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { hashPassword, usersRepository } from '../server/domains/accounts/index.ts';

const TOTAL_BYTES = 300 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const PASSWORD = 'bench passphrase 2024';

/** Chunk `index` of the body: a fixed pattern stamped with its index, so no two chunks are alike. */
function chunk(pattern: Buffer, index: number): Buffer {
  const data = Buffer.from(pattern);
  data.writeUInt32BE(index, 0);
  return data;
}

export async function benchVersionUpload(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-versions-'));
  const db = await openPglite(join(scratch, 'pgdata'));
  try {
    await migrate(db);
    const email = 'bench-releases@example.com';
    await usersRepository(db).create({
      email,
      passwordHash: await hashPassword(PASSWORD),
      language: 'en',
      emailVerified: true,
      isStaff: true,
      permissions: ['versions.add_version'],
    });
    const config = loadConfig({ DATA_DIR: scratch, RATE_LIMITS: 'off', JOBS: 'off', LOG_LEVEL: 'warn' });
    const app = await buildApp({ config, db, serveSite: false, logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const { key } = (await login.json()) as { key: string };

      const boundary = 'bench-boundary-7d1f';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.apk"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const pattern = Buffer.alloc(CHUNK_BYTES, 'ProxyMob release build ');
      const hash = createHash('sha256');

      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);

      const started = performance.now();
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const upload = request(`${base}/api/panel/versions/files/`, {
          method: 'POST',
          headers: {
            authorization: `Token ${key}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + TOTAL_BYTES + tail.length),
          },
        });
        upload.on('error', reject);
        upload.on('response', (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (text: string) => (body += text));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        upload.write(head);
        let index = 0;
        // Each chunk is made when the socket wants more: the body never exists whole on this side either.
        const pump = () => {
          while (index < TOTAL_BYTES / CHUNK_BYTES) {
            const data = chunk(pattern, index);
            hash.update(data);
            index += 1;
            if (!upload.write(data)) {
              upload.once('drain', pump);
              return;
            }
          }
          upload.end(tail);
        };
        pump();
      });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);

      const expected = hash.digest('hex');
      const file = JSON.parse(answer.body) as { size?: number; sha256?: string };
      const verdict = answer.status === 201 && file.sha256 === expected && file.size === TOTAL_BYTES;
      console.log('\nRelease upload (300 MB streamed over loopback, app and client in one process on PGlite):');
      console.log(`  status ${answer.status}, ${(TOTAL_BYTES / 1024 / 1024 / seconds).toFixed(0)} MB/s`);
      console.log(`  peak RSS growth                         ${((peak - baseline) / 1024 / 1024).toFixed(1)} MB`);
      console.log(`  SHA-256 and size as generated           ${verdict ? 'PASS' : `FAIL (${answer.body})`}`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

// Run on its own: `node scripts/bench-version-upload.ts`.
if (import.meta.main) await benchVersionUpload();
