import { createHash, timingSafeEqual } from 'node:crypto';
import { whitelistProblem } from '@proxy/contract/ip-ranges';
import { AddressSet, plainAddress } from './addresses.ts';

/** What makes a whitelist entry unsafe to honour at all: it is unreadable, or it holds everyone. */
const OPENING = new Set(['ip_or_cidr', 'ip_range_too_wide']);

/**
 * What a client presented when it was let in: its source address and the credentials it sent (the password only as
 * a digest). A session holds exactly as long as the same presentation would still be accepted, so a regenerated
 * password, a narrowed whitelist or a suspended proxy closes it, and nothing else does.
 */
export interface Identity {
  readonly source: string;
  readonly login: string;
  readonly passwordDigest: Buffer | null;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** One proxy's rule for who may use it: its login and password, or a source address in its whitelist. */
export class ProxyAccess {
  private readonly login: string;
  private readonly passwordDigest: Buffer;
  private readonly whitelist: AddressSet;
  /** Equal keys mean equal rules: `Gateway` compares them to skip revocation sweeps when nothing changed. */
  readonly key: string;

  constructor(login: string, password: string, whitelist: readonly string[]) {
    // The config may still carry an entry the API refuses now: stored before the rule, or written by a path that
    // skipped it. One too wide (`0.0.0.0/0`, `::/0`, `::/80`) would serve the proxy to anyone without the password,
    // so it is dropped here, and the rest of the list and the password still apply. A narrow loopback or private
    // entry opens nothing to the world: the farm's own tools and tests use one, so it is honoured.
    const honoured = whitelist.filter((entry) => !OPENING.has(whitelistProblem(entry) ?? ''));
    this.login = login;
    this.passwordDigest = digest(password);
    this.whitelist = new AddressSet(honoured);
    this.key = JSON.stringify([login, this.passwordDigest.toString('hex'), honoured.sort()]);
  }

  /** The identity to remember for this client, or null: refuse it (407, or SOCKS5 authentication failure). */
  admit(source: string | undefined, login: string | undefined, password: string | undefined): Identity | null {
    const identity: Identity = {
      source: plainAddress(source),
      login: login ?? '',
      passwordDigest: password === undefined ? null : digest(password),
    };
    return this.holds(identity) ? identity : null;
  }

  whitelisted(source: string | undefined): boolean {
    return this.whitelist.has(plainAddress(source));
  }

  holds(identity: Identity): boolean {
    if (this.whitelist.has(identity.source)) return true;
    if (identity.passwordDigest === null || identity.login !== this.login) return false;
    // Digests have one length, so the compare takes the same time whatever the guess.
    return timingSafeEqual(identity.passwordDigest, this.passwordDigest);
  }
}
