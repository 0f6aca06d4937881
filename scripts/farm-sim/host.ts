// A simulated farm host for the farm bench (scripts/bench-farm.ts): the agent's side of the protocol
// (shared/src/schemas/farm-agent.ts, as agent/src/agent.ts and api-client.ts speak it) without a gateway, so one
// process carries a hundred of them on plain fetch and timers. It long-polls its config under protocol 3 (deltas
// applied to the config it has, as the agent does; `protocol` 2 for a comparison with the API of before), reports
// every interval its modems and the running minute's traffic of every served proxy (the API replaces a bucket, so
// sending the minute as it grows is what an agent's last report of a minute does), and answers each rotation it is
// sent with a new address shortly after.
import {
  AGENT_API_PATHS,
  AGENT_PROTOCOL,
  applyConfigDelta,
  MAX_CONFIG_WAIT_SECONDS,
  SERVED_PROXY_STATES,
  type AgentConfig,
  type AgentConfigDelta,
  type AgentReport,
  type RotationsAnswer,
} from '@proxy/contract/schemas/farm-agent';

export interface SimulatedHostOptions {
  /** The API's origin. */
  readonly url: string;
  readonly token: string;
  /** The host's modems as its driver knows them (ids from the API, keys like `sim-1`). */
  readonly modems: readonly { readonly id: number; readonly key: string }[];
  readonly reportIntervalMs?: number;
  /** How long a rotation takes on the modem: a random time in this range. */
  readonly rotationMs?: readonly [number, number];
  /** The long poll's `wait`. */
  readonly configWaitSeconds?: number;
  /** The config protocol it speaks (default `AGENT_PROTOCOL`). */
  readonly protocol?: number;
  /** Each config, delta or rotations answer: its kind and the bytes of its body. */
  readonly onConfig?: (kind: 'config' | 'delta' | 'rotations', bytes: number) => void;
  /** Each report: how long its POST took and its status (0: no answer). */
  readonly onReport?: (ms: number, status: number) => void;
  /** Each rotation result posted: its status (0: no answer). */
  readonly onRotation?: (status: number) => void;
  /** A request that failed, for the bench's log. */
  readonly onError?: (what: string, error: unknown) => void;
}

const MINUTE_MS = 60_000;
const minuteOf = (at: number) => new Date(at - (at % MINUTE_MS)).toISOString();
const randomIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    if (signal.aborted) return done();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), done()), { once: true });
  });

export class SimulatedHost {
  /** The config version served; null before the first config. */
  version: string | null = null;
  rotationsVersion: string | null = null;
  /** Served proxies by id. */
  proxies: readonly number[] = [];
  /** The config it has: what a delta applies to. */
  private config: AgentConfig | null = null;
  reportsAccepted = 0;
  rotationsDone = 0;
  private readonly options: SimulatedHostOptions;
  private readonly startedAt = new Date().toISOString();
  private readonly ips = new Map<number, string>();
  /** Rotations taken (running or posted) while the API lists them. */
  private readonly rotations = new Set<number>();
  /** The running minute and each proxy's bytes in it so far. */
  private minute = '';
  private readonly bytes = new Map<number, number>();
  /** The minute just over, sent whole once in the next report. */
  private finished: { minute: string; bytes: Map<number, number> } | null = null;
  private readonly controller = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(options: SimulatedHostOptions) {
    this.options = options;
    for (const modem of options.modems) this.ips.set(modem.id, randomIp());
  }

  /** Starts the config long poll and the reports; the first report after `firstReportMs` (spreads a farm's hosts). */
  start(firstReportMs = 0): void {
    this.loops = [this.configLoop(), this.reportLoop(firstReportMs)];
  }

  async stop(): Promise<void> {
    this.controller.abort();
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.all(this.loops);
  }

  private request(method: string, path: string, body?: unknown, timeoutMs = 10_000): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetch(`${this.options.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.options.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.any([this.controller.signal, timeout]),
    });
  }

  private async configLoop(): Promise<void> {
    const signal = this.controller.signal;
    const wait = this.options.configWaitSeconds ?? MAX_CONFIG_WAIT_SECONDS;
    while (!signal.aborted) {
      const started = Date.now();
      try {
        const protocol = this.options.protocol ?? AGENT_PROTOCOL;
        const query = new URLSearchParams({ wait: String(wait), protocol: String(protocol) });
        if (this.version !== null) query.set('since', this.version);
        if (this.rotationsVersion !== null) query.set('rotations', this.rotationsVersion);
        const response = await this.request(
          'GET',
          `${AGENT_API_PATHS.config}?${query}`,
          undefined,
          10_000 + wait * 1000,
        );
        if (response.status === 200) {
          const text = await response.text();
          const answer = JSON.parse(text) as AgentConfig | AgentConfigDelta | RotationsAnswer;
          if ('kind' in answer && answer.kind === 'rotations') {
            this.options.onConfig?.('rotations', Buffer.byteLength(text));
            this.rotationsVersion = answer.rotations_version;
            this.takeRotations(answer.rotations);
          } else if ('kind' in answer) {
            this.options.onConfig?.('delta', Buffer.byteLength(text));
            const config = this.config && applyConfigDelta(this.config, answer);
            // A gap: the next request, without `since`, gets the whole config.
            if (config) this.take(config);
            else this.version = null;
          } else {
            this.options.onConfig?.('config', Buffer.byteLength(text));
            this.take(answer);
          }
        } else {
          await response.body?.cancel();
          if (response.status !== 304) throw new Error(`config: ${response.status}`);
        }
      } catch (error) {
        if (signal.aborted) return;
        this.options.onError?.('config', error);
        await pause(2_000, signal);
      }
      // An API answering at once is asked again a second later at the soonest, as the agent does.
      const left = 1_000 - (Date.now() - started);
      if (left > 0) await pause(left, signal);
    }
  }

  private take(config: AgentConfig): void {
    this.config = config;
    this.version = config.version;
    this.rotationsVersion = config.rotations_version ?? null;
    this.proxies = config.proxies.filter((p) => SERVED_PROXY_STATES.includes(p.state)).map((p) => p.id);
    this.takeRotations(config.rotations);
  }

  private takeRotations(requests: readonly { id: number; modem_id: number }[]): void {
    const listed = new Set(requests.map((request) => request.id));
    for (const id of this.rotations) if (!listed.has(id)) this.rotations.delete(id);
    const [min, max] = this.options.rotationMs ?? [300, 800];
    for (const request of requests) {
      if (this.rotations.has(request.id)) continue;
      this.rotations.add(request.id);
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          void this.finishRotation(request.id, request.modem_id);
        },
        min + Math.random() * (max - min),
      );
      this.timers.add(timer);
    }
  }

  private async finishRotation(id: number, modemId: number): Promise<void> {
    const previous = this.ips.get(modemId) ?? null;
    const ip = randomIp();
    this.ips.set(modemId, ip);
    try {
      const response = await this.request('POST', AGENT_API_PATHS.rotation(id), {
        status: 'done',
        ip,
        previous_ip: previous,
        finished_at: new Date().toISOString(),
      });
      await response.body?.cancel();
      if (response.ok) this.rotationsDone++;
      this.options.onRotation?.(response.status);
    } catch (error) {
      if (this.controller.signal.aborted) return;
      this.options.onRotation?.(0);
      this.options.onError?.('rotation', error);
    }
  }

  /** The traffic since the last report: a few KB to a few MB per proxy per 10 s, like browsing through it. */
  private count(now: number): void {
    const minute = minuteOf(now);
    if (minute !== this.minute) {
      if (this.minute) this.finished = { minute: this.minute, bytes: new Map(this.bytes) };
      this.minute = minute;
      this.bytes.clear();
    }
    for (const id of this.proxies)
      this.bytes.set(id, (this.bytes.get(id) ?? 0) + Math.floor(Math.random() * 2_000_000));
  }

  /** One report now: its modems online, the minute just over (once) and the running one. */
  async report(): Promise<number> {
    const now = Date.now();
    this.count(now);
    const at = new Date(now).toISOString();
    const buckets = (minute: string, bytes: ReadonlyMap<number, number>) =>
      [...bytes].map(([proxyId, sum]) => ({
        proxy_id: proxyId,
        minute,
        bytes_in: Math.floor(sum / 10),
        bytes_out: sum,
      }));
    const report: AgentReport = {
      config_version: this.version,
      started_at: this.startedAt,
      modems: this.options.modems.map((modem) => ({
        key: modem.key,
        modem_id: modem.id,
        status: 'online',
        ip: this.ips.get(modem.id) ?? null,
        checked_at: at,
      })),
      traffic: [
        ...(this.finished ? buckets(this.finished.minute, this.finished.bytes) : []),
        ...buckets(this.minute, this.bytes),
      ],
    };
    const started = performance.now();
    const response = await this.request('POST', AGENT_API_PATHS.report, report);
    await response.body?.cancel();
    const ms = performance.now() - started;
    this.options.onReport?.(ms, response.status);
    if (response.ok) {
      this.finished = null;
      this.reportsAccepted++;
    }
    return response.status;
  }

  private async reportLoop(firstReportMs: number): Promise<void> {
    const signal = this.controller.signal;
    const interval = this.options.reportIntervalMs ?? 10_000;
    await pause(firstReportMs, signal);
    while (!signal.aborted) {
      const started = Date.now();
      try {
        await this.report();
      } catch (error) {
        if (signal.aborted) return;
        this.options.onReport?.(Date.now() - started, 0);
        this.options.onError?.('report', error);
      }
      await pause(Math.max(0, interval - (Date.now() - started)), signal);
    }
  }
}
