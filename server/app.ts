/**
 * The application as a function of its configuration and database: tests build it and call `inject`, the process
 * (server.ts) builds it and listens. Nothing here reads the environment or opens connections.
 */
import pino, { type DestinationStream } from 'pino';
import Fastify, {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyInstance,
  type FastifyServerOptions,
  type onRouteHookHandler,
} from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { loadMigrations, type Migration } from './db/migrate.ts';
import { systemNow, type Now } from './lib/clock.ts';
import { CENSOR, censorSecretFields, redactText, redactUrl, REDACT_PATHS } from './lib/logging.ts';
import { originForm, withDecodablePath } from './lib/paths.ts';
import accounts from './domains/accounts/index.ts';
import billing from './domains/billing/index.ts';
import farm, { type FarmOptions } from './domains/farm/index.ts';
import content from './domains/content/index.ts';
import customerApi, { customerApiBudgets } from './domains/customer-api/index.ts';
import dashboard from './domains/dashboard/index.ts';
import images, { type ImageRoutesOptions } from './domains/images/index.ts';
import notifications, { deliverTelegram, telegramBot } from './domains/notifications/index.ts';
import orders from './domains/orders/index.ts';
import people from './domains/users/index.ts';
import transfers from './domains/transfers/index.ts';
import trial from './domains/trial/index.ts';
import versions from './domains/versions/index.ts';
import authPlugin from './plugins/auth.ts';
import compressionPlugin from './plugins/compression.ts';
import corsPlugin from './plugins/cors.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import healthPlugin from './plugins/health.ts';
import jsonBodyPlugin from './plugins/json-body.ts';
import languagePlugin from './plugins/language.ts';
import jobsPlugin from './plugins/jobs.ts';
import mailerPlugin from './plugins/mailer.ts';
import mediaPlugin from './plugins/media.ts';
import metricsPlugin from './plugins/metrics.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import sitePlugin from './plugins/site.ts';

export interface AppOptions {
  readonly config: Config;
  /** Open and migrated; the caller closes it after `app.close()`. */
  readonly db: Db;
  /** Serve the built shell, remotes and the HTML document (the embedded default). False for an API-only process. */
  readonly serveSite?: boolean;
  /** false: no logs (tests); an object: pino options merged over the defaults (a test stream, say). */
  readonly logger?: boolean | Record<string, unknown>;
  /** The migrations `/readyz` expects; defaults to the checked-in ones. */
  readonly migrations?: readonly Migration[];
  /** Prefix of rate-limit keys in Redis (default `rl:`): isolates test runs that share one Redis. */
  readonly rateLimitKeyPrefix?: string;
  /** Image render and upload limits (tests shrink the queue); the defaults suit the machine. */
  /** The change-IP link's wait (tests shorten it). */
  readonly farm?: Omit<FarmOptions, 'now'>;
  /** The clock every decision by time is made with: expiries, cooldowns, the jobs (tests move it). */
  readonly now?: Now;
  readonly images?: Pick<ImageRoutesOptions, 'renderConcurrency' | 'renderQueue' | 'maxUploadBytes' | 'queue'>;
  /** Sees every route as it is registered: Fastify has no route list to read afterwards, and tests need one. */
  readonly onRoute?: onRouteHookHandler;
  /** How long a request's body may take to arrive (default `REQUEST_TIMEOUT_MS`; tests shorten it). */
  readonly requestTimeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How long this route's request body may take to arrive, instead of the app's `REQUEST_TIMEOUT_MS`: a large
     * upload over a slow link needs longer than a JSON body does.
     */
    readonly receiveTimeoutMs?: number;
  }
}

/** 1 MiB: JSON bodies of this API are small; upload routes raise their own limit (Fastify's per-route bodyLimit). */
export const BODY_LIMIT = 1024 * 1024;
/**
 * A request's headers, and then its body, must each arrive within this (a route may allow its body longer:
 * `config.receiveTimeoutMs`); stops slow-loris clients holding sockets forever.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The process's log destination: stdout, written asynchronously (sonic-boom): lines logged while a write is under
 * way go out together in the next one, instead of one synchronous write(2) per line on the request's path. Flushed
 * when the app closes and when the process exits.
 */
function asyncStdout(): DestinationStream & { dispose(): void } {
  const destination = pino.destination({ dest: 1, sync: false });
  const flush = () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing more can be done for the last lines.
    }
  };
  process.once('exit', flush);
  return Object.assign(destination, {
    dispose() {
      flush();
      process.off('exit', flush);
    },
  });
}

function loggerOptions(
  config: Config,
  logger: AppOptions['logger'],
  stream: DestinationStream | undefined,
): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return {
    ...(stream ? { stream } : {}),
    level: config.logLevel,
    redact: { paths: [...REDACT_PATHS], censor: CENSOR },
    formatters: { log: censorSecretFields },
    // Every line as it is written: change-IP links and API keys wherever a line holds them (lib/logging.ts).
    hooks: { streamWrite: redactText },
    serializers: {
      // Tokens travel in query strings of e-mail links (?token=, ?email_key=): keep them out of the access log.
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(typeof logger === 'object' ? logger : {}),
  };
}

/**
 * The access log: one line per answered request, with its method and (redacted) URL, status and time — the
 * redacting logger's cost is per line, and it was two lines a request. The arrival is logged at debug level only.
 */
class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // A test's own stream (an object with `stream`) is left as it is.
  const stdout = options.logger === false || typeof options.logger === 'object' ? undefined : asyncStdout();
  const app = Fastify({
    logger: loggerOptions(config, options.logger, stdout),
    // A hop count is given to Fastify as the equivalent function (its types do not list the number form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: BODY_LIMIT,
    logController: new AccessLog(),
    // Node's own limit covers the whole request for every route alike; the headers' deadline is Node's
    // (`headersTimeout`, below), the body's is set per route below.
    requestTimeout: 0,
    // The client always calls `/api/x/`; people type `/api/x`. Both answer, without a redirect round trip.
    routerOptions: { ignoreTrailingSlash: true },
    // An absolute-form target (`POST http://host/api/auth/logout/`) becomes its path and query here, before any
    // hook: authentication, CORS and the error format all read `request.url`, and must read what the router does.
    rewriteUrl: (request) => withDecodablePath(originForm(request.url ?? '/')),
    ajv: {
      customOptions: {
        // Every field's errors at once, as DRF reports them, instead of only the first.
        allErrors: true,
        coerceTypes: 'array',
        useDefaults: true,
        removeAdditional: true,
        // Errors carry the rejected value, for DRF's `"x" is not a valid choice.`
        verbose: true,
      },
    },
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (stdout) app.addHook('onClose', async () => stdout.dispose());
  // Closing stops listening and drops idle keep-alive connections, but one busy with a request when the shutdown
  // began stays open after its answer until the keep-alive timeout (72 s), well past the process's
  // shutdown limit. Every answer sent during the shutdown closes its connection.
  // The body's deadline, from when the headers were read: the route's own, or the app's. A request still arriving
  // then is cut off; the timer goes with the response.
  app.server.headersTimeout = REQUEST_TIMEOUT_MS;
  const bodyTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.raw.complete) {
      const timer = setTimeout(() => {
        if (!request.raw.complete) request.raw.destroy();
      }, request.routeOptions.config.receiveTimeoutMs ?? bodyTimeoutMs);
      timer.unref();
      reply.raw.once('close', () => clearTimeout(timer));
    }
    done();
  });
  // `Expect: 100-continue` is granted when the body is about to be read, not as soon as the headers arrive (Node's
  // default): by then the hooks that may refuse the request on its headers alone (authentication, a route's
  // permission) have run, so a client told "no" never sends the body; nor is it granted for a body declared over
  // the route's limit, which the body parser then refuses (413) without reading.
  app.server.on('checkContinue', (request, response) => app.server.emit('request', request, response));
  app.addHook('preParsing', (request, reply, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (
      request.headers.expect?.toLowerCase() === '100-continue' &&
      !reply.raw.headersSent &&
      !(declared > request.routeOptions.bodyLimit)
    ) {
      reply.raw.writeContinue();
    }
    done(null, payload);
  });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Hooks every request passes are callbacks rather than async functions where they have nothing to wait for.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const migrations = options.migrations ?? (await loadMigrations());

  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityHeadersPlugin, {
    hsts: config.publicUrl.startsWith('https:'),
    thirdPartyUrls: Object.values(config.integrations),
    apiUrl: config.apiUrl,
  });
  await app.register(corsPlugin, { origins: config.corsOrigins });
  // Its onSend hook runs after the two above, which only set headers; nothing registered later changes a body.
  await app.register(compressionPlugin);
  await app.register(dbPlugin, { db: options.db });
  await app.register(rateLimitPlugin, {
    enabled: config.rateLimit.enabled,
    windowScale: config.rateLimit.windowScale,
    redisUrl: config.redisUrl,
    ...(options.rateLimitKeyPrefix ? { keyPrefix: options.rateLimitKeyPrefix } : {}),
  });
  // Its hook runs before the auth plugin's: a customer API request is counted before its key is looked up.
  await app.register(customerApiBudgets);
  await app.register(authPlugin, {
    staffTwoFactorRequired: config.staffTwoFactor === 'required',
    stepUpMinutes: config.stepUpMinutes,
  });
  const now = options.now ?? systemNow;
  await app.register(jobsPlugin, { enabled: config.jobs.enabled, now });
  await app.register(mailerPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  await app.register(healthPlugin, { migrations });
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(mediaPlugin);
  // Before the domains: they provide what the document shows (`app.site.provide`).
  await app.register(sitePlugin, {
    serve: options.serveSite ?? true,
    distDir: config.distDir,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    integrations: config.integrations,
    apiUrl: config.apiUrl,
    serveSourceMaps: config.serveSourceMaps,
    serverRendering: config.serverRendering,
  });

  // The business domains (server/domains/*): each registers its own routes.
  await app.register(content, { publicUrl: config.publicUrl });
  await app.register(accounts, {
    publicUrl: config.publicUrl,
    secretKey: config.secretKey,
    siteName: config.siteName,
    currency: config.billing.currency,
    staffTwoFactorRequired: config.staffTwoFactor === 'required',
    now,
  });
  // A rate endpoint over http:// only outside production (a local ticker), as the webhooks below.
  await app.register(billing, { ...config.billing, publicUrl: config.publicUrl, allowLocal: !config.production });
  await app.register(images, { publicUrl: config.publicUrl, dataDir: config.dataDir, ...options.images });
  await app.register(farm, {
    publicUrl: config.publicUrl,
    agentSilentSeconds: config.agentSilentSeconds,
    ...options.farm,
    now,
  });
  await app.register(orders, {
    currency: config.billing.currency,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    now,
    ...(options.farm?.rotationWaitMs === undefined ? {} : { rotationWaitMs: options.farm.rotationWaitMs }),
  });
  await app.register(customerApi, {
    currency: config.billing.currency,
    publicUrl: config.publicUrl,
    now,
    ...(options.farm?.rotationWaitMs === undefined ? {} : { rotationWaitMs: options.farm.rotationWaitMs }),
  });
  await app.register(transfers, {
    currency: config.billing.currency,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    now,
  });
  await app.register(versions, {
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    maxUploadBytes: config.versionMaxUploadBytes,
  });
  await app.register(trial, { now });
  await app.register(people, { currency: config.billing.currency, publicUrl: config.publicUrl, now });
  await app.register(dashboard, {
    currency: config.billing.currency,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    now,
  });
  await app.register(notifications, {
    currency: config.billing.currency,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    // Webhooks to http:// and private addresses only outside production (a local receiver): docs/security.md.
    allowLocal: !config.production,
    now,
    telegram: deliverTelegram,
  });
  await app.register(telegramBot, { apiUrl: config.telegramApiUrl, publicUrl: config.publicUrl, now });

  await app.ready();
  return app;
}
