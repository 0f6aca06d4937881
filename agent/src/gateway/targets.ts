import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { PRIVATE_TARGETS, familyOf } from '../addresses.ts';

/**
 * Whether customers may reach private addresses (`deny` on a real farm, see `PRIVATE_TARGETS`; `allow` with the
 * simulator, whose whole point is a target on this machine).
 */
export type PrivateTargets = 'allow' | 'deny';

export interface TargetPolicy {
  /** True when `host` is an address literal the policy refuses; names are checked by `lookup` after resolving. */
  refusesLiteral(host: string): boolean;
  /** A `lookup` for `net.connect` / `http.request` that drops refused addresses (undefined: the default one). */
  readonly lookup: LookupFunction | undefined;
}

export class RefusedTargetError extends Error {
  readonly code = 'ENOTFOUND';
  constructor(hostname: string) {
    super(`${hostname} resolves only to addresses the proxy does not reach`);
    this.name = 'RefusedTargetError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Resolves as `dns.lookup` does and keeps only public addresses, so a name pointing at 127.0.0.1 or 169.254.169.254
 * (DNS rebinding included: the check is on the address the socket then connects to) is refused like the literal.
 */
const publicOnlyLookup = ((hostname: string, options: LookupOptions, callback: LookupCallback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowed = addresses.filter((entry) => !PRIVATE_TARGETS.has(entry.address));
    const first = allowed[0];
    if (!first) return callback(new RefusedTargetError(hostname), []);
    if (options.all) return callback(null, allowed);
    return callback(null, first.address, first.family);
  });
}) as LookupFunction;

export function targetPolicy(privateTargets: PrivateTargets): TargetPolicy {
  if (privateTargets === 'allow') return { refusesLiteral: () => false, lookup: undefined };
  return {
    refusesLiteral: (host) => {
      const bare = host.startsWith('[') ? host.slice(1, -1) : host;
      return familyOf(bare) !== 0 && PRIVATE_TARGETS.has(bare);
    },
    lookup: publicOnlyLookup,
  };
}
