// A gateway's decimal amounts are read exactly into minor units before they are compared with an invoice.
import { expect, it } from 'vitest';
import { minorFromDecimal } from './gateway.ts';
import { PROVIDERS } from './providers.ts';

it('reads a decimal amount into minor units exactly, and nothing else', () => {
  expect(minorFromDecimal('1234.56')).toBe(123_456);
  expect(minorFromDecimal('1234.5')).toBe(123_450);
  expect(minorFromDecimal('1234')).toBe(123_400);
  // 0.1 + 0.2 territory: no float ever holds the amount.
  expect(minorFromDecimal('0.29')).toBe(29);
  for (const bad of ['', '1.234', '-1', '1e3', '1,5', ' 1', 'abc']) expect(minorFromDecimal(bad), bad).toBeNull();
});

it('has an adapter for every provider the contract names, and only gateways take webhooks', () => {
  expect(Object.keys(PROVIDERS).sort()).toEqual(['btcpay', 'manual', 'nowpayments']);
  expect(PROVIDERS.manual.readWebhook).toBeUndefined();
  expect(typeof PROVIDERS.btcpay.readWebhook).toBe('function');
  expect(typeof PROVIDERS.nowpayments.readWebhook).toBe('function');
});
