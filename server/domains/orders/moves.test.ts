// Moving a proxy to another place (#29): `GET /api/proxies/{id}/move/` quotes, `POST` moves — same id, login and
// password on a free modem of the target, the old modem free again at once, both hosts' agents told, ports kept on
// the same host and new on another, a staff-set fee from the balance when the target is priced by another plan, the
// history showing the move, and every refusal worded in both languages with nothing changed.
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { MOVE_COOLDOWN_SECONDS } from '@proxy/contract/schemas/moves';
import { describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import {
  balanceOf,
  createCustomer,
  createFarm,
  type Customer,
  freshPlace,
  hostVersion,
  ledgerOf,
  type TestPlace,
} from '../../test/orders.ts';
import { farmService, freeCount } from '../farm/index.ts';

const DAY = 86_400_000;
/** A country the seeded price list prices by its "any country" plans only, until a test gives it its own. */
const PRICED_APART = 'NZ';

describe.each(BACKENDS)('moving a proxy on $name', (backend) => {
  /** The app's clock runs with the real one (proxies' `owned_since` is the database's), moved on by `skipped`. */
  let skipped = 0;
  const suite = seededApp(backend, { now: () => Date.now() + skipped });
  const clock = () => Date.now() + skipped;
  const db = () => suite.testDb.db;

  /** A customer with a 30-day proxy on a fresh place's only modem. */
  async function ownerOfProxy(balance = 0, language: Record<string, string> = EN) {
    const place = freshPlace();
    const { hostId, modemIds } = await createFarm(db(), place, { online: 1 });
    const customer = await createCustomer(suite.app, db(), balance, language);
    const proxy = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(clock() + 30 * DAY),
    });
    return { place, hostId, modemId: modemIds[0] as number, customer, proxy };
  }
  const query = (to: TestPlace) =>
    `country=${to.country}&city=${encodeURIComponent(to.city)}&operator=${encodeURIComponent(to.operator)}`;
  const quote = (customer: Customer, id: number, to: TestPlace, headers = {}) =>
    suite.app.inject({
      method: 'GET',
      url: `/api/proxies/${id}/move/?${query(to)}`,
      headers: { ...customer.headers, ...headers },
    });
  const move = (customer: Customer, id: number, to: TestPlace, key = `move-${Math.random()}`, headers = {}) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/proxies/${id}/move/`,
      headers: { ...customer.headers, 'idempotency-key': key, ...headers },
      payload: to,
    });
  const proxyOf = async (customer: Customer, id: number) =>
    (await suite.app.inject({ method: 'GET', url: `/api/proxies/${id}/`, headers: customer.headers })).json();
  const configOf = async (hostId: number) => (await farmService(db()).config(hostId))?.proxies ?? [];

  async function staffHeaders(permissions: readonly string[]) {
    const email = freshEmail('staff');
    await createUser(db(), { email, staff: true, permissions });
    return { ...EN, ...tokenHeader(await login(suite.app, email)) };
  }
  async function setFee(fee: number) {
    const headers = await staffHeaders([MODEM_PERMISSIONS.view, MODEM_PERMISSIONS.change]);
    const answer = await suite.app.inject({
      method: 'PUT',
      url: '/api/panel/farm/settings/move/',
      headers,
      payload: { fee },
    });
    expect(answer.statusCode).toBe(200);
  }

  it('moves to another host within the same plan: free, same id and credentials, new ports, old modem freed, both agents told, history', async () => {
    const { place, hostId, modemId, customer, proxy } = await ownerOfProxy();
    const target = freshPlace();
    const { hostId: newHostId, modemIds } = await createFarm(db(), target, { online: 2 });
    const before = await proxyOf(customer, proxy.id);
    const versions = [await hostVersion(db(), hostId), await hostVersion(db(), newHostId)];

    const quoted = await quote(customer, proxy.id, target);
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json()).toMatchObject({
      from: { country: place.country, city: place.city, operator: place.operator },
      to: { country: target.country, city: target.city, operator: target.operator },
      available: 2,
      period_days: 30,
      price_now: 390_000,
      price_target: 390_000,
      price_difference: 0,
      same_plan: true,
      fee: 0,
      currency: 'RUB',
      ports_change: true,
      available_at: null,
    });

    const moved = await move(customer, proxy.id, target, 'first-move');
    expect(moved.statusCode).toBe(201);
    const body = moved.json();
    expect(body).toMatchObject({ proxy_id: proxy.id, fee: 0, ports_changed: true, to: { city: target.city } });

    const after = await proxyOf(customer, proxy.id);
    expect(after).toMatchObject({
      id: proxy.id,
      login: before.login,
      password: before.password,
      rotate_url: before.rotate_url,
      country: target.country,
      city: target.city,
      operator: target.operator,
      http_port: body.http_port,
      socks_port: body.socks_port,
      // A new IP since the move: the page's "Last change" says when.
      last_rotation_at: body.created_at,
    });
    // The old modem is free again, the new place has one modem less; no money moved.
    expect(await freeCount(db(), place, new Date())).toBe(1);
    expect(await freeCount(db(), target, new Date())).toBe(1);
    expect(await ledgerOf(db(), customer.id)).toEqual([]);
    // The old host's agent stops serving it, the new one serves it with the same credentials.
    expect(await hostVersion(db(), hostId)).toBeGreaterThan(versions[0] as number);
    expect(await hostVersion(db(), newHostId)).toBeGreaterThan(versions[1] as number);
    expect((await configOf(hostId)).some((served) => served.id === proxy.id)).toBe(false);
    const served = (await configOf(newHostId)).find((item) => item.id === proxy.id);
    expect(served).toMatchObject({ login: before.login, password: before.password, http_port: body.http_port });
    expect(modemIds).toContain(served?.modem_id);
    expect(modemId).not.toBe(served?.modem_id);

    // The same key again answers the same move; with another place it is refused.
    const again = await move(customer, proxy.id, target, 'first-move');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(body.id);
    expect((await move(customer, proxy.id, place, 'first-move')).statusCode).toBe(422);

    // The history shows it with both places.
    const history = await suite.app.inject({
      method: 'GET',
      url: `/api/proxies/${proxy.id}/rotations/`,
      headers: customer.headers,
    });
    expect(history.json().results[0]).toMatchObject({
      kind: 'move',
      source: 'customer',
      status: 'done',
      move: {
        from: { country: place.country, city: place.city, operator: place.operator },
        to: { country: target.country, city: target.city, operator: target.operator },
      },
    });
    expect(history.json().count).toBe(1);
  });

  it('keeps the ports when a free modem of the target is on the same host', async () => {
    const { hostId, customer, proxy } = await ownerOfProxy();
    const target = freshPlace();
    await createFarm(db(), target, { online: 1 });
    const sameHost = await farmService(db()).createModem({ hostId, name: 'Same host', key: 'sim-same', ...target });
    await db().query(`UPDATE modems SET status = 'online' WHERE id = $1`, [sameHost.id]);

    expect((await quote(customer, proxy.id, target)).json().ports_change).toBe(false);
    const moved = await move(customer, proxy.id, target);
    expect(moved.statusCode).toBe(201);
    expect(moved.json()).toMatchObject({
      ports_changed: false,
      http_port: proxy.httpPort,
      socks_port: proxy.socksPort,
    });
    expect((await configOf(hostId)).find((item) => item.id === proxy.id)?.modem_id).toBe(sameHost.id);
  });

  it('takes the staff-set fee for another plan, refusing a short balance with how much is missing (en, ru)', async () => {
    await db().query(
      `INSERT INTO plans (title_ru, title_en, price_minor, currency, period_days, country)
       VALUES ('Месяц NZ', 'Month NZ', 450000, 'RUB', 30, $1)`,
      [PRICED_APART],
    );
    await setFee(15_000);
    const target = freshPlace(PRICED_APART);
    await createFarm(db(), target, { online: 1 });

    const poor = await ownerOfProxy(10_000);
    expect((await quote(poor.customer, poor.proxy.id, target)).json()).toMatchObject({
      price_now: 390_000,
      price_target: 450_000,
      price_difference: 60_000,
      same_plan: false,
      fee: 15_000,
      balance: 10_000,
      balance_after: -5_000,
    });
    const refusedEn = await move(poor.customer, poor.proxy.id, target);
    expect(refusedEn.statusCode).toBe(402);
    expect(refusedEn.json().detail).toMatch(/^The move costs RUB\s150: top up your balance by RUB\s50\.$/);
    const refusedRu = await move(poor.customer, poor.proxy.id, target, 'ru-key', RU);
    expect(refusedRu.statusCode).toBe(402);
    expect(refusedRu.json().detail).toMatch(/^Перенос стоит 150\s₽: пополните баланс на 50\s₽\.$/);
    // Nothing changed: the proxy is where it was, the stock and the money are untouched.
    expect((await proxyOf(poor.customer, poor.proxy.id)).city).toBe(poor.place.city);
    expect(await freeCount(db(), target, new Date())).toBe(1);
    expect(await balanceOf(db(), poor.customer.id)).toBe(10_000);

    const rich = await ownerOfProxy(20_000);
    const moved = await move(rich.customer, rich.proxy.id, target);
    expect(moved.statusCode).toBe(201);
    expect(moved.json().fee).toBe(15_000);
    expect(await balanceOf(db(), rich.customer.id)).toBe(5_000);
    expect((await ledgerOf(db(), rich.customer.id)).at(-1)).toEqual({
      kind: 'purchase',
      amount: -15_000,
      reference: `move:${moved.json().id}`,
    });
    // The ledger says where the proxy went, in the reader's language (#49).
    const line = async (headers: Record<string, string>) =>
      (
        await suite.app.inject({
          method: 'GET',
          url: '/api/ledger/',
          headers: { ...rich.customer.headers, ...headers },
        })
      )
        .json()
        .results.find((entry: { kind: string }) => entry.kind === 'purchase').reason;
    const where = `${target.country}, ${target.city}, ${target.operator}`;
    expect(await line(EN)).toBe(`Proxy #${rich.proxy.id} moved to ${where}`);
    expect(await line(RU)).toBe(`Прокси #${rich.proxy.id} перенесён: ${where}`);
    await setFee(0);
  });

  it('refuses what cannot move, in both languages, changing nothing', async () => {
    const { place, customer, proxy } = await ownerOfProxy();
    const full = freshPlace();
    const { modemIds } = await createFarm(db(), full, { online: 1 });
    const other = await createCustomer(suite.app, db(), 0);
    await farmService(db()).createProxy({
      ownerId: other.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(clock() + DAY),
    });

    const noStock = await move(customer, proxy.id, full);
    expect(noStock.statusCode).toBe(409);
    expect(noStock.json().detail).toBe('No modems of this operator are free there now: choose another place.');
    expect((await move(customer, proxy.id, full, 'k-ru', RU)).json().detail).toBe(
      'Свободных модемов этого оператора там сейчас нет: выберите другое место.',
    );
    const same = await move(customer, proxy.id, place);
    expect(same.statusCode).toBe(409);
    expect(same.json().detail).toBe('The proxy is already in this place and with this operator.');
    const nowhere = await move(customer, proxy.id, freshPlace());
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().city).toEqual(['There is no such place: choose a country, city and operator from the list.']);
    expect((await quote(customer, proxy.id, freshPlace(), RU)).json().city).toEqual([
      'Такого места нет: выберите страну, город и оператора из списка.',
    ]);
    const bad = await move(customer, proxy.id, { country: 'Germany', city: '', operator: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['city', 'country']);
    // Another customer's proxy is not found; no key is a 400.
    expect((await move(other, proxy.id, full)).statusCode).toBe(404);
    expect((await quote(other, proxy.id, full)).statusCode).toBe(404);
    const keyless = await suite.app.inject({
      method: 'POST',
      url: `/api/proxies/${proxy.id}/move/`,
      headers: customer.headers,
      payload: full,
    });
    expect(keyless.statusCode).toBe(400);

    // Being transferred: refused until the transfer is answered.
    await db().query(
      `INSERT INTO transfers (proxy_id, sender_id, recipient_email, country, city, operator, expires_at)
       VALUES ($1, $2, 'someone@example.com', $3, $4, $5, now() + interval '1 day')`,
      [proxy.id, customer.id, place.country, place.city, place.operator],
    );
    const target = freshPlace();
    await createFarm(db(), target, { online: 1 });
    const transferring = await move(customer, proxy.id, target, 'k-transfer', RU);
    expect(transferring.statusCode).toBe(409);
    expect(transferring.json().detail).toBe(
      'Этот прокси передаётся другому аккаунту: отмените передачу, чтобы перенести его.',
    );
    await db().query(`UPDATE transfers SET state = 'cancelled', decided_at = now() WHERE proxy_id = $1`, [proxy.id]);

    // Suspended: renew it first.
    await farmService(db()).setState(proxy.id, 'suspended');
    const suspended = await move(customer, proxy.id, target);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().detail).toBe('Only an active proxy can be moved: renew it first.');
    await farmService(db()).setState(proxy.id, 'active');
    expect((await proxyOf(customer, proxy.id)).city).toBe(place.city);
    expect(await freeCount(db(), target, new Date())).toBe(1);
  });

  it('moves a proxy once per cooldown, at the app clock', async () => {
    const { customer, proxy } = await ownerOfProxy();
    const first = freshPlace();
    const second = freshPlace();
    await createFarm(db(), first, { online: 1 });
    await createFarm(db(), second, { online: 1 });
    expect((await move(customer, proxy.id, first)).statusCode).toBe(201);

    skipped += 60_000;
    const early = await move(customer, proxy.id, second);
    expect(early.statusCode).toBe(429);
    // A real second may pass between the move and this request: 540 or 539 seconds left.
    expect(MOVE_COOLDOWN_SECONDS - 60 - early.json().wait_seconds).toBeLessThanOrEqual(1);
    expect(early.headers['retry-after']).toBe(String(early.json().wait_seconds));
    const availableAt = Date.parse((await quote(customer, proxy.id, second)).json().available_at);
    expect(Math.abs(availableAt - (clock() + (MOVE_COOLDOWN_SECONDS - 60) * 1000))).toBeLessThan(2_000);

    skipped += MOVE_COOLDOWN_SECONDS * 1000;
    expect((await move(customer, proxy.id, second)).statusCode).toBe(201);
    expect((await proxyOf(customer, proxy.id)).city).toBe(second.city);
  });

  it('the panel reads and sets the fee with the farm permissions', async () => {
    const viewer = await staffHeaders([MODEM_PERMISSIONS.view]);
    const read = await suite.app.inject({ method: 'GET', url: '/api/panel/farm/settings/move/', headers: viewer });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ currency: 'RUB' });
    const denied = await suite.app.inject({
      method: 'PUT',
      url: '/api/panel/farm/settings/move/',
      headers: viewer,
      payload: { fee: 5 },
    });
    expect(denied.statusCode).toBe(403);
    const customer = await createCustomer(suite.app, db(), 0);
    expect(
      (await suite.app.inject({ method: 'GET', url: '/api/panel/farm/settings/move/', headers: customer.headers }))
        .statusCode,
    ).toBe(403);

    const editor = await staffHeaders([MODEM_PERMISSIONS.view, MODEM_PERMISSIONS.change]);
    const negative = await suite.app.inject({
      method: 'PUT',
      url: '/api/panel/farm/settings/move/',
      headers: editor,
      payload: { fee: -1 },
    });
    expect(negative.statusCode).toBe(400);
    const set = await suite.app.inject({
      method: 'PUT',
      url: '/api/panel/farm/settings/move/',
      headers: editor,
      payload: { fee: 25_000 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ fee: 25_000, currency: 'RUB' });
    expect(set.json().changed_by).toMatch(/^staff-/);
    await suite.app.inject({
      method: 'PUT',
      url: '/api/panel/farm/settings/move/',
      headers: editor,
      payload: { fee: 0 },
    });
  });
});
