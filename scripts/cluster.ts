// `npm run cluster`: the production topology on loopback, with the programs production runs (README "Cluster"):
// this machine's PostgreSQL (a database of its own, `proxymob_cluster`) and Redis, three API processes each running
// the jobs, Debian's HAProxy in front (health checks on /readyz, round robin, no stickiness) and two farm hosts, each
// an agent with the simulator on its own loopback address (127.0.0.2, 127.0.0.3), port range and modems. Ctrl-C
// stops everything: the API processes drain (readiness off, then in-flight requests finish), the agents end their
// sessions and report, HAProxy goes last. `startCluster` is the same for the failover bench (scripts/bench-cluster.ts).
// The port, folder, database and the agents' addresses and ports come from the environment (`clusterSettings`), so a
// second copy runs beside a first.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { demoImageStore } from '../server/db/demo-images.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/pg.ts';
import { seed } from '../server/db/seed.ts';
import { DEMO_FARM_HOST, SEED_MODEMS } from '../server/db/seed-farm.ts';
import { farmService } from '../server/domains/farm/index.ts';
import { root } from './site-process.ts';

const NODE = resolve(root, 'node_modules/.bin/node');
const HAPROXY = '/usr/sbin/haproxy';
const POSTGRES_SERVER = process.env.CLUSTER_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Scrapes present it (server/README.md "Metrics"); HAProxy answers /metrics with 403 to everyone else. */
export const CLUSTER_METRICS_TOKEN = 'cluster-metrics-token-not-secret';
/** HAProxy checks /readyz every second and takes a process out after two failures: a drain of 3 s covers that. */
const DRAIN_MS = 3_000;

export interface FarmHost {
  readonly name: string;
  /** The loopback address customers connect to and the agent listens on. */
  readonly address: string;
  readonly portMin: number;
  readonly portMax: number;
  /** The simulator's modem addresses: a block of its own per host, so every modem has a distinct address. */
  readonly network: string;
}

/** Each host's proxy ports: a block of this many from the base (CLUSTER_AGENT_PORTS), host after host. */
const PORTS_PER_HOST = 1_000;

/**
 * The seeded `local` host moved to the first address, and a second one on the second with the same kind of modems,
 * their proxy ports from `portBase` on (1000 each).
 */
export function farmHosts(addresses: readonly [string, string], portBase: number): readonly FarmHost[] {
  return [DEMO_FARM_HOST.name, 'second'].map((name, index) => ({
    name,
    address: addresses[index] as string,
    portMin: portBase + index * PORTS_PER_HOST,
    portMax: portBase + (index + 1) * PORTS_PER_HOST - 1,
    network: `127.0.${index + 1}.0/24`,
  }));
}

/** The default hosts: 127.0.0.2 with ports 30000-30999, 127.0.0.3 with 31000-31999. */
export const FARM_HOSTS: readonly FarmHost[] = farmHosts(['127.0.0.2', '127.0.0.3'], 30_000);

export interface ClusterSettings {
  readonly port: number;
  readonly runDir: string;
  readonly database: string;
  readonly farmHosts: readonly FarmHost[];
}

/**
 * The cluster's settings from the environment, every problem named at once: `CLUSTER_PORT` (HAProxy's, 8080; the API
 * processes take the next three), `CLUSTER_DIR` (logs, HAProxy's config, the agents' state and the data folder;
 * .data/cluster), `CLUSTER_DATABASE` (proxymob_cluster), `CLUSTER_AGENT_ADDRESSES` (two loopback addresses, one per
 * farm host, where its proxies and its metrics on :9464 listen; 127.0.0.2,127.0.0.3) and `CLUSTER_AGENT_PORTS` (the
 * first host's first proxy port, 30000; the second host's block follows).
 */
export function clusterSettings(env: Readonly<Record<string, string | undefined>>): ClusterSettings {
  const problems: string[] = [];
  const value = (name: string) => {
    const text = env[name]?.trim();
    return text ? text : undefined;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const text = value(name);
    if (text === undefined) return fallback;
    if (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
    problems.push(`${name}: must be a whole number from ${min} to ${max}, got "${text}"`);
    return fallback;
  };
  // The API processes listen on the three ports after HAProxy's.
  const port = integer('CLUSTER_PORT', 8080, 1024, 65_535 - 3);
  const portBase = integer('CLUSTER_AGENT_PORTS', 30_000, 1024, 65_536 - 2 * PORTS_PER_HOST);
  const database = value('CLUSTER_DATABASE') ?? 'proxymob_cluster';
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) {
    problems.push(`CLUSTER_DATABASE: must be a plain PostgreSQL name (a-z, 0-9, _), got "${database}"`);
  }
  const addressText = value('CLUSTER_AGENT_ADDRESSES');
  const addresses = (addressText ?? '127.0.0.2,127.0.0.3').split(',').map((address) => address.trim());
  const loopback = (address: string) => isIPv4(address) && address.startsWith('127.') && address !== '127.0.0.1';
  if (addresses.length !== 2 || new Set(addresses).size !== 2 || !addresses.every(loopback)) {
    // 127.0.0.1 is HAProxy's and the API processes': a farm host has an address of its own.
    problems.push(
      `CLUSTER_AGENT_ADDRESSES: must be two different loopback addresses other than 127.0.0.1, comma-separated ` +
        `(e.g. 127.0.0.4,127.0.0.5), got "${addressText}"`,
    );
  }
  if (problems.length > 0) throw new Error(`npm run cluster: ${problems.join('; ')}`);
  return {
    port,
    runDir: resolve(root, value('CLUSTER_DIR') ?? join('.data', 'cluster')),
    database,
    farmHosts: farmHosts(addresses as [string, string], portBase),
  };
}

export interface ClusterOptions {
  /** The database, created when missing; `fresh` drops it first (the bench's clean slate). */
  readonly database?: string;
  readonly fresh?: boolean;
  /** HAProxy's port; the API processes take the next three. */
  readonly port?: number;
  /** The farm hosts' names, addresses and port ranges (`FARM_HOSTS` when not given). */
  readonly farmHosts?: readonly FarmHost[];
  /** Where the generated HAProxy config and every process's log go. */
  readonly runDir?: string;
  /** More environment for the API processes (RATE_LIMITS=off for the bench). */
  readonly apiEnv?: Readonly<Record<string, string>>;
  /** False: no agent for the farm hosts (the farm bench simulates its own hosts over the protocol). */
  readonly agents?: boolean;
  readonly log?: (line: string) => void;
}

export interface ApiProcess {
  readonly name: string;
  /** Its own address, for scrapes (`/metrics` with the token) and probes. */
  readonly url: string;
  /** Starts it (again) and resolves once it is ready. */
  start(): Promise<void>;
  /** Sends `signal` and resolves once it exited: SIGTERM drains, SIGKILL is a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** HAProxy: where clients go. */
  readonly url: string;
  readonly databaseUrl: string;
  readonly apis: readonly ApiProcess[];
  readonly runDir: string;
  stop(): Promise<void>;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return once(child, 'exit').then(() => undefined);
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const exited = waitForExit(child);
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

async function waitReady(url: string, child: ChildProcess, what: string): Promise<void> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): see its log`);
    if ((await fetch(url).catch(() => undefined))?.ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${what} did not become ready at ${url}`);
}

/** Creates the database (dropped first when `fresh`), migrates and seeds it, and puts the two farm hosts in it. */
async function prepareDatabase(
  name: string,
  fresh: boolean,
  dataDir: string,
  hosts: readonly FarmHost[],
): Promise<{ url: string; tokens: Map<string, string> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = `${POSTGRES_SERVER}/${name}`;
  const db = openPostgres({ connectionString: url, max: 2 });
  try {
    await migrate(db);
    await seed(db, { storeDemoImage: demoImageStore(db, dataDir) });
    const farm = farmService(db);
    const tokens = new Map<string, string>();
    for (const host of hosts) {
      const [row] = await db.query<{ id: number }>('SELECT id::int AS id FROM agent_hosts WHERE name = $1', [
        host.name,
      ]);
      let id = row?.id;
      if (id === undefined) {
        const created = await farm.createHost({ ...host, publicHost: host.address });
        id = created.host.id;
        // The same countries, cities and operators as the seeded host: an order may land on either farm.
        for (const modem of SEED_MODEMS) await farm.createModem({ ...modem, hostId: id, name: `${modem.name} B` });
      }
      await farm.updateHost(id, { publicHost: host.address, portMin: host.portMin, portMax: host.portMax });
      // A fresh token on every start, handed to the agent only (the demo launcher does the same).
      tokens.set(host.name, (await farm.regenerateHostToken(id)) as string);
    }
    return { url, tokens };
  } finally {
    await db.close();
  }
}

/**
 * The public frontend's rules on the path, the same in docker-compose.yml's HAProxy (scripts/compose.test.ts holds
 * them equal and runs both against the API). They read the path as a router or a normalising proxy may — decoded,
 * lower-cased, slashes merged, dot segments resolved, with a `/` at its end for the rules — because the API's router
 * decodes it too: `/%6detrics` was `/metrics` to the API and not to a rule on the raw path (#43). A path still
 * climbing with `..` after three levels, or above the root, is refused: no browser or HTTP library sends one. The
 * forwarded request is left as it came.
 */
export const HAPROXY_PATH_RULES = String.raw`
  http-request set-var(txn.canonical_path) 'path,url_dec,lower,concat(/),regsub("/+","/","g"),regsub("(/[.])+/","/","g"),regsub("/[^/]+/[.][.]/","/"),regsub("/[^/]+/[.][.]/","/"),regsub("/[^/]+/[.][.]/","/")'
  http-request deny deny_status 400 if { var(txn.canonical_path) -m sub /../ }
  # Each process's metrics are for the monitoring, scraped at the process's own address.
  http-request deny deny_status 403 if { var(txn.canonical_path) -m beg /metrics/ /metrics; }
`.trim();

/**
 * HAProxy's configuration: the API processes by round robin (no stickiness: any process answers any request),
 * health-checked on /readyz every second, out after 2 failures, back after 2 successes. A connection refused is
 * retried on another process (nothing was sent); a request that reached a process is never sent twice, so a POST
 * is never doubled. The client's address replaces any X-Forwarded-For it sent, and the API trusts that header from
 * 127.0.0.1 only (TRUST_PROXY), so rate limits count real clients and nobody can pose as another address.
 */
export function haproxyConfig(port: number, apis: readonly { name: string; port: number }[]): string {
  return `global
  maxconn 4096
  # One line per request in haproxy.log, with how it ended (the termination state: SH, SD, CD...).
  log stdout format raw local0

defaults
  mode http
  log global
  option httplog
  option redispatch
  retries 3
  retry-on conn-failure
  timeout connect 2s
  timeout client 60s
  # The agents' config long poll is held up to 25 s.
  timeout server 60s
  timeout http-keep-alive 10s

frontend public
  bind 127.0.0.1:${port}
  # The request line as httplog writes it, but the path without its query (e-mail links' keys, API keys) and without
  # a change-IP link's token or an API key in it, however spelt: the log is no place for secrets.
  http-request set-var(txn.logged_path) 'path,regsub("(/|%2f)(r|%72|%52)(/|%2f).*","/r/[Redacted]","i"),regsub("mpk(_|%5f)[^/]*","mpk_[Redacted]","gi")'
  log-format "%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %CC %CS %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq %hr %hs \\"%HM %[var(txn.logged_path)] %HV\\""
  ${HAPROXY_PATH_RULES}
  http-request del-header x-forwarded-for
  option forwardfor
  default_backend api

backend api
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
${apis.map((api) => `  server ${api.name} 127.0.0.1:${api.port} check`).join('\n')}
`;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const port = options.port ?? 8080;
  const runDir = options.runDir ?? join(root, '.data', 'cluster');
  const hosts = options.farmHosts ?? FARM_HOSTS;
  mkdirSync(runDir, { recursive: true });
  const children = new Set<ChildProcess>();
  const run = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess => {
    const output = createWriteStream(join(runDir, `${name}.log`), { flags: 'a' });
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(output, { end: false });
    child.stderr?.pipe(output, { end: false });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };

  log(`database ${options.database ?? 'proxymob_cluster'} on ${POSTGRES_SERVER}: migrating and seeding`);
  const dataDir = join(runDir, 'data');
  const { url: databaseUrl, tokens } = await prepareDatabase(
    options.database ?? 'proxymob_cluster',
    !!options.fresh,
    dataDir,
    hosts,
  );
  const publicUrl = `http://127.0.0.1:${port}`;
  const apis: ApiProcess[] = [1, 2, 3].map((n) => {
    const name = `api-${n}`;
    const apiPort = port + n;
    const url = `http://127.0.0.1:${apiPort}`;
    let child: ChildProcess | undefined;
    return {
      name,
      url,
      async start() {
        child = run(name, NODE, ['server/server.ts'], {
          ...process.env,
          // Not NODE_ENV=production, which requires SMTP: e-mails go to the log and the outbox.
          SECRET_KEY: 'cluster-secret-key-for-loopback-only-0123456789',
          DATABASE_URL: databaseUrl,
          REDIS_URL,
          HOST: '127.0.0.1',
          PORT: String(apiPort),
          PUBLIC_URL: publicUrl,
          TRUST_PROXY: '127.0.0.1',
          // One data directory for all three (uploaded images must be there for whichever answers); no lock with
          // PostgreSQL.
          DATA_DIR: dataDir,
          METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
          SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
          LOG_LEVEL: 'warn',
          ...options.apiEnv,
        });
        await waitReady(`${url}/readyz`, child, name);
      },
      stop: async (signal = 'SIGTERM') => {
        if (child) await stopChild(child, signal);
      },
    };
  });

  const stop = async () => {
    // Agents first (they post a last report to the API), then the API processes, HAProxy last.
    await Promise.all(agents.map((agent) => stopChild(agent)));
    await Promise.all(apis.map((api) => api.stop()));
    if (haproxy) await stopChild(haproxy, 'SIGUSR1'); // HAProxy's soft stop: finish what it carries, then exit
    for (const child of children) child.kill('SIGKILL');
  };
  const agents: ChildProcess[] = [];
  let haproxy: ChildProcess | undefined;
  try {
    // One at a time: the first start applies nothing new (prepared above), and each is ready before the next.
    for (const api of apis) {
      await api.start();
      log(`${api.name} ready at ${api.url}`);
    }
    const configFile = join(runDir, 'haproxy.cfg');
    writeFileSync(
      configFile,
      haproxyConfig(
        port,
        apis.map((api) => ({ name: api.name, port: Number(new URL(api.url).port) })),
      ),
    );
    haproxy = run('haproxy', HAPROXY, ['-f', configFile, '-db'], process.env);
    await waitReady(`${publicUrl}/readyz`, haproxy, 'HAProxy');
    log(`HAProxy at ${publicUrl} (config ${configFile})`);

    for (const host of options.agents === false ? [] : hosts) {
      const stateDir = join(runDir, `agent-${host.name}`);
      // The token changed on this start: a saved config of the last run would be ignored anyway.
      rmSync(stateDir, { recursive: true, force: true });
      agents.push(
        run(`agent-${host.name}`, NODE, ['agent/src/main.ts'], {
          ...process.env,
          AGENT_API_URL: publicUrl,
          AGENT_TOKEN: tokens.get(host.name),
          AGENT_LISTEN_HOST: host.address,
          AGENT_SIMULATOR_MODEMS: String(SEED_MODEMS.length),
          AGENT_SIMULATOR_NETWORK: host.network,
          AGENT_SIMULATOR_ROTATION_MS: '300-800',
          AGENT_STATE_DIR: stateDir,
          AGENT_METRICS_LISTEN: `${host.address}:9464`,
          AGENT_METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
          AGENT_REPORT_SECONDS: '5',
          LOG_LEVEL: 'warn',
        }),
      );
      log(`agent "${host.name}" on ${host.address} (ports ${host.portMin}-${host.portMax}, metrics :9464)`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: publicUrl, databaseUrl, apis, runDir, stop };
}

if (import.meta.main) {
  let settings: ClusterSettings;
  try {
    settings = clusterSettings(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const cluster = await startCluster(settings);
  console.log(`\nThe cluster is up: ${cluster.url} (logs in ${cluster.runDir}). Ctrl-C stops it.`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping: agents, API processes (draining), HAProxy');
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
