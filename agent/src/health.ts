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
