/**
 * The farm's operations that read, decide and write together, each in one transaction with the rows it decides on
 * locked: a proxy's ports taken under its host's lock, a change-IP link's cooldown under its proxy's lock, a rotation
 * finished once under its own. Every change an agent must apply bumps the host's configuration version in the same
 * transaction (`hostsRepository.bump`).
 */
import type { AgentConfig, AgentReport, RotationResult } from '@proxy/contract/schemas/farm-agent';
import { SERVED_PROXY_STATES, type ProxyState } from '@proxy/contract/schemas/farm-agent';
import type { Db, Queryable } from '../../db/db.ts';
import { hostsRepository, type AgentHost } from './hosts-repository.ts';
import { allocateProxy } from './inventory.ts';
import { modemsRepository, type Modem, type NewModem } from './modems-repository.ts';
import { proxiesRepository, type Proxy, type ProxySettings } from './proxies-repository.ts';
import { FARM_REFUSALS } from './refusals.ts';
import { rotationsRepository, type Rotation, type RotationSource } from './rotations-repository.ts';
import { newHostToken, newProxyPassword, newRotateToken, sha256 } from './secrets.ts';
import { trafficRepository } from './traffic-repository.ts';

/** A change-IP link works at most once a minute per proxy (design/product.md). */
export const ROTATE_COOLDOWN_SECONDS = 60;

/** Whose proxy a change is for: a customer's own calls pass their id, and another owner's proxy is `unknown`. */
export interface Owner {
  readonly ownerId?: number;
}

export type LinkRotation =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'inactive' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'wait'; readonly seconds: number }
  | { readonly kind: 'started'; readonly rotationId: number };

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

/**
 * Asks the proxy's modem for a new address under the proxy's row lock, in the caller's transaction at `at`: refused
 * within the cooldown (with the seconds left), for a proxy the agent no longer serves, or a modem that is not online;
 * otherwise a rotation is requested, or the pending one joined (one pending per modem: requests never pile up). The
 * change-IP link, the owner's "change IP now" and the auto-rotation sweep (a batch in one transaction) share it.
 */
export async function requestRotationIn(
  tx: Queryable,
  lock: (proxies: ReturnType<typeof proxiesRepository>) => Promise<Proxy | null>,
  source: RotationSource,
  actorId: number | null,
  at: Date,
): Promise<LinkRotation> {
  const proxies = proxiesRepository(tx);
  const proxy = await lock(proxies);
  if (!proxy) return { kind: 'unknown' } as const;
  if (!SERVED_PROXY_STATES.includes(proxy.state)) return { kind: 'inactive' } as const;
  // The cooldown first: right after a rotation the modem is reconnecting, and a script that retries must hear
  // "wait N seconds", not "modem down".
  if (proxy.lastRotationAt) {
    const elapsed = (at.getTime() - proxy.lastRotationAt.getTime()) / 1000;
    if (elapsed < ROTATE_COOLDOWN_SECONDS) {
      return { kind: 'wait', seconds: Math.max(1, Math.ceil(ROTATE_COOLDOWN_SECONDS - elapsed)) } as const;
    }
  }
  const modem = (await modemsRepository(tx).get(proxy.modemId)) as Modem;
  if (modem.status !== 'online') return { kind: 'unavailable' } as const;
  await proxies.rotationRequested(proxy.id, at);
  const rotation = await rotationsRepository(tx).request({
    modemId: modem.id,
    proxyId: proxy.id,
    source,
    actorId,
    oldIp: modem.ip,
  });
  if (rotation.created) await hostsRepository(tx).bump(modem.hostId);
  return { kind: 'started', rotationId: rotation.id } as const;
}

/** An auto-rotation of the proxy (its row locked by the caller's sweep), recorded as the system's. */
export function requestAutoRotation(tx: Queryable, proxyId: number, at: Date): Promise<LinkRotation> {
  return requestRotationIn(tx, (proxies) => proxies.get(proxyId, { lock: true }), 'auto', null, at);
}

export function farmService(db: Db, options: FarmServiceOptions = {}) {
  const now = options.now ?? Date.now;
  const hosts = hostsRepository(db);

  /**
   * Changes a proxy's row under its lock and, when `served` (the agent serves what changed), tells its host's agent,
   * in one transaction; false for an unknown proxy or one of another owner.
   */
  const changeProxy = (
    id: number,
    owner: Owner,
    change: (proxy: Proxy, tx: ReturnType<typeof proxiesRepository>) => Promise<void>,
    served = true,
  ) =>
    db.transaction(async (tx) => {
      const proxies = proxiesRepository(tx);
      const proxy = await proxies.get(id, { lock: true });
      if (!proxy || (owner.ownerId !== undefined && proxy.ownerId !== owner.ownerId)) return false;
      await change(proxy, proxies);
      if (served) await hostsRepository(tx).bump(proxy.hostId);
      return true;
    });

  /** `requestRotationIn` in a transaction of its own, at the service's now. */
  const requestRotation = (
    lock: (proxies: ReturnType<typeof proxiesRepository>) => Promise<Proxy | null>,
    source: RotationSource,
    actorId: number | null,
  ): Promise<LinkRotation> => db.transaction((tx) => requestRotationIn(tx, lock, source, actorId, new Date(now())));

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

    /**
     * A host's name, address or port range (the ends' order judged against the stored one when only one is sent); a
     * range that would leave a proxy's port outside is refused. False for an unknown host.
     */
    updateHost(id: number, changes: HostChanges): Promise<boolean> {
      return db.transaction(async (tx) => {
        const farm = hostsRepository(tx);
        const host = await farm.get(id, { lock: true });
        if (!host) return false;
        const portMin = changes.portMin ?? host.portMin;
        const portMax = changes.portMax ?? host.portMax;
        if (portMin >= portMax) throw FARM_REFUSALS.portOrder();
        if (await farm.hasPortsOutside(id, portMin, portMax)) throw FARM_REFUSALS.portsInUse();
        await farm.update(id, { ...changes, portMin, portMax });
        return true;
      });
    },

    /** A host without modems; one with modems is refused (they carry customers' proxies or could). */
    deleteHost(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const farm = hostsRepository(tx);
        if (!(await farm.get(id, { lock: true }))) return false;
        if (await farm.hasModems(id)) throw FARM_REFUSALS.hostHasModems();
        await farm.delete(id);
        return true;
      });
    },

    /**
     * A modem's details, its host, or maintenance (on: `maintenance`, off: `offline` until its agent reports). A
     * modem carrying proxies cannot move to another host (their ports are that host's). Its agent(s) are told.
     */
    updateModem(id: number, changes: ModemChanges): Promise<boolean> {
      return db.transaction(async (tx) => {
        const modems = modemsRepository(tx);
        const modem = await modems.get(id, { lock: true });
        if (!modem) return false;
        const moving = changes.hostId !== undefined && changes.hostId !== modem.hostId;
        if (moving && (await modems.hasProxies(id))) throw FARM_REFUSALS.modemHasProxies();
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
        return true;
      });
    },

    /** False for an unknown modem; one carrying proxies is refused. */
    deleteModem(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const modems = modemsRepository(tx);
        const modem = await modems.get(id, { lock: true });
        if (!modem) return false;
        if (await modems.hasProxies(id)) throw FARM_REFUSALS.modemHasProxies();
        await modems.delete(id);
        await hostsRepository(tx).bump(modem.hostId);
        return true;
      });
    },

    /**
     * Staff's "rotate now": asks the modem's agent (no cooldown: staff may need it while fixing a modem). Null for an
     * unknown modem; one that is not online is refused.
     */
    requestStaffRotation(modemId: number, actorId: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        const modem = await modemsRepository(tx).get(modemId, { lock: true });
        if (!modem) return null;
        if (modem.status !== 'online') throw FARM_REFUSALS.modemBusy();
        const rotation = await rotationsRepository(tx).request({
          modemId,
          proxyId: null,
          source: 'staff',
          actorId,
          oldIp: modem.ip,
        });
        if (rotation.created) await hostsRepository(tx).bump(modem.hostId);
        return rotation.id;
      });
    },

    /**
     * A proxy on the modem for the owner, in a transaction of its own (`allocateProxy`: staff and tests; an order
     * allocates inside its paying transaction).
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
        return allocateProxy(tx, { ...input, hostId: modem.hostId });
      });
    },

    /** A new password: the old one is refused, and its open sessions closed, once the agent applies the change. */
    async regeneratePassword(id: number, owner: Owner = {}): Promise<string | null> {
      const password = newProxyPassword();
      return (await changeProxy(id, owner, (_proxy, proxies) => proxies.setPassword(id, password))) ? password : null;
    },

    setWhitelist(id: number, whitelist: readonly string[]): Promise<boolean> {
      return changeProxy(id, {}, (_proxy, proxies) => proxies.setWhitelist(id, whitelist));
    },

    /**
     * The owner's settings of the proxy. Only a new whitelist is something the agent serves (it lets addresses in
     * without a password), so only then is the host's agent told; the comment, auto-renew and auto-rotation are the
     * API's own business.
     */
    updateSettings(id: number, owner: Owner, settings: ProxySettings): Promise<boolean> {
      return changeProxy(
        id,
        owner,
        (_proxy, proxies) => proxies.setSettings(id, settings),
        settings.whitelist !== undefined,
      );
    },

    setState(id: number, state: ProxyState): Promise<boolean> {
      return changeProxy(id, {}, (_proxy, proxies) => proxies.setState(id, state));
    },

    /** A new change-IP link: the old one answers 404 from now on. The agent never sees the token. */
    async regenerateRotateToken(id: number, owner: Owner = {}): Promise<string | null> {
      const token = newRotateToken();
      const changed = await changeProxy(
        id,
        owner,
        (_proxy, proxies) => proxies.setRotateToken(id, token, sha256(token)),
        false,
      );
      return changed ? token : null;
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

    /** What the agent reports: when it was seen, its modems' status and addresses, its proxies' traffic. */
    applyReport(hostId: number, report: AgentReport): Promise<void> {
      // Modem rows before the host's row: the order every writer of both keeps (an order locks its modems, then their
      // hosts), so a report arriving during an order waits for it instead of deadlocking with it.
      return db.transaction(async (tx) => {
        await modemsRepository(tx).applyReports(hostId, report.modems);
        await trafficRepository(tx).record(hostId, report.traffic);
        await hostsRepository(tx).seen(hostId, {
          servedVersion: report.config_version,
          startedAt: report.started_at,
        });
      });
    },

    /** The change-IP link (`GET /r/{token}`): no sign-in, the token is the credential. */
    requestLinkRotation(token: string): Promise<LinkRotation> {
      return requestRotation((proxies) => proxies.lockByRotateHash(sha256(token)), 'link', null);
    },

    /** The owner's "change IP now": the link's rules, recorded as the customer's; another's proxy is `unknown`. */
    requestCustomerRotation(proxyId: number, ownerId: number): Promise<LinkRotation> {
      return requestRotation(
        async (proxies) => {
          const proxy = await proxies.get(proxyId, { lock: true });
          return proxy?.ownerId === ownerId ? proxy : null;
        },
        'customer',
        ownerId,
      );
    },

    rotation(id: number): Promise<Rotation | null> {
      return rotationsRepository(db).get(id);
    },

    /**
     * The agent's result for a rotation of one of its modems: recorded once (a repeat is refused), the
     * modem's address updated, the agent's configuration no longer listing it, and the link's waiter woken.
     */
    finishRotation(hostId: number, id: number, result: RotationResult): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rotations = rotationsRepository(tx);
        const rotation = await rotations.lockForHost(id, hostId);
        if (!rotation) return false;
        if (rotation.status !== 'pending') throw FARM_REFUSALS.rotationFinished();
        await rotations.finish(id, result, rotation.oldIp);
        if (result.status === 'done')
          await modemsRepository(tx).rotated(rotation.modemId, result.ip, result.finished_at);
        const farm = hostsRepository(tx);
        await farm.bump(hostId);
        await farm.notifyRotation(id);
        return true;
      });
    },
  };
}

export type FarmService = ReturnType<typeof farmService>;
