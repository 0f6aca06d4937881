// A rate endpoint is read only at a URL the outbound rule allows (issue #27: "a configurable HTTPS JSON endpoint"):
// in production `https://` alone, never credentials; a refused URL is not fetched at all, so a row saved before the
// rule cannot be read over plain HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rateUrlProblem, readRate } from './rates.ts';

let server: Server;
let base = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ last: '95.50' }));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

it('allows https:// everywhere and http:// only outside production; never a user name or password', () => {
  expect(rateUrlProblem('https://api.exchange.example/ticker?pair=USDTRUB', false)).toBeNull();
  expect(rateUrlProblem('http://api.exchange.example/ticker', false)).toBe('scheme');
  expect(rateUrlProblem('http://127.0.0.1:8080/ticker', true)).toBeNull();
  expect(rateUrlProblem('ftp://api.exchange.example/ticker', true)).toBe('scheme');
  expect(rateUrlProblem('https://user:pass@api.exchange.example/ticker', false)).toBe('invalid');
  expect(rateUrlProblem('https://user@api.exchange.example/ticker', true)).toBe('invalid');
  expect(rateUrlProblem('api.exchange.example/ticker', true)).toBe('invalid');
});

it('refuses an http:// endpoint when local is not allowed, without a request; reads it when it is', async () => {
  expect(await readRate(`${base}/ticker`, 'last', { allowLocal: false })).toEqual({ error: 'not an https:// URL' });
  expect(
    await readRate(base.replace('http://', 'http://user:pass@') + '/ticker', 'last', { allowLocal: true }),
  ).toEqual({
    error: 'not a full URL without credentials',
  });
  expect(requests).toBe(0);
  expect(await readRate(`${base}/ticker`, 'last', { allowLocal: true })).toEqual({ rate: '95.50' });
  expect(requests).toBe(1);
});
