/**
 * The farm's operations that read, decide and write together, each in one transaction with the rows it decides on
 * locked: a proxy's ports taken under its host's lock, a change-IP link's cooldown under its proxy's lock, a rotation
 * finished once under its own. Every change an agent must apply bumps the host's configuration version in the same
 * transaction (`hostsRepository.bump`); a rotation requested or finished bumps its rotations version instead
 * (`bumpRotations`), so it costs an agent speaking protocol 2 no whole configuration (#42).
 */
import type {
  AgentConfig,
  AgentConfigDelta,
  AgentReport,
  CheckResult,
  RotationResult,
  RotationsAnswer,
} from '@proxy/contract/schemas/farm-agent';
import { SERVED_PROXY_STATES, type ProxyState } from '@proxy/contract/schemas/farm-agent';
import { CHECK_COOLDOWN_SECONDS, REBOOT_COOLDOWN_SECONDS } from '@proxy/contract/schemas/proxies';
import type { Db, Queryable } from '../../db/db.ts';
import { checkUrlOf } from './check-target.ts';
import { deltaOf, digestOf, snapshotsRepository } from './config-delta.ts';
import { checksRepository } from './checks-repository.ts';
import { nameCity, nameOperator } from './place-names.ts';
import { hostsRepository, legacyVersion, servedConfigVersion, type AgentHost } from './hosts-repository.ts';
import { allocateProxy } from './inventory.ts';
import { modemsRepository, type Modem, type NewModem } from './modems-repository.ts';
import { proxiesRepository, type Proxy, type ProxySettings } from './proxies-repository.ts';
import { FARM_REFUSALS } from './refusals.ts';
import { rotationsRepository, type Rotation, type RotationSource } from './rotations-repository.ts';
import { newHostToken, newProxyPassword, newRotateToken, sha256 } from './secrets.ts';
import { trafficRepository } from './traffic-repository.ts';

/** A change-IP link works at most once a minute per proxy (docs/product.md). */
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

/** The owner's "check now": another's proxy, one not served, within the cooldown, or the check asked of the agent. */
export type CheckRequestOutcome =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'inactive' }
  | { readonly kind: 'wait'; readonly seconds: number }
  | { readonly kind: 'started'; readonly checkId: number; readonly modemId: number };

/** A reboot request's outcome: a rotation's, or other customers on the modem, or a rotation or reboot running. */
export type RebootRequest = LinkRotation | { readonly kind: 'shared' } | { readonly kind: 'busy' };

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
  /** The city's Russian name: every modem in the city shows it (#28). */
  readonly cityRu?: string;
  readonly operator?: string;
  /** The operator's Russian name in the modem's country: every modem of it there shows it (#49). */
  readonly operatorRu?: string;
  readonly capacity?: number;
  readonly notes?: string;
  readonly maintenance?: boolean;
}

export interface FarmServiceOptions {
  /** Milliseconds now: the cooldown's clock (tests move it). */
  readonly now?: () => number;
  /** AGENT_SILENT_SECONDS: a host not heard from this long counts as offline (#42); 60 unless set. */
  readonly agentSilentSeconds?: number;
}

/**
 * A held config poll writes that its host was heard at most this often (a poll looks at its host every second; a row
 * written each time would be a write per host per second for nothing), and often enough that the shortest setting
 * (3 s) still sees a live agent as heard from.
 */
const heardEveryMs = (silentMs: number) => Math.min(5_000, silentMs / 3);

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
  if (rotation.created) await hostsRepository(tx).bumpRotations(modem.hostId);
  return { kind: 'started', rotationId: rotation.id } as const;
}

/** An auto-rotation of the proxy (its row locked by the caller's sweep), recorded as the system's. */
export function requestAutoRotation(tx: Queryable, proxyId: number, at: Date): Promise<LinkRotation> {
  return requestRotationIn(tx, (proxies) => proxies.get(proxyId, { lock: true }), 'auto', null, at);
}

/** `farmService.config`, on `q` (a transaction's snapshot under protocol 3). */
async function readConfig(
  q: Queryable,
  hostId: number,
  protocol: number,
  inTransaction = false,
): Promise<AgentConfig | null> {
  const versions = await hostsRepository(q).versions(hostId);
  if (versions === null) return null;
  const current = { configVersion: versions.config, rotationsVersion: versions.rotations };
  const stamp =
    protocol >= 2
      ? { version: versions.config, rotations_version: versions.rotations }
      : { version: legacyVersion(current) };
  const reads = [
    () => modemsRepository(q).configOf(hostId),
    () => proxiesRepository(q).configOf(hostId),
    () => rotationsRepository(q).pendingOf(hostId),
    () => checksRepository(q).pendingOf(hostId),
    () => checkUrlOf(q),
  ] as const;
  // A transaction's one connection runs its statements one after the other anyway (pg refuses them overlapped); the
  // pool runs them side by side.
  const [modems, proxies, rotations, checks, checkUrl] = inTransaction
    ? [await reads[0](), await reads[1](), await reads[2](), await reads[3](), await reads[4]()]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3](), reads[4]()]);
  // No `check_url` while staff set none: the agent then asks the API's own `/api/ip/`, as it did before the field.
  return { ...stamp, modems, proxies, rotations, checks, ...(checkUrl === null ? {} : { check_url: checkUrl }) };
}

export function farmService(db: Db, options: FarmServiceOptions = {}) {
  const now = options.now ?? Date.now;
  const silentMs = (options.agentSilentSeconds ?? 60) * 1000;
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

    /**
     * The host's agent is there (its config poll, as it starts and while it is held): written only when the last
     * write is `heardEveryMs` old, so a poll held for 25 s writes a few times, not every second.
     */
    async heard(host: AgentHost): Promise<void> {
      const at = now();
      if (host.lastSeenAt && at - host.lastSeenAt.getTime() < heardEveryMs(silentMs)) return;
      await hosts.heard(host.id, new Date(at), new Date(at + silentMs));
    },

    /**
     * A modem; its city and operator named in Russian when `cityRu` and `operatorRu` are given (else each keeps the
     * name it has, or none).
     */
    createModem(
      modem: NewModem & { readonly cityRu?: string; readonly operatorRu?: string; readonly maintenance?: boolean },
    ): Promise<Modem> {
      return db.transaction(async (tx) => {
        const modems = modemsRepository(tx);
        const created = await modems.insert(modem);
        if (modem.cityRu !== undefined) await nameCity(tx, created.country, created.city, modem.cityRu);
        if (modem.operatorRu !== undefined) {
          await nameOperator(tx, created.country, created.operator, modem.operatorRu);
        }
        if (modem.maintenance) await modems.update(created.id, { status: 'maintenance' });
        await hostsRepository(tx).bump(modem.hostId);
        return created;
      });
    },

    /**
     * A host's name, address or port range (the ends' order judged against the stored one when only one is sent); a
     * range that would leave a proxy's port outside, or a new one with fewer than two ports for every proxy the host's
     * modems can carry, is refused. False for an unknown host.
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
        // Judged when the range moves: a rename of a host whose stored range is already short is not held up by it.
        if (portMin !== host.portMin || portMax !== host.portMax) {
          const proxies = await farm.capacity(id);
          // Ends included: 20000–20009 is ten ports, five proxies.
          if (portMax - portMin + 1 < 2 * proxies) throw FARM_REFUSALS.portsTooFew({ proxies, ports: 2 * proxies });
        }
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
        const { maintenance, cityRu, operatorRu, ...rest } = changes;
        const status =
          maintenance === true
            ? 'maintenance'
            : maintenance === false && modem.status === 'maintenance'
              ? 'offline'
              : undefined;
        await modems.update(id, { ...rest, ...(status ? { status } : {}) });
        const country = rest.country ?? modem.country;
        if (cityRu !== undefined) await nameCity(tx, country, rest.city ?? modem.city, cityRu);
        if (operatorRu !== undefined) await nameOperator(tx, country, rest.operator ?? modem.operator, operatorRu);
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
        if (rotation.created) await hostsRepository(tx).bumpRotations(modem.hostId);
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

    /**
     * The owner's own login (already checked against `CUSTOMER_LOGIN`), told to the host's agent in the same
     * transaction: it refuses the old one within seconds and closes the sessions that used it. Unique among all proxies
     * by the column's unique index (stronger than per host, and it stays so if a proxy moves to another host), which
     * also decides between two owners picking the same login at once. The proxy's own login again changes nothing.
     */
    changeLogin(id: number, owner: Owner, login: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const proxies = proxiesRepository(tx);
        const proxy = await proxies.get(id, { lock: true });
        if (!proxy || (owner.ownerId !== undefined && proxy.ownerId !== owner.ownerId)) return false;
        if (proxy.login === login) return true;
        await proxies.setLogin(id, login);
        await hostsRepository(tx).bump(proxy.hostId);
        return true;
      });
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
     * The host's configuration for its agent. The versions are read first: content newer than its version only makes
     * the agent apply the same thing twice, never miss a change. `protocol` 2 names the rotations' version apart;
     * before it, `version` carries both (`legacyVersion`), so an older agent refetches on every rotation as it did.
     */
    async config(hostId: number, protocol = 1): Promise<AgentConfig | null> {
      return readConfig(db, hostId, protocol);
    },

    /**
     * Protocol 3's answer when the config moved since `since` (#42): the delta from it when the API remembers what it
     * served as `since` and the delta is the smaller, the whole config otherwise. Read in one snapshot, so the version
     * and its proxies agree and the digest remembered for the version is what every agent of it has.
     */
    async configSince(hostId: number, since: string | undefined): Promise<AgentConfig | AgentConfigDelta | null> {
      const read = await db.transaction(async (tx) => {
        await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        const config = await readConfig(tx, hostId, 3, true);
        const before = config && since !== undefined ? await snapshotsRepository(tx).get(hostId, since) : null;
        return { config, before };
      });
      const { config, before } = read;
      if (config === null) return null;
      await snapshotsRepository(db).put(hostId, config.version, digestOf(config));
      return (since !== undefined && before !== null && deltaOf(config, since, before)) || config;
    },

    /**
     * Protocol 2's answer when only the rotations moved: the pending ones, their version read first (as for `config`).
     * A config that moved meanwhile is not the agent's yet: its next poll, still sending the old version, gets it.
     */
    async rotations(hostId: number): Promise<RotationsAnswer | null> {
      const versions = await hosts.versions(hostId);
      if (versions === null) return null;
      const rotations = await rotationsRepository(db).pendingOf(hostId);
      return { kind: 'rotations', rotations_version: versions.rotations, rotations };
    },

    /** What the agent reports: when it was seen, its modems' status, addresses and health checks, its proxies' traffic. */
    async applyReport(hostId: number, report: AgentReport): Promise<void> {
      // Modem rows before the host's row: the order every writer of both keeps (an order locks its modems, then their
      // hosts), so a report arriving during an order waits for it instead of deadlocking with it.
      const touched = await db.transaction(async (tx) => {
        const at = new Date(now());
        await modemsRepository(tx).applyReports(hostId, report.modems, at);
        const hours = await trafficRepository(tx).record(hostId, report.traffic);
        await checksRepository(tx).record(hostId, report.checks ?? []);
        await hostsRepository(tx).seen(
          hostId,
          { servedVersion: servedConfigVersion(report.config_version), startedAt: report.started_at },
          at,
          new Date(at.getTime() + silentMs),
        );
        return hours;
      });
      // The sums after the commit, so an order on this host never waits for them behind the modems' locks (#42). If
      // they fail, the report answers 500 and the agent sends it again: its minutes replace themselves, the sums redo.
      if (touched.length > 0) await db.transaction((tx) => trafficRepository(tx).rollUp(touched));
    },

    /**
     * The owner's "reboot the modem", decided under the proxy's lock and then the modem's (proxy first, as no path
     * here locks a proxy after its modem), so two reboots at once are one: the second sees the first's row and waits
     * out the cooldown; a staff reboot at the same time is serialised by the modem's lock. Refused for a proxy not
     * served, when other customers' proxies use the modem (a reboot cuts everyone on it off for a minute or two: a
     * customer may not do that to another, staff may), within `REBOOT_COOLDOWN_SECONDS` of the modem's last reboot
     * (whoever asked), for a modem not online (offline, maintenance), and while a rotation or reboot of it is pending.
     */
    requestCustomerReboot(proxyId: number, ownerId: number): Promise<RebootRequest> {
      return db.transaction(async (tx): Promise<RebootRequest> => {
        const at = new Date(now());
        const proxy = await proxiesRepository(tx).get(proxyId, { lock: true });
        if (!proxy || proxy.ownerId !== ownerId) return { kind: 'unknown' };
        if (!SERVED_PROXY_STATES.includes(proxy.state)) return { kind: 'inactive' };
        const modems = modemsRepository(tx);
        const modem = (await modems.get(proxy.modemId, { lock: true })) as Modem;
        if (await modems.sharedBeyond(modem.id, proxy.id)) return { kind: 'shared' };
        const rotations = rotationsRepository(tx);
        const last = await rotations.lastRebootOf(modem.id);
        if (last) {
          const elapsed = (at.getTime() - last.getTime()) / 1000;
          if (elapsed < REBOOT_COOLDOWN_SECONDS) {
            return { kind: 'wait', seconds: Math.max(1, Math.ceil(REBOOT_COOLDOWN_SECONDS - elapsed)) };
          }
        }
        if (modem.status !== 'online') return { kind: 'unavailable' };
        const id = await rotations.requestReboot({
          modemId: modem.id,
          proxyId: proxy.id,
          source: 'customer',
          actorId: ownerId,
          oldIp: modem.ip,
          at,
        });
        if (id === null) return { kind: 'busy' };
        await hostsRepository(tx).bumpRotations(modem.hostId);
        return { kind: 'started', rotationId: id };
      });
    },

    /**
     * Staff's "reboot the modem": also an offline or maintenance one (that is when staff reboot), and without the
     * cooldown; refused while a rotation or reboot of it is pending. Null for an unknown modem. It names no proxy: the
     * history of every proxy on the modem shows it (`customerProxiesRepository.rotations`).
     */
    requestStaffReboot(modemId: number, actorId: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        const modem = await modemsRepository(tx).get(modemId, { lock: true });
        if (!modem) return null;
        const id = await rotationsRepository(tx).requestReboot({
          modemId,
          proxyId: null,
          source: 'staff',
          actorId,
          oldIp: modem.ip,
          at: new Date(now()),
        });
        if (id === null) throw FARM_REFUSALS.modemRestarting();
        await hostsRepository(tx).bumpRotations(modem.hostId);
        return id;
      });
    },

    /**
     * The owner's "check now", decided under the proxy's lock, so two at once are one: the second sees the first's
     * ask and waits out `CHECK_COOLDOWN_SECONDS`. Asks for a modem already being checked join that check. Refused for
     * a proxy not served (nothing to check: its ports are closed).
     */
    requestCustomerCheck(proxyId: number, ownerId: number): Promise<CheckRequestOutcome> {
      return db.transaction(async (tx): Promise<CheckRequestOutcome> => {
        const at = new Date(now());
        const proxy = await proxiesRepository(tx).get(proxyId, { lock: true });
        if (!proxy || proxy.ownerId !== ownerId) return { kind: 'unknown' };
        if (!SERVED_PROXY_STATES.includes(proxy.state)) return { kind: 'inactive' };
        const checks = checksRepository(tx);
        const last = await checks.lastRequestOf(proxy.id);
        if (last) {
          const elapsed = (at.getTime() - last.getTime()) / 1000;
          if (elapsed < CHECK_COOLDOWN_SECONDS) {
            return { kind: 'wait', seconds: Math.max(1, Math.ceil(CHECK_COOLDOWN_SECONDS - elapsed)) };
          }
        }
        const checkId = await checks.request({ modemId: proxy.modemId, proxyId: proxy.id, at });
        await hostsRepository(tx).bump(proxy.hostId);
        return { kind: 'started', checkId, modemId: proxy.modemId };
      });
    },

    /** Whether the check is still pending (its waiter looks again after every notification). */
    checkPending(id: number): Promise<boolean> {
      return checksRepository(db).pending(id);
    },

    /**
     * The agent's result for a check the configuration asked of one of its modems: stored as the modem's check, the
     * request done (a repeat is refused), the configuration no longer listing it, and the waiting owner woken.
     */
    finishCheck(hostId: number, id: number, result: CheckResult): Promise<boolean> {
      return db.transaction(async (tx) => {
        const checks = checksRepository(tx);
        const request = await checks.lockForHost(id, hostId);
        if (!request) return false;
        if (request.status !== 'pending') throw FARM_REFUSALS.checkFinished();
        await checks.finish(id, request.modemId, result);
        const hosts = hostsRepository(tx);
        await hosts.bump(hostId);
        await hosts.notifyCheck(id);
        return true;
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
     * modem's address updated, the agent's pending rotations no longer listing it, and the link's waiter woken. The
     * configuration's modem address is informational (the agent binds to what its driver reads), so the new one
     * reaches it with the next configuration change, not a whole configuration now.
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
        await farm.bumpRotations(hostId);
        await farm.notifyRotation(id);
        return true;
      });
    },
  };
}

export type FarmService = ReturnType<typeof farmService>;
