// The webhook's guards without a network: which URLs production accepts (https to a public address only), the
// reserved ranges (IPv6 forms that carry an IPv4 address included), the signature's exact form, and a delivery to a
// private address refused at the connection with the reason any other failure to connect gives.
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { checkedLookup, isReservedAddress, postWebhook, signatureHeader, webhookUrlProblem } from './webhooks.ts';

// Two names without a network: an intranet host (a private address) and one that does not exist.
vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof import('node:dns')>();
  const lookup = (hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    if (hostname === 'intranet.example') return callback(null, [{ address: '10.20.30.40', family: 4 }]);
    if (hostname === 'missing.example') {
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    }
    return dns.lookup(hostname, options, callback);
  };
  return { ...dns, lookup };
});

describe('webhook URLs', () => {
  it('accepts https to a public host in production and refuses the rest', () => {
    expect(webhookUrlProblem('https://hooks.example.com/proxy?x=1', false)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/', false)).toBe('scheme');
    expect(webhookUrlProblem('not a url', false)).toBe('invalid');
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/', false)).toBe('invalid');
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.10',
      '169.254.169.254',
      '[::1]',
      '[fd00::1]',
      'localhost',
      // Site-local, 6to4 of 127.0.0.1 and of a public address, IPv4-compatible and IPv4-translated 127.0.0.1.
      '[fec0::1]',
      '[2002:7f00:1::1]',
      '[2002:808:808::1]',
      '[::127.0.0.1]',
      '[::ffff:0:127.0.0.1]',
    ]) {
      expect(webhookUrlProblem(`https://${host}/hook`, false), host).toBe('address');
    }
    // Outside production a local receiver is fine, over http too.
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', true)).toBeNull();
  });

  it('knows the reserved ranges, the IPv6 forms that carry an IPv4 address included', () => {
    for (const address of [
      '0.0.0.0',
      '100.64.0.1',
      '172.16.5.5',
      '::ffff:127.0.0.1',
      'fe80::1',
      '224.0.0.1',
      'fec0::1',
      '2002:a00:1::1',
      '::a00:1',
      '::ffff:0:a00:1',
      '64:ff9b:1::a00:1',
    ]) {
      expect(isReservedAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8']) {
      expect(isReservedAddress(address), address).toBe(false);
    }
  });

  it('signs "<t>.<body>" with HMAC-SHA256 under the secret', () => {
    const body = '{"event":"webhook_test"}';
    const at = new Date(Date.UTC(2030, 0, 1));
    const t = Math.floor(at.getTime() / 1000);
    const v1 = createHmac('sha256', 'whsec_x').update(`${t}.${body}`).digest('hex');
    expect(signatureHeader('whsec_x', body, at)).toBe(`t=${t},v1=${v1}`);
  });

  it('refuses to connect to a name that resolves to a private address in production', async () => {
    // The lookup every delivery connects through: `localhost` resolves to loopback without a network.
    const resolve = (allowLocal: boolean) =>
      new Promise<string>((done) =>
        checkedLookup(allowLocal)('localhost', { family: 4 }, (error, address) =>
          done(error ? 'refused' : String(address)),
        ),
      );
    expect(await resolve(false)).toBe('refused');
    expect(await resolve(true)).toBe('127.0.0.1');
    const local = await postWebhook('https://127.0.0.1/', '{}', {}, { allowLocal: false });
    expect(local).toEqual({ status: null, error: 'the URL is not allowed (address)' });
  });

  it('fails a name that resolves to a private address as it fails one that does not resolve, or a closed port', async () => {
    // The delivery log shows this reason: were it another, a customer could map the internal host names.
    const intranet = await postWebhook('https://intranet.example/hook', '{}', {}, { allowLocal: false });
    expect(intranet).toEqual({ status: null, error: 'could not connect' });
    expect(await postWebhook('https://missing.example/hook', '{}', {}, { allowLocal: false })).toEqual(intranet);
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    expect(await postWebhook(`http://127.0.0.1:${port}/hook`, '{}', {}, { allowLocal: true })).toEqual(intranet);
  });
});
