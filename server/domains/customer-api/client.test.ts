// A client generated from the OpenAPI document by a standard generator (issue #30: @hey-api/openapi-ts, its fetch
// client, committed in client/) runs a script's happy path against a listening server, on both databases: stock →
// quote → order once per Idempotency-Key → list → get → change IP → renew → balance and ledger. `tsc` checks every
// call here against the generated types.
import { API_KEY_SCOPES } from '@proxy/contract/schemas/api-keys';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { answerRotation, createCustomer, createFarm, freshPlace } from '../../test/orders.ts';
import { createClient } from './client/client/index.ts';
import {
  getBalance,
  getProxy,
  getStock,
  listLedger,
  listProxies,
  placeOrder,
  quoteOrder,
  quoteRenewal,
  renewProxies,
  rotateProxy,
} from './client/index.ts';

const DAY = 86_400_000;

describe.each(BACKENDS)('the generated client on $name', (backend) => {
  const suite = seededApp(backend, { farm: { rotationWaitMs: 3_000 } });
  let baseUrl = '';
  beforeAll(async () => {
    // The client speaks fetch, so the app listens on a real port.
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(suite.app.server.address() as AddressInfo).port}/api/v1`;
  });

  it('orders, lists, rotates and renews a proxy, and reads the charges in the balance and the ledger', async () => {
    const db = suite.testDb.db;
    const place = freshPlace('NL');
    const { hostId } = await createFarm(db, place, { online: 1 });
    const customer = await createCustomer(suite.app, db, 1_000_000);
    const made = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: 'generated client', scopes: API_KEY_SCOPES },
    });
    expect(made.statusCode, made.body).toBe(201);
    const client = createClient({ baseUrl, auth: made.json<{ secret: string }>().secret });

    const stock = await getStock({ client });
    expect(stock.response?.status).toBe(200);
    expect(stock.data?.stock).toContainEqual({ ...place, city_ru: '', operator_ru: '', free: 1 });

    const request = { ...place, period_days: 30, quantity: 1 };
    const quote = await quoteOrder({ client, body: request });
    expect(quote.data).toMatchObject({ quantity: 1, total: 390_000, balance_after: 610_000, available: 1 });

    const order = () => placeOrder({ client, body: request, headers: { 'Idempotency-Key': 'happy-order-1' } });
    const placed = await order();
    expect(placed.response?.status).toBe(201);
    expect(placed.data).toMatchObject({ status: 'paid', quantity: 1, total: 390_000, currency: 'RUB' });
    const proxyId = placed.data?.lines[0]?.proxy_id as number;
    expect(proxyId).toEqual(expect.any(Number));
    // The same Idempotency-Key again: the first order, not a second charge.
    const replayed = await order();
    expect(replayed.response?.status).toBe(200);
    expect(replayed.data?.id).toBe(placed.data?.id);

    const list = await listProxies({ client, query: { status: 'active' } });
    expect(list.response?.status).toBe(200);
    expect(list.data).toMatchObject({ count: 1, next: null, previous: null, results: [{ id: proxyId, ...place }] });
    const proxy = await getProxy({ client, path: { id: proxyId } });
    expect(proxy.data).toMatchObject({ id: proxyId, state: 'active', online: true, ...place });
    const expiresAt = new Date(String(proxy.data?.expires_at)).getTime();

    const rotating = rotateProxy({ client, path: { id: proxyId } });
    await answerRotation(db, hostId, proxyId, '203.0.113.77');
    const rotated = await rotating;
    expect(rotated.response?.status).toBe(200);
    expect(rotated.data).toEqual({ ok: true, ip: '203.0.113.77' });
    expect((await getProxy({ client, path: { id: proxyId } })).data?.ip).toBe('203.0.113.77');
    const tooSoon = await rotateProxy({ client, path: { id: proxyId } });
    expect(tooSoon.response?.status).toBe(429);
    expect(tooSoon.error?.error.code).toBe('rate_limited');

    const renewal = { ids: [proxyId], period_days: 30 };
    const renewQuote = await quoteRenewal({ client, body: renewal });
    expect(renewQuote.data).toMatchObject({ total: 390_000, balance: 610_000, balance_after: 220_000 });
    const renewed = await renewProxies({ client, body: renewal, headers: { 'Idempotency-Key': 'happy-renew-1' } });
    expect(renewed.response?.status).toBe(201);
    expect(renewed.data).toMatchObject({ total: 390_000, balance_after: 220_000, lines: [{ proxy_id: proxyId }] });
    expect(new Date(String(renewed.data?.lines[0]?.expires_at)).getTime()).toBe(expiresAt + 30 * DAY);

    const balance = await getBalance({ client });
    expect(balance.data).toEqual({ balance: 220_000, currency: 'RUB' });
    const ledger = await listLedger({ client });
    expect(ledger.response?.status).toBe(200);
    expect(ledger.data?.count).toBe(3);
    expect(ledger.data?.results.map(({ kind, amount, balance_after }) => ({ kind, amount, balance_after }))).toEqual([
      { kind: 'renewal', amount: -390_000, balance_after: 220_000 },
      { kind: 'purchase', amount: -390_000, balance_after: 610_000 },
      { kind: 'adjustment', amount: 1_000_000, balance_after: 1_000_000 },
    ]);
  });

  it('answers a refusal in the documented error shape, typed as the client’s error', async () => {
    const customer = await createCustomer(suite.app, suite.testDb.db);
    const made = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: 'reader', scopes: ['proxies:read'] },
    });
    const client = createClient({ baseUrl, auth: made.json<{ secret: string }>().secret });
    const refused = await getBalance({ client });
    expect(refused.response?.status).toBe(403);
    expect(refused.data).toBeUndefined();
    expect(refused.error).toEqual({ error: { code: 'forbidden', message: expect.any(String) } });
    const missing = await getProxy({ client, path: { id: 2_147_483_000 } });
    expect(missing.response?.status).toBe(404);
    expect(missing.error?.error.code).toBe('not_found');
  });
});
