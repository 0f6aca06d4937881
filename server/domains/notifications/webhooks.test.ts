// The webhook's guards without a network: which URLs production accepts (https to a public address only), the
// reserved ranges, the signature's exact form, and a delivery to a private address refused at the connection.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkedLookup, isReservedAddress, postWebhook, signatureHeader, webhookUrlProblem } from './webhooks.ts';

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
    ]) {
      expect(webhookUrlProblem(`https://${host}/hook`, false), host).toBe('address');
    }
    // Outside production a local receiver is fine, over http too.
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', true)).toBeNull();
  });

  it('knows the reserved ranges, IPv4-mapped IPv6 included', () => {
    for (const address of ['0.0.0.0', '100.64.0.1', '172.16.5.5', '::ffff:127.0.0.1', 'fe80::1', '224.0.0.1']) {
      expect(isReservedAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2a00:1450:4001:80b::200e']) {
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
});
