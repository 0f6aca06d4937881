import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { paths } from '../routes.ts';
import { pricePerDayFrom } from './orders.ts';
import { connectionString, exportProxies, ProxyUpdateSchema } from './proxies.ts';

const proxy = {
  id: 7,
  host: 'gw.example.com',
  http_port: 30000,
  socks_port: 30001,
  login: 'u7',
  password: 'p@ss:w/rd',
  country: 'RU',
  operator: 'MTS',
  expires_at: '2026-12-01T10:00:00.000Z',
  comment: '=HYPERLINK("x")',
};

describe('connection strings', () => {
  it('writes the three formats a tool takes, with the credentials encoded in URLs', () => {
    expect(connectionString(proxy, 'plain')).toBe('gw.example.com:30000:u7:p@ss:w/rd');
    expect(connectionString(proxy, 'http')).toBe('http://u7:p%40ss%3Aw%2Frd@gw.example.com:30000');
    expect(connectionString(proxy, 'socks5')).toBe('socks5://u7:p%40ss%3Aw%2Frd@gw.example.com:30001');
    expect(connectionString({ ...proxy, host: '2001:db8::1' }, 'http')).toContain('@[2001:db8::1]:30000');
  });

  it('exports txt one per line and csv with a header, a formula-looking comment disarmed', () => {
    expect(exportProxies([proxy, { ...proxy, id: 8, http_port: 30002 }], 'plain', 'txt')).toBe(
      'gw.example.com:30000:u7:p@ss:w/rd\ngw.example.com:30002:u7:p@ss:w/rd\n',
    );
    const csv = exportProxies([proxy], 'socks5', 'csv').split('\r\n');
    expect(csv[0]).toBe('id,host,http_port,socks_port,login,password,country,operator,expires_at,comment,proxy');
    expect(csv[1]).toBe(
      `7,gw.example.com,30000,30001,u7,p@ss:w/rd,RU,MTS,2026-12-01T10:00:00.000Z,"'=HYPERLINK(""x"")",socks5://u7:p%40ss%3Aw%2Frd@gw.example.com:30001`,
    );
  });
});

describe('proxy update', () => {
  it('takes 0 or 2–1440 minutes, and addresses or networks for the whitelist', () => {
    expect(v.safeParse(ProxyUpdateSchema, { auto_rotate_minutes: 1 }).success).toBe(false);
    expect(v.safeParse(ProxyUpdateSchema, { auto_rotate_minutes: 0 }).success).toBe(true);
    expect(v.safeParse(ProxyUpdateSchema, { whitelist: ['198.51.100.0/24', ' 1.2.3.4 '] }).output).toEqual({
      whitelist: ['198.51.100.0/24', '1.2.3.4'],
    });
    expect(v.safeParse(ProxyUpdateSchema, { whitelist: ['example.com'] }).success).toBe(false);
    expect(v.safeParse(ProxyUpdateSchema, { comment: 'x'.repeat(191) }).success).toBe(false);
  });
});

describe('whitelist entries', () => {
  /** The one message an entry is refused with, or null when it is taken. */
  const refusal = (entry: string) => {
    const issues = v.safeParse(ProxyUpdateSchema, { whitelist: [entry] }).issues ?? [];
    expect(issues.length).toBeLessThanOrEqual(1);
    return issues[0]?.message ?? null;
  };

  it.each([
    '203.0.113.7',
    '203.0.113.0/24',
    '203.0.113.128/25',
    '203.0.113.7/32',
    '8.8.8.8',
    '2001:db8::1',
    '2001:db8:1234::/48',
    '2001:db8::/64',
    '2001:db8::7/128',
    '2a00:1450:4001:82a::200e',
    '::ffff:203.0.113.7',
    '::ffff:203.0.113.0/120',
    '2001:db8:1:2:3:4:5::',
  ])('takes %s', (entry) => expect(refusal(entry)).toBeNull());

  // Each of these would let anyone, or the farm host's own side, use the proxy without its password.
  it.each([
    '0.0.0.0/0',
    '127.0.0.1/0',
    '203.0.113.0/23',
    '8.0.0.0/8',
    '::/0',
    '2000::/3',
    '2001:db8::/47',
    '::ffff:0:0/96',
    '::ffff:0:0/95',
    '::/80',
    '::ffff:203.0.113.0/119',
  ])('refuses %s as too wide', (entry) => expect(refusal(entry)).toBe('ip_range_too_wide'));

  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '127.0.0.1',
    '127.255.255.254/24',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.8.0/24',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::/128',
    '::ffff:127.0.0.1',
    '::FFFF:7f00:1',
    '::ffff:0.0.0.0',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    'fe80::1',
    'fd00::1',
    'fc00::/48',
    'ff02::1',
    'ff05::/64',
  ])('refuses %s as no client’s address', (entry) => expect(refusal(entry)).toBe('ip_range_reserved'));

  it.each(['example.com', '203.0.113.256', '1.2.3.4/', '::ffff:01.2.3.4', 'fe80::1%eth0', '1::2::3', '2001:db8::/129'])(
    'refuses %j as no address',
    (entry) => expect(refusal(entry)).toBe('ip_or_cidr'),
  );
});

describe('prices', () => {
  it('says "from N per day" by the cheapest day of the price list', () => {
    expect(pricePerDayFrom([])).toBeNull();
    expect(
      pricePerDayFrom([
        { period_days: 1, country: null, price: 500_00, currency: 'RUB', title: '' },
        { period_days: 30, country: null, price: 9_000_00, currency: 'RUB', title: '' },
        { period_days: 7, country: null, price: 2_900_00, currency: 'RUB', title: '' },
      ]),
    ).toEqual({ amount: 300_00, currency: 'RUB' });
    expect(paths.order('en', 30)).toBe('/en/order?period=30');
    expect(paths.order('ru')).toBe('/order');
  });
});
