/**
 * The process environment, parsed and validated once at start (house style: no raw `process.env` elsewhere).
 * A bad value stops the process with one message naming every bad variable, instead of failing later at the first
 * request that happens to touch it.
 */
import path from 'node:path';
import { CURRENCIES, type Currency } from '@proxy/contract/money';
import { DEFAULT_MAX_UPLOAD_BYTES } from '@proxy/contract/schemas/versions';
import { DEFAULT_SITE_NAME } from '@proxy/contract/titles';
import * as v from 'valibot';

/** STEP_UP_MINUTES' default (issue #48). */
export const DEFAULT_STEP_UP_MINUTES = 10;

const REPO_ROOT = path.resolve(import.meta.dirname, '..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Only used outside production; the warning at start says so. */
const DEV_SECRET_KEY = 'dev-insecure-secret-key-do-not-use-in-production';
/** Long enough for an HMAC key (spec'd reset tokens and e-mail keys are HMAC-SHA256 keyed from it). */
const MIN_SECRET_KEY_LENGTH = 32;

export interface Config {
  readonly nodeEnv: string;
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite under `dataDir`. */
  readonly databaseUrl: string | undefined;
  /**
   * PostgreSQL connections kept for the farm agents' routes apart from the main pool of 10 (`DB_AGENT_POOL_SIZE`, 0 =
   * shared): an order burst cannot make reports and config polls wait for a connection (#42).
   */
  readonly dbAgentPoolSize: number;
  /** The site's canonical origin without a trailing slash: links in e-mails and pagination use it. */
  readonly publicUrl: string;
  readonly secretKey: string;
  /** Where e-mails go; unset: they are written to the log (and the outbox table) instead. */
  readonly smtpUrl: string | undefined;
  /** The sender of the site's e-mails. */
  readonly mailFrom: string;
  /**
   * The site's name (one for both languages, as a brand is): e-mails are titled and signed with it and sent in its
   * name, and the documents' titles, header and footer say it.
   */
  readonly siteName: string;
  /** Rate-limit counters shared by every API process; unset: counted in this process's memory. */
  readonly redisUrl: string | undefined;
  /**
   * Where the browser sends API calls (spec §7: the base URL is configurable), an absolute http(s) URL without a
   * trailing slash, or '' for this origin; the CSP then lets the page connect there.
   */
  readonly apiUrl: string;
  /** Origins whose pages may call this API from the browser (a site whose API_URL points here); none by default. */
  readonly corsOrigins: readonly string[];
  /**
   * Third-party scripts (spec §1: a web-analytics tag and a live-chat widget), off unless set. The page loads them
   * only after e-mail link tokens are out of the address bar, and the CSP allows their origins only when set.
   */
  readonly integrations: { readonly analytics?: string; readonly chat?: string };
  readonly rateLimit: {
    /** false only for load tests and e2e suites that register many accounts from one address. */
    readonly enabled: boolean;
    /** Multiplies every window (tests: 0.01 turns 15 minutes into 9 seconds). */
    readonly windowScale: number;
  };
  /**
   * `STAFF_TWO_FACTOR`: `required` (the default in production) keeps the panel shut to a staff account until it has
   * a second factor; `optional` (the default elsewhere, so tests and the demo sign in with a password alone).
   */
  readonly staffTwoFactor: 'required' | 'optional';
  /**
   * `STEP_UP_MINUTES`: adjusting a balance, marking an invoice paid, changing a payment method's address, rate or
   * secrets and another account's permissions need a second factor proved on the login within this many minutes.
   */
  readonly stepUpMinutes: number;
  /** Run the scheduled jobs in this process (`JOBS=off`: it only answers requests; another process runs them). */
  readonly jobs: { readonly enabled: boolean };
  readonly logLevel: LogLevel;
  readonly distDir: string;
  /** Serve the build's `*.map` files (the full source); off by default: a 404 like any missing file. */
  readonly serveSourceMaps: boolean;
  /** Render the public pages on the server (`SERVER_RENDERING=off`: the browser renders every page). */
  readonly serverRendering: boolean;
  /** Fastify's `trustProxy`: true, a hop count or a list of proxy addresses; false without a proxy in front. */
  readonly trustProxy: boolean | number | string;
  readonly billing: {
    /** The site's one currency: balances, top-ups and prices (amounts are its minor units). */
    readonly currency: Currency;
    /** How long a top-up invoice waits to be paid before it expires. */
    readonly invoiceTtlMinutes: number;
    /**
     * How long a crypto invoice's asset amount stays held at its address after the invoice expires or is paid, so a
     * late deposit still names one invoice (`INVOICE_AMOUNT_RESERVE_HOURS`).
     */
    readonly invoiceAmountReserveHours: number;
  };
  /** The largest release build staff may upload, in bytes (`VERSION_MAX_UPLOAD_BYTES`). */
  readonly versionMaxUploadBytes: number;
  /**
   * The bearer token `GET /metrics` asks for (`METRICS_TOKEN`); unset, the process keeps no metrics and `/metrics`
   * is a 404 like any unknown path.
   */
  readonly metricsToken: string | undefined;
  /**
   * On SIGTERM, how long `/readyz` answers 503 while requests are still served, before the process stops accepting
   * connections (`SHUTDOWN_DRAIN_MS`): the load balancer's health checks see it and send nobody new meanwhile.
   */
  readonly shutdownDrainMs: number;
  /**
   * A farm host the API has not heard from (config poll or report) for this long counts as offline
   * (`AGENT_SILENT_SECONDS`): its modems leave the stock and its customers' proxies read offline (#42).
   */
  readonly agentSilentSeconds: number;
  /**
   * Telegram's Bot API (`TELEGRAM_API_URL`, default https://api.telegram.org), without a trailing slash: the bot staff
   * set up in the panel talks to it. Tests point it at a local server that speaks the same API.
   */
  readonly telegramApiUrl: string;
  /** Messages to log once the logger exists (a dev default was used, ...). */
  readonly warnings: readonly string[];
}

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Empty strings count as unset: `FOO=` in a compose file or a .env means "not configured", not "configured empty". */
const optionalString = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => s.trim()),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
);

function urlWithProtocols(protocols: readonly string[], label: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol.slice(0, -1));
          } catch {
            return false;
          }
        },
        `must be ${label} URL (${protocols.map((p) => `${p}://`).join(' or ')}...)`,
      ),
    ),
  );
}

const EnvSchema = v.object({
  NODE_ENV: optionalString,
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number between 0 and 65535'),
      v.transform(Number),
      v.maxValue(65535, 'must be a whole number between 0 and 65535'),
    ),
  ),
  HOST: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: urlWithProtocols(['postgres', 'postgresql'], 'a PostgreSQL'),
  PUBLIC_URL: urlWithProtocols(['http', 'https'], 'an http(s)'),
  SECRET_KEY: optionalString,
  SMTP_URL: urlWithProtocols(['smtp', 'smtps'], 'an SMTP'),
  REDIS_URL: urlWithProtocols(['redis', 'rediss'], 'a Redis'),
  ANALYTICS_SCRIPT_URL: urlWithProtocols(['https'], 'an https'),
  CHAT_SCRIPT_URL: urlWithProtocols(['https'], 'an https'),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      // A display name and an address, or an address; no line breaks (they would start new mail headers).
      v.regex(
        /^(?:[^\r\n<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an e-mail address or "Name <address>"',
      ),
    ),
  ),
  SITE_NAME: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      // It becomes the display name of the From header and part of every subject: no line breaks (new headers),
      // and none of <>"\ so the display name never needs escaping and cannot pose as an address.
      v.regex(/^[^\p{Cc}<>"\\]{1,60}$/u, 'must be 1 to 60 characters, without line breaks or any of < > " \\'),
    ),
  ),
  RATE_LIMITS: v.optional(v.picklist(['on', 'off'], 'must be on or off')),
  STAFF_TWO_FACTOR: v.optional(v.picklist(['required', 'optional'], 'must be required or optional')),
  STEP_UP_MINUTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number of minutes from 1 to 1440'),
      v.transform(Number),
      v.minValue(1, 'must be a whole number of minutes from 1 to 1440'),
      v.maxValue(1440, 'must be a whole number of minutes from 1 to 1440'),
    ),
  ),
  JOBS: v.optional(v.picklist(['on', 'off'], 'must be on or off')),
  RATE_LIMIT_WINDOW_SCALE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+(\.\d+)?$/, 'must be a positive number'),
      v.transform(Number),
      v.minValue(0.0001, 'must be a positive number'),
    ),
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
  DIST_DIR: optionalString,
  TRUST_PROXY: optionalString,
  API_URL: urlWithProtocols(['http', 'https'], 'an http(s)'),
  CORS_ORIGINS: optionalString,
  CURRENCY: v.optional(v.picklist(CURRENCIES, `must be one of ${CURRENCIES.join(', ')}`)),
  INVOICE_TTL_MINUTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number of minutes from 5 to 10080'),
      v.transform(Number),
      v.minValue(5, 'must be a whole number of minutes from 5 to 10080'),
      v.maxValue(10_080, 'must be a whole number of minutes from 5 to 10080'),
    ),
  ),
  // At least an hour: with none, an amount would go to the next payer the moment its invoice expires (issue #43).
  INVOICE_AMOUNT_RESERVE_HOURS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number of hours from 1 to 720'),
      v.transform(Number),
      v.minValue(1, 'must be a whole number of hours from 1 to 720'),
      v.maxValue(720, 'must be a whole number of hours from 1 to 720'),
    ),
  ),
  SOURCE_MAPS: v.optional(v.picklist(['on', 'off'], 'must be on or off')),
  SERVER_RENDERING: v.optional(v.picklist(['on', 'off'], 'must be on or off')),
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[\x21-\x7e]{20,}$/, 'must be at least 20 printable characters, no spaces')),
  ),
  DB_AGENT_POOL_SIZE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'must be a whole number from 0 to 20'),
      v.transform(Number),
      v.maxValue(20, 'must be a whole number from 0 to 20'),
    ),
  ),
  SHUTDOWN_DRAIN_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'must be a whole number of milliseconds from 0 to 120000'),
      v.transform(Number),
      v.maxValue(120_000, 'must be a whole number of milliseconds from 0 to 120000'),
    ),
  ),
  // At least 3 s: an agent's long poll is heard again every few seconds (`agent-routes.ts`), never faster than 1 s.
  AGENT_SILENT_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'must be a whole number of seconds from 3 to 86400'),
      v.transform(Number),
      v.minValue(3, 'must be a whole number of seconds from 3 to 86400'),
      v.maxValue(86_400, 'must be a whole number of seconds from 3 to 86400'),
    ),
  ),
  TELEGRAM_API_URL: urlWithProtocols(['http', 'https'], 'an http(s)'),
  VERSION_MAX_UPLOAD_BYTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,15}$/, 'must be a whole number of bytes, at least 1'),
      v.transform(Number),
      v.minValue(1, 'must be a whole number of bytes, at least 1'),
    ),
  ),
});

/** `CORS_ORIGINS`: origins separated by commas or spaces, each exactly an origin (scheme, host, port; no path). */
function parseOrigins(value: string | undefined, problems: string[]): readonly string[] {
  const origins: string[] = [];
  for (const entry of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (url && bare && (url.protocol === 'https:' || url.protocol === 'http:')) {
      // As browsers send it in the Origin header: lower-case host, no default port, no trailing slash.
      origins.push(url.origin);
    } else {
      problems.push(`CORS_ORIGINS: "${entry}" is not an origin (an http(s) scheme and host, like https://example.com)`);
    }
  }
  return origins;
}

/**
 * A display name as RFC 5322 allows it in a From header: quoted when it has a character that would otherwise end
 * or split it ("Acme, Inc." unquoted reads as two addresses). SITE_NAME cannot hold `"` or `\`, so quoting
 * needs no escapes.
 */
function displayName(name: string): string {
  return /[()<>[\]:;@\\,."]/.test(name) ? `"${name}"` : name;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Parses the environment; throws `ConfigError` listing every bad variable. Pure: tests pass their own env. */
export function loadConfig(env: Env = process.env): Config {
  // Unset and empty variables are dropped first, so every optional schema sees either a value or nothing.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, present);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.issues) {
      const name = v.getDotPath(issue) ?? '(environment)';
      problems.push(`${name}: ${issue.message} (got ${JSON.stringify(issue.input)})`);
    }
    throw new ConfigError(problems);
  }
  const e = result.output;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const warnings: string[] = [];

  let secretKey = e.SECRET_KEY;
  if (production && secretKey === undefined) {
    problems.push('SECRET_KEY: is required when NODE_ENV=production (tokens in e-mail links are signed with it)');
  } else if (production && secretKey !== undefined && secretKey.length < MIN_SECRET_KEY_LENGTH) {
    problems.push(`SECRET_KEY: must be at least ${MIN_SECRET_KEY_LENGTH} characters in production`);
  } else if (secretKey === undefined) {
    secretKey = DEV_SECRET_KEY;
    warnings.push('SECRET_KEY is not set: using an insecure development key. Set SECRET_KEY in production.');
  }
  if (production && e.SMTP_URL === undefined) {
    // Without a mail server the links would only reach the log, where anyone who reads it could use them.
    problems.push('SMTP_URL: is required when NODE_ENV=production (confirmation and reset links are sent by e-mail)');
  }
  const corsOrigins = parseOrigins(e.CORS_ORIGINS, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const port = e.PORT ?? 8080;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const rateLimitsOn = e.RATE_LIMITS !== 'off';
  if (!rateLimitsOn) warnings.push('RATE_LIMITS=off: login, registration and reset are not rate-limited.');

  const siteName = e.SITE_NAME ?? DEFAULT_SITE_NAME;

  return {
    nodeEnv,
    production,
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    databaseUrl: e.DATABASE_URL,
    dbAgentPoolSize: e.DB_AGENT_POOL_SIZE ?? 3,
    publicUrl,
    secretKey: secretKey as string,
    smtpUrl: e.SMTP_URL,
    // The site's name as the sender's display name, so inboxes show who wrote rather than a bare noreply address.
    mailFrom: e.MAIL_FROM ?? `${displayName(siteName)} <noreply@${new URL(publicUrl).hostname}>`,
    siteName,
    redisUrl: e.REDIS_URL,
    apiUrl: (e.API_URL ?? '').replace(/\/+$/, ''),
    corsOrigins,
    integrations: {
      ...(e.ANALYTICS_SCRIPT_URL ? { analytics: e.ANALYTICS_SCRIPT_URL } : {}),
      ...(e.CHAT_SCRIPT_URL ? { chat: e.CHAT_SCRIPT_URL } : {}),
    },
    rateLimit: { enabled: rateLimitsOn, windowScale: e.RATE_LIMIT_WINDOW_SCALE ?? 1 },
    jobs: { enabled: e.JOBS !== 'off' },
    staffTwoFactor: e.STAFF_TWO_FACTOR ?? (production ? 'required' : 'optional'),
    stepUpMinutes: e.STEP_UP_MINUTES ?? DEFAULT_STEP_UP_MINUTES,
    logLevel: e.LOG_LEVEL ?? 'info',
    distDir: path.resolve(e.DIST_DIR ?? path.join(REPO_ROOT, 'dist')),
    serveSourceMaps: e.SOURCE_MAPS === 'on',
    serverRendering: e.SERVER_RENDERING !== 'off',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    billing: {
      currency: e.CURRENCY ?? 'RUB',
      invoiceTtlMinutes: e.INVOICE_TTL_MINUTES ?? 60,
      invoiceAmountReserveHours: e.INVOICE_AMOUNT_RESERVE_HOURS ?? 24,
    },
    versionMaxUploadBytes: e.VERSION_MAX_UPLOAD_BYTES ?? DEFAULT_MAX_UPLOAD_BYTES,
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? 0,
    agentSilentSeconds: e.AGENT_SILENT_SECONDS ?? 60,
    telegramApiUrl: (e.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    warnings,
  };
}
