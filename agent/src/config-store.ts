import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AgentConfigSchema, type AgentConfig } from '@proxy/contract/schemas/farm-agent';
import type { Logger } from 'pino';
import * as v from 'valibot';

const CONFIG_FILE_NAME = 'config.json';

const SavedSchema = v.object({ api: v.string(), saved_at: v.string(), config: AgentConfigSchema });

export interface ConfigStoreOptions {
  /** The state directory (`AGENT_STATE_DIR`); created, mode 0700, when missing. */
  readonly dir: string;
  /** Whom the config came from: a file saved for another API or token is never served. */
  readonly api: { readonly url: string; readonly token: string };
  readonly log: Logger;
}

/**
 * The last config the API confirmed, kept on the farm host's disk so an agent restarted during an API outage (the host
 * rebooted) serves its customers instead of nothing. It holds the proxies' passwords: mode 0600, in a 0700 directory.
 * Written atomically (a temporary file, fsync, rename, fsync of the directory), so a crash or power loss leaves the
 * old file or the new one, never half of one. One agent per directory.
 */
export class ConfigStore {
  readonly file: string;
  private readonly dir: string;
  private readonly owner: string;
  private readonly log: Logger;
  /** Saves and removals run one at a time, in order: a removal must not be undone by a save still writing. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: ConfigStoreOptions) {
    this.dir = options.dir;
    this.file = path.join(options.dir, CONFIG_FILE_NAME);
    // A digest, not the token: the file must not hand the host's credential to whoever reads a backup of it.
    this.owner = createHash('sha256').update(`${options.api.url}\n${options.api.token}`).digest('hex');
    this.log = options.log;
  }

  /** The saved config, or null when there is none or it cannot be used (a log line says why). */
  async load(): Promise<AgentConfig | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log.warn({ err: error, file: this.file }, 'saved config unreadable; ignored');
      }
      return null;
    }
    let saved: v.InferOutput<typeof SavedSchema>;
    try {
      const parsed = v.safeParse(SavedSchema, JSON.parse(text));
      if (!parsed.success) throw new Error(parsed.issues[0].message);
      saved = parsed.output;
    } catch (error) {
      this.log.warn({ err: error, file: this.file }, 'saved config corrupted; ignored');
      return null;
    }
    if (saved.api !== this.owner) {
      // Expected after a token change (the demo launcher makes a new one on every start), so not a warning.
      this.log.info({ file: this.file }, 'saved config belongs to another API URL or host token; ignored');
      return null;
    }
    return saved.config;
  }

  /** Replaces the saved config; a failure (disk full) is logged: serving goes on regardless. */
  save(config: AgentConfig): Promise<void> {
    return this.enqueue(async () => {
      const body = JSON.stringify({ api: this.owner, saved_at: new Date().toISOString(), config });
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
    }, 'config not saved; a restart without the API would serve nothing');
  }

  /** Deletes the saved config (the API refused the token: nothing of it may be served again). */
  clear(): Promise<void> {
    return this.enqueue(() => rm(this.file, { force: true }), 'saved config not deleted');
  }

  private enqueue(work: () => Promise<void>, failure: string): Promise<void> {
    const next = this.queue
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error, file: this.file }, failure));
    this.queue = next;
    return next;
  }
}
