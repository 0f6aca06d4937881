import {
  AGENT_API_PATHS,
  AgentConfigSchema,
  applyConfigDelta,
  MAX_CHECKS_PER_REPORT,
  MAX_TRAFFIC_BUCKETS_PER_REPORT,
  SERVED_PROXY_STATES,
  type AgentConfig,
  type AgentReport,
  type CheckRequest,
  type CheckResult,
  type RotationRequest,
  type RotationResult,
} from '@proxy/contract/schemas/farm-agent';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { ProxyAccess } from './access.ts';
import { ApiClient, ApiError, describeError } from './api-client.ts';
import { CommandQueue } from './commands.ts';
import type { ProxyRoute } from './gateway/endpoint.ts';
import { Gateway } from './gateway/gateway.ts';
import { targetPolicy } from './gateway/targets.ts';
import { HealthChecks } from './health.ts';
import { Modems } from './modems.ts';
import { DEFAULT_TIMING, type AgentOptions, type AgentTiming } from './options.ts';
import { sleep } from './sleep.ts';
import type { ConfigStore } from './config-store.ts';
import type { TrafficStore } from './traffic-store.ts';
import { TrafficMeter } from './traffic.ts';

/**
 * The farm agent: the gateway, the modems and the conversation with the API. Four loops, each surviving the API's
 * absence on its own: the config long poll (applied to the gateway as it arrives), reports (modem states and
 * completed traffic minutes, kept until the API takes them), modem status reads, and traffic sampling. Without the
 * API the gateway goes on serving the last config it applied, also across a restart (the store). An API that refuses
 * the host's token (401/403: the host was deleted, or its token regenerated) ends all serving at once: whoever holds a
 * token the API no longer accepts must not go on selling its proxies.
 */
export class Agent {
  readonly gateway: Gateway;
  readonly modems: Modems;
  readonly meter: TrafficMeter;
  private readonly api: ApiClient;
  private readonly log: Logger;
  private readonly store: ConfigStore | undefined;
  private readonly trafficStore: TrafficStore | undefined;
  /** The meter's revision the traffic store holds. */
  private savedTraffic = 0;
  /** Buckets saved before the start were taken back: the next report carries the running minute too (`report`). */
  private restoredTraffic = false;
  private readonly timing: AgentTiming;
  private readonly stopping = new AbortController();
  private readonly startedAt = new Date().toISOString();
  private readonly loops: Promise<void>[] = [];
  /** Rotations, reboots and requested checks: run once each, results kept until the API has them. */
  private readonly commands: CommandQueue;
  private modemKeys = new Map<number, string>();
  private readonly health: HealthChecks;
  /** Where health checks go without a `check_url` in the config: the API's own `AGENT_API_PATHS.ip`. */
  private readonly defaultCheckUrl: string;
  private routes: ProxyRoute[] = [];
  private version: string | null = null;
  /** The config served, as the API sent it: what a delta (protocol 3) applies to. */
  private current: AgentConfig | null = null;
  /** A delta did not apply (a gap, or a config the contract refuses): the next request asks for the whole config. */
  private wantWhole = false;
  /** The pending rotations' version (an API speaking protocol 2 tells of rotations apart from the config). */
  private rotationsVersion: string | null = null;
  /** The API has answered a config request since the start or since it refused the token. */
  private confirmed = false;
  /** When the API last said what the config is (a new one or "still the same"): how stale the served one may be. */
  private confirmedAt: number | null = null;
  /** How many times the API refused the token: an answer to a request sent before the last refusal is dropped. */
  private refusals = 0;
  private tokenRefused = false;
  private wakeReport: (() => void) | null = null;
  private changeReport: NodeJS.Timeout | null = null;

  private constructor(options: AgentOptions) {
    this.log = options.log;
    this.store = options.store;
    this.trafficStore = options.trafficStore;
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.api = new ApiClient(options.api);
    this.defaultCheckUrl = `${options.api.url.replace(/\/+$/, '')}${AGENT_API_PATHS.ip}`;
    this.modems = new Modems(options.driver, options.log);
    this.health = new HealthChecks({
      url: this.defaultCheckUrl,
      modems: this.modems,
      timeoutMs: this.timing.checkTimeoutMs,
      log: options.log,
      signal: this.stopping.signal,
    });
    this.meter = new TrafficMeter({ maxBuckets: options.maxTrafficBuckets, now: options.now });
    this.gateway = new Gateway({
      host: options.host,
      modems: this.modems,
      meter: this.meter,
      targets: targetPolicy(options.privateTargets),
      log: options.log,
    });
    this.modems.on('change', () => this.reportSoon());
    this.commands = new CommandQueue(options.log, this.stopping.signal);
    this.commands.handle<RotationRequest, RotationResult>('rotation', {
      run: (request) => this.rotate(request),
      post: (id, result, signal) => this.api.rotation(id, result, signal),
    });
    this.commands.handle<CheckRequest, CheckResult>('check', {
      run: (request) => this.answerCheck(request),
      post: (id, result, signal) => this.api.check(id, result, signal),
    });
  }

  static async start(options: AgentOptions): Promise<Agent> {
    const agent = new Agent(options);
    // Addresses first: the first config's proxies bind to them at once.
    await agent.modems.refresh(agent.stopping.signal);
    const saved = await agent.store?.load();
    if (saved) {
      await agent.serve(saved);
      agent.version = saved.version;
      options.log.info(
        { version: saved.version, served: agent.gateway.size },
        'serving the saved config until the API answers',
      );
    }
    const traffic = (await agent.trafficStore?.load()) ?? [];
    if (traffic.length > 0) {
      agent.meter.restore(traffic);
      agent.savedTraffic = agent.meter.revision;
      agent.restoredTraffic = true;
      options.log.info({ buckets: traffic.length }, 'traffic saved before the restart taken back; sending it');
    }
    agent.loops.push(agent.configLoop(), agent.reportLoop(), agent.statusLoop(), agent.sampleLoop(), agent.checkLoop());
    if (agent.restoredTraffic) agent.reportSoon();
    options.log.info({ modems: options.driver.keys().length, driver: options.driver.kind }, 'agent started');
    return agent;
  }

  /** The proxies the config wants served, with their modems. */
  get proxies(): readonly ProxyRoute[] {
    return this.routes;
  }

  /** When the API last answered a config request (ms since the epoch); null before it did. */
  get configConfirmedAt(): number | null {
    return this.confirmedAt;
  }

  /** The config version being served (null before the first one). */
  get configVersion(): string | null {
    return this.version;
  }

  /**
   * Stops the loops, closes every listener and session, sends a last report (at most 2 s) with the running minute as
   * it stands, and saves what the API has not taken for the next start.
   */
  async stop(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    this.stopping.abort();
    if (this.changeReport) clearTimeout(this.changeReport);
    await Promise.all(this.loops);
    // Sessions first: a closing socket's last bytes are counted before the report reads the buckets.
    await this.gateway.close();
    this.meter.sample();
    await this.report(AbortSignal.timeout(2_000), true).catch(() => undefined);
    await this.saveTraffic();
    this.log.info('agent stopped');
  }

  private get signal(): AbortSignal {
    return this.stopping.signal;
  }

  private backoff(failures: number): number {
    const base = Math.min(this.timing.maxBackoffMs, 500 * 2 ** Math.min(failures - 1, 10));
    // Jitter spreads a farm's agents apart when the API comes back.
    return base / 2 + Math.random() * (base / 2);
  }

  private async configLoop(): Promise<void> {
    let failures = 0;
    while (!this.signal.aborted) {
      const started = Date.now();
      const refusals = this.refusals;
      try {
        // The first request after a start asks for the whole config: a saved one is replaced, never taken on trust.
        const since =
          this.confirmed && !this.wantWhole
            ? { config: this.version, rotations: this.rotationsVersion }
            : { config: null, rotations: null };
        const answer = await this.api.config(since, this.timing.configWaitSeconds, this.signal);
        if (failures > 0) this.log.info({ failures }, 'API reachable again');
        failures = 0;
        // A report may have had the token refused while this request was held: its answer is not served.
        if (refusals === this.refusals) {
          if (this.tokenRefused) this.log.info("the API accepts this host's token again");
          this.tokenRefused = false;
          this.confirmed = true;
          this.wantWhole = false;
          if (answer && 'kind' in answer && answer.kind === 'rotations') {
            // Only the rotations moved: the config served stays, and nothing is saved (a saved config's rotations
            // are never run again).
            this.rotationsVersion = answer.rotations_version;
            this.commands.take('rotation', answer.rotations);
          } else if (answer && 'kind' in answer) {
            const config = this.current && applyConfigDelta(this.current, answer);
            const checked = config && v.safeParse(AgentConfigSchema, config);
            if (checked?.success) await this.apply(checked.output);
            else {
              // Not the config this agent has (a gap), or one the contract refuses: ask for the whole one at once.
              this.log.warn(
                { from: answer.from, version: this.version, problem: checked ? checked.issues[0].message : 'gap' },
                'config delta not applicable; asking for the whole config',
              );
              this.wantWhole = true;
              continue;
            }
          } else if (answer) await this.apply(answer);
          this.confirmedAt = Date.now();
        }
      } catch (error) {
        if (this.signal.aborted) break;
        failures++;
        if (refusesToken(error)) await this.refuseToken(error);
        else if (failures === 1 || failures % 10 === 0) {
          // The first failure and then one in ten: an hour-long outage should not be thousands of lines.
          this.log.warn({ err: describeError(error), failures }, 'config request failed; serving the last config');
        }
        await sleep(this.backoff(failures), this.signal);
        continue;
      }
      const elapsed = Date.now() - started;
      if (elapsed < this.timing.minPollMs) await sleep(this.timing.minPollMs - elapsed, this.signal);
    }
  }

  private async apply(config: AgentConfig): Promise<void> {
    const refusals = this.refusals;
    await this.serve(config);
    // Refused while the ports were opening: the gateway applies lists in call order, so the refusal's empty one came
    // last; nothing of this config may be kept either.
    if (refusals !== this.refusals) return;
    this.version = config.version;
    this.current = config;
    this.rotationsVersion = config.rotations_version ?? null;
    this.log.info(
      { version: config.version, proxies: config.proxies.length, served: this.gateway.size },
      'config applied',
    );
    this.commands.take('rotation', config.rotations);
    this.commands.take('check', config.checks ?? []);
    await this.store?.save(config);
  }

  /** Serves `config`'s proxies (a saved config's rotations are not run again: they were done before the restart). */
  private async serve(config: AgentConfig): Promise<void> {
    this.modemKeys = new Map(config.modems.map((modem) => [modem.id, modem.key]));
    this.health.url = config.check_url ?? this.defaultCheckUrl;
    this.routes = config.proxies.flatMap((proxy) => {
      const modemKey = this.modemKeys.get(proxy.modem_id);
      if (!modemKey || !SERVED_PROXY_STATES.includes(proxy.state)) return [];
      return [
        {
          id: proxy.id,
          modemKey,
          httpPort: proxy.http_port,
          socksPort: proxy.socks_port,
          access: new ProxyAccess(proxy.login, proxy.password, proxy.whitelist),
        },
      ];
    });
    await this.gateway.apply(this.routes);
  }

  /** The API refused the token: every proxy stops (ports closed, sessions ended) and the saved config goes. */
  private async refuseToken(error: ApiError): Promise<void> {
    this.refusals++;
    if (!this.tokenRefused) {
      this.tokenRefused = true;
      this.log.error(
        { status: error.status, served: this.gateway.size },
        `the API refuses this host's token (${error.status}): serving nothing until it accepts it`,
      );
    }
    this.modemKeys = new Map();
    this.routes = [];
    this.version = null;
    this.current = null;
    this.rotationsVersion = null;
    this.confirmed = false;
    this.confirmedAt = null;
    await Promise.all([this.gateway.apply([]), this.store?.clear()]);
  }

  /** Runs a rotation or reboot; a failure is a result too (`failed`, with why). */
  private async rotate(request: RotationRequest): Promise<RotationResult> {
    const key = this.modemKeys.get(request.modem_id);
    try {
      if (!key) throw new Error(`modem_unknown: modem ${request.modem_id} is not in this host's config`);
      const outcome = await this.modems.rotate(key, this.signal, request.kind);
      return { status: 'done', ip: outcome.ip, previous_ip: outcome.previousIp, finished_at: now() };
    } catch (error) {
      const result = { status: 'failed', error: describeError(error).slice(0, 500), finished_at: now() } as const;
      this.log.warn({ rotation: request.id, kind: request.kind, modem: key, err: result.error }, 'rotation failed');
      return result;
    }
  }

  private reportSoon(): void {
    if (this.changeReport || this.signal.aborted) return;
    this.changeReport = setTimeout(() => {
      this.changeReport = null;
      this.wakeReport?.();
    }, this.timing.changeReportDelayMs);
  }

  private async reportLoop(): Promise<void> {
    let failures = 0;
    while (!this.signal.aborted) {
      const wait = failures === 0 ? this.timing.reportIntervalMs : this.backoff(failures);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          // Removed every round: a listener left per report would pile up on the signal for the process's life.
          this.signal.removeEventListener('abort', wake);
          this.wakeReport = null;
          resolve();
        };
        const timer = setTimeout(wake, wait);
        this.wakeReport = wake;
        this.signal.addEventListener('abort', wake, { once: true });
      });
      if (this.signal.aborted) break;
      try {
        this.meter.sample();
        await this.report(this.signal, this.restoredTraffic);
        this.restoredTraffic = false;
        failures = 0;
      } catch (error) {
        if (this.signal.aborted) break;
        failures++;
        if (refusesToken(error)) await this.refuseToken(error);
        else if (failures === 1 || failures % 10 === 0) {
          this.log.warn({ err: describeError(error), failures }, 'report not sent; traffic kept for the next one');
        }
      }
      await this.commands.flush();
    }
  }

  /**
   * One report. Traffic: the finished minutes; with `running`, the running minute as it stands too, so a stopping agent
   * leaves nothing unreported and one restarted within the minute, which goes on adding to it, sends the sum again.
   * The API stores a bucket by proxy and minute, replacing, so a minute sent twice never counts twice.
   */
  private async report(signal: AbortSignal, running: boolean): Promise<void> {
    const ids = new Map([...this.modemKeys].map(([id, key]) => [key, id]));
    const traffic = this.meter.unsent(MAX_TRAFFIC_BUCKETS_PER_REPORT, { current: running });
    const checks = this.health.unsent(MAX_CHECKS_PER_REPORT);
    const report: AgentReport = {
      config_version: this.version,
      started_at: this.startedAt,
      modems: this.modems.all().map((modem) => ({
        key: modem.key,
        modem_id: ids.get(modem.key) ?? null,
        status: modem.online ? 'online' : 'offline',
        ip: modem.ip,
        checked_at: modem.checkedAt.toISOString(),
      })),
      traffic,
      // Left out when there are none: the report stays what an API older than health checks knows.
      ...(checks.length > 0 ? { checks } : {}),
    };
    await this.api.report(report, signal);
    this.meter.acknowledge(traffic);
    this.health.acknowledge(checks);
    if (this.meter.dropped > 0) {
      this.log.warn({ buckets: this.meter.dropped }, 'traffic minutes dropped while the API was unreachable');
      this.meter.dropped = 0;
    }
  }

  private async statusLoop(): Promise<void> {
    while (await sleep(this.timing.statusIntervalMs, this.signal)) {
      await this.modems.refresh(this.signal);
      // Proxies whose ports could not be opened last time get another try.
      if (this.gateway.size < this.routes.length) await this.gateway.apply(this.routes);
    }
  }

  /** A round of health checks of every modem of the config, every `checkIntervalMs`. */
  private async checkLoop(): Promise<void> {
    while (await sleep(this.timing.checkIntervalMs, this.signal)) await this.health.round(this.modemKeys);
  }

  /** A check the config asks for (a customer's "check now"); a modem this host does not have fails it. */
  private answerCheck(request: CheckRequest): Promise<CheckResult> {
    const key = this.modemKeys.get(request.modem_id);
    return key
      ? this.health.check(key)
      : Promise.resolve({ ok: false, latency_ms: null, ip: null, error: 'modem_unknown', checked_at: now() });
  }

  /**
   * Samples the sockets' counters and saves the buckets when they changed: a kill -9 or a power loss loses at most one
   * sample period's bytes, which no save could keep (they were not read from the sockets yet). An idle agent writes
   * nothing.
   */
  private async sampleLoop(): Promise<void> {
    while (await sleep(this.timing.sampleIntervalMs, this.signal)) {
      this.meter.sample();
      await this.saveTraffic();
    }
  }

  /** Writes every bucket the API has not taken for good (the running minute's included) to the traffic store. */
  private async saveTraffic(): Promise<void> {
    const revision = this.meter.revision;
    if (!this.trafficStore || revision === this.savedTraffic) return;
    await this.trafficStore.save(this.meter.unsent(Number.POSITIVE_INFINITY, { current: true }));
    this.savedTraffic = revision;
  }
}

const now = () => new Date().toISOString();

/** 401/403: the host was deleted or its token regenerated (anything else, an outage included, is worth waiting out). */
function refusesToken(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}
