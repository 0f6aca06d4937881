import { createHash } from 'node:crypto';
import { AgentConfigSchema, type AgentConfig } from '@proxy/contract/schemas/farm-agent';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { StateFile } from './state-file.ts';

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
 * rebooted) serves its customers instead of nothing. It holds the proxies' passwords: mode 0600, in a 0700 directory,
 * written atomically (`StateFile`). One agent per directory.
 */
export class ConfigStore {
  readonly file: string;
  private readonly state: StateFile;
  private readonly owner: string;
  private readonly log: Logger;

  constructor(options: ConfigStoreOptions) {
    this.state = new StateFile(options.dir, CONFIG_FILE_NAME, options.log);
    this.file = this.state.file;
    // A digest, not the token: the file must not hand the host's credential to whoever reads a backup of it.
    this.owner = createHash('sha256').update(`${options.api.url}\n${options.api.token}`).digest('hex');
    this.log = options.log;
  }

  /** The saved config, or null when there is none or it cannot be used (a log line says why). */
  async load(): Promise<AgentConfig | null> {
    const text = await this.state.read('saved config unreadable; ignored');
    if (text === null) return null;
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
    const body = JSON.stringify({ api: this.owner, saved_at: new Date().toISOString(), config });
    return this.state.write(body, 'config not saved; a restart without the API would serve nothing');
  }

  /** Deletes the saved config (the API refused the token: nothing of it may be served again). */
  clear(): Promise<void> {
    return this.state.remove('saved config not deleted');
  }
}
