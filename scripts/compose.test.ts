/**
 * docker-compose.yml without a Docker engine (none runs on these machines): parsed as Compose does (variables
 * interpolated, YAML merge keys), checked against a subset of the compose-spec JSON schema (the keys this file uses,
 * with the spec's types; an unknown key is an error, as `docker compose config` makes it), then against what the
 * topology needs: the balancer in front of three API replicas checked on /readyz, a second farm agent. The HAProxy
 * configurations, the compose file's and the one `npm run cluster` writes, are checked by HAProxy itself (`-c`), and
 * run by it in front of the API: no spelling of `/metrics` gets through either, and the cluster's log keeps secrets out.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openSeededDb, PGLITE, type TestDb } from '../server/test/helpers.ts';
import { HAPROXY_PATH_RULES, haproxyConfig } from './cluster.ts';
import { root } from './site-process.ts';

/** Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR:?error}`, `$$` for a dollar. */
function interpolate(text: string, env: Readonly<Record<string, string>>): string {
  return text.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (whole, name?: string, op?: string, arg = '') => {
    if (whole === '$$') return '$';
    const value = env[name as string];
    if (value) return value;
    if (op === ':?') throw new Error(`${name}: ${arg}`);
    return op === ':-' ? arg : '';
  });
}

const stringList = { type: 'array', items: { type: 'string' } } as const;
const serviceSchema = {
  type: 'object',
  additionalProperties: false,
  patternProperties: { '^x-': {} },
  properties: {
    image: { type: 'string' },
    build: {
      type: 'object',
      additionalProperties: false,
      properties: { context: { type: 'string' }, target: { type: 'string' } },
    },
    command: stringList,
    environment: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } },
    volumes: stringList,
    ports: { type: 'array', items: { type: 'string', pattern: '^(\\d+(-\\d+)?:)?\\d+(-\\d+)?$' } },
    expose: { type: 'array', items: { type: ['string', 'number'] } },
    profiles: stringList,
    restart: { enum: ['no', 'always', 'on-failure', 'unless-stopped'] },
    stop_grace_period: { type: 'string', pattern: '^\\d+(ms|s|m)$' },
    depends_on: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['condition'],
        properties: { condition: { enum: ['service_started', 'service_healthy', 'service_completed_successfully'] } },
      },
    },
    healthcheck: {
      type: 'object',
      additionalProperties: false,
      properties: {
        test: { oneOf: [{ type: 'string' }, stringList] },
        interval: { type: 'string' },
        timeout: { type: 'string' },
        retries: { type: 'integer' },
      },
    },
    deploy: {
      type: 'object',
      additionalProperties: false,
      properties: { replicas: { type: 'integer', minimum: 0 } },
    },
    configs: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['source'],
        properties: { source: { type: 'string' }, target: { type: 'string' } },
      },
    },
  },
} as const;

/** The compose-spec's top level and service definition, restricted to what this project uses. */
const composeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['services'],
  patternProperties: { '^x-': {} },
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' },
    services: { type: 'object', additionalProperties: serviceSchema },
    volumes: { type: 'object', additionalProperties: { type: ['object', 'null'] } },
    configs: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { content: { type: 'string' }, file: { type: 'string' } },
      },
    },
  },
} as const;

interface Service {
  readonly image?: string;
  readonly command?: readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly ports?: readonly string[];
  readonly profiles?: readonly string[];
  readonly deploy?: { readonly replicas?: number };
  readonly depends_on?: Readonly<Record<string, { condition: string }>>;
  readonly configs?: readonly { source: string; target?: string }[];
}
interface Compose {
  readonly services: Readonly<Record<string, Service>>;
  readonly volumes?: Readonly<Record<string, unknown>>;
  readonly configs?: Readonly<Record<string, { content?: string }>>;
}

const ENV = { SECRET_KEY: 'a-long-random-secret-key-for-the-test-0123' };
const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
const compose = load(interpolate(text, ENV)) as Compose;
const service = (name: string): Service => {
  const found = compose.services[name];
  if (!found) throw new Error(`no service ${name}`);
  return found;
};

/** `haproxy -c`: HAProxy parses the configuration and says whether it would run it. */
function haproxyCheck(config: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-check-'));
  try {
    writeFileSync(join(dir, 'haproxy.cfg'), config);
    const result = spawnSync('/usr/sbin/haproxy', ['-c', '-f', join(dir, 'haproxy.cfg')], { encoding: 'utf8' });
    if (result.error) throw result.error;
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('docker-compose.yml', () => {
  it('is a valid compose file (the compose-spec subset), whose references all resolve', () => {
    const validate = new Ajv({ allErrors: true }).compile(composeSchema);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    for (const [name, definition] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(definition.depends_on ?? {})) {
        expect(Object.keys(compose.services), `${name} depends on ${dependency}`).toContain(dependency);
      }
      for (const config of definition.configs ?? []) {
        expect(Object.keys(compose.configs ?? {}), `${name} uses config ${config.source}`).toContain(config.source);
      }
    }
  });

  it('refuses to start without SECRET_KEY, as Compose does', () => {
    expect(() => interpolate(text, {})).toThrow(/SECRET_KEY: set SECRET_KEY/);
  });

  it('puts HAProxy in front of three API replicas that trust one proxy hop and drain on stop', () => {
    const lb = service('lb');
    expect(lb.image).toMatch(/^haproxy:/);
    expect(lb.ports).toEqual(['8080:8080']);
    expect(lb.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    const api = service('api');
    expect(api.deploy?.replicas).toBe(3);
    // Only the balancer publishes a port: nobody reaches a replica with a forged X-Forwarded-For.
    expect(api.ports).toBeUndefined();
    expect(api.environment).toMatchObject({ TRUST_PROXY: '1', SHUTDOWN_DRAIN_MS: '3000' });

    const config = compose.configs?.haproxy?.content ?? '';
    expect(config).toMatch(/^\s*http-check send meth GET uri \/readyz$/m);
    expect(config).toMatch(/^\s*balance roundrobin$/m);
    expect(config).not.toMatch(/\bstick|\bcookie\b/);
    expect(config).toMatch(/^\s*server-template api 3 api:8080 check/m);
    const check = haproxyCheck(config);
    expect(check.output).not.toMatch(/\[ALERT\]/);
    expect(check.status).toBe(0);
  });

  it('has two farm agents, each with its own token and port range, talking to the API through the balancer', () => {
    const agents = ['agent', 'agent-2'].map(service);
    for (const agent of agents) {
      expect(agent.profiles).toEqual(['farm']);
      expect(agent.command).toEqual(['node', 'agent/src/main.ts']);
      expect(agent.environment?.AGENT_API_URL).toBe('http://lb:8080');
      expect(agent.environment?.AGENT_METRICS_LISTEN).toBe('0.0.0.0:9464');
    }
    const tokens = load(
      interpolate(text, { ...ENV, AGENT_TOKEN: 'first-host-token', AGENT_TOKEN_2: 'second' }),
    ) as Compose;
    expect(tokens.services.agent?.environment?.AGENT_TOKEN).toBe('first-host-token');
    expect(tokens.services['agent-2']?.environment?.AGENT_TOKEN).toBe('second');
    expect(agents.map((agent) => agent.ports)).toEqual([['30000-30099:30000-30099'], ['31000-31099:31000-31099']]);
  });
});

describe('the HAProxy configuration npm run cluster writes', () => {
  it('passes haproxy -c, checks /readyz and keeps /metrics from the public', () => {
    const config = haproxyConfig(8080, [
      { name: 'api-1', port: 8081 },
      { name: 'api-2', port: 8082 },
      { name: 'api-3', port: 8083 },
    ]);
    expect(config).toMatch(/^\s*server api-3 127\.0\.0\.1:8083 check$/m);
    const check = haproxyCheck(config);
    expect(check.output).not.toMatch(/\[ALERT\]/);
    expect(check.status).toBe(0);
  });
});

/** A port nobody listens on now, for HAProxy to bind. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A GET with the path sent as written (no client resolves its `..` or `//` first). */
function request(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** The rules on the path among a configuration's lines: what decides where a request may go by its path. */
function pathRules(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes('canonical_path'));
}

describe('HAProxy in front of the API', () => {
  const METRICS_TOKEN = 'metrics-token-for-the-balancer-test';
  const TOKEN = 'Zk3VqP9xLmN2rT8wYb4cHd6sJf1gAe5u';
  const API_KEY = 'mpk_1a2b3c4d_0123456789abcdef0123456789abcdef01234567';
  let testDb: TestDb;
  let app: FastifyInstance;
  let apiPort: number;
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-run-'));

  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    app = await buildTestApp({ db: testDb.db, env: { METRICS_TOKEN } });
    apiPort = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs HAProxy on `config` until `use` is done; answers what it wrote (its log, with the cluster's config). */
  async function running(name: string, config: string, use: (port: number) => Promise<void>): Promise<string> {
    const file = join(dir, `${name}.cfg`);
    writeFileSync(file, config);
    const haproxy = spawn('/usr/sbin/haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    haproxy.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    haproxy.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = Number(/bind 127\.0\.0\.1:(\d+)/.exec(config)?.[1]);
    try {
      for (const deadline = Date.now() + 10_000; ;) {
        if ((await request(port, '/readyz').catch(() => null))?.status === 200) break;
        if (Date.now() > deadline) throw new Error(`HAProxy did not answer on ${port}: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await use(port);
    } finally {
      const exited = new Promise((resolve) => haproxy.once('exit', resolve));
      haproxy.kill('SIGTERM');
      await exited;
    }
    return output;
  }

  /** Every spelling of `/metrics` a router or a normalising proxy may read as it. */
  const SPELLINGS = [
    '/metrics',
    '/metrics/',
    '/metrics?x=1',
    '/%6detrics',
    '/%6D%65trics',
    '/metrics%2F',
    '//metrics',
    '/./metrics',
    '/%2e/metrics',
    '/x/../metrics',
    '/x/%2e%2e/metrics',
    '/a/b/../../metrics',
    '/../metrics',
    '/a/b/c/d/../../../../metrics',
    '/METRICS',
    '/metrics;x',
  ];
  const scrape = { authorization: `Bearer ${METRICS_TOKEN}` };

  async function refusesEverySpelling(port: number) {
    // The API itself decodes the path: what the balancer must not let through is real.
    const direct = await request(apiPort, '/%6detrics', scrape);
    expect(direct.status).toBe(200);
    expect(direct.body).toContain('# HELP');
    for (const path of SPELLINGS) {
      const answer = await request(port, path, scrape);
      expect([400, 403], path).toContain(answer.status);
      expect(answer.body, path).not.toContain('# HELP');
    }
    // The rest of the site is served as before, paths that merely mention metrics too.
    for (const [path, status] of [
      ['/readyz', 200],
      ['/metricsx', 404],
      ['/api/metrics/', 404],
      ['/a/./b/metrics', 404],
    ] as const) {
      expect((await request(port, path)).status, path).toBe(status);
    }
  }

  it('npm run cluster: no spelling of /metrics gets through, and its log holds no link token or API key', async () => {
    const port = await freePort();
    const log = await running('cluster', haproxyConfig(port, [{ name: 'api-1', port: apiPort }]), async (port) => {
      await refusesEverySpelling(port);
      for (const path of [`/r/${TOKEN}?api_key=${API_KEY}`, `/%72/${TOKEN}`, `/x/../R/${TOKEN}`, `/api/v1/${API_KEY}/`])
        await request(port, path);
    });
    expect(log).toContain('"GET /r/[Redacted] HTTP/1.1"');
    expect(log).toContain('"GET /api/v1/mpk_[Redacted]/ HTTP/1.1"');
    expect(log).not.toContain(TOKEN.slice(4));
    expect(log).not.toContain(API_KEY.slice('mpk_1a2b3c4d'.length));
  });

  it('docker-compose.yml: the same rules, and no spelling of /metrics gets through', async () => {
    const config = compose.configs?.haproxy?.content ?? '';
    expect(pathRules(config)).toEqual(pathRules(HAPROXY_PATH_RULES));
    expect(pathRules(config)).toHaveLength(3);
    const port = await freePort();
    // The compose network's names made loopback: the balancer's port, the one replica here, no Docker DNS.
    const local = config
      .replace(/^\s*bind :8080$/m, `  bind 127.0.0.1:${port}`)
      .replace(/^\s*server-template .*$/m, `  server api-1 127.0.0.1:${apiPort} check`)
      .replace(/^resolvers docker\n(?:\s+.*\n)*/m, '');
    await running('compose', local, refusesEverySpelling);
  });
});
