/**
 * Idempotency keys for requests that create something (an invoice, an order): the server answers a key it has seen
 * with what it made the first time, so a request whose answer was lost can be sent again without making two.
 */

/**
 * A random Idempotency-Key. Not `crypto.randomUUID()`: browsers offer it only in secure contexts, and a site served
 * over plain HTTP on a LAN address would lose its requests to a TypeError.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One attempt at a request: what was asked and the key it was asked with. */
export interface Attempt {
  readonly request: string;
  readonly key: string;
}

/**
 * The attempt for sending `request`: the previous one when it asks the same (a retry after a lost answer or a 5xx,
 * which must not make a second one), else a new key (anything changed is a new request). Build `request` the same
 * way each time: it is compared as JSON.
 */
export function attemptFor(previous: Attempt | null, request: unknown): Attempt {
  const asked = JSON.stringify(request);
  return previous?.request === asked ? previous : { request: asked, key: newIdempotencyKey() };
}
