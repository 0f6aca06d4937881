// A rate endpoint is read only at a URL the outbound rule allows (issue #27: "a configurable HTTPS JSON endpoint"):
// in production `https://` alone, never credentials; a refused URL is not fetched at all, so a row saved before the
// rule cannot be read over plain HTTP. Its answer is read only up to 1 MB, and a rate further than ×2 either way from
// the accepted one is refused (issue #43).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { judgeRate, rateJump, rateUrlProblem, readRate } from './rates.ts';

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

it('refuses a rate past ×2 or ÷2 from the accepted one, exactly (×2 itself passes), and any first rate', () => {
  expect(rateJump('95.50', '191')).toBeNull();
  expect(rateJump('95.50', '47.75')).toBeNull();
  expect(rateJump('95.50', '191.000000000000000001')).toEqual({ up: true, factor: 2 });
  expect(rateJump('95.50', '47.749999999999999999')).toEqual({ up: false, factor: 2 });
  expect(rateJump('95.5', '1000000000000')).toEqual({ up: true, factor: 1e12 / 95.5 });
  expect(rateJump('95.5', '0.0000001')).toEqual({ up: false, factor: 955_000_000 });
  expect(judgeRate('95.5', '1000000000000')).toEqual({
    error: '1000000000000 refused: ×10,471,204,188 from the accepted 95.5, past the ×2 band',
    refused: true,
  });
  expect(judgeRate('95.5', '30')).toEqual({
    error: '30 refused: ÷3.18 from the accepted 95.5, past the ×2 band',
    refused: true,
  });
  expect(judgeRate('95.5', '120')).toEqual({ rate: '120' });
  expect(judgeRate(null, '1000000000000')).toEqual({ rate: '1000000000000' });
});

it('reads an answer as a stream and drops it past 1 MB: a huge chunked answer is not downloaded whole', async () => {
  // 64 MiB in 64 KiB chunks, no Content-Length, each written only once the socket takes it: what the server got out
  // before the client hung up is what the client read plus the kernel's socket buffers (a few MB on loopback).
  const whole = 64 * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const huge = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"last":"95.50","padding":"');
    const pump = () => {
      while (sent < whole && !response.destroyed) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      if (!response.destroyed) response.end('"}');
    };
    pump();
  });
  huge.listen(0, '127.0.0.1');
  await once(huge, 'listening');
  try {
    const url = `http://127.0.0.1:${(huge.address() as AddressInfo).port}/ticker`;
    const closed = new Promise<void>((resolve) => huge.once('connection', (socket) => socket.once('close', resolve)));
    expect(await readRate(url, 'last', { allowLocal: true })).toEqual({ error: 'answer too large' });
    await closed;
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  } finally {
    huge.closeAllConnections();
    await new Promise<void>((closed) => huge.close(() => closed()));
  }
});
