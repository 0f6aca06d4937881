/**
 * The agent's metrics in Prometheus' text format, on an address of their own (`AGENT_METRICS_LISTEN`, e.g.
 * `127.0.0.1:9464`): the proxy ports face customers, the metrics face the farm's monitoring only. With
 * `AGENT_METRICS_TOKEN` a scrape must also present `Authorization: Bearer <token>`. The names are listed in
 * agent/README.md "Metrics".
 *
 * Everything is read from the agent when Prometheus scrapes, except rotations, which are counted as they end. One
 * registry per agent: tests run several agents in one process.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Agent } from './agent.ts';

export interface MetricsListen {
  readonly host: string;
  readonly port: number;
  /** A scrape must present it as a bearer token; undefined: the address alone protects the metrics. */
  readonly token?: string;
}

export interface MetricsServer {
  /** `http://host:port/metrics`, with the real port when `port` was 0. */
  readonly url: string;
  close(): Promise<void>;
}

/** Seconds: a simulated rotation takes 1-3 s, a real modem's reconnect up to its 90 s limit. */
const ROTATION_BUCKETS = [0.5, 1, 2, 3, 5, 10, 20, 30, 60, 90];

/** The agent's metrics registry: read by the `/metrics` server below, and by tests directly. */
export function agentMetrics(agent: Agent): Registry {
  const register = new Registry();
  const registers = [register];
  const startedAt = Date.now();
  collectDefaultMetrics({ register });
  // Gauges named like counters, which `promtool check metrics` rejects; nothing here needs them.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
    register.removeSingleMetric(name);
  }

  new Gauge({
    name: 'agent_proxies_served',
    help: 'Proxies the config wants served (wanted) and those whose ports are open (listening)',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'wanted' }, agent.proxies.length);
      this.set({ state: 'listening' }, agent.gateway.size);
    },
  });
  new Gauge({
    name: 'agent_open_sessions',
    help: 'Open customer connections (HTTP keep-alive, CONNECT and SOCKS5 tunnels) by proxy and modem',
    labelNames: ['proxy', 'modem'],
    registers,
    collect() {
      this.reset();
      for (const route of agent.proxies) {
        this.set({ proxy: String(route.id), modem: route.modemKey }, agent.gateway.sessions(route.id));
      }
    },
  });
  new Counter({
    name: 'agent_proxy_bytes_total',
    help: 'Bytes customers sent (in) and received (out) through each proxy and modem since the start',
    labelNames: ['proxy', 'modem', 'direction'],
    registers,
    collect() {
      // Up to the moment of the scrape, not the last periodic sample.
      agent.meter.sample();
      this.reset();
      for (const total of agent.meter.allTotals()) {
        const labels = { proxy: String(total.proxyId), modem: total.modemKey };
        this.inc({ ...labels, direction: 'in' }, total.bytesIn);
        this.inc({ ...labels, direction: 'out' }, total.bytesOut);
      }
    },
  });
  new Gauge({
    name: 'agent_modem_state',
    help: 'Each modem as last read: 1 for its state (online, offline, rotating), 0 for the others',
    labelNames: ['modem', 'state'],
    registers,
    collect() {
      for (const modem of agent.modems.all()) {
        const state = modem.rotating ? 'rotating' : modem.online ? 'online' : 'offline';
        for (const candidate of ['online', 'offline', 'rotating']) {
          this.set({ modem: modem.key, state: candidate }, candidate === state ? 1 : 0);
        }
      }
    },
  });
  new Gauge({
    name: 'agent_config_lag_seconds',
    help: 'Seconds since the API last confirmed the served config is current (the long poll answers every 25 s at most)',
    registers,
    collect() {
      this.set((Date.now() - (agent.configConfirmedAt ?? startedAt)) / 1000);
    },
  });
  const rotations = new Counter({
    name: 'agent_rotations_total',
    help: 'Modem rotations finished, by modem and result (done, failed)',
    labelNames: ['modem', 'result'],
    registers,
  });
  const rotationSeconds = new Histogram({
    name: 'agent_rotation_duration_seconds',
    help: 'How long modem rotations took, done or failed',
    buckets: ROTATION_BUCKETS,
    registers,
  });
  agent.modems.on('rotated', (modem, ok, seconds) => {
    rotations.inc({ modem, result: ok ? 'done' : 'failed' });
    rotationSeconds.observe(seconds);
  });
  return register;
}

/** Serves `GET /metrics` on its own address until closed. */
export async function serveMetrics(agent: Agent, listen: MetricsListen, log: Logger): Promise<MetricsServer> {
  const register = agentMetrics(agent);
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = listen.token === undefined ? null : digest(`Bearer ${listen.token}`);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://agent').pathname;
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    register.metrics().then(
      (text) =>
        response.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics failed');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  log.info({ address: `${listen.host}:${port}` }, 'metrics listening');
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
