/**
 * One process per PGlite data directory. Measured: two processes on one directory raise no error and silently lose
 * committed rows, so the second one must refuse to start. The lock is a file created with O_EXCL holding the
 * owner's pid; a lock whose pid is gone (the owner was killed with -9, the machine rebooted) is stale and taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

export class DataDirLockedError extends Error {
  readonly pid: number;
  readonly dataDir: string;

  constructor(pid: number, dataDir: string) {
    super(
      `Another server process (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop it, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
    this.dataDir = dataDir;
  }
}

/** Lock files this process holds: a second start in the same process (tests) must refuse too, not "take over". */
const heldHere = new Set<string>();

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

/** True when a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isNaN(pid) ? null : pid;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function acquireDataDirLock(dataDir: string, pid = process.pid): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(file)) throw new DataDirLockedError(pid, dataDir);
  // A few rounds: between seeing a stale lock and removing it, another starting process may take it over.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
      heldHere.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        process.off('exit', release);
        try {
          if (readOwner(file) === pid) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      // Last resort on an unplanned exit (process.exit in some library); SIGKILL leaves a stale lock, handled above.
      process.on('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (owner !== null && owner !== pid && isProcessAlive(owner)) throw new DataDirLockedError(owner, dataDir);
    if (owner === null && attempt === 0) {
      // An empty file: its owner may be between creating and writing it. Look again before calling it stale.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock file ${file}; is another process starting on the same DATA_DIR?`);
}
