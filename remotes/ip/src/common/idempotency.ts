/**
 * A random Idempotency-Key. Not `crypto.randomUUID()`: browsers offer it only in secure contexts, and a site served
 * over plain HTTP on a LAN address would lose its renewals to a TypeError.
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
 * The attempt for sending `request`: the previous one when it asks the same (a retry after a lost answer, which must
 * not renew twice), else a new key (another period or selection is another renewal).
 */
export function attemptFor(previous: Attempt | null, request: unknown): Attempt {
  const asked = JSON.stringify(request);
  return previous?.request === asked ? previous : { request: asked, key: newIdempotencyKey() };
}
