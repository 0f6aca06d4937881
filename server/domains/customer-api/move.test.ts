// Moving a proxy in the customer API (#29, #30): `GET`/`POST /api/v1/proxies/{id}/move` with scope `proxies:write`,
// over the site's own moves service: the quote, the move with its Idempotency-Key (201, then 200 for the same key),
// the scope, another customer's proxy a 404, and a refusal in the API's one error shape in the request's language.
// A move with a fee spends the balance: it needs `orders:write` too (#43).
import type { ApiKeyScope } from '@proxy/contract/schemas/api-keys';
import { describe, expect, it } from 'vitest';
import { EN, RU } from '../../test/accounts.ts';
import { BACKENDS, seededApp, type Backend } from '../../test/helpers.ts';
import { balanceOf, createCustomer, createFarm, type Customer, freshPlace, type TestPlace } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const DAY = 86_400_000;
const POSTGRES = BACKENDS.find((backend) => backend.name === 'postgres');

/** The app on a seeded database of `backend`, a customer's proxy and keys, and the move as an integrator sends it. */
function harness(backend: Backend) {
  const suite = seededApp(backend);
  const db = () => suite.testDb.db;

  async function owner(balance = 0) {
    const place = freshPlace();
    const { modemIds } = await createFarm(db(), place, { online: 1 });
    const customer = await createCustomer(suite.app, db(), balance);
    const proxy = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    return { place, customer, id: proxy.id, login: proxy.login };
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
  const post = (secret: string, id: number, to: TestPlace, key: string, headers: Record<string, string> = EN) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/v1/proxies/${id}/move`,
      headers: { ...headers, authorization: `Bearer ${secret}`, 'idempotency-key': key },
      payload: to,
    });
  /** A country priced by a plan of its own: a move there is not within the same plan, and costs the fee. */
  async function ownPlanPlace(country: string) {
    await db().query(
      `INSERT INTO plans (title_ru, title_en, price_minor, currency, period_days, country)
       VALUES ('Месяц ' || $1, 'Month ' || $1, 450000, 'RUB', 30, $1)`,
      [country],
    );
    const target = freshPlace(country);
    await createFarm(db(), target, { online: 1 });
    return target;
  }
  return { suite, db, owner, makeKey, post, ownPlanPlace };
}

describe.each(BACKENDS)('the customer API: moving a proxy on $name', (backend) => {
  const { suite, db, owner, makeKey, post, ownPlanPlace } = harness(backend);

  it('quotes and moves with proxies:write, the same key answering the same move; the login stays', async () => {
    const { customer, id, login } = await owner();
    const target = freshPlace();
    await createFarm(db(), target, { online: 1 });
    const secret = await makeKey(customer, ['proxies:write']);

    const quote = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/proxies/${id}/move?country=${target.country}&city=${encodeURIComponent(target.city)}&operator=${target.operator}`,
      headers: { ...EN, authorization: `Bearer ${secret}` },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ available: 1, fee: 0, same_plan: true, ports_change: true });

    const moved = await post(secret, id, target, 'api-move-1');
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json()).toMatchObject({ proxy_id: id, to: { city: target.city }, ports_changed: true });
    const again = await post(secret, id, target, 'api-move-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(moved.json().id);
    const [row] = await db().query<{ login: string }>('SELECT login FROM proxies WHERE id = $1', [id]);
    expect(row?.login).toBe(login);
  });

  it('refuses without the scope, for another customer’s proxy, and in the error shape (ru)', async () => {
    const { customer, id, place } = await owner();
    const reader = await makeKey(customer, ['proxies:read']);
    const target = freshPlace();
    await createFarm(db(), target, { online: 1 });
    expect((await post(reader, id, target, 'k1')).statusCode).toBe(403);

    const stranger = await owner();
    const theirs = await makeKey(stranger.customer, ['proxies:write']);
    expect((await post(theirs, id, target, 'k2')).json().error.code).toBe('not_found');

    const mine = await makeKey(customer, ['proxies:write']);
    const same = await post(mine, id, place, 'k3', RU);
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toMatchObject({
      code: 'conflict',
      message: 'Прокси уже в этом месте и у этого оператора.',
    });
  });

  it('takes a fee only from a key that may spend: proxies:write alone is a 403 and nothing changes', async () => {
    const target = await ownPlanPlace('NZ');
    await db().query('UPDATE move_settings SET fee = 15000');
    try {
      const { customer, id, place } = await owner(20_000);
      const mover = await makeKey(customer, ['proxies:write']);
      for (const [headers, message] of [
        [EN, 'This move costs RUB\u00a0150 from the balance: it needs a key with the "orders:write" scope too.'],
        [RU, 'Этот перенос стоит 150\u00a0₽ с баланса: для него ключу нужно и право «orders:write».'],
      ] as const) {
        const refused = await post(mover, id, target, `paid-${headers['accept-language']}`, headers);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: { code: 'forbidden', message } });
      }
      expect(await balanceOf(db(), customer.id)).toBe(20_000);
      const [row] = await db().query<{ city: string }>(
        'SELECT m.city FROM proxies p JOIN modems m ON m.id = p.modem_id WHERE p.id = $1',
        [id],
      );
      expect(row?.city).toBe(place.city);

      const spender = await makeKey(customer, ['proxies:write', 'orders:write']);
      const moved = await post(spender, id, target, 'paid-with-orders');
      expect(moved.statusCode, moved.body).toBe(201);
      expect(moved.json()).toMatchObject({ fee: 15_000, to: { city: target.city } });
      expect(await balanceOf(db(), customer.id)).toBe(5_000);
    } finally {
      await db().query('UPDATE move_settings SET fee = 0');
    }
  });
});

describe.runIf(POSTGRES)('the customer API: a move fee judged on PostgreSQL', () => {
  const { db, owner, makeKey, post, ownPlanPlace } = harness(POSTGRES as Backend);

  it('refuses a proxies:write key the fee staff set while its free move waited, and takes nothing', async () => {
    const target = await ownPlanPlace('NO');
    const { customer, id, place } = await owner(20_000);
    const mover = await makeKey(customer, ['proxies:write']);
    try {
      // Another request holds the proxy: this key's move waits for it, free when it was sent.
      const held = Promise.withResolvers<undefined>();
      const holding = Promise.withResolvers<undefined>();
      const holder = db().transaction(async (tx) => {
        await tx.query('SELECT 1 FROM proxies WHERE id = $1 FOR UPDATE', [id]);
        holding.resolve(undefined);
        await held.promise;
      });
      await holding.promise;
      const moving = post(mover, id, target, 'fee-while-waiting');
      await expect
        .poll(async () => {
          const [row] = await db().query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return row?.waiting;
        })
        .toBe(1);
      // Staff set a fee meanwhile: the move, when it gets the proxy, would take it from a key that may not spend.
      await db().query('UPDATE move_settings SET fee = 15000');
      held.resolve(undefined);
      await holder;
      const answer = await moving;
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().error.code).toBe('forbidden');
      expect(await balanceOf(db(), customer.id)).toBe(20_000);
      const [row] = await db().query<{ city: string }>(
        'SELECT m.city FROM proxies p JOIN modems m ON m.id = p.modem_id WHERE p.id = $1',
        [id],
      );
      expect(row?.city).toBe(place.city);
    } finally {
      await db().query('UPDATE move_settings SET fee = 0');
    }
  });
});
