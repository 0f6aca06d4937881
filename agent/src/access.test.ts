import { describe, expect, it } from 'vitest';
import { ProxyAccess } from './access.ts';
import { AddressSet, PRIVATE_TARGETS } from './addresses.ts';

describe('ProxyAccess', () => {
  const access = new ProxyAccess('alice', 's3cret-pass', ['203.0.113.0/24', '198.51.100.7', '2001:db8:1::/48']);

  it.each([
    ['right login and password, any address', '192.0.2.1', 'alice', 's3cret-pass', true],
    ['wrong password', '192.0.2.1', 'alice', 's3cret-pasS', false],
    ['another login with the password', '192.0.2.1', 'bob', 's3cret-pass', false],
    ['no password, outside the whitelist', '192.0.2.1', '', undefined, false],
    ['no password, inside a whitelisted block', '203.0.113.200', '', undefined, true],
    ['no password, the whitelisted address', '198.51.100.7', '', undefined, true],
    ['no password, next to the whitelisted address', '198.51.100.8', '', undefined, false],
    ['an IPv4-mapped IPv6 source (dual-stack listener)', '::ffff:203.0.113.9', '', undefined, true],
    ['an IPv6 source in a whitelisted block', '2001:db8:1::5', '', undefined, true],
    ['a wrong password from a whitelisted address', '203.0.113.5', 'alice', 'wrong', true],
  ])('%s', (_, source, login, password, admitted) => {
    expect(access.admit(source, login, password) !== null).toBe(admitted);
  });

  it('keeps an identity only while the rule that admitted it holds', () => {
    const identity = access.admit('192.0.2.1', 'alice', 's3cret-pass');
    if (!identity) throw new Error('not admitted');
    expect(access.holds(identity)).toBe(true);
    expect(new ProxyAccess('alice', 'regenerated', []).holds(identity)).toBe(false);
    expect(new ProxyAccess('alice', 'regenerated', ['192.0.2.0/28']).holds(identity)).toBe(true);
    expect(identity.passwordDigest?.toString()).not.toContain('s3cret');
  });

  it('gives equal rules equal keys, whitelist order aside', () => {
    expect(new ProxyAccess('a', 'p', ['203.0.113.1', '203.0.113.2']).key).toBe(
      new ProxyAccess('a', 'p', ['203.0.113.2', '203.0.113.1']).key,
    );
    expect(new ProxyAccess('a', 'p', []).key).not.toBe(new ProxyAccess('a', 'q', []).key);
  });

  // Stored before the API refused them, or sent by an API that forgot to: none may open the proxy to everyone.
  it.each([
    ['0.0.0.0/0', '192.0.2.1'],
    ['::/0', '2606:4700::1111'],
    ['::/80', '192.0.2.1'],
    ['::ffff:0:0/96', '192.0.2.1'],
    ['127.0.0.1/0', '192.0.2.1'],
    ['8.0.0.0/8', '8.8.8.8'],
    ['::ffff:01.2.3.4', '1.2.3.4'],
  ])('ignores the whitelist entry %s: %s still needs the password', (entry, source) => {
    const rule = new ProxyAccess('alice', 's3cret-pass', [entry, '198.51.100.7']);
    expect(rule.admit(source, '', undefined)).toBeNull();
    expect(rule.whitelisted(source)).toBe(false);
    expect(rule.admit(source, 'alice', 's3cret-pass')).not.toBeNull();
    expect(rule.admit('198.51.100.7', '', undefined)).not.toBeNull();
    expect(rule.key).toBe(new ProxyAccess('alice', 's3cret-pass', ['198.51.100.7']).key);
  });
});

describe('ProxyAccess with entries the API refuses as no client address', () => {
  // Narrow, so they open nothing to the world: the farm's own tools and tests whitelist such addresses.
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    ['127.0.0.64/30', '127.0.0.65'],
  ])('honours %s for %s', (entry, source) => {
    expect(new ProxyAccess('alice', 's3cret-pass', [entry]).whitelisted(source)).toBe(true);
  });
});

describe('PRIVATE_TARGETS', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '192.168.8.1',
    '169.254.169.254',
    '100.64.0.1',
    '::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('holds %s', (address) => expect(PRIVATE_TARGETS.has(address)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111'])('leaves out %s', (address) =>
    expect(PRIVATE_TARGETS.has(address)).toBe(false),
  );
  it('holds nothing when empty, and no garbage', () => {
    expect(new AddressSet([]).has('127.0.0.1')).toBe(false);
    expect(PRIVATE_TARGETS.has('not-an-address')).toBe(false);
  });
});
