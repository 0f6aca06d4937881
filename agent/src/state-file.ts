import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * One file of the agent's state directory (`AGENT_STATE_DIR`): mode 0600 in a 0700 directory (the saved config holds
 * the proxies' passwords), replaced atomically (a temporary file, fsync, rename, fsync of the directory), so a crash or
 * a power loss leaves the old file or the new one, never half of one. Writes and removals run one at a time, in
 * order: a removal must not be undone by a write still under way, nor a newer write by an older one.
 */
export class StateFile {
  readonly file: string;
  private readonly dir: string;
  private readonly log: Logger;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(dir: string, name: string, log: Logger) {
    this.dir = dir;
    this.file = path.join(dir, name);
    this.log = log;
  }

  /** The file's text; null when there is none, or when it cannot be read (logged with `unreadable`). */
  async read(unreadable: string): Promise<string | null> {
    try {
      return await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn({ err: error, file: this.file }, unreadable);
      return null;
    }
  }

  /** Replaces the file with `body`; a failure (disk full) is logged with `failure`, never thrown. */
  write(body: string, failure: string): Promise<void> {
    return this.enqueue(async () => {
      // Named per process: two agents wrongly given one directory must not write into each other's temporary file.
      const temporary = `${this.file}.${process.pid}.tmp`;
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const handle = await open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.file);
      // The rename itself is durable only once the directory is synced.
      const directory = await open(this.dir, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    }, failure);
  }

  remove(failure: string): Promise<void> {
    return this.enqueue(() => rm(this.file, { force: true }), failure);
  }

  private enqueue(work: () => Promise<void>, failure: string): Promise<void> {
    const next = this.queue
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error, file: this.file }, failure));
    this.queue = next;
    return next;
  }
}
