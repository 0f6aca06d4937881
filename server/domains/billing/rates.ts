/**
 * A crypto method's rate from a provider: an HTTPS JSON endpoint staff name (an exchange's ticker, e.g.
 * `https://api.exchange.example/ticker?pair=USDTRUB`) and the path to the price in its answer (`data.0.last`). The
 * `payments.rates` job reads each such method once a minute; a failed read leaves the last rate to age, and a rate
 * older than the method's limit makes it unavailable — never an invoice at a price nobody checked.
 */
import { DECIMAL } from '@proxy/contract/assets';

/** An exchange answers in well under this; a hung one must not hold the job. */
const READ_TIMEOUT_MS = 10_000;
/** A ticker is a few hundred bytes; anything past this is not one. */
const MAX_ANSWER_BYTES = 1_000_000;

/** The price at `path` (dot-separated keys; digits index arrays) as an exact decimal string, or why there is none. */
export function rateAt(document: unknown, path: string): { readonly rate: string } | { readonly error: string } {
  let node: unknown = document;
  for (const key of path.split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) {
      return { error: `nothing at "${path}"` };
    }
    node = (node as Record<string, unknown>)[key];
  }
  // A number is read by its shortest exact form ('95.37'); JSON cannot say more digits than that anyway.
  const text = typeof node === 'number' ? String(node) : typeof node === 'string' ? node.trim() : '';
  if (!DECIMAL.test(text) || !/[1-9]/.test(text)) return { error: `"${path}" is not a positive decimal` };
  return { rate: text };
}

export type RateUrlProblem = 'invalid' | 'scheme';

/**
 * What is wrong with a rate endpoint's URL, or null: the rule the customers' webhooks follow. An absolute URL without
 * credentials (a `user:pass@` would end up in logs and in the panel); in production only `https://`, since a ticker
 * read over plain HTTP can be rewritten on the way and would price every invoice of the method. Outside production
 * (`allowLocal`) `http://` too, for a ticker on the developer's machine and the tests' local one.
 */
export function rateUrlProblem(raw: string, allowLocal: boolean): RateUrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password) return 'invalid';
  if (url.protocol === 'https:' || (allowLocal && url.protocol === 'http:')) return null;
  return 'scheme';
}

/**
 * Reads the endpoint once: its rate, or a short reason for staff (shown in the panel beside the method). A URL the
 * rule refuses is not fetched: a row saved before the rule (or outside production) is not read over plain HTTP.
 */
export async function readRate(
  url: string,
  path: string,
  options: { readonly allowLocal: boolean },
): Promise<{ readonly rate: string } | { readonly error: string }> {
  const problem = rateUrlProblem(url, options.allowLocal);
  if (problem === 'invalid') return { error: 'not a full URL without credentials' };
  if (problem === 'scheme') return { error: 'not an https:// URL' };
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    if (!response.ok) return { error: `HTTP ${response.status}` };
    if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
      await response.body?.cancel();
      return { error: 'answer too large' };
    }
    const body = await response.text();
    if (body.length > MAX_ANSWER_BYTES) return { error: 'answer too large' };
    return rateAt(JSON.parse(body) as unknown, path);
  } catch (error) {
    return { error: error instanceof SyntaxError ? 'not JSON' : 'unreachable' };
  }
}
