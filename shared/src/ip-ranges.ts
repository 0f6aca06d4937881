/**
 * IP addresses and CIDR ranges as a proxy's whitelist takes them: who may use the proxy without its password
 * (docs/product.md: "one address or a small range; nothing that opens the proxy to everyone"). The form, the API
 * and the agent apply this one rule; it is parsed here by hand, because `node:net` is not there in the browser.
 */

/** The widest whitelist ranges: an IPv4 /24 is 256 addresses, an IPv6 /48 one site's allocation. */
export const MIN_IPV4_PREFIX = 24;
export const MIN_IPV6_PREFIX = 48;

/** Why an entry is refused; also the contract's issue messages (the server words them, the form translates them). */
export type WhitelistProblem = 'ip_or_cidr' | 'ip_range_too_wide' | 'ip_range_reserved';

/** A dotted quad without leading zeros (`010.0.0.1` reads as octal to some tools, as decimal to others). */
export const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** An address as its parts: IPv4 as 4 octets (8 bits each), IPv6 as 8 groups (16 bits each). */
interface Range {
  readonly family: 4 | 6;
  readonly parts: readonly number[];
  readonly prefix: number;
}

const partBits = (family: 4 | 6) => (family === 4 ? 8 : 16);

function parseIpv4(text: string): number[] | null {
  return IPV4.test(text) ? text.split('.').map(Number) : null;
}

/** The groups of `part:part:…`, the last one possibly a dotted quad (`::ffff:203.0.113.7`); null if malformed. */
function groupsOf(text: string, ipv4Tail: boolean): number[] | null {
  if (text === '') return [];
  const groups: number[] = [];
  const items = text.split(':');
  for (const [index, item] of items.entries()) {
    const quad = ipv4Tail && index === items.length - 1 ? parseIpv4(item) : null;
    if (quad) groups.push(((quad[0] ?? 0) << 8) | (quad[1] ?? 0), ((quad[2] ?? 0) << 8) | (quad[3] ?? 0));
    else if (HEX_GROUP.test(item)) groups.push(Number.parseInt(item, 16));
    else return null;
  }
  return groups;
}

/**
 * RFC 4291 text: eight groups, or fewer around one `::`, a dotted quad allowed last. No zone (`fe80::1%eth0`): a
 * whitelist is about remote clients, and Node's `BlockList` would not honour one.
 */
function parseIpv6(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '', true) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const zeros = 8 - head.length - tail.length;
  return zeros >= 1 ? [...head, ...Array<number>(zeros).fill(0), ...tail] : null;
}

function parseRange(value: string): Range | null {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return null;
  const ipv4 = parseIpv4(address);
  const parts = ipv4 ?? parseIpv6(address);
  if (!parts) return null;
  const family = ipv4 ? 4 : 6;
  const bits = family === 4 ? 32 : 128;
  const length = prefix === undefined ? bits : Number(prefix);
  return length <= bits ? { family, parts, prefix: length } : null;
}

/** An IPv4 or IPv6 address, or a CIDR block of either (`203.0.113.0/24`, `2001:db8::/32`), however wide. */
export function isIpOrCidr(value: string): boolean {
  return parseRange(value) !== null;
}

const block = (cidr: string) => parseRange(cidr) as Range;

/**
 * Never a customer's address as the gateway sees it, so never a whitelist entry. Beyond the obvious (unspecified,
 * loopback, multicast, broadcast), private, shared (CGNAT) and link-local sources only reach the gateway from the
 * farm's own networks: and where a tunnel or port forwarder sits in front of the farm (frp, `ssh -R`, a NAT box),
 * every client arrives from its one loopback or private address, so whitelisting that address opens the proxy to all.
 * `::/8` holds `::`, `::1`, the IPv4-compatible `::a.b.c.d` and NAT64's `64:ff9b::/96`; the IPv4-mapped
 * `::ffff:0:0/96` inside it is judged as the IPv4 range it maps (`BlockList` matches IPv4 clients against it, so
 * `::ffff:0:0/96` is `0.0.0.0/0`).
 */
const RESERVED: readonly Range[] = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/8',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
].map(block);
const IPV4_MAPPED = block('::ffff:0:0/96');

/** True when the first `length` bits of `a` and `b` (of one family) are the same. */
function samePrefix(a: Range, b: Range, length: number): boolean {
  const size = partBits(a.family);
  for (let index = 0, left = length; left > 0; index += 1, left -= size) {
    const shift = size - Math.min(size, left);
    if ((a.parts[index] ?? 0) >> shift !== (b.parts[index] ?? 0) >> shift) return false;
  }
  return true;
}

/** `::ffff:203.0.113.0/120` as `203.0.113.0/24`; any other range as it is. */
function unmapped(range: Range): Range {
  if (range.family === 4 || range.prefix < IPV4_MAPPED.prefix || !samePrefix(range, IPV4_MAPPED, 96)) return range;
  const [high = 0, low = 0] = range.parts.slice(6);
  return { family: 4, parts: [high >> 8, high & 0xff, low >> 8, low & 0xff], prefix: range.prefix - 96 };
}

/** Why `value` may not be a whitelist entry, or null: it may. */
export function whitelistProblem(value: string): WhitelistProblem | null {
  const parsed = parseRange(value);
  if (!parsed) return 'ip_or_cidr';
  // A range holding all of `::ffff:0:0/96` holds every IPv4 client: `::/80` is as open as `0.0.0.0/0`.
  if (parsed.family === 6 && parsed.prefix < IPV4_MAPPED.prefix && samePrefix(parsed, IPV4_MAPPED, parsed.prefix)) {
    return 'ip_range_too_wide';
  }
  const range = unmapped(parsed);
  if (range.prefix < (range.family === 4 ? MIN_IPV4_PREFIX : MIN_IPV6_PREFIX)) return 'ip_range_too_wide';
  const overlaps = (reserved: Range) =>
    reserved.family === range.family && samePrefix(range, reserved, Math.min(range.prefix, reserved.prefix));
  return RESERVED.some(overlaps) ? 'ip_range_reserved' : null;
}
