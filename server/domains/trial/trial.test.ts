// The free trial (#29) through the API, on both databases: staff set it in the panel (permissions, validation, who and
// when); a verified customer sees the offer and takes one short proxy in an offered place — a real proxy, made as an
// order's are, free (no ledger line), not auto-renewed, released the moment its minutes are up (#43); then every
// refusal in both languages: off, not verified, taken (also by a look-alike address — Gmail's, Yandex's — and after
// re-registering), the address's daily limit (an IPv6 client's /64, an IPv4-mapped address as IPv4), no stock (staff's
// minimum), a place without trials.
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import type { TrialOffer, TrialSettingsInput } from '@proxy/contract/schemas/trial';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace, ledgerOf, type TestPlace } from '../../test/orders.ts';
import { freeCount } from '../farm/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TRIAL_URL = '/api/trial/';
const SETTINGS_URL = '/api/panel/farm/settings/trial/';

describe.each(BACKENDS)('the free trial on $name', (backend) => {
  const clock = manualClock(Date.UTC(2030, 5, 1, 12));
  const suite = seededApp(backend, { now: clock.now });
  const db = () => suite.testDb.db;
  let addressCounter = 0;
  /** A client address of the test's own: the per-address limit counts only what the test sends from it. */
  const freshAddress = () => `203.0.113.${(addressCounter += 1)}`;

  async function staff(permissions: readonly string[]) {
    const user = await createUser(db(), { email: freshEmail('staff'), staff: true, permissions });
    return { ...EN, ...tokenHeader(await login(suite.app, user.email)) };
  }

  /** Staff switch the trial on for `places` (the rest of the terms default to an hour, 3 a day, minimum 1). */
  async function configure(places: readonly TestPlace[], terms: Partial<TrialSettingsInput> = {}) {
    const answer = await suite.app.inject({
      method: 'PUT',
      url: SETTINGS_URL,
      headers: await staff(Object.values(MODEM_PERMISSIONS)),
      payload: { enabled: true, minutes: 60, per_address_per_day: 3, min_free_stock: 1, places, ...terms },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }

  const offer = (customer: Customer, address: string, language: Record<string, string> = EN) =>
    suite.app.inject({
      method: 'GET',
      url: TRIAL_URL,
      headers: { ...customer.headers, ...language },
      remoteAddress: address,
    });
  const take = (customer: Customer, place: TestPlace, address: string, language: Record<string, string> = EN) =>
    suite.app.inject({
      method: 'POST',
      url: TRIAL_URL,
      headers: { ...customer.headers, ...language },
      payload: place,
      remoteAddress: address,
    });

  it('lets staff set it with the farm permissions: viewers read, only changers save, who and when recorded', async () => {
    const place = freshPlace('NL');
    await createFarm(db(), place, { online: 2 });
    const viewer = await staff([MODEM_PERMISSIONS.view]);
    const read = await suite.app.inject({ method: 'GET', url: SETTINGS_URL, headers: viewer });
    expect(read.statusCode).toBe(200);
    expect(read.json().place_choices).toContainEqual({ ...place, city_ru: '', operator_ru: '' });
    const refused = await suite.app.inject({
      method: 'PUT',
      url: SETTINGS_URL,
      headers: viewer,
      payload: { enabled: true, minutes: 60, per_address_per_day: 3, min_free_stock: 1, places: [] },
    });
    expect(refused.statusCode).toBe(403);
    const customer = await createCustomer(suite.app, db());
    expect((await suite.app.inject({ method: 'GET', url: SETTINGS_URL, headers: customer.headers })).statusCode).toBe(
      403,
    );

    const saved = await configure([place, place], { minutes: 180 });
    expect(saved).toMatchObject({ enabled: true, minutes: 180, places: [{ ...place, city_ru: '', operator_ru: '' }] });
    expect(saved.changed_by).toMatch(/^staff-/);
    expect(saved.changed_at).toBe(new Date(clock.now()).toISOString());
  });

  it('refuses bad terms and a place the farm has no modems in, in both languages', async () => {
    const headers = await staff(Object.values(MODEM_PERMISSIONS));
    const put = (payload: object, language: Record<string, string> = EN) =>
      suite.app.inject({ method: 'PUT', url: SETTINGS_URL, headers: { ...headers, ...language }, payload });
    const base = { enabled: true, minutes: 60, per_address_per_day: 3, min_free_stock: 1, places: [] };
    const short = await put({ ...base, minutes: 10 });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ minutes: ['Ensure this value is greater than or equal to 30.'] });
    const nowhere = { country: 'DE', city: 'Nowhere at all', operator: 'None' };
    expect((await put({ ...base, places: [nowhere] })).json()).toEqual({
      places: ['The farm has no modems in one of these places.'],
    });
    expect((await put({ ...base, places: [nowhere] }, RU)).json()).toEqual({
      places: ['В одном из этих мест у фермы нет модемов.'],
    });
  });

  it('gives a verified customer one free proxy, not renewed, released the moment its minutes are up', async () => {
    const place = freshPlace();
    const { modemIds } = await createFarm(db(), place, { online: 2 });
    await configure([place], { minutes: 120 });
    const customer = await createCustomer(suite.app, db());
    const address = freshAddress();

    const shown = await offer(customer, address);
    expect(shown.statusCode).toBe(200);
    const body = shown.json<TrialOffer>();
    expect(body).toMatchObject({ available: true, minutes: 120, reason: null, message: null });
    expect(body.places).toContainEqual({ ...place, city_ru: '', operator_ru: '', free: 2 });

    const taken = await take(customer, place, address);
    expect(taken.statusCode, taken.body).toBe(201);
    const { proxy_id: proxyId, expires_at: expiresAt } = taken.json<{ proxy_id: number; expires_at: string }>();
    expect(expiresAt).toBe(new Date(clock.now() + 2 * HOUR).toISOString());

    // A proxy like any other: its page, its modem from the place, no money moved, no auto-renewal.
    const page = await suite.app.inject({ method: 'GET', url: `/api/proxies/${proxyId}/`, headers: customer.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ auto_renew: false, expires_at: expiresAt, ...place });
    expect(['active', 'expiring']).toContain(page.json().state);
    const [row] = await db().query<{ modem_id: number }>('SELECT modem_id FROM proxies WHERE id = $1', [proxyId]);
    expect(modemIds).toContain(row?.modem_id);
    expect(await ledgerOf(db(), customer.id)).toEqual([]);

    // Once only: the offer says so, and a second take is refused.
    expect((await offer(customer, address)).json()).toMatchObject({ available: false, reason: 'taken' });
    const again = await take(customer, place, address, RU);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Бесплатный тест для этого аккаунта или его адреса e-mail уже был.' });

    // The sweep that suspends an expired proxy releases a trial's instead (#43): no 3-day hold, its modem free for
    // a paying customer at once.
    expect(await freeCount(db(), place, new Date())).toBe(1);
    clock.advance(2 * HOUR + MINUTE);
    await suite.app.jobs.runOne('proxies.suspend');
    expect(await db().query('SELECT 1 FROM proxies WHERE id = $1', [proxyId])).toEqual([]);
    expect(await freeCount(db(), place, new Date())).toBe(2);
    await suite.app.jobs.runAll();
    // Neither an "expires in a day" mail for a trial of hours nor a "suspended: renew within 3 days" one: its taker
    // knew its end from the start. The trial is still on record: the mailbox had it.
    expect(await db().query('SELECT kind FROM outbox WHERE user_id = $1', [customer.id])).toEqual([]);
    expect((await offer(customer, address)).json()).toMatchObject({ available: false, reason: 'taken' });
  });

  it('refuses every Yandex spelling of a mailbox that had a trial: its domains, `.` and `-` alike (#43)', async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 8 });
    await configure([place], { per_address_per_day: 1000 });
    const name = `olga.k${addressCounter}x${Date.now() % 100_000}`;
    const customerAt = async (email: string) => {
      const user = await createUser(db(), { email, verified: true });
      return { id: user.id, email, headers: tokenHeader(await login(suite.app, email)) };
    };
    const first = await customerAt(`${name}@yandex.ru`);
    expect((await take(first, place, freshAddress())).statusCode).toBe(201);
    const spellings = [
      `${name}@ya.ru`,
      `${name}@yandex.com`,
      `${name.replace('.', '-')}@yandex.ru`,
      `${name.replace('.', '-')}+second@yandex.by`,
      `${name}@narod.ru`,
    ];
    for (const email of spellings) {
      const answer = await take(await customerAt(email), place, freshAddress(), RU);
      expect({ email, status: answer.statusCode, body: answer.json() }).toEqual({
        email,
        status: 409,
        body: { detail: 'Бесплатный тест для этого аккаунта или его адреса e-mail уже был.' },
      });
    }
    // Another provider's mailbox of the same name is another person's.
    expect((await take(await customerAt(`${name}@mail.ru`), place, freshAddress())).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 address (#43)', async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 8 });
    await configure([place], { per_address_per_day: 2 });
    const customers = await Promise.all(Array.from({ length: 6 }, () => createCustomer(suite.app, db())));
    const [a, b, c, d, e, f] = customers as [Customer, Customer, Customer, Customer, Customer, Customer];
    const n = (addressCounter += 1);
    // Two addresses of one /64 (a device's privacy addresses): its two trials of the day.
    expect((await take(a, place, `2001:db8:${n}:7::1`)).statusCode).toBe(201);
    expect((await take(b, place, `2001:db8:${n}:7:a1b2:c3d4:e5f6:789`)).statusCode).toBe(201);
    const third = `2001:0db8:${String(n).padStart(4, '0')}:0007::ffff`;
    expect((await offer(c, third)).json()).toMatchObject({ available: false, reason: 'address_limit' });
    expect((await take(c, place, third)).statusCode).toBe(429);
    // The next /64 is another network.
    expect((await take(c, place, `2001:db8:${n}:8::1`)).statusCode).toBe(201);
    // A dual-stack socket's `::ffff:` form of an IPv4 client is that client.
    const v4 = freshAddress();
    expect((await take(d, place, v4)).statusCode).toBe(201);
    expect((await take(e, place, `::ffff:${v4}`)).statusCode).toBe(201);
    expect((await take(f, place, v4)).statusCode).toBe(429);
  });

  it('refuses a look-alike of an address that had a trial, even after that account is gone', async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 3 });
    await configure([place]);
    const name = `trial${addressCounter}x${Date.now() % 100_000}`;
    const first = await createUser(db(), { email: `${name}@gmail.com`, verified: true });
    const firstCustomer = {
      id: first.id,
      email: first.email,
      headers: tokenHeader(await login(suite.app, first.email)),
    };
    expect((await take(firstCustomer, place, freshAddress())).statusCode).toBe(201);
    // The account is deleted (its trial proxy released first): the mailbox still had its trial.
    await db().query('DELETE FROM proxies WHERE owner_id = $1', [first.id]);
    await db().query('DELETE FROM auth_tokens WHERE user_id = $1', [first.id]);
    await db().query('DELETE FROM users WHERE id = $1', [first.id]);

    const spelled = `${name.slice(0, 3)}.${name.slice(3)}+again@GoogleMail.com`;
    const lookAlike = await createUser(db(), { email: spelled, verified: true });
    const customer = { id: lookAlike.id, email: spelled, headers: tokenHeader(await login(suite.app, spelled)) };
    const address = freshAddress();
    expect((await offer(customer, address)).json()).toMatchObject({
      available: false,
      reason: 'taken',
      message: 'A free trial has already been taken for this account or its e-mail address.',
    });
    expect((await take(customer, place, address)).statusCode).toBe(409);
  });

  it('refuses an account whose address is not confirmed, saying why (en, ru)', async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 2 });
    await configure([place]);
    // Signing in needs a confirmed address; an account whose new address is not confirmed yet keeps its session.
    const customer = await createCustomer(suite.app, db());
    await db().query('UPDATE users SET email_verified = false WHERE id = $1', [customer.id]);
    const address = freshAddress();
    expect((await offer(customer, address, RU)).json()).toMatchObject({
      available: false,
      reason: 'not_verified',
      message: 'Подтвердите адрес e-mail, чтобы получить бесплатный тест.',
    });
    const refused = await take(customer, place, address);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Confirm your e-mail address to take a free trial.' });
  });

  it('holds the per-address limit for 24 hours, then gives again', async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 5 });
    await configure([place], { per_address_per_day: 2 });
    const address = freshAddress();
    const customers = await Promise.all([1, 2, 3].map(() => createCustomer(suite.app, db())));
    expect((await take(customers[0] as Customer, place, address)).statusCode).toBe(201);
    clock.advance(HOUR);
    expect((await take(customers[1] as Customer, place, address)).statusCode).toBe(201);
    expect((await offer(customers[2] as Customer, address)).json()).toMatchObject({ reason: 'address_limit' });
    const refused = await take(customers[2] as Customer, place, address, RU);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'С вашего адреса сегодня взято слишком много бесплатных тестов: попробуйте завтра.',
    });
    // Another address is not limited by this one.
    expect((await offer(customers[2] as Customer, freshAddress())).json()).toMatchObject({ available: true });
    clock.advance(23 * HOUR + MINUTE);
    expect((await take(customers[2] as Customer, place, address)).statusCode).toBe(201);
  });

  it('gives no trial where free stock is below the minimum, nor in a place without trials, nor when off', async () => {
    const place = freshPlace();
    await createFarm(db(), place, { online: 2, offline: 2 });
    const elsewhere = freshPlace();
    await createFarm(db(), elsewhere, { online: 5 });
    await configure([place], { min_free_stock: 3 });
    const customer = await createCustomer(suite.app, db());
    const address = freshAddress();
    expect((await offer(customer, address)).json<TrialOffer>().places).not.toContainEqual(
      expect.objectContaining(place),
    );
    const short = await take(customer, place, address);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      detail: 'No proxies are free for a trial here now: choose another place or try later.',
    });
    const notOffered = await take(customer, elsewhere, address, RU);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toEqual({ operator: ['В этом месте бесплатный тест не предоставляется.'] });

    await configure([place], { enabled: false });
    expect((await offer(customer, address)).json()).toMatchObject({
      available: false,
      reason: 'off',
      message: 'Free trials are not offered now.',
    });
    const off = await take(customer, place, address);
    expect(off.statusCode).toBe(403);
    expect(await db().query('SELECT 1 FROM proxies WHERE owner_id = $1', [customer.id])).toEqual([]);
  });

  it('needs a signed-in customer', async () => {
    expect((await suite.app.inject({ method: 'GET', url: TRIAL_URL })).statusCode).toBe(401);
    expect((await suite.app.inject({ method: 'POST', url: TRIAL_URL, payload: {} })).statusCode).toBe(401);
  });
});
