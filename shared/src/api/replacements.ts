import { decodeWith } from './decode.ts';
import {
  type Replacement,
  type ReplacementQuote,
  ReplacementQuoteSchema,
  ReplacementSchema,
} from '../schemas/replacements.ts';
import type { ApiClient } from './client.ts';

/** What replacing the proxy would do now: other free modems of its place, replacements left, whether ports change. */
export function quoteReplacement(api: ApiClient, id: number, signal?: AbortSignal): Promise<ReplacementQuote> {
  return api.request(`/api/proxies/${id}/replace/`, { signal, decode: decodeWith(ReplacementQuoteSchema) });
}

/**
 * Puts the proxy (same id, login, password and term) on another free modem of its place: a new IP, free of charge;
 * the same `idempotencyKey` answers the same replacement. Refusals arrive as an `ApiError` with `detail`: 409 no other
 * free modem there or a transfer pending, 403 a proxy not active or a free trial's, 429 the monthly limit used up
 * (saying when the next one is possible).
 */
export function replaceProxy(api: ApiClient, id: number, idempotencyKey: string): Promise<Replacement> {
  return api.request(`/api/proxies/${id}/replace/`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
    decode: decodeWith(ReplacementSchema),
  });
}
