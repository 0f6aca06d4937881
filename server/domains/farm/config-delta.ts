/**
 * Config deltas (#42, protocol 3): what the API served each host for its last few versions, as short digests
 * (migration 0151 says why digests of what was served, not a log every writer keeps), and the delta from one of them
 * to the config as it is now.
 */
import { createHash } from 'node:crypto';
import type { AgentConfig, AgentConfigDelta } from '@proxy/contract/schemas/farm-agent';
import type { Queryable } from '../../db/db.ts';

/**
 * Versions remembered per host. An agent is normally one version behind (it applies each as it comes); a few more
 * cover a burst of orders landing between two of its polls. Older is answered with the whole config.
 */
export const KEPT_SNAPSHOTS = 8;

/** A config as the delta compares it: a hash of the modems, and of each proxy by id. */
export interface ConfigDigest {
  readonly m: string;
  readonly p: Readonly<Record<string, string>>;
}

// 96 bits: a collision would leave one proxy unchanged on the agent, so not a checksum's 32.
const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

export function digestOf(config: Pick<AgentConfig, 'modems' | 'proxies'>): ConfigDigest {
  return { m: hash(config.modems), p: Object.fromEntries(config.proxies.map((proxy) => [proxy.id, hash(proxy)])) };
}

/**
 * The delta from the config `before` digests (version `from`) to `config`; null when it would not be smaller than
 * `config` itself (most of the proxies changed), so the agent is sent the whole one.
 */
export function deltaOf(config: AgentConfig, from: string, before: ConfigDigest): AgentConfigDelta | null {
  const upserts = config.proxies.filter((proxy) => before.p[proxy.id] !== hash(proxy));
  const current = new Set(config.proxies.map((proxy) => String(proxy.id)));
  const removals = Object.keys(before.p)
    .filter((id) => !current.has(id))
    .map(Number);
  const delta: AgentConfigDelta = {
    kind: 'delta',
    from,
    version: config.version,
    rotations_version: config.rotations_version ?? '0',
    upserts,
    removals,
    ...(before.m === hash(config.modems) ? {} : { modems: config.modems }),
    rotations: config.rotations,
    checks: config.checks ?? [],
    check_url: config.check_url ?? null,
  };
  return JSON.stringify(delta).length < JSON.stringify(config).length ? delta : null;
}

export function snapshotsRepository(q: Queryable) {
  return {
    async get(hostId: number, version: string): Promise<ConfigDigest | null> {
      if (!/^\d{1,18}$/.test(version)) return null;
      const rows = await q.query<{ digest: ConfigDigest }>(
        'SELECT digest FROM agent_config_snapshots WHERE host_id = $1 AND version = $2',
        [hostId, version],
      );
      return rows[0]?.digest ?? null;
    },

    /**
     * Remembers what version `version` of the host's config is, once (the first served stands: a version's
     * proxies are the same whoever reads them, `farmService.config` reading them in one snapshot), and forgets all but
     * the last `KEPT_SNAPSHOTS`.
     */
    async put(hostId: number, version: string, digest: ConfigDigest): Promise<void> {
      const inserted = await q.query(
        `INSERT INTO agent_config_snapshots (host_id, version, digest) VALUES ($1, $2, $3)
         ON CONFLICT (host_id, version) DO NOTHING RETURNING version`,
        [hostId, version, JSON.stringify(digest)],
      );
      if (inserted.length === 0) return;
      await q.query(
        `DELETE FROM agent_config_snapshots WHERE host_id = $1 AND version <= (
           SELECT version FROM agent_config_snapshots WHERE host_id = $1 ORDER BY version DESC OFFSET $2 LIMIT 1)`,
        [hostId, KEPT_SNAPSHOTS],
      );
    },
  };
}
