/**
 * Authenticator codes (TOTP, RFC 6238 over RFC 4226's HOTP) and what keeps their secrets: HMAC-SHA1, 30-second
 * steps, 6 digits, the secret in base32 as every authenticator app reads it from the `otpauth://` URI. Written here on
 * node:crypto rather than taken from a library: the algorithm is a dozen lines, tested against the RFC's own vectors.
 *
 * Secrets are sealed with AES-256-GCM under a key derived from SECRET_KEY by HKDF, so a copy of the database alone
 * holds none of them; recovery codes are kept as HMACs under another derived key. Changing SECRET_KEY therefore
 * turns every enrolled authenticator off in effect (its secret no longer opens): recovery codes then fail too, and
 * staff reset the account's factors.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and the step after are accepted too: a phone's clock a little off, a code typed slowly. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 bits (RFC 4226 recommends them for SHA-1), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The 30-second step a moment falls in. */
export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 4226's HOTP of `counter` (here: a time step) under the base32 `secret`. */
export function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

export function totpAt(secret: string, nowMs: number): string {
  return hotp(secret, timeStep(nowMs));
}

/**
 * The step whose code `code` is, within the window around `nowMs` and after `lastStep` (a step once accepted never
 * is again, nor any before it), or null. Compared in constant time.
 */
export function matchTotp(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const current = timeStep(nowMs);
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code));
    if (same && found === null && (lastStep === null || step > lastStep)) found = step;
  }
  return found;
}

/** What authenticator apps read from the QR code (Google's Key Uri Format). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** A key of its own for each use, derived from SECRET_KEY: one leaked derived key opens nothing else. */
function derivedKey(secretKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'proxy-site two-factor', purpose, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: the version lets a later key or cipher sit beside this one. */
export function sealSecret(secret: string, secretKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secretKey, 'totp-secret'), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when it does not open (SECRET_KEY changed, or the value was tampered with). */
export function openSecret(sealed: string, secretKey: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derivedKey(secretKey, 'totp-secret'),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Recovery codes as people type them: `xxxxx-xxxxx`, lower-case base32 without look-alikes worth worrying about. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** Case, spaces and the dash do not matter when a recovery code is typed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z2-7]{10}$/.test(normalizeRecoveryCode(code));
}

export function hashRecoveryCode(code: string, secretKey: string): string {
  return createHmac('sha256', derivedKey(secretKey, 'recovery-code')).update(normalizeRecoveryCode(code)).digest('hex');
}
