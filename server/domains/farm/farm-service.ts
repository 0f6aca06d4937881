/**
 * The farm's operations that read, decide and write together, each in one transaction with the rows it decides on
 * locked: a proxy's ports taken under its host's lock, a change-IP link's cooldown under its proxy's lock, a rotation
 * finished once under its own. Every change an agent must apply bumps the host's configuration version in the same
 * transaction (`hostsRepository.bump`).
 */
import type { AgentConfig, AgentReport, RotationResult } from '@proxy/contract/schemas/farm-agent';
import { SERVED_PROXY_STATES, type ProxyState } from '@proxy/contract/schemas/farm-agent';
import type { Db } from '../../db/db.ts';
import { hostsRepository, type AgentHost } from './hosts-repository.ts';
import { modemsRepository, type Modem, type NewModem } from './modems-repository.ts';
import { proxiesRepository, type Proxy } from './proxies-repository.ts';
import { rotationsRepository, type Rotation, type RotationSource } from './rotations-repository.ts';
import { newHostToken, newProxyLogin, newProxyPassword, newRotateToken, sha256 } from './secrets.ts';
import { trafficRepository } from './traffic-repository.ts';

/** A change-IP link works at most once a minute per proxy (design/product.md). */
export const ROTATE_COOLDOWN_SECONDS = 60;

/** The host's port range has no two free ports left. */
export class NoFreePorts extends Error {
  constructor(hostId: number) {
    super(`Agent host ${hostId} has no free ports`);
    this.name = 'NoFreePorts';
  }
}

export type LinkRotation =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'inactive' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'wait'; readonly seconds: number }
  | { readonly kind: 'started'; readonly rotationId: number };

export type RotationFinish = 'finished' | 'unknown' | 'already_finished';

export type StaffRotation =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'started'; readonly rotationId: number };

/** What a panel write came to: done, no such row, or refused for the named reason. */
export type FarmWrite = 'ok' | 'unknown' | 'ports_in_use' | 'has_modems' | 'has_proxies';

export interface HostChanges {
  readonly name?: string;
  readonly publicHost?: string;
  readonly portMin?: number;
  readonly portMax?: number;
}

export interface ModemChanges {
  readonly hostId?: number;
  readonly name?: string;
  readonly key?: string;
  readonly country?: string;
  readonly city?: string;
  readonly operator?: string;
  readonly capacity?: number;
  readonly notes?: string;
  readonly maintenance?: boolean;
}

export interface FarmServiceOptions {
  /** Milliseconds now: the cooldown's clock (tests move it). */
  readonly now?: () => number;
}

export function farmService(db: Db, options: FarmServiceOptions = {}) {
  const now = options.now ?? Date.now;
  const hosts = hostsRepository(db);

  /** Changes a proxy's row and tells its host's agent, in one transaction; false for an unknown proxy. */
  const changeProxy = (id: number, change: (proxy: Proxy, tx: ReturnType<typeof proxiesRepository>) => Promise<void>) =>
    db.transaction(async (tx) => {
      const proxies = proxiesRepository(tx);
      const proxy = await proxies.get(id, { lock: true });
      if (!proxy) return false;
      await change(proxy, proxies);
      await hostsRepository(tx).bump(proxy.hostId);
      return true;
    });

  return {
    /** A new farm host and its agent's token, which is shown this once (only its hash is kept). */
    async createHost(input: {
      readonly name: string;
      readonly publicHost: string;
      readonly portMin: number;
      readonly portMax: number;
    }): Promise<{ host: AgentHost; token: string }> {
      const token = newHostToken();
      const host = await hosts.insert({ ...input, tokenHash: sha256(token) });
      return { host, token };
    },

    /** A new token for the host; the old one stops working at once. Null for an unknown host. */
    async regenerateHostToken(id: number): Promise<string | null> {
      const token = newHostToken();
      return (await hosts.replaceToken(id, sha256(token))) ? token : null;
    },

    authenticateAgent(token: string): Promise<AgentHost | null> {
      return hosts.byTokenHash(sha256(token));
    },

    createModem(modem: NewModem & { readonly maintenance?: boolean }): Promise<Modem> {
      return db.transaction(async (tx) => {
        const modems = modemsRepository(tx);
        const created = await modems.insert(modem);
        if (modem.maintenance) await modems.update(created.id, { status: 'maintenance' });
        await hostsRepository(tx).bump(modem.hostId);
        return created;
      });
    },

    /** A host's name, address or port range; a range that would leave a proxy's port outside is refused. */
    updateHost(id: number, changes: HostChanges): Promise<FarmWrite> {
      return db.transaction(async (tx) => {
        const farm = hostsRepository(tx);
        const host = await farm.get(id, { lock: true });
        if (!host) return 'unknown';
        const portMin = changes.portMin ?? host.portMin;
        const portMax = changes.portMax ?? host.portMax;
        if (await farm.hasPortsOutside(id, portMin, portMax)) return 'ports_in_use';
        await farm.update(id, { ...changes, portMin, portMax });
        return 'ok';
      });
    },

    /** A host without modems; one with modems is refused (they carry customers' proxies or could). */
    deleteHost(id: number): Promise<FarmWrite> {
      return db.transaction(async (tx) => {
        const farm = hostsRepository(tx);
        if (!(await farm.get(id, { lock: true }))) return 'unknown';
        if (await farm.hasModems(id)) return 'has_modems';
        await farm.delete(id);
        return 'ok';
      });
    },

    /**
     * A modem's details, its host, or maintenance (on: `maintenance`, off: `offline` until its agent reports). A
     * modem carrying proxies cannot move to another host (their ports are that host's). Its agent(s) are told.
     */
    updateModem(id: number, changes: ModemChanges): Promise<FarmWrite> {
      return db.transaction(async (tx) => {
        const modems = modemsRepository(tx);
        const modem = await modems.get(id, { lock: true });
        if (!modem) return 'unknown';
        const moving = changes.hostId !== undefined && changes.hostId !== modem.hostId;
        if (moving && (await modems.hasProxies(id))) return 'has_proxies';
        const { maintenance, ...rest } = changes;
        const status =
          maintenance === true
            ? 'maintenance'
            : maintenance === false && modem.status === 'maintenance'
              ? 'offline'
              : undefined;
        await modems.update(id, { ...rest, ...(status ? { status } : {}) });
        const farm = hostsRepository(tx);
        await farm.bump(modem.hostId);
        if (moving) await farm.bump(changes.hostId as number);
        return 'ok';
      });
    },

    deleteModem(id: number): Promise<FarmWrite> {
      return db.transaction(async (tx) => {
        const modems = modemsRepository(tx);
        const modem = await modems.get(id, { lock: true });
        if (!modem) return 'unknown';
        if (await modems.hasProxies(id)) return 'has_proxies';
        await modems.delete(id);
        await hostsRepository(tx).bump(modem.hostId);
        return 'ok';
      });
    },

    /** Staff's "rotate now": asks the modem's agent (no cooldown: staff may need it while fixing a modem). */
    requestStaffRotation(modemId: number, actorId: number): Promise<StaffRotation> {
      return db.transaction(async (tx) => {
        const modem = await modemsRepository(tx).get(modemId, { lock: true });
        if (!modem) return { kind: 'unknown' } as const;
        if (modem.status !== 'online') return { kind: 'unavailable' } as const;
        const rotation = await rotationsRepository(tx).request({
          modemId,
          proxyId: null,
          source: 'staff',
          actorId,
          oldIp: modem.ip,
        });
        if (rotation.created) await hostsRepository(tx).bump(modem.hostId);
        return { kind: 'started', rotationId: rotation.id } as const;
      });
    },

    /**
     * A proxy on the modem for the owner: generated credentials and change-IP token, and the two lowest free ports of
     * the modem's host, taken under the host's row lock so two allocations never share a port.
     */
    createProxy(input: {
      readonly ownerId: number;
      readonly modemId: number;
      readonly expiresAt: Date;
      readonly whitelist?: readonly string[];
    }): Promise<Proxy> {
      return db.transaction(async (tx) => {
        const modem = await modemsRepository(tx).get(input.modemId);
        if (!modem) throw new Error(`Unknown modem ${input.modemId}`);
        const host = (await hostsRepository(tx).get(modem.hostId, { lock: true })) as AgentHost;
        const proxies = proxiesRepository(tx);
        const ports = await proxies.freePorts(host.id, host.portMin, host.portMax, 2);
        if (ports.length < 2) throw new NoFreePorts(host.id);
        const rotateToken = newRotateToken();
        const proxy = await proxies.insert({
          ownerId: input.ownerId,
          modemId: modem.id,
          hostId: host.id,
          httpPort: ports[0] as number,
          socksPort: ports[1] as number,
          login: newProxyLogin(),
          password: newProxyPassword(),
          whitelist: input.whitelist ?? [],
          rotateToken,
          rotateTokenHash: sha256(rotateToken),
          expiresAt: input.expiresAt,
        });
        await hostsRepository(tx).bump(host.id);
        return proxy;
      });
    },

    /** A new password: the old one is refused, and its open sessions closed, once the agent applies the change. */
    async regeneratePassword(id: number): Promise<string | null> {
      const password = newProxyPassword();
      return (await changeProxy(id, (_proxy, proxies) => proxies.setPassword(id, password))) ? password : null;
    },

    setWhitelist(id: number, whitelist: readonly string[]): Promise<boolean> {
      return changeProxy(id, (_proxy, proxies) => proxies.setWhitelist(id, whitelist));
    },

    setState(id: number, state: ProxyState): Promise<boolean> {
      return changeProxy(id, (_proxy, proxies) => proxies.setState(id, state));
    },

    /** A new change-IP link: the old one answers 404 from now on. */
    async regenerateRotateToken(id: number): Promise<string | null> {
      const token = newRotateToken();
      return db.transaction(async (tx) => {
        const proxies = proxiesRepository(tx);
        if (!(await proxies.get(id, { lock: true }))) return null;
        await proxies.setRotateToken(id, token, sha256(token));
        return token;
      });
    },

    /**
     * The host's configuration for its agent. The version is read first: content newer than its version only makes
     * the agent apply the same thing twice, never miss a change.
     */
    async config(hostId: number): Promise<AgentConfig | null> {
      const version = await hosts.version(hostId);
      if (version === null) return null;
      const [modems, proxies, rotations] = await Promise.all([
        modemsRepository(db).configOf(hostId),
        proxiesRepository(db).configOf(hostId),
        rotationsRepository(db).pendingOf(hostId),
      ]);
      return { version, modems, proxies, rotations };
    },

    version(hostId: number): Promise<string | null> {
      return hosts.version(hostId);
    },

    /** What the agent reports: when it was seen, its modems' status and addresses, its proxies' traffic. */
    applyReport(hostId: number, report: AgentReport): Promise<void> {
      return db.transaction(async (tx) => {
        await hostsRepository(tx).seen(hostId, {
          servedVersion: report.config_version,
          startedAt: report.started_at,
        });
        await modemsRepository(tx).applyReports(hostId, report.modems);
        await trafficRepository(tx).record(hostId, report.traffic);
      });
    },

    /**
     * The change-IP link (`GET /r/{token}`): under the proxy's row lock, refuses within the cooldown (with the seconds
     * left) and otherwise asks the modem's agent for a rotation, or joins the one already pending.
     */
    requestLinkRotation(token: string): Promise<LinkRotation> {
      return db.transaction(async (tx) => {
        const proxies = proxiesRepository(tx);
        const proxy = await proxies.lockByRotateHash(sha256(token));
        if (!proxy) return { kind: 'unknown' } as const;
        if (!SERVED_PROXY_STATES.includes(proxy.state)) return { kind: 'inactive' } as const;
        const modem = (await modemsRepository(tx).get(proxy.modemId)) as Modem;
        if (modem.status !== 'online') return { kind: 'unavailable' } as const;
        if (proxy.lastRotationAt) {
          const elapsed = (now() - proxy.lastRotationAt.getTime()) / 1000;
          if (elapsed < ROTATE_COOLDOWN_SECONDS) {
            return { kind: 'wait', seconds: Math.max(1, Math.ceil(ROTATE_COOLDOWN_SECONDS - elapsed)) } as const;
          }
        }
        await proxies.rotationRequested(proxy.id, new Date(now()));
        const rotation = await rotationsRepository(tx).request({
          modemId: modem.id,
          proxyId: proxy.id,
          source: 'link' satisfies RotationSource,
          actorId: null,
          oldIp: modem.ip,
        });
        if (rotation.created) await hostsRepository(tx).bump(modem.hostId);
        return { kind: 'started', rotationId: rotation.id } as const;
      });
    },

    rotation(id: number): Promise<Rotation | null> {
      return rotationsRepository(db).get(id);
    },

    /**
     * The agent's result for a rotation of one of its modems: recorded once (a repeat is `already_finished`), the
     * modem's address updated, the agent's configuration no longer listing it, and the link's waiter woken.
     */
    finishRotation(hostId: number, id: number, result: RotationResult): Promise<RotationFinish> {
      return db.transaction(async (tx) => {
        const rotations = rotationsRepository(tx);
        const rotation = await rotations.lockForHost(id, hostId);
        if (!rotation) return 'unknown';
        if (rotation.status !== 'pending') return 'already_finished';
        await rotations.finish(id, result, rotation.oldIp);
        if (result.status === 'done')
          await modemsRepository(tx).rotated(rotation.modemId, result.ip, result.finished_at);
        const farm = hostsRepository(tx);
        await farm.bump(hostId);
        await farm.notifyRotation(id);
        return 'finished';
      });
    },
  };
}

export type FarmService = ReturnType<typeof farmService>;
