import http from 'node:http';
import https from 'node:https';
import { familyOf, plainAddress } from './addresses.ts';

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
