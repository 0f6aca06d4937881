// Proxy transfers through the API: an offer, both sides' lists and counts, accept (the proxy moves with fresh
// secrets and none of the old owner's access), decline, cancel, 404 for anyone not on the right side, an unknown
// address answered exactly like a known one, the refusals in both languages, the mails, and lapsing after 72 hours
// through the job with a clock the test moves.
import { describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, RU } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace, hostVersion, ledgerOf } from '../../test/orders.ts';
import { manualClock } from '../../lib/clock.ts';
import { farmService } from '../farm/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(BACKENDS)('proxy transfers on $name', (backend) => {
  const clock = manualClock();
  const suite = seededApp(backend, { now: clock.now });
  const db = () => suite.testDb.db;

  /** A customer owning one proxy that expires in `days`, on a modem of a fresh place. */
  async function owner(days = 20, language: Record<string, string> = EN) {
    const customer = await createCustomer(suite.app, db(), 0, language);
    const place = freshPlace();
    const { hostId, modemIds } = await createFarm(db(), place, { online: 1 });
    const proxy = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(clock.now() + days * DAY),
      whitelist: ['203.0.113.7'],
    });
    await db().query(`UPDATE proxies SET auto_renew = true, auto_rotate_minutes = 10, comment = 'mine' WHERE id = $1`, [
      proxy.id,
    ]);
    return { customer, proxyId: proxy.id, hostId, place };
  }
  const get = (customer: Customer, url: string) => suite.app.inject({ method: 'GET', url, headers: customer.headers });
  const post = (customer: Customer, url: string, payload: object = {}) =>
    suite.app.inject({ method: 'POST', url, headers: customer.headers, payload });
  const offer = (customer: Customer, proxyId: number, email: string, note = '') =>
    post(customer, '/api/transfers/', { proxy_id: proxyId, email, note });
  const proxyRow = async (id: number) =>
    (
      await db().query<{
        owner_id: number;
        password: string;
        rotate_token: string;
        whitelist: string[];
        auto_renew: boolean;
        auto_rotate_minutes: number;
        comment: string;
      }>(
        `SELECT owner_id, password, rotate_token, whitelist, auto_renew, auto_rotate_minutes, comment
           FROM proxies WHERE id = $1`,
        [id],
      )
    )[0];
  const mailsTo = async (email: string) => {
    await suite.app.mailer.idle();
    return db().query<{ kind: string; language: string; subject: string; body_text: string }>(
      'SELECT kind, language, subject, body_text FROM outbox WHERE recipient = $1 ORDER BY id',
      [email],
    );
  };

  it('offers, shows it both ways with counts, and on accept the proxy moves with new secrets and no old access', async () => {
    const { customer: a, proxyId, hostId, place } = await owner();
    const b = await createCustomer(suite.app, db());
    const before = await proxyRow(proxyId);

    const created = await offer(a, proxyId, b.email.toUpperCase(), 'for the team');
    expect(created.statusCode).toBe(201);
    const transfer = created.json();
    expect(transfer).toMatchObject({
      state: 'pending',
      direction: 'outgoing',
      proxy_id: proxyId,
      // The sender's own label, while the proxy is theirs (#28).
      proxy_comment: 'mine',
      ...place,
      email: b.email,
      note: 'for the team',
      decided_at: null,
    });
    expect(Date.parse(transfer.expires_at) - Date.parse(transfer.created_at)).toBe(72 * HOUR);

    // The recipient sees it incoming, with the sender's address, but not the proxy nor its label (not theirs yet).
    const incoming = await get(b, '/api/transfers/?direction=incoming');
    expect(incoming.statusCode).toBe(200);
    expect(incoming.headers['cache-control']).toBe('no-store');
    expect(incoming.json().results).toEqual([
      { ...transfer, direction: 'incoming', email: a.email, proxy_id: null, proxy_comment: null },
    ]);
    expect((await get(b, '/api/transfers/?direction=outgoing')).json().count).toBe(0);
    expect((await get(b, '/api/transfers/counts/')).json()).toEqual({ incoming_pending: 1, outgoing_pending: 0 });
    expect((await get(a, '/api/transfers/counts/')).json()).toEqual({ incoming_pending: 0, outgoing_pending: 1 });

    const version = await hostVersion(db(), hostId);
    const accepted = await post(b, `/api/transfers/${transfer.id}/accept/`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'accepted', direction: 'incoming', proxy_id: proxyId });
    expect(accepted.json().decided_at).not.toBeNull();
    expect(await hostVersion(db(), hostId)).toBeGreaterThan(version);

    // The proxy is B's, with a new password and change-IP token, and nothing of A's left on it.
    const mine = await get(b, '/api/proxies/');
    expect(mine.json().results.map((proxy: { id: number }) => proxy.id)).toEqual([proxyId]);
    const after = await proxyRow(proxyId);
    expect(after).toMatchObject({ owner_id: b.id, whitelist: [], auto_renew: false, auto_rotate_minutes: 0 });
    expect(after?.comment).toBe('');
    expect(after?.password).not.toBe(before?.password);
    expect(after?.rotate_token).not.toBe(before?.rotate_token);
    expect((await get(a, `/api/proxies/${proxyId}/`)).statusCode).toBe(404);
    expect((await get(a, `/api/transfers/${transfer.id}/`)).json()).toMatchObject({
      state: 'accepted',
      proxy_id: null,
    });
    // The new owner's label is theirs alone: the sender's row never shows it, the recipient's does (#28).
    await db().query(`UPDATE proxies SET comment = 'theirs' WHERE id = $1`, [proxyId]);
    expect((await get(a, '/api/transfers/?direction=outgoing')).json().results).toMatchObject([
      { id: transfer.id, proxy_id: null, proxy_comment: null },
    ]);
    expect((await get(b, '/api/transfers/?direction=incoming')).json().results).toMatchObject([
      { id: transfer.id, proxy_id: proxyId, proxy_comment: 'theirs' },
    ]);

    for (const user of [a, b]) {
      expect(await ledgerOf(db(), user.id)).toEqual([
        { kind: 'transfer', amount: 0, reference: `transfer:${transfer.id}` },
      ]);
    }
    expect((await get(b, '/api/transfers/counts/')).json()).toEqual({ incoming_pending: 0, outgoing_pending: 0 });

    // Taking it again is a 409 saying why.
    const again = await post(b, `/api/transfers/${transfer.id}/accept/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This offer has already been accepted.' });
  });

  it("shows the new owner only the proxy's history since it became theirs", async () => {
    const { customer: a, proxyId } = await owner();
    const b = await createCustomer(suite.app, db());
    // A's use of it: an address change and an hour of traffic before the transfer.
    await db().query(
      `INSERT INTO rotations (modem_id, proxy_id, source, status, old_ip, new_ip, requested_at, finished_at)
       SELECT modem_id, id, 'customer', 'done', '198.51.100.1', '198.51.100.2', now() - interval '2 hours',
              now() - interval '2 hours' FROM proxies WHERE id = $1`,
      [proxyId],
    );
    await db().query(
      `INSERT INTO traffic_rollups (proxy_id, period, starts_at, bytes_in, bytes_out)
       VALUES ($1, 'hour', date_trunc('hour', now(), 'UTC') - interval '2 hours', 1000, 2000)`,
      [proxyId],
    );
    await db().query(
      `UPDATE proxies SET owned_since = now() - interval '1 day', last_rotation_at = now() - interval '2 hours'
        WHERE id = $1`,
      [proxyId],
    );
    const history = (customer: Customer) =>
      Promise.all([
        get(customer, `/api/proxies/${proxyId}/rotations/`).then((response) => response.json().count),
        get(customer, `/api/proxies/${proxyId}/traffic/?range=24h`).then((response) => response.json().total_in),
        get(customer, `/api/proxies/${proxyId}/`).then((response) => response.json().last_rotation_at !== null),
      ]);
    expect(await history(a)).toEqual([1, 1000, true]);

    const created = (await offer(a, proxyId, b.email)).json();
    expect((await post(b, `/api/transfers/${created.id}/accept/`)).statusCode).toBe(200);
    // No rotations, no traffic, and no "last change" of the previous owner's.
    expect(await history(b)).toEqual([0, 0, false]);
  });

  it('mails the offer to the recipient in their language and the answer to the sender', async () => {
    const { customer: a, proxyId, place } = await owner();
    const bEmail = freshEmail('ru');
    const b = await createUser(db(), { email: bEmail, language: 'ru' });
    const created = await offer(a, proxyId, bEmail, 'https://phish.example/');
    expect(created.statusCode).toBe(201);
    const [mail] = await mailsTo(bEmail);
    expect(mail).toMatchObject({ kind: 'transfer_offer', language: 'ru' });
    expect(mail?.subject).toMatch(/^Вам предлагают прокси/);
    expect(mail?.body_text).toContain(a.email);
    expect(mail?.body_text).toContain(`${place.country}, ${place.city}, ${place.operator}`);
    expect(mail?.body_text).toContain('http://testserver/ip/transfer');
    expect(mail?.body_text).not.toContain('phish');

    expect(await mailsTo(b.email)).toHaveLength(1);

    // A cancel tells nobody (a decline tells the sender: below).
    expect((await post(a, `/api/transfers/${created.json().id}/cancel/`)).statusCode).toBe(200);
    expect(await mailsTo(a.email)).toEqual([]);
  });

  it("names a city with a Russian name in the reader's language: the offer, its e-mail in ru and in en (#28)", async () => {
    const { customer: a, proxyId, place } = await owner();
    const cityRu = `Город ${place.city.slice(5)}`;
    await db().query('INSERT INTO cities (country, name_en, name_ru) VALUES ($1, $2, $3)', [
      place.country,
      place.city,
      cityRu,
    ]);
    const ruEmail = freshEmail('ru');
    await createUser(db(), { email: ruEmail, language: 'ru' });
    const toRu = (await offer(a, proxyId, ruEmail)).json();
    expect(toRu).toMatchObject({ city: place.city, city_ru: cityRu });
    const [ruMail] = await mailsTo(ruEmail);
    expect(ruMail?.body_text).toContain(`${place.country}, ${cityRu}, ${place.operator}`);
    expect((await post(a, `/api/transfers/${toRu.id}/cancel/`)).statusCode).toBe(200);

    const enEmail = freshEmail('en');
    await createUser(db(), { email: enEmail, language: 'en' });
    expect((await offer(a, proxyId, enEmail)).statusCode).toBe(201);
    const [enMail] = await mailsTo(enEmail);
    expect(enMail?.body_text).toContain(`${place.country}, ${place.city}, ${place.operator}`);
  });

  it('declines and cancels; only the right side may answer, anyone else gets 404', async () => {
    const { customer: a, proxyId } = await owner();
    const b = await createCustomer(suite.app, db());
    const stranger = await createCustomer(suite.app, db());
    const first = (await offer(a, proxyId, b.email)).json();

    for (const who of [stranger]) {
      expect((await get(who, `/api/transfers/${first.id}/`)).statusCode).toBe(404);
      for (const action of ['accept', 'decline', 'cancel']) {
        expect((await post(who, `/api/transfers/${first.id}/${action}/`)).statusCode).toBe(404);
      }
    }
    // The sender may not accept or decline their own offer; the recipient may not cancel it.
    expect((await post(a, `/api/transfers/${first.id}/accept/`)).statusCode).toBe(404);
    expect((await post(a, `/api/transfers/${first.id}/decline/`)).statusCode).toBe(404);
    expect((await post(b, `/api/transfers/${first.id}/cancel/`)).statusCode).toBe(404);

    const declined = await post(b, `/api/transfers/${first.id}/decline/`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ state: 'declined', direction: 'incoming' });
    expect((await proxyRow(proxyId))?.owner_id).toBe(a.id);
    const [decided] = await mailsTo(a.email);
    expect(decided).toMatchObject({ kind: 'transfer_decided', subject: expect.stringMatching(/отклонена/) });
    expect(decided?.body_text).toContain(b.email);

    const second = (await offer(a, proxyId, b.email)).json();
    const cancelled = await post(a, `/api/transfers/${second.id}/cancel/`);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', direction: 'outgoing', proxy_id: proxyId });
    const late = await suite.app.inject({
      method: 'POST',
      url: `/api/transfers/${second.id}/accept/`,
      headers: { ...b.headers, ...RU },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'Отправитель отменил это предложение.' });

    const history = await get(a, '/api/transfers/?ordering=created_at&state=declined,cancelled');
    expect(history.json().results.map((t: { id: number }) => t.id)).toEqual([first.id, second.id]);
    expect(await ledgerOf(db(), a.id)).toEqual([]);
  });

  it('answers an unknown address exactly like a customer, and mails nobody', async () => {
    const { customer: a, proxyId: first } = await owner();
    const { proxyId: second } = await owner();
    await db().query('UPDATE proxies SET owner_id = $1 WHERE id = $2', [a.id, second]);
    await db().query(
      `UPDATE modems SET country = 'DE', city = 'Same', operator = 'Same'
        WHERE id IN (SELECT modem_id FROM proxies WHERE id = ANY($1::int[]))`,
      [[first, second]],
    );
    const b = await createCustomer(suite.app, db());
    const nobody = freshEmail('nobody');

    const known = await offer(a, first, b.email);
    const unknown = await offer(a, second, nobody);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    const comparable = (body: Record<string, unknown>) => {
      const {
        id: _id,
        proxy_id: _proxy,
        created_at: _c,
        expires_at: _e,
        email: _m,
        proxy_expires_at: _p,
        ...rest
      } = body;
      return rest;
    };
    expect(comparable(unknown.json())).toEqual(comparable(known.json()));
    expect(Object.keys(unknown.json())).toEqual(Object.keys(known.json()));
    expect(unknown.json().email).toBe(nobody);
    expect(await mailsTo(nobody)).toEqual([]);
    expect(await mailsTo(b.email)).toHaveLength(1);
  });

  it('refuses yourself, a second pending offer and an inactive proxy as field errors, in en and ru', async () => {
    const { customer: a, proxyId } = await owner();
    const b = await createCustomer(suite.app, db());

    const self = await offer(a, proxyId, a.email.toUpperCase());
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ email: ['You cannot offer a proxy to yourself.'] });

    expect((await offer(a, proxyId, b.email)).statusCode).toBe(201);
    const twice = await offer(a, proxyId, freshEmail());
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({
      proxy_id: ['This proxy has already been offered: cancel that offer or wait for the answer.'],
    });

    const { customer: ru, proxyId: suspended } = await owner(20, RU);
    await db().query(`UPDATE proxies SET state = 'suspended' WHERE id = $1`, [suspended]);
    const refused = await offer(ru, suspended, b.email);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ proxy_id: ['Передать можно только активный прокси: сначала продлите его.'] });

    const { customer: late, proxyId: expired } = await owner(-1);
    expect((await offer(late, expired, b.email)).json()).toEqual({
      proxy_id: ['Only an active proxy can be handed over: renew it first.'],
    });

    // Not the caller's proxy (or none at all): 404, whoever the address is.
    expect((await offer(b, proxyId, freshEmail())).statusCode).toBe(404);
    expect((await offer(b, 2_000_000_000, freshEmail())).statusCode).toBe(404);
    const bad = await post(a, '/api/transfers/', { proxy_id: proxyId, email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['email']);
  });

  it('refuses accepting a proxy that expired meanwhile with a clear 409, the offer still pending', async () => {
    const { customer: a, proxyId } = await owner();
    const b = await createCustomer(suite.app, db());
    const transfer = (await offer(a, proxyId, b.email)).json();
    await db().query('UPDATE proxies SET expires_at = $2 WHERE id = $1', [proxyId, new Date(clock.now() - HOUR)]);

    const refused = await post(b, `/api/transfers/${transfer.id}/accept/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'The proxy has expired; the sender must renew it first.' });
    expect((await get(b, `/api/transfers/${transfer.id}/`)).json().state).toBe('pending');
    expect((await proxyRow(proxyId))?.owner_id).toBe(a.id);
    expect(await ledgerOf(db(), b.id)).toEqual([]);
  });

  it('lapses after 72 hours: reads expired at once, the job writes it once, answers are 409', async () => {
    const { customer: a, proxyId } = await owner(30);
    const b = await createCustomer(suite.app, db());
    const transfer = (await offer(a, proxyId, b.email)).json();

    clock.advance(72 * HOUR - 1000);
    expect((await suite.app.jobs.runOne('transfers.expire')) >= 0).toBe(true);
    expect((await get(b, `/api/transfers/${transfer.id}/`)).json().state).toBe('pending');

    clock.advance(1000);
    const read = (await get(b, `/api/transfers/${transfer.id}/`)).json();
    expect(read).toMatchObject({ state: 'expired', decided_at: transfer.expires_at });
    expect((await get(b, '/api/transfers/?state=expired')).json().results.map((t: { id: number }) => t.id)).toContain(
      transfer.id,
    );
    expect((await get(b, '/api/transfers/counts/')).json()).toEqual({ incoming_pending: 0, outgoing_pending: 0 });

    expect(await suite.app.jobs.runOne('transfers.expire')).toBeGreaterThanOrEqual(1);
    expect(await suite.app.jobs.runOne('transfers.expire')).toBe(0);
    const [row] = await db().query<{ state: string; decided_at: Date }>(
      'SELECT state, decided_at FROM transfers WHERE id = $1',
      [transfer.id],
    );
    expect(row?.state).toBe('expired');
    expect(new Date(row?.decided_at as Date).toISOString()).toBe(transfer.expires_at);

    const answer = await post(b, `/api/transfers/${transfer.id}/accept/`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ detail: 'This offer has expired: it was not answered in time.' });
    // A lapsed offer no longer holds the proxy: it can be offered again.
    expect((await offer(a, proxyId, b.email)).statusCode).toBe(201);
  });

  it('writes a lapsed offer expired when it is answered before the job ran', async () => {
    const { customer: a, proxyId } = await owner(30);
    const b = await createCustomer(suite.app, db());
    const transfer = (await offer(a, proxyId, b.email)).json();
    clock.advance(73 * HOUR);
    const cancel = await post(a, `/api/transfers/${transfer.id}/cancel/`);
    expect(cancel.statusCode).toBe(409);
    const [row] = await db().query<{ state: string }>('SELECT state FROM transfers WHERE id = $1', [transfer.id]);
    expect(row?.state).toBe('expired');
  });

  it('is 401 anonymous', async () => {
    for (const [method, url] of [
      ['GET', '/api/transfers/'],
      ['GET', '/api/transfers/counts/'],
      ['POST', '/api/transfers/'],
      ['POST', '/api/transfers/1/accept/'],
    ] as const) {
      expect((await suite.app.inject({ method, url, headers: EN, payload: {} })).statusCode).toBe(401);
    }
  });
});
