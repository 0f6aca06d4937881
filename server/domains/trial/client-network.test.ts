import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('the network a client address counts as for the trial limit', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    // How a dual-stack socket reports an IPv4 client: the IPv4 address it is.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    // An IPv6 client: its /64, however its devices pick their addresses in it.
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:a1b2:c3d4:e5f6:789', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8:0:1:5::1', '2001:db8:0:1::/64'],
    ['2001:db8::ffff:1', '2001:db8::/64'],
    ['2001:0:0:1::3', '2001:0:0:1::/64'],
    ['1:0:1::1', '1:0:1::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    // Not an address: counted as itself.
    ['unknown', 'unknown'],
    ['1.2.3.04', '1.2.3.04'],
  ])('%s → %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});
