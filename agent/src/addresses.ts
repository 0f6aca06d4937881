import { BlockList, isIP } from 'node:net';

/**
 * Addresses as sockets report them. A listener on `::` (dual stack) sees IPv4 clients as `::ffff:203.0.113.5`; a
 * whitelist entry `203.0.113.0/24` must still match them, so every address is compared in its plain form.
 */
export function plainAddress(address: string | undefined): string {
  if (!address) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** The family `net` wants for an address, 4 or 6 (0 for anything else, which callers treat as unusable). */
export function familyOf(address: string): 0 | 4 | 6 {
  return isIP(address) as 0 | 4 | 6;
}

/** A set of addresses and CIDR blocks, matched with Node's `BlockList` (no hand-written bit arithmetic). */
export class AddressSet {
  private readonly list = new BlockList();
  readonly size: number;

  /** `entries` are addresses or CIDR blocks already validated by the contract (`isIpOrCidr`). */
  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = familyOf(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(prefix), family);
    }
    this.size = entries.length;
  }

  has(address: string): boolean {
    if (this.size === 0) return false;
    const plain = plainAddress(address);
    const family = familyOf(plain);
    if (family === 0) return false;
    return this.list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/**
 * Where a customer's connection must never go: the farm host itself, its LAN (a HiLink modem's admin page at
 * 192.168.8.1, the API's private network), link-local cloud metadata (169.254.169.254) and the operator's CGNAT
 * range. The kernel routes a socket bound to a modem's address to 127.0.0.1 over `lo` all the same, so binding alone
 * does not keep a customer out of the host's own services.
 */
export const PRIVATE_TARGETS = new AddressSet([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/3',
  '::/128',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
]);
