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
    expect(v.safeParse(ProxyUpdateSchema, { whitelist: ['10.0.0.0/8', ' 1.2.3.4 '] }).output).toEqual({
      whitelist: ['10.0.0.0/8', '1.2.3.4'],
    });
    expect(v.safeParse(ProxyUpdateSchema, { whitelist: ['example.com'] }).success).toBe(false);
    expect(v.safeParse(ProxyUpdateSchema, { comment: 'x'.repeat(191) }).success).toBe(false);
  });
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
