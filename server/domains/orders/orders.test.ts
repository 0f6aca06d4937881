// Ordering through the API (#13): the public stock and price list, the quote, placing an order with an
// Idempotency-Key, and the customer's orders — happy paths, every refusal with nothing changed, in en and ru.
import { describe, expect, it } from 'vitest';
import { PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, PGLITE, seededApp } from '../../test/helpers.ts';
import { farmService, freeStock } from '../farm/index.ts';
import { readPriceList } from './price-list.ts';
import {
  balanceOf,
  createCustomer,
  createFarm,
  freshPlace,
  hostVersion,
  ledgerOf,
  type TestPlace,
} from '../../test/orders.ts';

const DAY = 86_400_000;

describe.each(BACKENDS)('ordering on $name', (backend) => {
  const suite = seededApp(backend);
  const db = () => suite.testDb.db;

  const order = (
    headers: Record<string, string>,
    payload: Record<string, unknown>,
    key: string | null = `key-${Math.random()}`,
  ) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: key === null ? headers : { ...headers, 'idempotency-key': key },
      payload,
    });
  const quote = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    suite.app.inject({ method: 'POST', url: '/api/orders/quote/', headers, payload });
  const request = (place: TestPlace, extra: Record<string, unknown> = {}) => ({
    ...place,
    period_days: 30,
    quantity: 1,
    ...extra,
  });
  /** What a refused order must not have changed. */
  const snapshot = async (userId: number) => ({
    balance: await balanceOf(db(), userId),
    ledger: await ledgerOf(db(), userId),
    orders: await db().query('SELECT id FROM orders WHERE user_id = $1', [userId]),
    proxies: await db().query('SELECT id FROM proxies WHERE owner_id = $1', [userId]),
    promoUses: await db().query('SELECT id FROM promo_code_uses WHERE user_id = $1', [userId]),
  });

  it('GET /api/stock/: free modems per place (offline ones and full places left out) and the price list, cached', async () => {
    const place = freshPlace('KZ');
    await createFarm(db(), place, { online: 3, offline: 2 });
    const closed = freshPlace('KZ');
    await createFarm(db(), closed, { online: 0, offline: 1 });
    const answer = await suite.app.inject({ method: 'GET', url: '/api/stock/', headers: EN });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=10');
    const body = answer.json<{ stock: { city: string; free: number }[]; prices: unknown[] }>();
    // A city and operator nobody named in Russian: their English names are all there is ('' in city_ru, #28, and in
    // operator_ru, #49).
    expect(body.stock).toContainEqual({ ...place, city_ru: '', operator_ru: '', free: 3 });
    expect(body.stock.some((item) => item.city === closed.city)).toBe(false);
    expect(body.prices).toEqual([
      { period_days: 1, country: null, price: 35_000, currency: 'RUB', title: 'Day' },
      { period_days: 7, country: null, price: 150_000, currency: 'RUB', title: 'Week' },
      { period_days: 30, country: null, price: 390_000, currency: 'RUB', title: 'Month' },
      { period_days: 90, country: null, price: 1_050_000, currency: 'RUB', title: '3 months' },
    ]);
    const ru = await suite.app.inject({ method: 'GET', url: '/api/stock/', headers: RU });
    expect(ru.json<{ prices: { title: string }[] }>().prices[0]?.title).toBe('Сутки');
  });

  it('quotes from the price list (a plan naming the country wins), with the promo discount and the balance after', async () => {
    const place = freshPlace('FR');
    await createFarm(db(), place, { online: 2 });
    await db().query(
      `INSERT INTO plans (title_ru, price_minor, currency, period_days, country) VALUES ('Франция', 300000, 'RUB', 30, 'FR')`,
    );
    await db().query(`INSERT INTO promo_codes (code, kind, value) VALUES ('TENOFF', 'percent', 10)`);
    const buyer = await createCustomer(suite.app, db(), 500_000);
    const answer = await quote(buyer.headers, request(place, { quantity: 3, promo_code: 'tenoff' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      period_days: 30,
      quantity: 3,
      price: 300_000,
      subtotal: 900_000,
      discount: 90_000,
      total: 810_000,
      currency: 'RUB',
      balance: 500_000,
      balance_after: -310_000,
      available: 2,
      promo: { code: 'TENOFF', error: null },
    });
    // Another country takes the any-country plan; a quote changes nothing.
    const other = await quote(buyer.headers, request({ ...place, country: 'DE' }));
    expect(other.json()).toMatchObject({ price: 390_000, available: 0, promo: null });
    expect(await db().query('SELECT uses FROM promo_codes WHERE code = $1', ['TENOFF'])).toEqual([{ uses: 0 }]);
  });

  it('a quote reports a promo code that cannot be used in the request language; a period without a price is a 400', async () => {
    const place = freshPlace();
    const buyer = await createCustomer(suite.app, db(), 0, RU);
    const ru = await quote(buyer.headers, request(place, { promo_code: 'NOSUCH' }));
    expect(ru.statusCode).toBe(200);
    expect(ru.json()).toMatchObject({ discount: 0, promo: { code: 'NOSUCH', error: 'Такого промокода нет.' } });
    const en = await quote({ ...buyer.headers, ...EN }, request(place, { promo_code: 'NOSUCH' }));
    expect(en.json().promo).toEqual({ code: 'NOSUCH', error: 'There is no such promo code.' });

    const unpriced = await quote({ ...buyer.headers, ...EN }, request(place, { period_days: 3 }));
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json()).toEqual({ period_days: ['There is no price for this period: choose another one.'] });
    const unpricedRu = await quote(buyer.headers, request(place, { period_days: 3 }));
    expect(unpricedRu.json()).toEqual({ period_days: ['Для этого срока нет цены: выберите другой.'] });
  });

  it('a bad request is a 400 naming each field, in en and ru; anonymous is a 401', async () => {
    const buyer = await createCustomer(suite.app, db());
    const bad = { country: 'Germany', city: '', operator: 'x', period_days: 0, quantity: 51, promo_code: '!' };
    const en = await quote(buyer.headers, bad);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      country: ['A two-letter country code (ISO 3166), e.g. RU.'],
      city: ['This field may not be blank.'],
      period_days: ['Ensure this value is greater than or equal to 1.'],
      quantity: ['Ensure this value is less than or equal to 50.'],
      promo_code: ['A promo code is 3 to 32 Latin letters, digits, _ and -.'],
    });
    const ru = await order({ ...buyer.headers, ...RU }, bad);
    expect(ru.statusCode).toBe(400);
    expect(ru.json().country).toEqual(['Двухбуквенный код страны (ISO 3166), например RU.']);

    for (const url of ['/api/orders/quote/', '/api/orders/']) {
      const anonymous = await suite.app.inject({ method: 'POST', url, headers: EN, payload: request(freshPlace()) });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
    const list = await suite.app.inject({ method: 'GET', url: '/api/orders/', headers: EN });
    expect(list.statusCode).toBe(401);
  });

  it('an order without an Idempotency-Key is a 400 saying so, in en and ru; a malformed key too', async () => {
    const buyer = await createCustomer(suite.app, db(), 1_000_000);
    const place = freshPlace();
    await createFarm(db(), place, { online: 1 });
    const en = await order(buyer.headers, request(place), null);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      detail: 'Send an Idempotency-Key header (1 to 255 visible characters) so that a retry never pays twice.',
    });
    const ru = await order({ ...buyer.headers, ...RU }, request(place), null);
    expect(ru.json().detail).toMatch(/^Передайте заголовок Idempotency-Key/);
    const malformed = await order(buyer.headers, request(place), 'with space');
    expect(malformed.json()).toEqual({ detail: 'The Idempotency-Key header must be 1 to 255 visible characters.' });
    expect(await snapshot(buyer.id)).toMatchObject({ orders: [], proxies: [], balance: 1_000_000 });
  });

  it('places an order: proxies on free modems, one purchase entry, the agent told; the same key answers the same order', async () => {
    const place = freshPlace();
    const { hostId, modemIds } = await createFarm(db(), place, { online: 3 });
    await db().query(`INSERT INTO promo_codes (code, kind, value) VALUES ('FIXED500', 'fixed', 50000)`);
    const buyer = await createCustomer(suite.app, db(), 1_000_000);
    const version = await hostVersion(db(), hostId);
    const body = request(place, { period_days: 7, quantity: 2, promo_code: 'fixed500', auto_renew: true });
    const before = Date.now();
    const placed = await order(buyer.headers, body, 'click-1');
    expect(placed.statusCode).toBe(201);
    const created = placed.json();
    expect(created).toMatchObject({
      status: 'paid',
      period_days: 7,
      quantity: 2,
      subtotal: 300_000,
      discount: 50_000,
      total: 250_000,
      currency: 'RUB',
      promo_code: 'FIXED500',
      auto_renew: true,
    });
    expect(created.lines).toHaveLength(2);
    for (const line of created.lines) {
      expect(line).toMatchObject({ ...place, period_days: 7, price: 150_000 });
    }

    const proxies = await db().query<{
      id: number;
      modem_id: number;
      state: string;
      auto_renew: boolean;
      expires_at: Date;
    }>('SELECT id, modem_id, state, auto_renew, expires_at FROM proxies WHERE owner_id = $1 ORDER BY id', [buyer.id]);
    expect(proxies.map((proxy) => proxy.id)).toEqual(created.lines.map((line: { proxy_id: number }) => line.proxy_id));
    expect(new Set(proxies.map((proxy) => proxy.modem_id)).size).toBe(2);
    expect(proxies.every((proxy) => modemIds.includes(proxy.modem_id))).toBe(true);
    for (const proxy of proxies) {
      expect(proxy).toMatchObject({ state: 'active', auto_renew: true });
      const expires = new Date(proxy.expires_at).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
    }
    expect(await ledgerOf(db(), buyer.id)).toEqual([
      { kind: 'adjustment', amount: 1_000_000, reference: '' },
      { kind: 'purchase', amount: -250_000, reference: `order:${created.id}` },
    ]);
    expect(await balanceOf(db(), buyer.id)).toBe(750_000);
    expect(await hostVersion(db(), hostId)).toBeGreaterThan(version);
    expect(await db().query('SELECT uses FROM promo_codes WHERE code = $1', ['FIXED500'])).toEqual([{ uses: 1 }]);

    const again = await order(buyer.headers, body, 'click-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created);
    expect(await ledgerOf(db(), buyer.id)).toHaveLength(2);

    const reused = await order(buyer.headers, { ...body, quantity: 1 }, 'click-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ detail: 'This Idempotency-Key was already used for another request.' });
    expect(await db().query('SELECT id FROM orders WHERE user_id = $1', [buyer.id])).toHaveLength(1);

    // The place has one modem left.
    const stock = await quote(buyer.headers, request(place));
    expect(stock.json().available).toBe(1);
  });

  it('too few free modems is a 409 saying how many are free, in en and ru; nothing changes', async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 2, offline: 3 });
    const buyer = await createCustomer(suite.app, db(), 10_000_000);
    const before = await snapshot(buyer.id);
    const en = await order(buyer.headers, request(place, { quantity: 3 }));
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ detail: 'Only 2 modems are free here now: order at most 2.' });
    const ru = await order({ ...buyer.headers, ...RU }, request(place, { quantity: 3 }));
    expect(ru.json()).toEqual({ detail: 'Сейчас здесь свободно модемов: 2. Закажите не больше 2.' });
    const none = await order(buyer.headers, request(freshPlace()));
    expect(none.json()).toEqual({ detail: 'No modems of this operator are free here now.' });
    expect(await snapshot(buyer.id)).toEqual(before);
  });

  it('a balance that does not cover the total is a 402; nothing changes, the promo code is not used', async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 2 });
    await db().query(`INSERT INTO promo_codes (code, kind, value, max_uses) VALUES ('ONCE402', 'percent', 5, 1)`);
    const buyer = await createCustomer(suite.app, db(), 100_000);
    const before = await snapshot(buyer.id);
    const en = await order(buyer.headers, request(place, { promo_code: 'ONCE402' }));
    expect(en.statusCode).toBe(402);
    expect(en.json()).toEqual({ detail: 'Not enough money on the balance.' });
    const ru = await order({ ...buyer.headers, ...RU }, request(place));
    expect(ru.json()).toEqual({ detail: 'Недостаточно средств на балансе.' });
    expect(await snapshot(buyer.id)).toEqual(before);
    expect(await db().query('SELECT uses FROM promo_codes WHERE code = $1', ['ONCE402'])).toEqual([{ uses: 0 }]);
    expect((await quote(buyer.headers, request(place))).json().available).toBe(2);
  });

  it('a promo code that cannot be used is a 400 on promo_code, in en and ru; nothing changes', async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 1 });
    await db().query(`INSERT INTO promo_codes (code, kind, value, active) VALUES ('SLEEPING', 'percent', 5, false)`);
    const buyer = await createCustomer(suite.app, db(), 1_000_000);
    const before = await snapshot(buyer.id);
    const en = await order(buyer.headers, request(place, { promo_code: 'SLEEPING' }));
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ promo_code: ['This promo code is switched off.'] });
    const ru = await order({ ...buyer.headers, ...RU }, request(place, { promo_code: 'sleeping' }));
    expect(ru.json()).toEqual({ promo_code: ['Этот промокод отключён.'] });
    const unpriced = await order(buyer.headers, request(place, { period_days: 14 }));
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json()).toEqual({ period_days: ['There is no price for this period: choose another one.'] });
    expect(await snapshot(buyer.id)).toEqual(before);
  });

  it("lists the customer's own orders, newest first, and shows one; another customer's order is a 404", async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 3 });
    const buyer = await createCustomer(suite.app, db(), 10_000_000);
    const first = (await order(buyer.headers, request(place, { period_days: 1 }))).json();
    const second = (await order(buyer.headers, request(place, { quantity: 2 }))).json();
    const list = await suite.app.inject({ method: 'GET', url: '/api/orders/', headers: buyer.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.json().results.map((item: { id: number }) => item.id)).toEqual([second.id, first.id]);
    expect(list.json().results[0]).toEqual(second);
    const byTotal = await suite.app.inject({
      method: 'GET',
      url: '/api/orders/?ordering=total',
      headers: buyer.headers,
    });
    expect(byTotal.json().results.map((item: { id: number }) => item.id)).toEqual([first.id, second.id]);
    const paged = await suite.app.inject({
      method: 'GET',
      url: '/api/orders/?page_size=1&page=2',
      headers: buyer.headers,
    });
    expect(paged.json()).toMatchObject({ count: 2, next: null, previous: 'http://testserver/api/orders/?page_size=1' });
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    const dated = await suite.app.inject({
      method: 'GET',
      url: `/api/orders/?created_after=2000-01-01&created_before=2000-01-02`,
      headers: buyer.headers,
    });
    expect(dated.json().count).toBe(0);
    const recent = await suite.app.inject({
      method: 'GET',
      url: `/api/orders/?created_after=${yesterday}`,
      headers: buyer.headers,
    });
    expect(recent.json().count).toBe(2);

    const one = await suite.app.inject({ method: 'GET', url: `/api/orders/${first.id}/`, headers: buyer.headers });
    expect(one.json()).toEqual(first);
    const stranger = await createCustomer(suite.app, db());
    const theirs = await suite.app.inject({
      method: 'GET',
      url: `/api/orders/${first.id}/`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Not found.' });
    expect(
      (await suite.app.inject({ method: 'GET', url: '/api/orders/', headers: stranger.headers })).json().count,
    ).toBe(0);
  });

  it("names a proxy given away since in the buyer's orders without a link or its new owner's label, a kept one by the buyer's label (#28)", async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 2 });
    const buyer = await createCustomer(suite.app, db(), 10_000_000);
    const recipient = await createCustomer(suite.app, db());
    const placed = (await order(buyer.headers, request(place, { quantity: 2 }))).json();
    const [given, kept] = placed.lines.map((line: { proxy_id: number }) => line.proxy_id) as [number, number];
    expect(placed.lines.map((line: { transferred: boolean }) => line.transferred)).toEqual([false, false]);
    // Freshly bought: no label yet.
    expect(placed.lines.map((line: { proxy_comment: string | null }) => line.proxy_comment)).toEqual(['', '']);
    await db().query(`UPDATE proxies SET comment = 'for the team' WHERE id = $1`, [given]);
    await db().query(`UPDATE proxies SET comment = 'scraper' WHERE id = $1`, [kept]);
    const post = (headers: Record<string, string>, url: string, payload: object = {}) =>
      suite.app.inject({ method: 'POST', url, headers, payload });
    const offered = (await post(buyer.headers, '/api/transfers/', { proxy_id: given, email: recipient.email })).json();
    expect((await post(recipient.headers, `/api/transfers/${offered.id}/accept/`)).statusCode).toBe(200);
    // The new owner labels it: that label is theirs, never shown in the buyer's history.
    await db().query(`UPDATE proxies SET comment = 'theirs now' WHERE id = $1`, [given]);

    const mine = await suite.app.inject({ method: 'GET', url: `/api/orders/${placed.id}/`, headers: buyer.headers });
    type Line = { proxy_id: number | null; transferred: boolean; proxy_comment: string | null };
    expect(
      mine.json().lines.map(({ proxy_id, transferred, proxy_comment }: Line) => ({
        proxy_id,
        transferred,
        proxy_comment,
      })),
    ).toEqual([
      { proxy_id: null, transferred: true, proxy_comment: null },
      // The buyer's own label names the proxy they kept, as everywhere else (#28).
      { proxy_id: kept, transferred: false, proxy_comment: 'scraper' },
    ]);
    const listed = await suite.app.inject({ method: 'GET', url: '/api/orders/', headers: buyer.headers });
    expect(listed.json().results[0].lines.map((line: Line) => line.proxy_comment)).toEqual([null, 'scraper']);
  });

  it("carries each place's city and operator in both languages: the stock, the order, the proxy, its history and its transfer (#28, #49)", async () => {
    // An operator of its own too: the Russian name is one per operator and country, for every test's places.
    const city = freshPlace('RU');
    const place = { ...city, operator: `Mobile ${city.city.slice(5)}` };
    type Line = { city: string; city_ru: string; operator: string; operator_ru: string };
    const { modemIds } = await createFarm(db(), place, { online: 2 });
    const cityRu = `Город ${place.city.slice(5)}`;
    const operatorRu = `Мобайл ${place.city.slice(5)}`;
    // Staff name the city and the operator in Russian on one modem (the panel's form): every place reads them.
    await farmService(db()).updateModem(modemIds[0] as number, { cityRu, operatorRu });
    // What GET /api/stock/ answers (from its few-second cache, which an earlier test filled).
    expect(await freeStock(db(), new Date())).toContainEqual({
      ...place,
      city_ru: cityRu,
      operator_ru: operatorRu,
      free: 2,
    });

    // The order still names the place by its English city, the key.
    const buyer = await createCustomer(suite.app, db(), 10_000_000);
    const recipient = await createCustomer(suite.app, db());
    const placed = (await order(buyer.headers, request(place, { quantity: 2 }))).json();
    expect(placed.lines.map((line: Line) => [line.city, line.city_ru, line.operator, line.operator_ru])).toEqual([
      [place.city, cityRu, place.operator, operatorRu],
      [place.city, cityRu, place.operator, operatorRu],
    ]);
    const proxyId = placed.lines[0].proxy_id as number;
    const proxy = await suite.app.inject({ method: 'GET', url: `/api/proxies/${proxyId}/`, headers: buyer.headers });
    expect(proxy.json()).toMatchObject({ city: place.city, city_ru: cityRu, operator_ru: operatorRu });
    const choices = await suite.app.inject({ method: 'GET', url: '/api/proxies/choices/', headers: buyer.headers });
    expect(choices.json()).toEqual({
      countries: ['RU'],
      operators: [place.operator],
      operators_ru: { [place.operator]: operatorRu },
    });
    const offered = await suite.app.inject({
      method: 'POST',
      url: '/api/transfers/',
      headers: buyer.headers,
      payload: { proxy_id: proxyId, email: recipient.email },
    });
    expect(offered.json()).toMatchObject({ city: place.city, city_ru: cityRu, operator_ru: operatorRu });

    // Renamed later: the order, the proxy and the offer read the city's name of now.
    await farmService(db()).updateModem(modemIds[1] as number, { cityRu: 'Новое имя', operatorRu: 'Новый' });
    const again = await suite.app.inject({ method: 'GET', url: `/api/orders/${placed.id}/`, headers: buyer.headers });
    expect(again.json().lines.map((line: Line) => [line.city_ru, line.operator_ru])).toEqual([
      ['Новое имя', 'Новый'],
      ['Новое имя', 'Новый'],
    ]);
    const incoming = await suite.app.inject({ method: 'GET', url: '/api/transfers/', headers: recipient.headers });
    expect(incoming.json().results[0]).toMatchObject({ city: place.city, city_ru: 'Новое имя', operator_ru: 'Новый' });
  });

  it('an order takes modems the farm still has room on (capacity), and an order made free by a promo code moves no money', async () => {
    const place = freshPlace();
    const { modemIds } = await createFarm(db(), place, { online: 1, capacity: 2 });
    await db().query(`INSERT INTO promo_codes (code, kind, value) VALUES ('FREEBIE', 'percent', 100)`);
    const buyer = await createCustomer(suite.app, db());
    const placed = await order(buyer.headers, request(place, { promo_code: 'FREEBIE' }));
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ subtotal: 390_000, discount: 390_000, total: 0 });
    expect(await ledgerOf(db(), buyer.id)).toEqual([]);
    const other = await createCustomer(suite.app, db(), 780_000);
    expect((await order(other.headers, request(place))).statusCode).toBe(201);
    expect((await order(other.headers, request(place))).statusCode).toBe(409);
    const carried = await db().query('SELECT id FROM proxies WHERE modem_id = $1', [modemIds[0] as number]);
    expect(carried).toHaveLength(2);
  });

  it('a period staff price freely (45 days for one country, #49 item 9) is offered, quoted and ordered at its price; an unpriced one is a 400', async () => {
    const email = freshEmail('staff');
    await createUser(db(), { email, staff: true, permissions: [PAGE_PERMISSIONS.view, PAGE_PERMISSIONS.add] });
    const staff = { ...EN, ...tokenHeader(await login(suite.app, email)) };
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/panel/plans/',
      headers: staff,
      payload: { title_ru: '45 дней', price: 500_000, currency: 'RUB', period_days: 45, country: 'cl' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ period_days: 45, country: 'CL' });
    const outOfRange = await suite.app.inject({
      method: 'POST',
      url: '/api/panel/plans/',
      headers: staff,
      payload: { title_ru: 'Год и день', price: 1, currency: 'RUB', period_days: 366 },
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toEqual({ period_days: ['Ensure this value is less than or equal to 365.'] });

    // The price list the order page offers its periods from (`/api/stock/`, cached for seconds) has it for that country.
    expect(await readPriceList(db(), 'RUB')).toContainEqual(
      expect.objectContaining({ period_days: 45, country: 'CL', price: 500_000 }),
    );
    const place = freshPlace('CL');
    await createFarm(db(), place, { online: 2 });
    const buyer = await createCustomer(suite.app, db(), 1_000_000);
    const quoted = await quote(buyer.headers, request(place, { period_days: 45 }));
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ period_days: 45, price: 500_000, total: 500_000, available: 2 });
    const placed = await order(buyer.headers, request(place, { period_days: 45 }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await balanceOf(db(), buyer.id)).toBe(500_000);
    const [proxy] = await db().query<{ period_days: number; days: number }>(
      `SELECT period_days, round(extract(epoch FROM expires_at - now()) / 86400)::int AS days
         FROM proxies WHERE owner_id = $1`,
      [buyer.id],
    );
    expect(proxy).toEqual({ period_days: 45, days: 45 });

    // No plan prices 45 days elsewhere, nor 44 days here: the existing 400 on period_days.
    for (const refused of [
      await quote(buyer.headers, request(freshPlace('DE'), { period_days: 45 })),
      await order(buyer.headers, request(place, { period_days: 44 })),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ period_days: ['There is no price for this period: choose another one.'] });
    }
  });
});

describe('ordering under the rate limits', () => {
  const suite = seededApp(PGLITE, { env: { RATE_LIMITS: 'on' }, rateLimitKeyPrefix: `rl-orders-${Date.now()}:` });

  it('an account placing orders faster than 30 a minute gets a 429 with Retry-After; another account does not', async () => {
    const buyer = await createCustomer(suite.app, suite.testDb.db);
    const place = async (headers: Record<string, string>) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...headers, 'idempotency-key': `k-${Math.random()}` },
        payload: { ...freshPlace(), period_days: 30, quantity: 1 },
      });
    for (let i = 0; i < 30; i++) expect((await place(buyer.headers)).statusCode).toBe(402);
    const throttled = await place(buyer.headers);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds?\.$/);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    const other = await createCustomer(suite.app, suite.testDb.db);
    expect((await place(other.headers)).statusCode).toBe(402);
  });
});
