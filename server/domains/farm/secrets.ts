/**
 * The farm's secrets: a host's agent token, a proxy's login and password, and its change-IP token. All from the
 * operating system's CSPRNG; tokens are stored (or looked up) by their SHA-256.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** An agent host's token: 256 bits, shown to staff once. */
export const newHostToken = (): string => randomBytes(32).toString('base64url');

/** The change-IP link's token: 192 bits (the issue asks ≥ 128), URL-safe. */
export const newRotateToken = (): string => randomBytes(24).toString('base64url');

const LOWER = 'abcdefghijkmnpqrstuvwxyz23456789';
const MIXED = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

function pick(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/**
 * A proxy login: `u` and 9 characters without look-alikes (~45 bits, unique by the column's constraint). Letters and
 * digits only, so it goes into `http://login:password@host:port` and a SOCKS5 user name unescaped.
 */
export const newProxyLogin = (): string => `u${pick(LOWER, 9)}`;

/** A proxy password: 16 letters and digits without look-alikes (~93 bits), easy to copy and to type. */
export const newProxyPassword = (): string => pick(MIXED, 16);
