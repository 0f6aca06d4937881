import http from 'node:http';
import https from 'node:https';
import type { CheckResult, HealthCheck } from '@proxy/contract/schemas/farm-agent';
import type { Logger } from 'pino';
import { familyOf, plainAddress } from './addresses.ts';
import type { Modems } from './modems.ts';

export interface Measurement {
  readonly ok: boolean;
  /** Until the answer was read; null when none came. */
  readonly latencyMs: number | null;
  /** The address the target says it saw. */
  readonly ip: string | null;
  readonly error: string | null;
}

/**
 * How many modems are health-checked at once. One at a time, 50 modems that do not answer (10 s timeout each) take
 * over 8 minutes, longer than the 5-minute interval, and the next round starts late; all at once, every check also
 * measures the host's shared uplink loaded by the others, not its modem. Six at a time finish those 50 in 90 s and
 * keep the uplink's share of a latency small.
 */
export const CHECK_CONCURRENCY = 6;

/**
 * Runs `check` on every item, at most `limit` at a time, each started as soon as one before it ends (a slow modem
 * holds one slot, not a round). Resolves once every check has ended; `check` must not throw.
 */
export async function checkEach<T>(
  items: Iterable<T>,
  check: (item: T) => Promise<void>,
  limit = CHECK_CONCURRENCY,
): Promise<void> {
  const queue = [...items];
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await check(queue[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

/** An address is a few dozen bytes: anything longer is not the answer a check target gives. */
const MAX_ANSWER_BYTES = 100;

/**
 * One health check: a GET to `url` from `bindAddress` (the modem's egress, the path its proxies use), expecting the
 * caller's address as plain text. A fresh connection every time (no agent): a kept-alive socket would measure a
 * connection that no longer says whether the modem can open new ones.
 */
export function measure(
  url: string,
  bindAddress: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Measurement> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const fail = (error: string, latencyMs: number | null = null) =>
      resolve({ ok: false, latencyMs, ip: null, error: error.slice(0, 500) });
    const request = client.get(
      target,
      {
        localAddress: bindAddress,
        family: familyOf(bindAddress) || undefined,
        agent: false,
        headers: { accept: 'text/plain', 'cache-control': 'no-cache' },
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > MAX_ANSWER_BYTES) response.destroy(new Error('the answer is not an address'));
        });
        response.on('error', (error) => fail(reason(error), elapsed()));
        response.on('end', () => {
          const latencyMs = elapsed();
          if (response.statusCode !== 200) return fail(`status ${response.statusCode}`, latencyMs);
          const ip = plainAddress(body.trim());
          if (familyOf(ip) === 0) return fail('the answer is not an address', latencyMs);
          resolve({ ok: true, latencyMs, ip, error: null });
        });
      },
    );
    request.on('error', (error) => fail(reason(error)));
  });
}

function reason(error: Error): string {
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return 'timeout';
  return (error as NodeJS.ErrnoException).code ?? error.message;
}

/** Checks kept while the API is away: a day of five-minute checks of a dozen modems; the oldest go first. */
const MAX_PENDING_CHECKS = 4_000;

/**
 * The host's health checks: a round over every modem of the config (`checkEach`), one check asked for by id, and
 * the results the reports have not carried yet. A check goes through the modem's own egress to the config's target;
 * an offline modem is a failed check without a request (the proxy on it does not work, and its uptime should say so).
 */
export class HealthChecks {
  /** Where checks go: the config's `check_url`, or the API's own address page without one. */
  url: string;
  /** Results of rounds not yet taken by the API, oldest first. */
  private readonly pending: HealthCheck[] = [];
  private readonly modems: Modems;
  private readonly timeoutMs: number;
  private readonly log: Logger;
  private readonly signal: AbortSignal;

  constructor(options: { url: string; modems: Modems; timeoutMs: number; log: Logger; signal: AbortSignal }) {
    this.url = options.url;
    this.modems = options.modems;
    this.timeoutMs = options.timeoutMs;
    this.log = options.log;
    this.signal = options.signal;
  }

  /** Checks every modem of `modems` (id → key), `CHECK_CONCURRENCY` at a time, keeping each result for a report. */
  async round(modems: ReadonlyMap<number, string>): Promise<void> {
    await checkEach(modems, async ([modemId, key]) => {
      if (this.signal.aborted) return;
      const result = await this.check(key);
      if (!this.signal.aborted) this.pending.push({ modem_id: modemId, ...result });
    });
    if (this.pending.length > MAX_PENDING_CHECKS) this.pending.splice(0, this.pending.length - MAX_PENDING_CHECKS);
  }

  /** One check of the modem `key`; an offline one fails without a request. */
  async check(key: string): Promise<CheckResult> {
    const bind = this.modems.view(key)?.bindAddress;
    const result = bind
      ? await measure(this.url, bind, this.timeoutMs, this.signal)
      : { ok: false, latencyMs: null, ip: null, error: 'offline' };
    if (!result.ok && !this.signal.aborted) this.log.warn({ modem: key, err: result.error }, 'health check failed');
    return {
      ok: result.ok,
      latency_ms: result.latencyMs,
      ip: result.ip,
      error: result.error,
      checked_at: new Date().toISOString(),
    };
  }

  /** The oldest `limit` results not yet taken, for the next report. */
  unsent(limit: number): HealthCheck[] {
    return this.pending.slice(0, limit);
  }

  /** The API took `sent` (from `unsent`): they go. Rounds only append meanwhile, so the sent ones still lead. */
  acknowledge(sent: readonly HealthCheck[]): void {
    this.pending.splice(0, sent.filter((check) => this.pending.includes(check)).length);
  }
}
