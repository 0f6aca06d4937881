// A login the customer picks for their proxy (#29): `POST /api/proxies/{id}/login/`. The generated logins' rule
// (lower-case Latin letters and digits, starting with a letter), lower-cased; unique among all proxies, decided by
// the column's unique index, also between two owners at once; the host's agent told in the same transaction.
import { describe, expect, it } from 'vitest';
import { EN, RU } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace, hostVersion } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const DAY = 86_400_000;

describe.each(BACKENDS)("the customer's own proxy login on $name", (backend) => {
  const suite = seededApp(backend);
  const db = () => suite.testDb.db;

  /** `count` customers with a proxy each, on modems of one fresh host. */
  async function proxies(count: number) {
    const { hostId, modemIds } = await createFarm(db(), freshPlace(), { online: count });
    const farm = farmService(db());
    const owners: { customer: Customer; id: number }[] = [];
    for (const modemId of modemIds) {
      const customer = await createCustomer(suite.app, db(), 0);
      const proxy = await farm.createProxy({ ownerId: customer.id, modemId, expiresAt: new Date(Date.now() + DAY) });
      owners.push({ customer, id: proxy.id });
    }
    return { hostId, owners };
  }
  const setLogin = (customer: Customer | null, id: number, login: unknown, headers = {}) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/proxies/${id}/login/`,
      headers: { ...(customer?.headers ?? EN), ...headers },
      payload: { login },
    });
  /** A login no other test run has taken (the database is shared between the files of a run). */
  const fresh = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 10)}`.replace(/[^a-z0-9]/g, 'x');

  it("takes a login of the owner's own, lower-cased, and tells the agent, whose config serves it", async () => {
    const { hostId, owners } = await proxies(1);
    const [{ customer, id }] = owners as [{ customer: Customer; id: number }];
    const version = await hostVersion(db(), hostId);
    const login = fresh('shop');
    const answer = await setLogin(customer, id, `  ${login.toUpperCase()} `);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id, login });
    expect(await hostVersion(db(), hostId)).toBe(version + 1);
    const config = await farmService(db()).config(hostId);
    expect(config?.proxies.find((proxy) => proxy.id === id)?.login).toBe(login);
    // The same login again: nothing to tell the agent.
    expect((await setLogin(customer, id, login)).statusCode).toBe(200);
    expect(await hostVersion(db(), hostId)).toBe(version + 1);
  });

  it('refuses a login against the rule or taken, on its field in both languages, and writes nothing', async () => {
    const { hostId, owners } = await proxies(2);
    const [first, second] = owners as [{ customer: Customer; id: number }, { customer: Customer; id: number }];
    const [{ login: before }] = (await db().query<{ login: string }>('SELECT login FROM proxies WHERE id = $1', [
      first.id,
    ])) as [{ login: string }];
    const version = await hostVersion(db(), hostId);
    const rule = 'A login is 4 to 32 Latin letters and digits, starting with a letter (like shop2024).';
    for (const bad of ['abc', '1shop', 'shop:1', 'shop@x', 'магазин1', 'a'.repeat(33), '']) {
      const answer = await setLogin(first.customer, first.id, bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json(), bad).toEqual({ login: [rule] });
    }
    expect((await setLogin(first.customer, first.id, 'shop 1', RU)).json()).toEqual({
      login: ['Логин — от 4 до 32 латинских букв и цифр, в начале буква (например, shop2024).'],
    });
    expect((await setLogin(first.customer, first.id, 42)).json()).toEqual({ login: ['Not a valid string.'] });

    const taken = fresh('taken');
    expect((await setLogin(second.customer, second.id, taken)).statusCode).toBe(200);
    const refused = await setLogin(first.customer, first.id, taken.toUpperCase());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ login: ['This login is taken: choose another one.'] });
    expect((await setLogin(first.customer, first.id, taken, RU)).json()).toEqual({
      login: ['Этот логин уже занят: выберите другой.'],
    });

    // Another customer's proxy is not found; signed out is a 401.
    expect((await setLogin(second.customer, first.id, fresh('mine'))).statusCode).toBe(404);
    expect((await setLogin(null, first.id, fresh('anon'))).statusCode).toBe(401);
    const [{ login: after }] = (await db().query<{ login: string }>('SELECT login FROM proxies WHERE id = $1', [
      first.id,
    ])) as [{ login: string }];
    expect(after).toBe(before);
    // Only the second proxy's change reached the agent.
    expect(await hostVersion(db(), hostId)).toBe(version + 1);
  });

  it('two owners picking the same login at once: one gets it, the other is told it is taken', async () => {
    const { owners } = await proxies(2);
    const login = fresh('race');
    const answers = await Promise.all(owners.map(({ customer, id }) => setLogin(customer, id, login)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json()).toEqual({ login: ['This login is taken: choose another one.'] });
    const rows = await db().query('SELECT id FROM proxies WHERE login = $1', [login]);
    expect(rows).toHaveLength(1);
  });
});
