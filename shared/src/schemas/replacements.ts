import * as v from 'valibot';

/**
 * Replacing a proxy whose IP is bad (#49 item 9; Proxy-Seller's `replace`): within its term the proxy keeps its id,
 * login, password and term and goes to another free modem of the same country, city and operator — a new IP — free of
 * charge. The ports change when that modem is on another farm host.
 */

const timestamp = v.string();

/** How many times one proxy may be replaced within `PROXY_REPLACEMENT_WINDOW_DAYS` (a rolling window). */
export const PROXY_REPLACEMENTS_PER_MONTH = 3;
export const PROXY_REPLACEMENT_WINDOW_DAYS = 30;

/**
 * What replacing would do now (`GET /api/proxies/{id}/replace/`); changes nothing. `available`: other free modems of
 * the proxy's place (0: it would be refused). `left`: replacements left in the window; `next_at`: when the oldest one
 * in it leaves the window and one more is possible (null: none used). `ports_change`: no free modem on the proxy's own
 * host, so its ports would differ.
 */
export const ReplacementQuoteSchema = v.object({
  available: v.number(),
  limit: v.number(),
  left: v.number(),
  next_at: v.nullable(timestamp),
  ports_change: v.boolean(),
});
export type ReplacementQuote = v.InferOutput<typeof ReplacementQuoteSchema>;

/**
 * A replacement made (`POST /api/proxies/{id}/replace/` with an `Idempotency-Key`: 201; the same key again answers it
 * with 200). `ip`: the new modem's address as last reported (null while it has none); `left`: replacements left in the
 * window as of this one.
 */
export const ReplacementSchema = v.object({
  id: v.number(),
  proxy_id: v.number(),
  ip: v.nullable(v.string()),
  ports_changed: v.boolean(),
  http_port: v.number(),
  socks_port: v.number(),
  left: v.number(),
  created_at: timestamp,
});
export type Replacement = v.InferOutput<typeof ReplacementSchema>;
