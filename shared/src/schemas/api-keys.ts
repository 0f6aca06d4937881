import * as v from 'valibot';
import { requiredText } from './fields.ts';

/**
 * Customer API keys (issue #30): made on the account page, used by the customer's scripts on `/api/v1/` as
 * `Authorization: Bearer <key>`. The secret is in the create answer only; the list shows its prefix.
 */

const timestamp = v.string();

/**
 * What a key may do: read the proxies; change their settings, password and link; change their IP; quote, order and
 * renew (spends the balance); read the balance, ledger and invoices.
 */
export const API_KEY_SCOPES = [
  'proxies:read',
  'proxies:write',
  'proxies:rotate',
  'orders:write',
  'billing:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Keys one account may hold (revoked ones do not count). */
export const MAX_API_KEYS = 20;
export const MAX_API_KEY_NAME = 100;

export const ApiKeySchema = v.object({
  id: v.number(),
  name: v.string(),
  /** The secret's first characters, to tell keys apart (`mpk_1a2b3c4d`). */
  prefix: v.string(),
  scopes: v.array(v.picklist(API_KEY_SCOPES)),
  created_at: timestamp,
  /** Null until first used; refreshed at most once a minute. */
  last_used_at: v.nullable(timestamp),
  last_used_ip: v.string(),
  /** Null while the key works. */
  revoked_at: v.nullable(timestamp),
});
export type ApiKey = v.InferOutput<typeof ApiKeySchema>;

/** The create answer: the key and, this once, its secret. */
export const ApiKeyCreatedSchema = v.object({ ...ApiKeySchema.entries, secret: v.string() });
export type ApiKeyCreated = v.InferOutput<typeof ApiKeyCreatedSchema>;

export const ApiKeyCreateSchema = v.object({
  name: requiredText(MAX_API_KEY_NAME),
  scopes: v.pipe(v.array(v.picklist(API_KEY_SCOPES)), v.minLength(1), v.maxLength(API_KEY_SCOPES.length)),
});
export type ApiKeyCreate = v.InferOutput<typeof ApiKeyCreateSchema>;

/**
 * Every `/api/v1/` error: a stable `code` for scripts to branch on, the `message` in the `Accept-Language` language
 * (en by default), and per-field messages on a 400 about the input.
 */
export const ApiErrorSchema = v.object({
  error: v.object({
    code: v.string(),
    message: v.string(),
    fields: v.optional(v.record(v.string(), v.unknown())),
  }),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;
