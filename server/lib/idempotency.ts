/**
 * The `Idempotency-Key` header of a paying request (a top-up, an order, a renewal): a retried click or a lost answer
 * sent again answers what the first request made, instead of paying twice. The key is claimed in the paying
 * transaction by a unique index on (user, key); what the request asked is kept as a fingerprint beside it, so the same
 * key with another request is refused (422) rather than answered with something the client did not ask for.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from './messages.ts';
import { defineRefusals } from './refusal.ts';

export const IDEMPOTENCY_REFUSALS = defineRefusals('idempotency', {
  badKey: { status: 400, message: MESSAGES.badIdempotencyKey },
  keyRequired: { status: 400, message: MESSAGES.idempotencyKeyRequired },
  /** The key was used before with another request (another amount, another selection). */
  mismatch: { status: 422, message: MESSAGES.idempotencyMismatch },
});

/** Visible ASCII, as Stripe and the IETF draft take the key; anything else is a 400, not a silent new payment. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's key, or null without one; a malformed key is a 400. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY.test(raw)) {
    throw IDEMPOTENCY_REFUSALS.badKey();
  }
  return raw;
}

/** The key of a request that may not go without one (an order pays for modems: a retry must never buy twice). */
export function requiredIdempotencyKey(request: FastifyRequest): string {
  const key = idempotencyKey(request);
  if (key === null) throw IDEMPOTENCY_REFUSALS.keyRequired();
  return key;
}

/** SHA-256 of the request's parsed fields in a fixed key order (the order a client sent them in does not matter). */
export function fingerprint(fields: Readonly<Record<string, unknown>>): string {
  const canonical = JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((key) => [key, fields[key]]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}
