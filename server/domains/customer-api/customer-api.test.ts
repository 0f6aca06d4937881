// The customer API (issue #30): keys made, listed and revoked on the account; `/api/v1/` reached with them alone,
// each route behind its scope, another customer's proxy a 404, revocation and blocking at once on every process,
// per-key rate limits told in headers, and errors in the API's one shape in the request's language.
import { API_KEY_SCOPES, MAX_API_KEYS, type ApiKeyScope } from '@proxy/contract/schemas/api-keys';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, seededApp, type SeededTestDb } from '../../test/helpers.ts';
import { answerRotation, createCustomer, createFarm, freshPlace, type Customer } from '../../test/orders.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { farmService } from '../farm/index.ts';

const DAY = 86_400_000;
const KEY = /^mpk_[0-9a-f]{8}_[0-9a-f]{40}$/;

describe.each(BACKENDS)('the customer API on $name', (backend) => {
  const suite = seededApp(backend, { farm: { rotationWaitMs: 3_000 } });
  const db = () => suite.testDb.db;

  async function makeKey(customer: Customer, scopes: readonly ApiKeyScope[] = API_KEY_SCOPES, name = 'script') {
    const answer = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name, scopes },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ id: number; secret: string; prefix: string }>();
  }
  /** A customer with one proxy on an online modem. */
  async function owner() {
    const customer = await createCustomer(suite.app, db());
    const { hostId, modemIds } = await createFarm(db(), freshPlace(), { online: 1 });
    const proxy = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    return { customer, hostId, proxyId: proxy.id };
  }
  const call = (
    secret: string,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    headers: Record<string, string> = EN,
  ) =>
    suite.app.inject({
      method,
      url,
      headers: { ...headers, authorization: `Bearer ${secret}` },
      ...(payload ? { payload } : {}),
    });

  it('makes a key whose secret is shown once, lists it by prefix, and revokes it', async () => {
    const customer = await createCustomer(suite.app, db());
    const created = await makeKey(customer, ['proxies:read', 'proxies:read', 'billing:read'], '  Scraper  ');
    expect(created).toMatchObject({ name: 'Scraper', scopes: ['proxies:read', 'billing:read'], revoked_at: null });
    expect(created.secret).toMatch(KEY);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    const [row] = await db().query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [created.id]);
    expect(row?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await db().query('SELECT * FROM api_keys'))).not.toContain(created.secret);

    const list = await suite.app.inject({ method: 'GET', url: '/api/users/api-keys/', headers: customer.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toEqual([
      {
        id: created.id,
        name: 'Scraper',
        prefix: created.prefix,
        scopes: ['proxies:read', 'billing:read'],
        created_at: expect.any(String),
        last_used_at: null,
        last_used_ip: '',
        revoked_at: null,
      },
    ]);
    expect(list.body).not.toContain(created.secret);

    // Used once: the time and address are on the list.
    expect((await call(created.secret, 'GET', '/api/v1/proxies/')).statusCode).toBe(200);
    const used = await suite.app.inject({ method: 'GET', url: '/api/users/api-keys/', headers: customer.headers });
    expect(used.json()[0]).toMatchObject({ last_used_at: expect.any(String), last_used_ip: '127.0.0.1' });

    const stranger = await createCustomer(suite.app, db());
    const url = `/api/users/api-keys/${created.id}/`;
    expect((await suite.app.inject({ method: 'DELETE', url, headers: stranger.headers })).statusCode).toBe(404);
    expect((await suite.app.inject({ method: 'DELETE', url, headers: customer.headers })).statusCode).toBe(204);
    expect((await suite.app.inject({ method: 'DELETE', url, headers: customer.headers })).statusCode).toBe(404);
    const after = await suite.app.inject({ method: 'GET', url: '/api/users/api-keys/', headers: customer.headers });
    expect(after.json()[0].revoked_at).toEqual(expect.any(String));
  });

  it("writes a key's last use at most once a minute", async () => {
    const customer = await createCustomer(suite.app, db());
    const { id, secret } = await makeKey(customer, ['proxies:read']);
    const lastUsed = async () =>
      (await db().query<{ at: string }>('SELECT last_used_at::text AS at FROM api_keys WHERE id = $1', [id]))[0]?.at;
    await call(secret, 'GET', '/api/v1/proxies/');
    const first = await lastUsed();
    expect(first).toEqual(expect.any(String));
    await suite.app.apiKeys.sync();
    await call(secret, 'GET', '/api/v1/proxies/');
    expect(await lastUsed()).toBe(first);
    await db().query(`UPDATE api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
    await suite.app.apiKeys.sync();
    await call(secret, 'GET', '/api/v1/proxies/');
    expect(new Date(String(await lastUsed())).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    [EN, { name: ['This field may not be blank.'], scopes: [['"admin" is not a valid choice.']] }],
    [RU, { name: ['Это поле не может быть пустым.'], scopes: [['Значения admin нет среди допустимых вариантов.']] }],
  ])('refuses a blank name and an unknown scope, worded (%o)', async (language, expected) => {
    const customer = await createCustomer(suite.app, db(), 0, language);
    const answer = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: ' ', scopes: ['admin'] },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(expected);
  });

  it(`holds an account to ${MAX_API_KEYS} live keys; a revoked one makes room`, async () => {
    const customer = await createCustomer(suite.app, db());
    const keys = [];
    for (let i = 0; i < MAX_API_KEYS; i++) keys.push(await makeKey(customer, ['proxies:read'], `key ${i}`));
    const over = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: 'one more', scopes: ['proxies:read'] },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      detail: 'An account may hold at most 20 API keys: revoke one you no longer use first.',
    });
    await suite.app.inject({ method: 'DELETE', url: `/api/users/api-keys/${keys[0]?.id}/`, headers: customer.headers });
    await makeKey(customer, ['proxies:read'], 'one more');
  });

  it('takes keys under /api/v1/ only, and login tokens everywhere but there', async () => {
    const customer = await createCustomer(suite.app, db());
    const { secret } = await makeKey(customer);
    // A key on the account's endpoints is no credential at all.
    for (const url of ['/api/users/', '/api/users/api-keys/', '/api/users/sessions/']) {
      const answer = await suite.app.inject({
        method: 'GET',
        url,
        headers: { ...EN, authorization: `Bearer ${secret}` },
      });
      expect(answer.statusCode, url).toBe(401);
    }
    const asToken = await suite.app.inject({ method: 'GET', url: '/api/users/', headers: tokenHeader(secret) });
    expect(asToken.statusCode).toBe(401);
    // A login token on the customer API is none either.
    const login = await suite.app.inject({ method: 'GET', url: '/api/v1/proxies/', headers: customer.headers });
    expect(login.statusCode).toBe(401);
    expect(login.headers['www-authenticate']).toBe('Bearer');
    expect(login.json()).toEqual({
      error: { code: 'unauthorized', message: 'Authentication credentials were not provided.' },
    });
    // One character changed: it must differ from the secret's own last one, or the "forgery" is the key itself.
    const forged = await call(
      `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`,
      'GET',
      '/api/v1/proxies/',
      undefined,
      RU,
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: { code: 'unauthorized', message: 'Недопустимый токен.' } });
  });

  it("lists, reads and changes only the key owner's proxies; another customer's is a 404", async () => {
    const { customer, proxyId } = await owner();
    const other = await owner();
    const { secret } = await makeKey(customer);
    const list = await call(secret, 'GET', '/api/v1/proxies/?status=active');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: proxyId, state: 'active' }] });
    const filtered = await call(secret, 'GET', '/api/v1/proxies/?status=expired');
    expect(filtered.json().count).toBe(0);
    expect((await call(secret, 'GET', `/api/v1/proxies/${proxyId}/`)).json()).toMatchObject({ id: proxyId });

    const patched = await call(secret, 'PATCH', `/api/v1/proxies/${proxyId}/`, {
      comment: 'bot 1',
      whitelist: ['203.0.113.7'],
      auto_rotate_minutes: 10,
      auto_renew: true,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ comment: 'bot 1', whitelist: ['203.0.113.7'], auto_rotate_minutes: 10 });
    const before = patched.json<{ password: string; rotate_url: string }>();
    const password = await call(secret, 'POST', `/api/v1/proxies/${proxyId}/password/`);
    expect(password.statusCode).toBe(200);
    expect(password.json().password).not.toBe(before.password);
    const link = await call(secret, 'POST', `/api/v1/proxies/${proxyId}/rotate-link/`);
    expect(link.statusCode).toBe(200);
    expect(link.json().rotate_url).not.toBe(before.rotate_url);

    const theirs = other.proxyId;
    for (const [method, url] of [
      ['GET', `/api/v1/proxies/${theirs}/`],
      ['GET', `/api/v1/proxies/${theirs}/rotations/`],
      ['GET', `/api/v1/proxies/${theirs}/traffic/`],
      ['PATCH', `/api/v1/proxies/${theirs}/`],
      ['POST', `/api/v1/proxies/${theirs}/password/`],
      ['POST', `/api/v1/proxies/${theirs}/rotate-link/`],
      ['POST', `/api/v1/proxies/${theirs}/rotate/`],
    ] as const) {
      const answer = await call(secret, method, url, method === 'PATCH' ? { comment: 'x' } : undefined);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error.code, url).toBe('not_found');
    }
  });

  it("gives each route its scope only: 403 in the API's shape without it", async () => {
    const { customer, proxyId } = await owner();
    const routes: [ApiKeyScope, 'GET' | 'POST' | 'PATCH', string][] = [
      ['proxies:read', 'GET', '/api/v1/proxies/'],
      ['proxies:read', 'GET', `/api/v1/proxies/${proxyId}/`],
      ['proxies:read', 'GET', `/api/v1/proxies/${proxyId}/rotations/`],
      ['proxies:read', 'GET', `/api/v1/proxies/${proxyId}/traffic/`],
      ['proxies:write', 'PATCH', `/api/v1/proxies/${proxyId}/`],
      ['proxies:write', 'POST', `/api/v1/proxies/${proxyId}/password/`],
      ['proxies:write', 'POST', `/api/v1/proxies/${proxyId}/rotate-link/`],
      ['proxies:rotate', 'POST', `/api/v1/proxies/${proxyId}/rotate/`],
      ['orders:write', 'POST', '/api/v1/orders/quote/'],
      ['orders:write', 'POST', '/api/v1/orders/'],
      ['orders:write', 'POST', '/api/v1/proxies/renew/quote/'],
      ['orders:write', 'POST', '/api/v1/proxies/renew/'],
      ['billing:read', 'GET', '/api/v1/balance/'],
      ['billing:read', 'GET', '/api/v1/ledger/'],
      ['billing:read', 'GET', '/api/v1/invoices/'],
      ['billing:read', 'GET', '/api/v1/invoices/1/'],
    ];
    for (const [scope, method, url] of routes) {
      // Every other scope; revoked after, so the account's key limit is never near.
      const { id, secret } = await makeKey(
        customer,
        API_KEY_SCOPES.filter((other) => other !== scope),
      );
      const answer = await call(secret, method, url, method === 'PATCH' ? { comment: 'x' } : undefined, RU);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json()).toEqual({
        error: { code: 'forbidden', message: `У этого API-ключа нет права «${scope}».` },
      });
      await suite.app.inject({ method: 'DELETE', url: `/api/users/api-keys/${id}/`, headers: customer.headers });
    }
  });

  it("changes the IP now with proxies:rotate, then keeps the link's cooldown (429 with Retry-After)", async () => {
    const { customer, proxyId, hostId } = await owner();
    const { secret } = await makeKey(customer, ['proxies:rotate']);
    const rotating = call(secret, 'POST', `/api/v1/proxies/${proxyId}/rotate/`);
    await answerRotation(db(), hostId, proxyId, '203.0.113.98');
    const done = await rotating;
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true, ip: '203.0.113.98' });
    const { secret: reader } = await makeKey(customer, ['proxies:read']);
    const history = await call(reader, 'GET', `/api/v1/proxies/${proxyId}/rotations/`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ count: 1, results: [{ new_ip: '203.0.113.98', source: 'customer' }] });
    const traffic = await call(reader, 'GET', `/api/v1/proxies/${proxyId}/traffic/?range=7d`);
    expect(traffic.statusCode).toBe(200);
    expect(traffic.json().range).toBe('7d');
    const again = await call(secret, 'POST', `/api/v1/proxies/${proxyId}/rotate/`);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/^Request was throttled/) },
    });
  });

  it('buys with orders:write: stock for any key, a quote, an order once per Idempotency-Key, a renewal', async () => {
    const place = freshPlace('NL');
    await createFarm(db(), place, { online: 2 });
    const customer = await createCustomer(suite.app, db(), 1_000_000);
    const { secret } = await makeKey(customer, ['orders:write', 'billing:read']);
    const { secret: readOnly } = await makeKey(customer, ['proxies:read']);

    const stock = await call(readOnly, 'GET', '/api/v1/stock/');
    expect(stock.statusCode).toBe(200);
    expect(stock.json().stock).toContainEqual(expect.objectContaining({ ...place, free: 2 }));

    const request = { ...place, period_days: 30, quantity: 1 };
    const quote = await call(secret, 'POST', '/api/v1/orders/quote/', request);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ quantity: 1, total: 390_000, available: 2 });

    const unkeyed = await call(secret, 'POST', '/api/v1/orders/', request);
    expect(unkeyed.statusCode).toBe(400);
    expect(unkeyed.json().error.code).toBe('invalid_request');
    const buy = (payload: object) =>
      call(secret, 'POST', '/api/v1/orders/', payload, { ...EN, 'idempotency-key': 'script-order-1' });
    const first = await buy(request);
    expect(first.statusCode).toBe(201);
    const replay = await buy(request);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(first.json().id);
    const other = await buy({ ...request, quantity: 2 });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('unprocessable');
    const balance = await call(secret, 'GET', '/api/v1/balance/');
    expect(balance.json()).toEqual({ balance: 610_000, currency: 'RUB' });

    const [proxy] = await db().query<{ id: number }>('SELECT id::int AS id FROM proxies WHERE owner_id = $1', [
      customer.id,
    ]);
    const renewal = { ids: [proxy?.id], period_days: 30 };
    const renewQuote = await call(secret, 'POST', '/api/v1/proxies/renew/quote/', renewal);
    expect(renewQuote.statusCode).toBe(200);
    expect(renewQuote.json()).toMatchObject({ total: 390_000, balance: 610_000, balance_after: 220_000 });
    const renew = () =>
      call(secret, 'POST', '/api/v1/proxies/renew/', renewal, { ...EN, 'idempotency-key': 'script-renew-1' });
    expect((await renew()).statusCode).toBe(201);
    expect((await renew()).statusCode).toBe(200);
    const short = await call(secret, 'POST', '/api/v1/proxies/renew/', renewal, {
      ...RU,
      'idempotency-key': 'script-renew-2',
    });
    expect(short.statusCode).toBe(402);
    expect(short.json().error).toMatchObject({ code: 'insufficient_funds', message: expect.any(String) });
    expect((await call(secret, 'GET', '/api/v1/balance/')).json().balance).toBe(220_000);
  });

  it("reads the balance, the ledger and the invoices with billing:read; another customer's invoice is a 404", async () => {
    const customer = await createCustomer(suite.app, db(), 250_000);
    const stranger = await createCustomer(suite.app, db());
    const { secret } = await makeKey(customer, ['billing:read']);
    const [method] = await db().query<{ id: number }>(
      `INSERT INTO payment_methods (code, name_ru, kind, provider, settings)
       VALUES ('api_test_' || floor(random() * 1e9)::text, 'Тест', 'crypto', 'manual', '{"address": "TXYZ"}')
       RETURNING id`,
    );
    const topUp = (headers: Record<string, string>) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/invoices/',
        headers,
        payload: { method: method?.id, amount: 100_000 },
      });
    const theirInvoice = await topUp(stranger.headers);
    expect(theirInvoice.statusCode, theirInvoice.body).toBe(201);
    const mine = (await topUp(customer.headers)).json<{ id: number }>();

    expect((await call(secret, 'GET', '/api/v1/balance/')).json()).toEqual({ balance: 250_000, currency: 'RUB' });
    const ledger = await call(secret, 'GET', '/api/v1/ledger/');
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json()).toMatchObject({ count: 1, results: [{ kind: 'adjustment', amount: 250_000 }] });
    const invoices = await call(secret, 'GET', '/api/v1/invoices/');
    expect(invoices.json()).toMatchObject({ count: 1, results: [{ id: mine.id }] });
    expect((await call(secret, 'GET', `/api/v1/invoices/${mine.id}/`)).json().id).toBe(mine.id);
    const theirs = await call(secret, 'GET', `/api/v1/invoices/${theirInvoice.json().id}/`, undefined, RU);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: { code: 'not_found', message: 'Страница не найдена.' } });
  });

  it('answers in English unless the request asks for Russian, as its document says; the rest of the API in Russian', async () => {
    const english = { error: { code: 'unauthorized', message: 'Authentication credentials were not provided.' } };
    for (const headers of [{}, { 'accept-language': 'de-DE,de;q=0.9' }, EN]) {
      const answer = await suite.app.inject({ method: 'GET', url: '/api/v1/proxies/', headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['content-language']).toBe('en');
      expect(answer.json()).toEqual(english);
    }
    const unknown = await suite.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/' });
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    const russian = await suite.app.inject({ method: 'GET', url: '/api/v1/proxies/', headers: RU });
    expect(russian.headers['content-language']).toBe('ru');
    expect(russian.json()).toEqual({
      error: { code: 'unauthorized', message: 'Учетные данные не были предоставлены.' },
    });
    const site = await suite.app.inject({ method: 'GET', url: '/api/users/' });
    expect(site.headers['content-language']).toBe('ru');
  });

  it("answers bad input with a 400 in the API's shape, per field, in en and ru", async () => {
    const { customer, proxyId } = await owner();
    const { secret } = await makeKey(customer);
    const en = await call(secret, 'PATCH', `/api/v1/proxies/${proxyId}/`, { comment: 5 });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: 'The request is not valid: see the fields.',
        fields: { comment: ['Not a valid string.'] },
      },
    });
    const nowhere = await call(secret, 'GET', '/api/v1/nothing-here/', undefined, RU);
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toEqual({ error: { code: 'not_found', message: 'Страница не найдена.' } });
    const wrongMethod = await suite.app.inject({ method: 'DELETE', url: '/api/v1/proxies/', headers: EN });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json()).toEqual({
      error: { code: 'method_not_allowed', message: 'Method "DELETE" not allowed.' },
    });
    const ru = await call(secret, 'GET', '/api/v1/proxies/?status=gone', undefined, RU);
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: 'Запрос неверен: см. поля.',
        fields: { status: [expect.stringContaining('gone')] },
      },
    });
  });
});

describe.each(BACKENDS)('customer API keys across processes on $name', (backend) => {
  let testDb: SeededTestDb;
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    one = await buildTestApp({ db: testDb.db });
    two = await buildTestApp({ db: testDb.db });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await testDb?.dispose();
  });

  const proxies = (app: FastifyInstance, secret: string) =>
    app.inject({ method: 'GET', url: '/api/v1/proxies/', headers: { ...EN, authorization: `Bearer ${secret}` } });
  async function keyOf(customer: Customer) {
    const answer = await one.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: 'bot', scopes: ['proxies:read'] },
    });
    return answer.json<{ id: number; secret: string }>();
  }

  it('a key revoked on one process is refused by the other at once', async () => {
    const customer = await createCustomer(one, testDb.db);
    const key = await keyOf(customer);
    // Both processes have it in memory now.
    expect((await proxies(one, key.secret)).statusCode).toBe(200);
    expect((await proxies(two, key.secret)).statusCode).toBe(200);
    const revoke = await one.inject({
      method: 'DELETE',
      url: `/api/users/api-keys/${key.id}/`,
      headers: customer.headers,
    });
    expect(revoke.statusCode).toBe(204);
    expect((await proxies(one, key.secret)).statusCode).toBe(401);
    await two.apiKeys.sync();
    expect((await proxies(two, key.secret)).statusCode).toBe(401);
  });

  it("a blocked account's keys are refused everywhere at once", async () => {
    const customer = await createCustomer(one, testDb.db);
    const key = await keyOf(customer);
    expect((await proxies(one, key.secret)).statusCode).toBe(200);
    expect((await proxies(two, key.secret)).statusCode).toBe(200);
    await testDb.db.query('UPDATE users SET is_active = false WHERE id = $1', [customer.id]);
    await Promise.all([one.apiKeys.sync(), two.apiKeys.sync()]);
    for (const app of [one, two]) {
      const answer = await proxies(app, key.secret);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: { code: 'unauthorized', message: 'User inactive or deleted.' } });
    }
  });
});

describe.each(BACKENDS)('per-key rate limits on $name', (backend) => {
  const suite = seededApp(backend, { env: { RATE_LIMITS: 'on' }, rateLimitKeyPrefix: `rl-test-${Date.now()}:` });

  it('tells the budget in RateLimit-* headers and refuses past it with 429 and Retry-After', async () => {
    const customer = await createCustomer(suite.app, suite.testDb.db);
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: 'busy', scopes: ['proxies:read'] },
    });
    const { secret } = created.json<{ secret: string }>();
    const headers = { ...EN, authorization: `Bearer ${secret}` };
    const first = await suite.app.inject({ method: 'GET', url: '/api/v1/proxies/', headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('600');
    expect(first.headers['ratelimit-remaining']).toBe('599');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 0; i < 599; i++) await suite.app.inject({ method: 'GET', url: '/api/v1/proxies/', headers });
    const over = await suite.app.inject({ method: 'GET', url: '/api/v1/proxies/', headers });
    expect(over.statusCode).toBe(429);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().error.code).toBe('rate_limited');
  });

  /** A key of a new customer, and a GET with it from `address` (each test its own, so budgets do not mix). */
  async function keyAt(address: string, scopes: readonly ApiKeyScope[] = ['proxies:read']) {
    const customer = await createCustomer(suite.app, suite.testDb.db);
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: 'budget', scopes },
    });
    const { id, secret } = created.json<{ id: number; secret: string }>();
    const get = (url: string, headers: Record<string, string> = EN, remoteAddress = address) =>
      suite.app.inject({
        method: 'GET',
        url,
        remoteAddress,
        headers: { ...headers, authorization: `Bearer ${secret}` },
      });
    return { customer, id, get };
  }

  it('counts every answer against the key: a 400, 401, 403 or 404 as much as a 200', async () => {
    const { customer, id, get } = await keyAt('198.51.100.1');
    const answers = [
      await get('/api/v1/proxies/'),
      await get('/api/v1/proxies/not-a-number/'),
      await get('/api/v1/no-such-thing/'),
      await get('/api/v1/balance/'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 404, 403]);
    expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['599', '598', '597', '596']);
    await suite.app.inject({ method: 'DELETE', url: `/api/users/api-keys/${id}/`, headers: customer.headers });
    const revoked = await get('/api/v1/proxies/');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['ratelimit-remaining']).toBe('595');
  });

  it('holds a client address to its ceiling whatever keys it sends: a flood of made-up keys ends in 429', async () => {
    const flooder = '198.51.100.2';
    const { get } = await keyAt(flooder);
    // Well-formed now and then (looked up, and not found), malformed mostly.
    const madeUp = (n: number) =>
      n % 100 === 0 ? `mpk_${'0'.repeat(8)}_${String(n).padStart(40, '0')}` : `guess-${n}`;
    const guess = (n: number) =>
      suite.app.inject({
        method: 'GET',
        url: '/api/v1/proxies/',
        remoteAddress: flooder,
        headers: { authorization: `Bearer ${madeUp(n)}` },
      });
    const statuses = new Set<number>();
    for (let n = 0; n < RATE_LIMITS.apiAddress.limit - 1; n++) statuses.add((await guess(n)).statusCode);
    expect([...statuses]).toEqual([401]);
    expect((await get('/api/v1/proxies/')).statusCode).toBe(200);
    // Over the ceiling: refused before any key is looked up, a live one too, in the language asked for.
    expect((await guess(0)).statusCode).toBe(429);
    const refused = await get('/api/v1/proxies/', RU);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(
          new RegExp(`^Слишком много запросов\\. Повторите через ${wait} секунд[уы]?\\.$`),
        ),
      },
    });
    // Another address is not held by it.
    expect((await get('/api/v1/proxies/', EN, '198.51.100.3')).statusCode).toBe(200);
  });
});

// Races need connections of their own: PostgreSQL only.
describe.each(BACKENDS.filter((backend) => backend.name === 'postgres'))('API key races on $name', (backend) => {
  const suite = seededApp(backend);

  it(`concurrent creates never give an account more than ${MAX_API_KEYS} live keys`, async () => {
    const customer = await createCustomer(suite.app, suite.testDb.db);
    const create = (name: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/users/api-keys/',
        headers: customer.headers,
        payload: { name, scopes: ['proxies:read'] },
      });
    // Three places left, eight customers' scripts racing for them: a few at once, so that on a loaded runner none
    // waits past the pool's connection timeout behind the account's row lock.
    for (let i = 0; i < MAX_API_KEYS - 3; i++) expect((await create(`key ${i}`)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => create(`racer ${i}`)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const [row] = await suite.testDb.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM api_keys WHERE user_id = $1',
      [customer.id],
    );
    expect(row?.count).toBe(MAX_API_KEYS);
  });
});
