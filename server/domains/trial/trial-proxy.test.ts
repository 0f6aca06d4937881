// A free trial's proxy keeps to its trial (#43), on both databases: it cannot be moved (the site's quote and move, the
// customer API's) nor offered to another account, each refused in both languages with nothing changed; it is released
// when it ends (no 3-day hold), also when a block had suspended it; renewed (paid), it is an ordinary proxy that moves.
import { MODEM_PERMISSIONS, USER_PERMISSIONS } from '@proxy/contract/permissions';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace, type TestPlace } from '../../test/orders.ts';
import { freeCount } from '../farm/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(BACKENDS)("a free trial's proxy on $name", (backend) => {
  const clock = manualClock(Date.UTC(2030, 6, 1, 12));
  const suite = seededApp(backend, { now: clock.now });
  const db = () => suite.testDb.db;
  let addressCounter = 0;

  async function staff(permissions: readonly string[]) {
    const user = await createUser(db(), { email: freshEmail('staff'), staff: true, permissions });
    return { ...EN, ...tokenHeader(await login(suite.app, user.email)) };
  }

  /** A customer (with `balance`) holding an hour's trial proxy in a fresh place of two modems. */
  async function trialOwner(balance = 0) {
    const place = freshPlace();
    await createFarm(db(), place, { online: 2 });
    const settings = await suite.app.inject({
      method: 'PUT',
      url: '/api/panel/farm/settings/trial/',
      headers: await staff(Object.values(MODEM_PERMISSIONS)),
      payload: { enabled: true, minutes: 60, per_address_per_day: 1000, min_free_stock: 1, places: [place] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const customer = await createCustomer(suite.app, db(), balance);
    const taken = await suite.app.inject({
      method: 'POST',
      url: '/api/trial/',
      headers: customer.headers,
      payload: place,
      remoteAddress: `198.18.1.${(addressCounter += 1)}`,
    });
    expect(taken.statusCode, taken.body).toBe(201);
    return { place, customer, id: taken.json<{ proxy_id: number }>().proxy_id };
  }

  const proxyOf = (customer: Customer, id: number) =>
    suite.app.inject({ method: 'GET', url: `/api/proxies/${id}/`, headers: customer.headers });
  const placeQuery = (to: TestPlace) =>
    `country=${to.country}&city=${encodeURIComponent(to.city)}&operator=${encodeURIComponent(to.operator)}`;
  const move = (customer: Customer, id: number, to: TestPlace, language = EN) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/proxies/${id}/move/`,
      headers: { ...customer.headers, ...language, 'idempotency-key': `move-${Math.random()}` },
      payload: to,
    });
  async function apiKey(customer: Customer) {
    const answer = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: customer.headers,
      payload: { name: 'script', scopes: ['proxies:read', 'proxies:write', 'orders:write'] },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return { authorization: `Bearer ${answer.json<{ secret: string }>().secret}` };
  }

  const MOVE_REFUSED = {
    en: 'A free trial proxy cannot be moved to another place: renew it first, and it becomes an ordinary proxy.',
    ru: 'Прокси бесплатного теста нельзя перенести в другое место: сначала продлите его, и он станет обычным прокси.',
  };

  it('cannot be moved into another place, on the site or through the API: refused in both languages, nothing changed', async () => {
    const { place, customer, id } = await trialOwner();
    // A paid place with one free modem: the trial would have taken it from a paying customer, for free.
    const paid = freshPlace();
    await createFarm(db(), paid, { online: 1 });
    const before = (await proxyOf(customer, id)).json();
    expect(before).toMatchObject({ trial: true, ...place });

    const quote = await suite.app.inject({
      method: 'GET',
      url: `/api/proxies/${id}/move/?${placeQuery(paid)}`,
      headers: { ...customer.headers, ...RU },
    });
    expect(quote.statusCode).toBe(403);
    expect(quote.json()).toEqual({ detail: MOVE_REFUSED.ru });
    const moved = await move(customer, id, paid);
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toEqual({ detail: MOVE_REFUSED.en });

    const key = await apiKey(customer);
    const apiQuote = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/proxies/${id}/move?${placeQuery(paid)}`,
      headers: { ...EN, ...key },
    });
    expect(apiQuote.statusCode).toBe(403);
    expect(apiQuote.json().error).toMatchObject({ code: 'forbidden', message: MOVE_REFUSED.en });
    const apiMove = await suite.app.inject({
      method: 'POST',
      url: `/api/v1/proxies/${id}/move`,
      headers: { ...RU, ...key, 'idempotency-key': 'api-trial-move' },
      payload: paid,
    });
    expect(apiMove.statusCode).toBe(403);
    expect(apiMove.json().error).toMatchObject({ code: 'forbidden', message: MOVE_REFUSED.ru });

    expect((await proxyOf(customer, id)).json()).toEqual(before);
    expect(await freeCount(db(), paid, new Date())).toBe(1);
    expect(await db().query('SELECT id FROM proxy_moves WHERE proxy_id = $1', [id])).toEqual([]);
  });

  it('cannot be offered to another account: refused on the proxy field in both languages, no offer made', async () => {
    const { customer, id } = await trialOwner();
    const friend = await createCustomer(suite.app, db());
    const offer = (language: Record<string, string>) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/transfers/',
        headers: { ...customer.headers, ...language },
        payload: { proxy_id: id, email: friend.email },
      });
    const en = await offer(EN);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      proxy_id: ['A free trial proxy cannot be handed over: renew it first, and it becomes an ordinary proxy.'],
    });
    const ru = await offer(RU);
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({
      proxy_id: ['Прокси бесплатного теста нельзя передать: сначала продлите его, и он станет обычным прокси.'],
    });
    expect(await db().query('SELECT id FROM transfers WHERE proxy_id = $1', [id])).toEqual([]);
    expect(await db().query('SELECT kind FROM outbox WHERE user_id = $1', [friend.id])).toEqual([]);
  });

  it('suspended by a block, is released when its trial ends, not held for 3 days', async () => {
    const { place, customer, id } = await trialOwner();
    const headers = await staff([USER_PERMISSIONS.view, USER_PERMISSIONS.change]);
    const blocked = await suite.app.inject({ method: 'POST', url: `/api/panel/users/${customer.id}/block/`, headers });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await db().query('SELECT state FROM proxies WHERE id = $1', [id])).toEqual([{ state: 'suspended' }]);
    expect(await freeCount(db(), place, new Date())).toBe(1);

    clock.advance(HOUR + MINUTE);
    await suite.app.jobs.runOne('proxies.release');
    expect(await db().query('SELECT id FROM proxies WHERE id = $1', [id])).toEqual([]);
    expect(await freeCount(db(), place, new Date())).toBe(2);
  });

  it('renewed, is paid for: an ordinary proxy that moves, and is held as any when it expires', async () => {
    const { customer, id } = await trialOwner(10_000_000);
    const renewed = await suite.app.inject({
      method: 'POST',
      url: '/api/proxies/renew/',
      headers: { ...customer.headers, 'idempotency-key': 'renew-trial' },
      payload: { ids: [id], period_days: 30 },
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect((await proxyOf(customer, id)).json()).toMatchObject({ trial: false });

    const elsewhere = freshPlace();
    await createFarm(db(), elsewhere, { online: 1 });
    const moved = await move(customer, id, elsewhere);
    expect(moved.statusCode, moved.body).toBe(201);
    expect((await proxyOf(customer, id)).json()).toMatchObject({ ...elsewhere, trial: false });

    clock.advance(31 * 24 * HOUR + HOUR);
    await suite.app.jobs.runOne('proxies.suspend');
    expect(await db().query('SELECT state FROM proxies WHERE id = $1', [id])).toEqual([{ state: 'suspended' }]);
  });
});
