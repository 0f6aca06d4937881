/**
 * Tokens in e-mail links, made the way the reference backend made them (docs/auth-api-contract.md, "Tokens and keys"),
 * all HMAC-SHA256 keyed from SECRET_KEY, so none of them needs storage:
 * - the e-mail confirmation key: Django's `signing.dumps(id, salt='account')` (allauth's EmailConfirmationHMAC);
 * - the password reset token: Django's PasswordResetTokenGenerator, which dies when the password hash or the last
 *   login changes;
 * - the unsubscribe token: Django's `Signer` over the user id (no timestamp: old mails keep working).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function base62Encode(value: number): string {
  if (value === 0) return '0';
  let out = '';
  for (let n = value; n > 0; n = Math.floor(n / 62)) out = BASE62[n % 62] + out;
  return out;
}

export function base62Decode(text: string): number | null {
  if (!/^[0-9A-Za-z]{1,11}$/.test(text)) return null;
  let n = 0;
  for (const c of text) n = n * 62 + BASE62.indexOf(c);
  return Number.isSafeInteger(n) ? n : null;
}

/** Django's `int_to_base36` / the uid of reset links (`1` → `1`, `36` → `10`). */
export function toBase36(value: number): string {
  return value.toString(36);
}

/** Django's `base36_to_int`: at most 13 characters (a 64-bit number), lower or upper case. */
export function fromBase36(text: string): number | null {
  if (!/^[0-9a-z]{1,13}$/i.test(text)) return null;
  const n = parseInt(text, 36);
  return Number.isSafeInteger(n) ? n : null;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** Django's `salted_hmac(key_salt, value, secret, algorithm='sha256')`. */
function saltedHmac(keySalt: string, value: string, secret: string): Buffer {
  const key = createHash('sha256')
    .update(keySalt + secret)
    .digest();
  return createHmac('sha256', key).update(value, 'utf8').digest();
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  // timingSafeEqual throws on different lengths; the length of a signature is no secret.
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Django's `Signer(salt=salt).sign(value)`: `value:signature`. */
export function sign(value: string, salt: string, secret: string): string {
  return `${value}:${b64url(saltedHmac(`${salt}signer`, value, secret))}`;
}

/** The signed value, or null when the signature is wrong. */
export function unsign(signed: string, salt: string, secret: string): string | null {
  const at = signed.lastIndexOf(':');
  if (at < 0) return null;
  const value = signed.slice(0, at);
  return safeEqual(signed, sign(value, salt, secret)) ? value : null;
}

/** Django's `signing.dumps(obj, salt)`: `<b64url(json)>:<base62 unix time>:<signature>`. */
export function dumps(obj: unknown, salt: string, secret: string, now = Date.now()): string {
  const data = b64url(JSON.stringify(obj));
  return sign(`${data}:${base62Encode(Math.floor(now / 1000))}`, salt, secret);
}

/** Django's `signing.loads(key, salt, max_age)`: the object, or null when tampered with, malformed or too old. */
export function loads(signed: string, salt: string, secret: string, maxAgeSeconds: number, now = Date.now()): unknown {
  if (signed.length > 1000) return null;
  const value = unsign(signed, salt, secret);
  if (value === null) return null;
  const at = value.lastIndexOf(':');
  const timestamp = base62Decode(value.slice(at + 1));
  if (at < 0 || timestamp === null || now / 1000 - timestamp > maxAgeSeconds) return null;
  try {
    return JSON.parse(Buffer.from(value.slice(0, at), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

// ---- the three kinds of link token ----

/** allauth's EMAIL_CONFIRMATION_EXPIRE_DAYS and Django's PASSWORD_RESET_TIMEOUT: 3 days. */
export const LINK_TOKEN_MAX_AGE_SECONDS = 3 * 24 * 60 * 60;
const EMAIL_CONFIRMATION_SALT = 'account';
const UNSUBSCRIBE_SALT = 'users.unsubscribe';
const RESET_KEY_SALT = 'django.contrib.auth.tokens.PasswordResetTokenGenerator';

export function makeEmailConfirmationKey(userId: number, secret: string, now?: number): string {
  return dumps(userId, EMAIL_CONFIRMATION_SALT, secret, now);
}

/** The user id the key was made for, or null. Whether the address is still unverified is the caller's check. */
export function readEmailConfirmationKey(key: string, secret: string, now?: number): number | null {
  const id = loads(key, EMAIL_CONFIRMATION_SALT, secret, LINK_TOKEN_MAX_AGE_SECONDS, now);
  return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : null;
}

export function makeUnsubscribeToken(userId: number, secret: string): string {
  return sign(b64url(JSON.stringify(userId)), UNSUBSCRIBE_SALT, secret);
}

export function readUnsubscribeToken(token: string, secret: string): number | null {
  if (token.length > 200) return null;
  const value = unsign(token, UNSUBSCRIBE_SALT, secret);
  if (value === null) return null;
  try {
    const id: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : null;
  } catch {
    return null;
  }
}

/** What a reset token is bound to: it dies when any of these change. */
export interface ResetTokenSubject {
  readonly id: number;
  readonly passwordHash: string;
  readonly lastLogin: Date | null;
  readonly email: string;
}

/** Django measures reset-token time in seconds since 2001-01-01. */
const RESET_EPOCH_MS = Date.UTC(2001, 0, 1);

/** Python's `str(datetime)` of last_login without microseconds or zone: `2024-05-01 12:30:00`. */
function loginTimestamp(lastLogin: Date | null): string {
  return lastLogin === null ? '' : lastLogin.toISOString().slice(0, 19).replace('T', ' ');
}

function resetTokenAt(user: ResetTokenSubject, timestamp: number, secret: string): string {
  const value = `${user.id}${user.passwordHash}${loginTimestamp(user.lastLogin)}${timestamp}${user.email}`;
  const digest = saltedHmac(RESET_KEY_SALT, value, secret).toString('hex');
  // Every second hex digit, as Django does "to shorten the URL": 32 hex characters.
  const short = [...digest].filter((_, index) => index % 2 === 0).join('');
  return `${toBase36(timestamp)}-${short}`;
}

export function makeResetToken(user: ResetTokenSubject, secret: string, now = Date.now()): string {
  return resetTokenAt(user, Math.floor((now - RESET_EPOCH_MS) / 1000), secret);
}

export function checkResetToken(user: ResetTokenSubject, token: string, secret: string, now = Date.now()): boolean {
  const match = /^([0-9a-z]{1,13})-([0-9a-f]{32})$/.exec(token);
  if (!match) return false;
  const timestamp = fromBase36(match[1] as string);
  if (timestamp === null) return false;
  if (!safeEqual(resetTokenAt(user, timestamp, secret), token)) return false;
  return (now - RESET_EPOCH_MS) / 1000 - timestamp <= LINK_TOKEN_MAX_AGE_SECONDS;
}

/**
 * The e-mail change link's key: the user, the new address, the address it replaces and a stamp of the password hash
 * the account had, signed and timed like the confirmation key (3 days). It dies once used (the stored address is then
 * no longer `from`) and with any password change or reset since it was asked for (the stamp no longer matches): a
 * key asked for with a stolen password stops working when the owner changes it.
 */
const EMAIL_CHANGE_SALT = 'users.email_change';

export interface EmailChangeClaim {
  readonly id: number;
  readonly from: string;
  readonly to: string;
  readonly stamp: string;
}

/** The part of a key that ties it to the password hash the account has: a short HMAC, never the hash itself. */
export function emailChangeStamp(passwordHash: string, secret: string): string {
  return saltedHmac(`${EMAIL_CHANGE_SALT}.stamp`, passwordHash, secret).toString('base64url').slice(0, 16);
}

export function makeEmailChangeKey(claim: EmailChangeClaim, secret: string, now?: number): string {
  return dumps([claim.id, claim.from, claim.to, claim.stamp], EMAIL_CHANGE_SALT, secret, now);
}

export function readEmailChangeKey(key: string, secret: string, now?: number): EmailChangeClaim | null {
  const value = loads(key, EMAIL_CHANGE_SALT, secret, LINK_TOKEN_MAX_AGE_SECONDS, now);
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [id, from, to, stamp] = value as unknown[];
  if (!Number.isSafeInteger(id) || (id as number) <= 0) return null;
  if (typeof from !== 'string' || typeof to !== 'string' || typeof stamp !== 'string') return null;
  return { id: id as number, from, to, stamp };
}

/** Whether a key's stamp is the one `passwordHash` gives (compared in constant time). */
export function emailChangeStampHolds(claim: EmailChangeClaim, passwordHash: string, secret: string): boolean {
  return safeEqual(claim.stamp, emailChangeStamp(passwordHash, secret));
}
