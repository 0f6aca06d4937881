/**
 * The network a client address counts as for the trial's per-address daily limit (#43). An IPv4 address is one
 * subscriber (or one NAT in front of many: the limit is per day, not per person). An IPv6 subscriber is handed a whole
 * /64 at least (RFC 6177 recommends /56 or /48), and its devices pick a new address in it whenever they like (privacy
 * addresses, RFC 8981): counting exact IPv6 addresses gave one home as many trials as it asked for. So an IPv6 client
 * counts as its /64, and an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, how a dual-stack socket reports an IPv4
 * client) as the IPv4 address it is.
 *
 * The key is what `trials.client_address` stores and the limit compares: a dotted quad, or the /64 as PostgreSQL's
 * `network(set_masklen(address, 64))` writes it (`2001:db8:0:1::/64`, `2001:db8::/64`), which migration 0140 used to
 * re-key the rows stored before. Text that is not an address (a forwarding proxy's garbage) counts as itself.
 */
import { isIP } from 'node:net';

const IPV4_MAPPED = [0, 0, 0, 0, 0, 0xffff];

/** The eight 16-bit groups of an IPv6 address `isIP` accepted (no zone), a dotted-quad tail as its two groups. */
function groupsOf(address: string): number[] {
  const parse = (text: string) =>
    text === ''
      ? []
      : text.split(':').flatMap((part) => {
          if (!part.includes('.')) return [Number.parseInt(part, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

export function clientNetwork(address: string): string {
  // A zone (`fe80::1%eth0`) names the server's own interface, not the client.
  const bare = address.split('%')[0] ?? address;
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return address;
  const groups = groupsOf(bare);
  if (IPV4_MAPPED.every((group, index) => groups[index] === group)) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  // The /64's four groups, the zero groups at its end (and the four after it) written `::`, as PostgreSQL writes it.
  const prefix = groups.slice(0, 4);
  while (prefix.length > 0 && prefix.at(-1) === 0) prefix.pop();
  return `${prefix.map((group) => group.toString(16)).join(':')}::/64`;
}
