import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from './data-dir-lock.ts';
import { startServer } from './server.ts';
import { createTestDist, type TestDist } from './test/helpers.ts';

const SERVER = path.join(import.meta.dirname, 'server.ts');

/** Runs `node server/server.ts` with this environment and collects how it ended. */
function runServerProcess(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('the server process', () => {
  let dataDir: string;
  let dist: TestDist;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'proxy-data-'));
    dist = await createTestDist(['marketing']);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dist.dispose();
  });

  it('exits 1 naming each bad variable', async () => {
    const result = await runServerProcess({ PORT: 'http', SMTP_URL: 'mail.example', DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid environment configuration:');
    expect(result.stderr).toContain('PORT: must be a whole number between 0 and 65535 (got "http")');
    expect(result.stderr).toContain('SMTP_URL: must be an SMTP URL');
  });

  it('refuses to start on a data directory another live process holds', async () => {
    // This test process is alive: its pid in the lock file stands for "another server".
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), `${process.pid}\n`);
    try {
      const result = await runServerProcess({ DATA_DIR: dataDir, PORT: '0' });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Another server process (pid ${process.pid}) is already using the data directory ${dataDir}. ` +
          'Stop it, or set DATA_DIR to another folder.',
      );
    } finally {
      await rm(path.join(dataDir, LOCK_FILE_NAME), { force: true });
    }
  });

  it('starts on the embedded database, seeds it, serves, and releases the lock on close', async () => {
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: dist.dir, NODE_ENV: 'test' };
    const server = await startServer({ env, logger: false });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
      const page = await fetch(`${server.url}/api/pages/about/`, { headers: { 'accept-language': 'en' } });
      expect(page.status).toBe(200);
      expect(await page.json()).toMatchObject({ slug: 'about', title: 'About us' });
      const document = await fetch(`${server.url}/en/faq`);
      expect(document.status).toBe(200);
      expect(await document.text()).toContain('<html lang="en">');
      await expect(startServer({ env, logger: false })).rejects.toThrow(/already using the data directory/);
    } finally {
      await server.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    // A restart on the same data keeps it and does not seed twice.
    const again = await startServer({ env, logger: false });
    try {
      const list = await (await fetch(`${again.url}/api/pages/`)).json();
      expect(list.count).toBe(4);
    } finally {
      await again.close();
    }
  });
});
