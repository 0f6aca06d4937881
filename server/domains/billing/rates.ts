/**
 * A crypto method's rate from a provider: an HTTPS JSON endpoint staff name (an exchange's ticker, e.g.
 * `https://api.exchange.example/ticker?pair=USDTRUB`) and the path to the price in its answer (`data.0.last`). The
 * `payments.rates` job reads each such method once a minute; a failed read, or a rate past the band from the accepted
 * one, leaves the last rate to age, and a rate older than the method's limit makes it unavailable — never an invoice
 * at a price nobody checked.
 */
import { DECIMAL, toUnits } from '@proxy/contract/assets';

/** An exchange answers in well under this; a hung one must not hold the job. */
const READ_TIMEOUT_MS = 10_000;
/** A ticker is a few hundred bytes; anything past this is not one. */
const MAX_ANSWER_BYTES = 1_000_000;

/**
 * How far a rate may move from the last accepted one, either way (×2 or ÷2), before someone must look: the job refuses
 * a read past it and staff confirm a typed one (issue #43: a ticker answering `1e12`, or a slipped digit, would price
 * a 10,000 ₽ top-up at 0.0002 USDT). One constant for every method: halving or doubling between one accepted rate
 * and the next is no market move these assets make in the hours a rate may stand, and an asset that did move that far
 * gets its new rate from staff, confirmed.
 */
export const RATE_BAND = 2;

/** How many times a rate went up or down, when that is past the band. */
export interface RateJump {
  readonly up: boolean;
  /** The larger rate over the smaller (> RATE_BAND), for people: approximate. */
  readonly factor: number;
}

/** `next` against `current` (both positive decimals), or null when it stays within the band (exactly ×2 does). */
export function rateJump(current: string, next: string): RateJump | null {
  // Exact: at 18 decimals every decimal the contract allows (DECIMAL) is an integer, where a float would misjudge ×2
  // at the edge. Nothing else reaches here: typed rates and read ones pass DECIMAL first, stored ones were typed or read.
  const before = toUnits(current, 18);
  const after = toUnits(next, 18);
  if (before === null || after === null || before <= 0n || after <= 0n) return null;
  const band = BigInt(RATE_BAND);
  if (after <= before * band && after * band >= before) return null;
  const up = after > before;
  return { up, factor: up ? Number(after) / Number(before) : Number(before) / Number(after) };
}

/** A factor as a staff member reads it: two decimals while small (2.5), whole past 100 (10,471,204,188). */
export const formatFactor = (factor: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: factor < 100 ? 2 : 0 }).format(factor);

/** What became of a read: a rate to store, a failure, or a rate refused as implausible (`error` says why). */
export type RateRead =
  { readonly rate: string } | { readonly error: string } | { readonly error: string; readonly refused: true };

/**
 * A provider's rate against the method's accepted one (none yet: any rate is the first): kept, or refused past the
 * band, with the reason staff read beside the method, as terse as the job's other reasons.
 */
export function judgeRate(accepted: string | null, rate: string): RateRead {
  const jump = accepted === null ? null : rateJump(accepted, rate);
  if (!jump) return { rate };
  const move = `${jump.up ? '×' : '÷'}${formatFactor(jump.factor, 'en')}`;
  return {
    error: `${rate} refused: ${move} from the accepted ${accepted}, past the ×${RATE_BAND} band`,
    refused: true,
  };
}

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
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { error: `HTTP ${response.status}` };
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
      await response.body.cancel();
      return { error: 'answer too large' };
    }
    const body = await readAtMost(response.body, MAX_ANSWER_BYTES);
    if (body === null) return { error: 'answer too large' };
    return rateAt(JSON.parse(body) as unknown, path);
  } catch (error) {
    return { error: error instanceof SyntaxError ? 'not JSON' : 'unreachable' };
  }
}

/**
 * The body as text, or null once it passes `limit` bytes: read chunk by chunk and dropped there (the connection
 * closed), never buffered whole. A chunked answer has no length to check first, and `response.text()` held a 400 MiB
 * one in memory before looking at its size (issue #43: the process went from 590 MB to 1,847 MB). The limit counts
 * decoded bytes, so a small gzip bomb stops there too.
 */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<string | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}
