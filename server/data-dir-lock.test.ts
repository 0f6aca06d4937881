import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.ts';

const LOCK_MODULE = path.join(import.meta.dirname, 'data-dir-lock.ts');

/** Starts another Node process that takes the lock and holds it until killed. */
async function holdLockInChild(dataDir: string): Promise<ChildProcess> {
  const script = `import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};
    acquireDataDirLock(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

/** A pid that certainly belongs to no running process: one that just exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

describe('the data directory lock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'proxy-data-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is taken with our pid and released on request', async () => {
    const lock = acquireDataDirLock(dataDir);
    expect((await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).trim()).toBe(String(process.pid));
    lock.release();
    lock.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses while another live process holds it, naming the pid and the folder', async () => {
    const holder = await holdLockInChild(dataDir);
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(
        `Another server process (pid ${holder.pid}) is already using the data directory ${dataDir}. ` +
          'Stop it, or set DATA_DIR to another folder.',
      );
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.on('exit', resolve));
    }
    // Killed with -9 it could not clean up: its lock is stale now and is taken over.
    const lock = acquireDataDirLock(dataDir);
    expect((await readFile(lock.file, 'utf8')).trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock left by a dead process', async () => {
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), `${await deadPid()}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect((await readFile(lock.file, 'utf8')).trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an empty or garbled lock file', async () => {
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), 'garbage');
    acquireDataDirLock(dataDir).release();
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), '');
    acquireDataDirLock(dataDir).release();
  });

  it('refuses a second lock in the same process', () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    } finally {
      lock.release();
    }
  });
});
