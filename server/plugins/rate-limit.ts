/**
 * Rate limits on the account endpoints, per client IP and per account (docs/security.md): fixed windows counted in this
 * process's memory, or in Redis (REDIS_URL) so that every API process shares them. Over the limit: 429 with DRF's
 * Throttled body and `Retry-After`. Redis unreachable: 503, never unlimited (fail closed).
 *
 * Counting happens before the expensive work: an attempt is counted before its password is hashed, and a login
 * that turns out right gives its account attempt back (`refund`), so only failures use up the account's budget.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { message, throttled } from '../lib/messages.ts';
import { HttpError } from '../lib/http-error.ts';

export interface RateRule {
  readonly limit: number;
  readonly windowSeconds: number;
}

/**
 * The limits (server/README.md lists them and what they promise). Account keys are the canonical e-mail address
 * (lib/email-address.ts) or the parsed user id of a reset link; `*Source` keys are the client IP and the account
 * together. The account-wide rules are ceilings far above what a source may do, and a source the account signed in
 * from before is not held by them (`consume`'s `exempt`): guessing is throttled, the owner is not locked out.
 */
export const RATE_LIMITS = {
  /** Every login attempt from one IP. */
  loginIp: { limit: 20, windowSeconds: 60 },
  /** Failed logins of one account from one IP (allauth's login_failed is 5 per 5 min; ours is stricter). */
  loginSource: { limit: 5, windowSeconds: 15 * 60 },
  /** Failed logins of one account from anywhere: distributed guessing. Known sources pass. */
  loginAccount: { limit: 50, windowSeconds: 15 * 60 },
  registrationIp: { limit: 10, windowSeconds: 10 * 60 },
  registrationAccount: { limit: 3, windowSeconds: 60 * 60 },
  resendIp: { limit: 10, windowSeconds: 10 * 60 },
  resendAccount: { limit: 3, windowSeconds: 15 * 60 },
  resetIp: { limit: 10, windowSeconds: 10 * 60 },
  /** Reset mails for one account asked from one IP. */
  resetSource: { limit: 3, windowSeconds: 15 * 60 },
  /** Reset mails for one account from anywhere (the mailbox is not flooded). Known sources pass. */
  resetAccount: { limit: 10, windowSeconds: 15 * 60 },
  /** E-mail confirmation and reset-confirm attempts from one IP. */
  confirmIp: { limit: 20, windowSeconds: 10 * 60 },
  /**
   * Reset confirms with a wrong or used token for one user id (guessing is hopeless anyway: 128 bits of HMAC). A
   * valid link is checked first and never counted, so nobody can use this to make the owner's link fail.
   */
  confirmAccount: { limit: 10, windowSeconds: 15 * 60 },
  /**
   * Orders and renewals per account: each locks modems or proxies and writes money, so a script looping on them (or
   * on fresh Idempotency-Keys) is held to a pace no person clicking reaches.
   */
  orderAccount: { limit: 30, windowSeconds: 60 },
  /**
   * Top-ups per account (issue #43): each may open an invoice at a gateway and holds a unique crypto amount for a day.
   * A person tops up a few times a day; the open-invoice limits (billing-service.ts) hold in the database besides.
   */
  invoiceAccount: { limit: 30, windowSeconds: 60 * 60 },
  /** Quotes per account: the order page asks again on every change of the form, so the budget is wide. */
  quoteAccount: { limit: 240, windowSeconds: 60 },
  /** Changes to one's proxies per account (settings, new password or link, change IP now: each tells an agent). */
  proxyChangeAccount: { limit: 120, windowSeconds: 60 },
  /**
   * Password and e-mail changes per account: each checks the current password, so a stolen session cannot use
   * them to guess it faster than the login form allows.
   */
  accountChange: { limit: 10, windowSeconds: 15 * 60 },
  /**
   * Wrong second-factor codes per account (issue #48), at sign-in and on the own page alike: a million codes and
   * three of them right at any moment, so 5 tries per 15 minutes leave a guesser no real chance. A right code gives
   * its try back.
   */
  twoFactorAccount: { limit: 5, windowSeconds: 15 * 60 },
  /** Transfer offers per account: each e-mails someone, so a script cannot use them to send mail in bulk. */
  transferAccount: { limit: 20, windowSeconds: 60 * 60 },
  /** API keys made per account: above the key limit (20), so revoking and remaking a few is never held up. */
  apiKeyAccount: { limit: 30, windowSeconds: 60 * 60 },
  /** Webhook URL and secret changes and test sends per account (#30): each may make the server call the URL. */
  webhookAccount: { limit: 30, windowSeconds: 60 * 60 },
  /**
   * Requests per customer API key (`/api/v1/`, told in `RateLimit-*` headers), every answer counted, errors too: ample
   * for a script polling its proxies; what each request does costs its own budget besides (orders, proxy changes).
   */
  apiKey: { limit: 600, windowSeconds: 60 },
  /**
   * Customer API requests per client address, whatever key they carry or none: twice a key's budget, so a second
   * script on the same machine is not held up, and a flood of made-up keys is (counted before any is looked up).
   */
  apiAddress: { limit: 1200, windowSeconds: 60 },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_LIMITS;

interface Count {
  readonly count: number;
  /** Until the window ends. */
  readonly resetInMs: number;
}

/** Where the counters live. */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<Count>;
  decrement(key: string): Promise<void>;
  /** Resolves once the store can take commands (or has had its chance to connect). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function memoryStore(): CounterStore {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const sweep = () => {
    const now = Date.now();
    for (const [key, counter] of counters) if (counter.expiresAt <= now) counters.delete(key);
  };
  // Forgotten windows would otherwise pile up for every IP and address ever seen.
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return {
    async increment(key, windowMs) {
      const now = Date.now();
      let counter = counters.get(key);
      if (!counter || counter.expiresAt <= now) {
        counter = { count: 0, expiresAt: now + windowMs };
        counters.set(key, counter);
      }
      counter.count++;
      return { count: counter.count, resetInMs: counter.expiresAt - now };
    },
    async decrement(key) {
      const counter = counters.get(key);
      if (counter && --counter.count <= 0) counters.delete(key);
    },
    ready: async () => undefined,
    async close() {
      clearInterval(timer);
      counters.clear();
    },
  };
}

/** INCR and the window's expiry in one atomic step: two processes can never both see count 1. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const DECREMENT_SCRIPT = `
if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
return 0`;

/** Redis was not reachable: the limiter answers 503 rather than letting attempts through uncounted. */
export class RateLimitStoreError extends Error {
  constructor(cause: unknown) {
    super('The rate-limit store is unavailable', { cause });
    this.name = 'RateLimitStoreError';
  }
}

export function redisStore(url: string, onError: (error: Error) => void): CounterStore {
  const redis = new Redis(url, {
    // Fail fast while Redis is down: a queued command would hold the request until the client gives up.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
  });
  let lastReported = 0;
  redis.on('error', (error: Error) => {
    // ioredis reports every reconnection attempt; once in 30 s is enough for the log.
    if (Date.now() - lastReported > 30_000) {
      lastReported = Date.now();
      onError(error);
    }
  });
  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw new RateLimitStoreError(error);
    }
  };
  return {
    increment: (key, windowMs) =>
      run(async () => {
        const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, key, String(windowMs))) as [number, number];
        return { count, resetInMs: ttl };
      }),
    decrement: (key) =>
      run(async () => {
        await redis.eval(DECREMENT_SCRIPT, 1, key);
      }),
    ready: () =>
      new Promise<void>((resolve) => {
        if (redis.status === 'ready') return resolve();
        // Commands are not queued while disconnected; give the first connection a moment before serving.
        const timer = setTimeout(resolve, 3_000);
        timer.unref();
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Where one key's window stands after counting a request: what `RateLimit-*` headers tell a client. */
export interface RateState {
  readonly limit: number;
  /** Requests left in this window (0 once over). */
  readonly remaining: number;
  /** Seconds until the window ends, at least 1. */
  readonly resetSeconds: number;
  readonly exceeded: boolean;
}

export interface RateLimiter {
  /**
   * Counts one request under `rule` for `key` and answers where its window stands, for a caller that tells the client
   * (`RateLimit-*`) and refuses on its own terms; null while limits are off. The store unreachable: the 503.
   */
  count(request: FastifyRequest, rule: RateRuleName, key: string): Promise<RateState | null>;
  /**
   * Counts one attempt under `rule` for `key`; throws the 429 (or 503) when it is over the limit, unless `exempt`
   * (asked only then) says this request may pass anyway.
   */
  consume(request: FastifyRequest, rule: RateRuleName, key: string, exempt?: () => Promise<boolean>): Promise<void>;
  /** Gives one attempt back (a login that turned out right). */
  refund(rule: RateRuleName, key: string): Promise<void>;
  /** An `onRequest` hook that counts the request under `rule` per client IP. */
  perIp(rule: RateRuleName): onRequestAsyncHookHandler;
  /** A `preHandler` (after authentication) that counts the request under `rule` per signed-in account. */
  perAccount(rule: RateRuleName): preHandlerAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

export interface RateLimitOptions {
  readonly enabled: boolean;
  readonly windowScale: number;
  /** Shared counters in Redis; unset: this process's memory. */
  readonly redisUrl?: string | undefined;
  /** Prepended to every Redis key: lets test runs and several sites share one Redis. */
  readonly keyPrefix?: string;
}

/** Counter keys carry a digest of the IP or address, so Redis holds no e-mail addresses. */
function counterKey(prefix: string, rule: RateRuleName, key: string): string {
  return `${prefix}${rule}:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
}

export default fp<RateLimitOptions>(
  async (app, options) => {
    const store =
      options.enabled && options.redisUrl
        ? redisStore(options.redisUrl, (error) => app.log.warn({ err: error }, 'Redis (rate limits) unavailable'))
        : memoryStore();
    const prefix = options.keyPrefix ?? 'rl:';
    const windowMs = (rule: RateRuleName) =>
      Math.max(1, Math.round(RATE_LIMITS[rule].windowSeconds * 1000 * options.windowScale));

    const increment = async (request: FastifyRequest, rule: RateRuleName, key: string): Promise<Count> => {
      try {
        return await store.increment(counterKey(prefix, rule, key), windowMs(rule));
      } catch (error) {
        request.log.error({ err: error }, 'rate-limit store unavailable');
        throw new HttpError(503, { detail: message('serviceUnavailable', request.language) }, { 'retry-after': '5' });
      }
    };

    const limiter: RateLimiter = {
      async count(request, rule, key) {
        if (!options.enabled) return null;
        const count = await increment(request, rule, key);
        const { limit } = RATE_LIMITS[rule];
        return {
          limit,
          remaining: Math.max(0, limit - count.count),
          resetSeconds: Math.max(1, Math.ceil(count.resetInMs / 1000)),
          exceeded: count.count > limit,
        };
      },
      async consume(request, rule, key, exempt) {
        if (!options.enabled) return;
        const count = await increment(request, rule, key);
        if (count.count > RATE_LIMITS[rule].limit && !(exempt && (await exempt()))) {
          const wait = Math.max(1, Math.ceil(count.resetInMs / 1000));
          request.log.warn({ rule }, 'rate limit reached');
          throw new HttpError(429, { detail: throttled(wait, request.language) }, { 'retry-after': String(wait) });
        }
      },
      async refund(rule, key) {
        if (!options.enabled) return;
        await store.decrement(counterKey(prefix, rule, key)).catch(() => undefined);
      },
      perIp(rule) {
        return async (request) => limiter.consume(request, rule, request.ip);
      },
      perAccount(rule) {
        return async (request) => {
          if (request.user) await limiter.consume(request, rule, `user:${request.user.id}`);
        };
      },
    };

    await store.ready();
    app.decorate('rateLimit', limiter);
    app.addHook('onClose', () => store.close());
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['errors'] },
);
