import { createHash } from 'node:crypto';
import { TrafficBucketSchema, type TrafficBucket } from '@proxy/contract/schemas/farm-agent';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { StateFile } from './state-file.ts';

const TRAFFIC_FILE_NAME = 'traffic.json';

const SavedSchema = v.object({ api: v.string(), saved_at: v.string(), buckets: v.array(TrafficBucketSchema) });

export interface TrafficStoreOptions {
  /** The state directory (`AGENT_STATE_DIR`); created, mode 0700, when missing. */
  readonly dir: string;
  /** The API the buckets are for: its proxy ids mean nothing to another one. */
  readonly apiUrl: string;
  readonly log: Logger;
}

/**
 * The traffic buckets the API has not taken for good, on the farm host's disk, so bytes counted before a restart
 * (an upgrade's SIGTERM, a crash, a power loss) are still reported after it (#42). Bound to the API's URL only, not to
 * the host's token: a token regenerated for the same host still counts the same proxies, and the API ignores buckets
 * of proxies that are not the reporting host's. Written atomically, mode 0600 (`StateFile`).
 */
export class TrafficStore {
  readonly file: string;
  private readonly state: StateFile;
  private readonly owner: string;
  private readonly log: Logger;

  constructor(options: TrafficStoreOptions) {
    this.state = new StateFile(options.dir, TRAFFIC_FILE_NAME, options.log);
    this.file = this.state.file;
    this.owner = createHash('sha256').update(options.apiUrl).digest('hex');
    this.log = options.log;
  }

  /** The saved buckets; none when there is no file or it cannot be used (a log line says why). */
  async load(): Promise<TrafficBucket[]> {
    const text = await this.state.read('saved traffic unreadable; ignored');
    if (text === null) return [];
    let saved: v.InferOutput<typeof SavedSchema>;
    try {
      const parsed = v.safeParse(SavedSchema, JSON.parse(text));
      if (!parsed.success) throw new Error(parsed.issues[0].message);
      saved = parsed.output;
    } catch (error) {
      this.log.warn({ err: error, file: this.file }, 'saved traffic corrupted; ignored');
      return [];
    }
    if (saved.api !== this.owner) {
      this.log.warn(
        { file: this.file, buckets: saved.buckets.length },
        'saved traffic is for another API URL; ignored',
      );
      return [];
    }
    return saved.buckets;
  }

  /** Replaces the saved buckets; a failure (disk full) is logged: counting and reporting go on regardless. */
  save(buckets: readonly TrafficBucket[]): Promise<void> {
    const body = JSON.stringify({ api: this.owner, saved_at: new Date().toISOString(), buckets });
    return this.state.write(body, 'traffic not saved; a restart would lose what the API has not taken');
  }
}
