/**
 * docker-compose.yml without a Docker engine (none runs on these machines): parsed as Compose does (variables
 * interpolated, YAML merge keys), checked against a subset of the compose-spec JSON schema (the keys this file uses,
 * with the spec's types; an unknown key is an error, as `docker compose config` makes it), then against what the
 * topology needs: the balancer in front of three API replicas checked on /readyz sharing one data volume, a service
 * building every remote, mail to the operator's server, restart policies, a second farm agent, .dockerignore. The
 * HAProxy configurations, the compose file's and the one `npm run cluster` writes, are checked by HAProxy itself
 * (`-c`), and run by it in front of the API: no spelling of `/metrics` gets through either, and the cluster's log
 * keeps secrets out. Prometheus' configuration and alert rules (deploy/prometheus/) pass promtool's checks and unit
 * tests, and name only metrics the API and the agent export.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
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
    // [host address:][host port[-end]:]container port[-end]
    ports: {
      type: 'array',
      items: { type: 'string', pattern: '^((\\d+\\.){3}\\d+:)?(\\d+(-\\d+)?:)?\\d+(-\\d+)?$' },
    },
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
        start_period: { type: 'string' },
      },
    },
    secrets: {
      type: 'array',
      items: {
        oneOf: [
          { type: 'string' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['source'],
            properties: {
              source: { type: 'string' },
              target: { type: 'string' },
              uid: { type: 'string' },
              gid: { type: 'string' },
              mode: { type: 'number' },
            },
          },
        ],
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
    secrets: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          file: { type: 'string' },
          environment: { type: 'string' },
          external: { type: 'boolean' },
          name: { type: 'string' },
        },
      },
    },
  },
} as const;

interface Service {
  readonly image?: string;
  readonly build?: { readonly context?: string; readonly target?: string };
  readonly command?: readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly ports?: readonly string[];
  readonly profiles?: readonly string[];
  readonly deploy?: { readonly replicas?: number };
  readonly depends_on?: Readonly<Record<string, { condition: string }>>;
  readonly configs?: readonly { source: string; target?: string }[];
  readonly volumes?: readonly string[];
  readonly restart?: string;
  readonly healthcheck?: { readonly test?: unknown };
  readonly secrets?: readonly (string | { source: string; target?: string; mode?: number })[];
}
interface Compose {
  readonly services: Readonly<Record<string, Service>>;
  readonly volumes?: Readonly<Record<string, unknown>>;
  readonly configs?: Readonly<Record<string, { content?: string }>>;
  readonly secrets?: Readonly<Record<string, { environment?: string; file?: string }>>;
}

/** What the operator must set: Compose refuses to start without each. */
const ENV = {
  SECRET_KEY: 'a-long-random-secret-key-for-the-test-0123',
  SMTP_URL: 'smtp://mailer:secret@mail.example.com:587',
  METRICS_TOKEN: 'metrics-token-of-the-operator-0123',
};
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

  it('refuses to start without SECRET_KEY, SMTP_URL or METRICS_TOKEN, as Compose does', () => {
    for (const name of Object.keys(ENV)) {
      expect(() => interpolate(text, { ...ENV, [name]: '' }), name).toThrow(new RegExp(`${name}: set ${name}`));
    }
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

describe('docker-compose.yml deploys the whole site', () => {
  const remoteFolders = readdirSync(join(root, 'remotes'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  /** The remote a service builds, from its `--env remote=<name>`. */
  const builtRemote = (definition: Service) =>
    definition.command?.find((arg) => arg.startsWith('remote='))?.slice('remote='.length);
  const builders = Object.entries(compose.services).filter(([, definition]) => builtRemote(definition) !== undefined);

  it('has a service building each folder of remotes/, named after it, and none for a remote that does not exist', () => {
    expect(remoteFolders.length).toBeGreaterThan(0);
    expect(builders.map(([, definition]) => builtRemote(definition)).sort()).toEqual(remoteFolders);
    for (const [name, definition] of builders) {
      expect(builtRemote(definition), name).toBe(name);
      expect(definition.command, name).toEqual(['npm', 'run', 'build:remotes', '--', '--env', `remote=${name}`]);
      expect(definition.build, name).toEqual({ context: '.', target: 'app' });
      expect(definition.volumes, name).toContain('site:/srv/dist');
    }
    expect(service('shell').command).toEqual(['npm', 'run', 'build:shell']);
  });

  it('runs the builds one after another, the shell first: each rewrites remotes.json', () => {
    const order = ['shell', ...builders.map(([name]) => name)];
    for (const [index, name] of order.entries()) {
      const previous = order[index - 1];
      expect(service(name).depends_on, name).toEqual(
        previous === undefined ? undefined : { [previous]: { condition: 'service_completed_successfully' } },
      );
    }
  });

  it('restarts every long-running service, never a build, and checks the health of each that can answer', () => {
    const builds = new Set(['shell', ...builders.map(([name]) => name)]);
    for (const [name, definition] of Object.entries(compose.services)) {
      if (builds.has(name)) {
        expect(definition.restart, name).toBe('no');
        continue;
      }
      expect(definition.restart, name).toBe('unless-stopped');
      // Mailpit is development's only, and checks itself.
      if (name !== 'mail') expect(definition.healthcheck?.test, name).toBeDefined();
    }
    for (const name of ['postgres', 'redis', 'lb', 'api', 'agent', 'agent-2', 'prometheus']) {
      expect(service(name).restart, name).toBe('unless-stopped');
    }
  });

  it('gives every API replica the same data volume for uploaded images and release files', () => {
    const api = service('api');
    const dataDir = api.environment?.DATA_DIR;
    expect(dataDir).toBe('/srv/data');
    const mount = api.volumes?.find((volume) => volume.endsWith(`:${dataDir}`)) ?? '';
    const [volume = ''] = mount.split(':');
    // A named volume (not a path on the host): Compose mounts the same one into all three replicas.
    expect(Object.keys(compose.volumes ?? {})).toContain(volume);
    expect(api.deploy?.replicas).toBe(3);
    expect(api.volumes).toContain('site:/srv/dist');
  });

  it('keeps each agent’s state on a volume of its own', () => {
    const volumes = ['agent', 'agent-2'].map((name) => {
      const agent = service(name);
      const stateDir = agent.environment?.AGENT_STATE_DIR ?? '';
      expect(stateDir, name).toMatch(/^\//);
      const [volume = ''] = agent.volumes?.find((mount) => mount.endsWith(`:${stateDir}`))?.split(':') ?? [];
      expect(Object.keys(compose.volumes ?? {}), name).toContain(volume);
      return volume;
    });
    expect(new Set(volumes).size).toBe(2);
  });

  it('sends mail to the operator’s SMTP_URL; mailpit only in the dev profile, on loopback', () => {
    expect(service('api').environment?.SMTP_URL).toBe(ENV.SMTP_URL);
    const mail = service('mail');
    expect(mail.image).toMatch(/^axllent\/mailpit:/);
    expect(mail.profiles).toEqual(['dev']);
    expect(mail.ports).toEqual(['127.0.0.1:8025:8025']);
    // Nothing else reads the mail: no service but the API knows where it goes.
    for (const [name, definition] of Object.entries(compose.services)) {
      if (name !== 'api') expect(definition.environment?.SMTP_URL, name).toBeUndefined();
    }
  });

  it('publishes only the balancer and the agents’ proxy ports to the world; the rest on loopback at most', () => {
    for (const [name, definition] of Object.entries(compose.services)) {
      if (name === 'lb' || name.startsWith('agent')) continue;
      for (const port of definition.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('runs Prometheus with the shipped configuration, alert rules and the metrics token as a secret file', () => {
    const prometheus = service('prometheus');
    expect(prometheus.image).toMatch(/^prom\/prometheus:v2\./);
    expect(prometheus.ports).toEqual(['127.0.0.1:9090:9090']);
    expect(prometheus.command).toContain('--config.file=/etc/prometheus/prometheus.yml');
    for (const file of ['prometheus.yml', 'alerts.yml']) {
      expect(prometheus.volumes).toContain(`./deploy/prometheus/${file}:/etc/prometheus/${file}:ro`);
      expect(existsSync(join(root, 'deploy/prometheus', file)), file).toBe(true);
    }
    // The config's credentials file, resolved as Prometheus does (against the config's folder), is the secret.
    const config = load(readFileSync(join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')) as PrometheusConfig;
    for (const job of config.scrape_configs.filter((job) => job.job_name !== 'prometheus')) {
      const file = job.authorization?.credentials_file ?? '';
      expect(prometheus.secrets, job.job_name).toContainEqual(
        // `0444`, octal to Compose, the digits to js-yaml: readable by Prometheus' user, not only root.
        { source: 'metrics_token', target: posix.resolve('/etc/prometheus', file), mode: 444 },
      );
    }
    expect(compose.secrets?.metrics_token).toEqual({ environment: 'METRICS_TOKEN' });
    // The token the replicas and agents check is that one.
    expect(service('api').environment?.METRICS_TOKEN).toBe(ENV.METRICS_TOKEN);
    for (const name of ['agent', 'agent-2']) {
      expect(service(name).environment?.AGENT_METRICS_TOKEN, name).toBe(ENV.METRICS_TOKEN);
    }
    const agents = config.scrape_configs.find((job) => job.job_name === 'agent');
    expect(agents?.static_configs?.[0]?.targets).toEqual(
      ['agent', 'agent-2'].map((name) => `${name}:${service(name).environment?.AGENT_METRICS_LISTEN?.split(':')[1]}`),
    );
    const api = config.scrape_configs.find((job) => job.job_name === 'api');
    expect(api?.dns_sd_configs).toEqual([{ names: ['api'], type: 'A', port: 8080, refresh_interval: '15s' }]);
  });
});

describe('.dockerignore', () => {
  const ignored = readFileSync(join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('leaves installed, built and local files, history, secrets and test output out of the image', () => {
    for (const pattern of [
      '**/node_modules',
      'dist',
      '.data',
      '.git',
      '.env',
      'coverage',
      'e2e/screenshots',
      '**/*.log',
    ]) {
      expect(ignored).toContain(pattern);
    }
    // Everything git ignores, in .dockerignore's spelling (a bare name in .gitignore matches at any depth).
    const gitignored = readFileSync(join(root, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim().replace(/\/$/, ''))
      .filter((line) => line && !line.startsWith('#'));
    for (const pattern of gitignored) {
      expect(ignored.includes(pattern) || ignored.includes(`**/${pattern}`), pattern).toBe(true);
    }
  });

  it('keeps what the image builds and runs from', () => {
    for (const pattern of ignored) {
      for (const needed of ['package.json', 'package-lock.json', 'server', 'shell', 'remotes', 'shared', 'agent']) {
        expect(pattern, needed).not.toBe(needed);
      }
    }
  });
});

interface PrometheusConfig {
  readonly rule_files: readonly string[];
  readonly scrape_configs: readonly {
    readonly job_name: string;
    readonly authorization?: { readonly credentials_file?: string };
    readonly static_configs?: readonly { readonly targets: readonly string[] }[];
    readonly dns_sd_configs?: readonly unknown[];
  }[];
}
interface AlertRules {
  readonly groups: readonly { readonly rules: readonly { readonly alert?: string; readonly expr: string }[] }[];
}

const PROMETHEUS_DIR = join(root, 'deploy/prometheus');

function promtool(args: readonly string[], cwd = PROMETHEUS_DIR): { status: number | null; output: string } {
  const result = spawnSync('/usr/bin/promtool', args, { cwd, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** The metric names a PromQL expression selects: its identifiers outside label matchers, ranges, groupings and calls. */
function selectedMetrics(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = [...bare.matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)\b(?!\s*\()/g)].map((match) => match[1] as string);
  return [...new Set(names.filter((name) => !PROMQL_WORDS.has(name.toLowerCase())))];
}

/** The sample names of a metrics page: each `# TYPE`'s name, with a histogram's or summary's series. */
function exportedNames(types: Iterable<[string, string]>): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of types) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

describe('Prometheus (deploy/prometheus)', () => {
  const METRICS_TOKEN = 'metrics-token-for-the-prometheus-test';
  const rules = load(readFileSync(join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8')) as AlertRules;
  const alerts = rules.groups.flatMap((group) => group.rules);
  let testDb: TestDb;
  let app: FastifyInstance;
  let scraped = '';

  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    app = await buildTestApp({ db: testDb.db, env: { METRICS_TOKEN } });
    await app.jobs.runAll();
    await app.inject({ method: 'GET', url: '/readyz' });
    const page = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(page.statusCode).toBe(200);
    scraped = page.body;
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('passes promtool check config, with the rule file and the token file beside it as the container has them', () => {
    const config = load(readFileSync(join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8')) as PrometheusConfig;
    expect(config.rule_files).toEqual(['alerts.yml']);
    // The compose file mounts the secret there; here a token stands in for it.
    const dir = mkdtempSync(join(tmpdir(), 'prometheus-check-'));
    try {
      for (const file of ['prometheus.yml', 'alerts.yml']) copyFileSync(join(PROMETHEUS_DIR, file), join(dir, file));
      writeFileSync(join(dir, 'metrics_token'), METRICS_TOKEN);
      const check = promtool(['check', 'config', 'prometheus.yml'], dir);
      expect(check.output).toContain('SUCCESS: 1 rule files found');
      expect(check.status, check.output).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The shipped file as it is, syntax only: the token file is the operator's.
    const syntax = promtool(['check', 'config', '--syntax-only', 'prometheus.yml']);
    expect(syntax.status, syntax.output).toBe(0);
  });

  it('passes promtool check rules, and its unit tests (alerts.test.yml) fire alerts on synthetic series', () => {
    const check = promtool(['check', 'rules', 'alerts.yml']);
    expect(check.status, check.output).toBe(0);
    expect(check.output).toContain(`SUCCESS: ${alerts.length} rules found`);
    const test = promtool(['test', 'rules', 'alerts.test.yml']);
    expect(test.output).toContain('SUCCESS');
    expect(test.status, test.output).toBe(0);
  });

  it('has an alert for a silent agent, an offline modem, job lag, mail backlog, 5xx rate and database pool wait', () => {
    expect(alerts.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'AgentSilent',
        'ModemOffline',
        'JobLag',
        'MailBacklog',
        'Http5xxRate',
        'DatabasePoolWait',
      ]),
    );
    const expr = (name: string) => alerts.find((rule) => rule.alert === name)?.expr ?? '';
    expect(expr('AgentSilent')).toMatch(/up\{job="agent"\} == 0/);
    expect(expr('Http5xxRate')).toMatch(/status=~"5\.\."/);
  });

  it('names only metrics the API and the agent export, and labels they carry', () => {
    const apiNames = exportedNames(
      [...scraped.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((match) => [match[1], match[2]] as [string, string]),
    );
    const agentSource = readFileSync(join(root, 'agent/src/metrics.ts'), 'utf8');
    const agentNames = exportedNames(
      [...agentSource.matchAll(/new (Gauge|Counter|Histogram|Summary)\(\{\s*name: '([a-z_:]+)'/g)].map(
        (match) => [match[2], (match[1] as string).toLowerCase()] as [string, string],
      ),
    );
    expect(agentNames).toContain('agent_modem_state');
    // `up` is Prometheus' own, one per scraped target.
    const known = new Set([...apiNames, ...agentNames, 'up']);
    const used = alerts.flatMap((rule) => selectedMetrics(rule.expr));
    expect(used).toEqual(
      expect.arrayContaining([
        'up',
        'agent_modem_state',
        'job_lag_seconds',
        'mail_outbox_oldest_seconds',
        'http_request_duration_seconds_count',
        'db_pool_wait_seconds_bucket',
      ]),
    );
    expect(used.filter((name) => !known.has(name))).toEqual([]);

    // The labels the rules match on: a request's status, a modem's state, the scheduled job's name.
    expect(scraped).toMatch(/^http_request_duration_seconds_count\{[^}]*status="200"[^}]*\} \d+$/m);
    expect(scraped).toMatch(/^job_lag_seconds\{job="[a-z_.]+"\} [\d.e+-]+$/m);
    expect(agentSource).toMatch(/name: 'agent_modem_state',[^}]*labelNames: \['modem', 'state'\]/);
    expect(agentSource).toMatch(/offline/);
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
