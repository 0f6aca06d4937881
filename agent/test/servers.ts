import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import {
  AgentReportSchema,
  CheckResultSchema,
  RotationResultSchema,
  type AgentConfig,
  type AgentConfigDelta,
  type AgentModem,
  type AgentProxy,
  type AgentReport,
  type CheckResult,
  type RotationKind,
  type RotationResult,
} from '@proxy/contract/schemas/farm-agent';
import * as v from 'valibot';

/** Ports nobody listens on right now (the OS hands out a fresh ephemeral port for each). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = createNetServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return server;
    }),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** An HTTP server that answers every request with the address it came from: what a target sees of a proxy. */
export async function startEchoServer(): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const server = createHttpServer((request, response) => {
    const body = JSON.stringify({ source: request.socket.remoteAddress, path: request.url });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * The API's agent endpoints as the contract describes them (shared/src/schemas/farm-agent.ts): a long-polled config
 * with a version, reports and rotation results validated with the contract's own schemas. Tests change the config
 * and read what the agent posted; `down()` and `up()` take it away and bring it back on the same port. It speaks
 * config protocol 1 (an API older than rotations apart, #42) unless made with `protocol: 2`.
 */
export class FakeApi {
  /** The highest config protocol it speaks. */
  readonly protocol: number;
  /**
   * Every 200 the config endpoint sent: a whole config, (protocol 2) the rotations alone or (protocol 3) a delta, and
   * its size.
   */
  readonly answers: { kind: 'config' | 'rotations' | 'delta'; bytes: number }[] = [];
  private rotationsNumber = 0;
  /** Under protocol 3, the configs sent, by version: what a delta is from. */
  private readonly sent = new Map<string, AgentConfig>();
  /** The next delta names a version the agent does not have (`from`): a gap, as after a lost answer. */
  gapNext = false;

  constructor(options: { protocol?: 1 | 2 | 3 } = {}) {
    this.protocol = options.protocol ?? 1;
  }

  /** The host's token, what agents are started with. */
  readonly token = 'test-host-token-0123456789abcdef';
  readonly reports: AgentReport[] = [];
  readonly rotationResults = new Map<number, RotationResult>();
  /** Bodies the contract refused: a test asserting this stays empty catches a drifting agent. */
  readonly refused: string[] = [];
  configRequests = 0;
  private server: Server | null = null;
  private port = 0;
  private versionNumber = 1;
  private modems: AgentModem[] = [];
  private proxies: AgentProxy[] = [];
  private rotations: AgentConfig['rotations'] = [];
  private checkUrl: string | undefined;
  /** How many times `GET /api/ip/` was asked (the default check target). */
  ipRequests = 0;
  private checkRequests: NonNullable<AgentConfig['checks']> = [];
  readonly checkResults = new Map<number, CheckResult>();
  /** While set, rotation and check results are answered 503 (an API failing over), and recorded here. */
  failResults = false;
  readonly failedResults: { id: number; body: unknown }[] = [];
  private nextRotationId = 1;
  private waiters = new Set<() => void>();
  private accepted = this.token;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get version(): string {
    return `v${this.versionNumber}`;
  }

  get rotationsVersion(): string {
    return `r${this.rotationsNumber}`;
  }

  /** The config as a request speaking `protocol` is sent it: before 2, its version moves with the rotations. */
  config(protocol = 1): AgentConfig {
    const apart = protocol >= 2 && this.protocol >= 2;
    return {
      version: apart || this.protocol < 2 ? this.version : `${this.version}.${this.rotationsVersion}`,
      ...(apart ? { rotations_version: this.rotationsVersion } : {}),
      modems: this.modems,
      proxies: this.proxies,
      rotations: this.rotations,
      checks: this.checkRequests,
      ...(this.checkUrl ? { check_url: this.checkUrl } : {}),
    };
  }

  /** Replaces the modems and proxies (a new version; waiting long polls answer at once). */
  set(change: { modems?: AgentModem[]; proxies?: AgentProxy[]; checkUrl?: string | null }): void {
    if (change.modems) this.modems = change.modems;
    if (change.proxies) this.proxies = change.proxies;
    // null: the config names no target again (an API whose staff set none, or one older than the field).
    if (change.checkUrl !== undefined) this.checkUrl = change.checkUrl ?? undefined;
    this.bump();
  }

  updateProxy(id: number, change: Partial<AgentProxy>): void {
    this.proxies = this.proxies.map((proxy) => (proxy.id === id ? { ...proxy, ...change } : proxy));
    this.bump();
  }

  /**
   * The host's token regenerated (or the host deleted) in the panel: `token` gets 401 from now on, as from the real
   * API, which checks it when a request arrives (a long poll already held answers as usual).
   */
  revokeToken(): void {
    this.accepted = `${this.token}-regenerated`;
  }

  /** `token` is accepted again. */
  restoreToken(): void {
    this.accepted = this.token;
  }

  /** A customer's "check now" of the modem, listed until the agent posts its result. */
  requestCheck(modemId: number): number {
    const id = this.nextRotationId++;
    this.checkRequests = [...this.checkRequests, { id, modem_id: modemId, requested_at: new Date().toISOString() }];
    this.bump();
    return id;
  }

  requestRotation(modemId: number, kind: RotationKind = 'rotate'): number {
    const id = this.nextRotationId++;
    this.rotations = [...this.rotations, { id, modem_id: modemId, kind, requested_at: new Date().toISOString() }];
    this.bumpRotations();
    return id;
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = createHttpServer((request, response) => {
      this.handle(request).then(
        ({ status, body, text }) => {
          if (text !== undefined) {
            response.writeHead(status, { 'content-type': 'text/plain' });
            response.end(text);
            return;
          }
          response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
          response.end(body === undefined ? undefined : JSON.stringify(body));
        },
        (error: unknown) => {
          response.writeHead(500);
          response.end(String(error));
        },
      );
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Gone at once, held long polls cut: what the agent sees when the API's host drops. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const wake of this.waiters) wake();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** Protocol 3's answer: the delta from `since` when it was sent before, the whole config otherwise. */
  private configSince(since: string | null): AgentConfig | AgentConfigDelta {
    const config = this.config(3);
    this.sent.set(config.version, config);
    const before = since === null ? undefined : this.sent.get(since);
    if (!before || since === null) return config;
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const was = new Map(before.proxies.map((proxy) => [proxy.id, proxy]));
    const gap = this.gapNext;
    this.gapNext = false;
    return {
      kind: 'delta',
      from: gap ? `${since}-lost` : since,
      version: config.version,
      rotations_version: config.rotations_version ?? this.rotationsVersion,
      upserts: config.proxies.filter((proxy) => !same(was.get(proxy.id), proxy)),
      removals: before.proxies
        .filter((proxy) => !config.proxies.some((now) => now.id === proxy.id))
        .map((proxy) => proxy.id),
      ...(same(before.modems, config.modems) ? {} : { modems: config.modems }),
      rotations: config.rotations,
      checks: config.checks ?? [],
      check_url: config.check_url ?? null,
    };
  }

  private bump(): void {
    this.versionNumber++;
    for (const wake of this.waiters) wake();
  }

  /** A rotation asked for or finished: the config's version under protocol 1, the rotations' under 2. */
  private bumpRotations(): void {
    if (this.protocol < 2) return this.bump();
    this.rotationsNumber++;
    for (const wake of this.waiters) wake();
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body?: unknown; text?: string }> {
    // `GET /api/ip/`, as the real API answers it: no token, the caller's address as plain text (the agents' default
    // health check target).
    if (request.method === 'GET' && request.url === '/api/ip/') {
      this.ipRequests++;
      return { status: 200, text: request.socket.remoteAddress ?? '' };
    }
    if (request.headers.authorization !== `Bearer ${this.accepted}`) return { status: 401, body: { detail: 'token' } };
    const url = new URL(request.url ?? '/', 'http://api');
    if (request.method === 'GET' && url.pathname === '/api/agent/config/') {
      this.configRequests++;
      const since = url.searchParams.get('since');
      const rotations = url.searchParams.get('rotations');
      const protocol = Math.min(Number(url.searchParams.get('protocol') ?? 1) || 1, this.protocol);
      const configUnchanged = () => since === this.config(protocol).version;
      const unchanged = () => configUnchanged() && (protocol < 2 || rotations === this.rotationsVersion);
      const wait = Math.min(Number(url.searchParams.get('wait') ?? 0), 25) * 1000;
      if (unchanged()) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            this.waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, wait);
          this.waiters.add(done);
        });
      }
      if (unchanged()) return { status: 304 };
      const body = configUnchanged()
        ? { kind: 'rotations' as const, rotations_version: this.rotationsVersion, rotations: this.rotations }
        : protocol >= 3
          ? this.configSince(since)
          : this.config(protocol);
      this.answers.push({ kind: 'kind' in body ? body.kind : 'config', bytes: JSON.stringify(body).length });
      return { status: 200, body };
    }
    const body = await readBody(request);
    if (request.method === 'POST' && url.pathname === '/api/agent/report/') {
      const parsed = v.safeParse(AgentReportSchema, JSON.parse(body));
      if (!parsed.success) return this.refuse(body);
      this.reports.push(parsed.output);
      return { status: 204 };
    }
    const result = /^\/api\/agent\/(checks|rotations)\/(\d+)\/$/.exec(url.pathname);
    if (request.method === 'POST' && result && this.failResults) {
      this.failedResults.push({ id: Number(result[2]), body: JSON.parse(body) });
      return { status: 503, body: { detail: 'Service unavailable.' } };
    }
    const check = /^\/api\/agent\/checks\/(\d+)\/$/.exec(url.pathname);
    if (request.method === 'POST' && check) {
      const id = Number(check[1]);
      if (!this.checkRequests.some((pending) => pending.id === id))
        return { status: 404, body: { detail: 'Not found.' } };
      const parsed = v.safeParse(CheckResultSchema, JSON.parse(body));
      if (!parsed.success) return this.refuse(body);
      this.checkResults.set(id, parsed.output);
      this.checkRequests = this.checkRequests.filter((pending) => pending.id !== id);
      this.bump();
      return { status: 204 };
    }
    const rotation = /^\/api\/agent\/rotations\/(\d+)\/$/.exec(url.pathname);
    if (request.method === 'POST' && rotation) {
      const id = Number(rotation[1]);
      if (!this.rotations.some((pending) => pending.id === id)) return { status: 404, body: { detail: 'Not found.' } };
      const parsed = v.safeParse(RotationResultSchema, JSON.parse(body));
      if (!parsed.success) return this.refuse(body);
      this.rotationResults.set(id, parsed.output);
      this.rotations = this.rotations.filter((pending) => pending.id !== id);
      this.bumpRotations();
      return { status: 204 };
    }
    return { status: 404, body: { detail: 'Not found.' } };
  }

  private refuse(body: string): { status: number; body: unknown } {
    this.refused.push(body);
    return { status: 400, body: { detail: 'contract' } };
  }
}
