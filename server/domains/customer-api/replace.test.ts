// Replacing a proxy whose IP is bad in the customer API (#49 item 9): `GET`/`POST /api/v1/proxies/{id}/replace` with
// scope `proxies:write`, over the site's own replacements service: the quote, the replacement with its Idempotency-Key
// (201, then 200 for the same key), the scope, another customer's proxy a 404, and the monthly limit as a 429 saying
// when the next one is possible, in the API's one error shape and the request's language.
import type { ApiKeyScope } from '@proxy/contract/schemas/api-keys';
import { describe, expect, it } from 'vitest';
import { EN, RU } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const DAY = 86_400_000;

describe.each(BACKENDS)('the customer API: replacing a proxy on $name', (backend) => {
  const suite = seededApp(backend);
  const db = () => suite.testDb.db;

  /** A customer's proxy on the first of two online modems of a fresh place. */
  async function owner() {
    const { modemIds } = await createFarm(db(), freshPlace(), { online: 2 });
    const customer = await createCustomer(suite.app, db(), 0);
    const proxy = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    return { customer, id: proxy.id, login: proxy.login };
  }
  async function makeKey(customer: Customer, scopes: readonly ApiKeyScope[]) {
    const answer = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: 'script', scopes },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ secret: string }>().secret;
  }
  const post = (secret: string, id: number, key: string, headers: Record<string, string> = EN) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/v1/proxies/${id}/replace`,
      headers: { ...headers, authorization: `Bearer ${secret}`, 'idempotency-key': key },
      payload: {},
    });

  it('quotes and replaces with proxies:write, the same key answering the same replacement; the login stays', async () => {
    const { customer, id, login } = await owner();
    const secret = await makeKey(customer, ['proxies:write']);
    const quote = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/proxies/${id}/replace`,
      headers: { ...EN, authorization: `Bearer ${secret}` },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({ available: 1, limit: 3, left: 3, next_at: null, ports_change: false });

    const replaced = await post(secret, id, 'api-replace-1');
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json()).toMatchObject({ proxy_id: id, ports_changed: false, left: 2 });
    const again = await post(secret, id, 'api-replace-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(replaced.json().id);
    const [row] = await db().query<{ login: string }>('SELECT login FROM proxies WHERE id = $1', [id]);
    expect(row?.login).toBe(login);
  });

  it('refuses without the scope, for another customer’s proxy, and past the limit as a 429 in the error shape (ru)', async () => {
    const { customer, id } = await owner();
    const reader = await makeKey(customer, ['proxies:read']);
    expect((await post(reader, id, 'k1')).statusCode).toBe(403);

    const stranger = await owner();
    const theirs = await makeKey(stranger.customer, ['proxies:write']);
    expect((await post(theirs, id, 'k2')).json().error.code).toBe('not_found');

    const mine = await makeKey(customer, ['proxies:write']);
    for (let n = 0; n < 3; n++) expect((await post(mine, id, `k-${n}`)).statusCode).toBe(201);
    const refused = await post(mine, id, 'k-4', RU);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.json().error.message).toMatch(/^Лимит замен исчерпан: прокси можно заменить 3 раза за 30 дней\./);
  });
});
