import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { PRIVATE_TARGETS, familyOf } from '../addresses.ts';

/**
 * Whether customers may reach private addresses (`deny` on a real farm, see `PRIVATE_TARGETS`; `allow` with the
 * simulator, whose whole point is a target on this machine).
 */
export type PrivateTargets = 'allow' | 'deny';

/**
 * A target the policy refuses (the listener answers 403, or SOCKS5 "connection not allowed by ruleset"), or one it
 * admits, with the `lookup` to connect with (undefined: the default one).
 */
export type Admission = { readonly refused: true } | { readonly refused: false; readonly lookup?: LookupFunction };

export interface TargetPolicy {
  /** Decides on `host`, an address literal (IPv6 with or without brackets) or a name. Never rejects. */
  admit(host: string): Promise<Admission>;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` that answers with the addresses already checked, never asking DNS again: a name resolved to a public
 * address for the check cannot resolve to 127.0.0.1 for the connection (DNS rebinding). It keeps to the family the
 * socket asks for (the modem's), as `dns.lookup` would.
 */
function pinned(hostname: string, addresses: readonly LookupAddress[]): LookupFunction {
  return ((_name: string, options: { family?: number | string; all?: boolean }, callback: LookupCallback) => {
    const family = options.family === 'IPv6' ? 6 : options.family === 'IPv4' ? 4 : Number(options.family ?? 0);
    const usable = addresses.filter((entry) => family === 0 || entry.family === family);
    const first = usable[0];
    if (!first) {
      const error = Object.assign(new Error(`${hostname} has no public IPv${family} address`), { code: 'ENOTFOUND' });
      return callback(error, []);
    }
    if (options.all) return callback(null, usable);
    return callback(null, first.address, first.family);
  }) as LookupFunction;
}

/** A `lookup` that fails the way resolving `hostname` just did, so the listener answers as for any unknown name. */
function failing(error: NodeJS.ErrnoException): LookupFunction {
  return ((_name: string, _options: unknown, callback: LookupCallback) => callback(error, [])) as LookupFunction;
}

/**
 * Names are resolved here, once, before anything connects: a name with only private addresses (`localhost`, a
 * rebinding domain) is refused like the literal, so the customer gets a clear refusal instead of a closed connection,
 * and the connection then uses exactly the public addresses that were checked.
 */
async function admitPublic(host: string): Promise<Admission> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (familyOf(bare) !== 0) return PRIVATE_TARGETS.has(bare) ? { refused: true } : { refused: false };
  let addresses: LookupAddress[];
  try {
    addresses = await dnsLookup(bare, { all: true });
  } catch (error) {
    return { refused: false, lookup: failing(error as NodeJS.ErrnoException) };
  }
  const allowed = addresses.filter((entry) => !PRIVATE_TARGETS.has(entry.address));
  if (allowed.length === 0) return { refused: true };
  return { refused: false, lookup: pinned(bare, allowed) };
}

export function targetPolicy(privateTargets: PrivateTargets): TargetPolicy {
  if (privateTargets === 'allow') return { admit: () => Promise.resolve({ refused: false }) };
  return { admit: admitPublic };
}
