// A proxy's life after the order (#14, "Scheduled work"), seen through the API and the outbox: auto-renewal from the
// balance (and its one "renewal failed" mail), suspension at expiry, release after the 3-day hold, reminders 3 days
// and 1 day ahead, auto-rotation. Time moves by the app's clock (`manualClock`), never by sleeping; each job run twice
// at one `now` does nothing the second time.
import { SERVED_PROXY_STATES } from '@proxy/contract/schemas/farm-agent';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { EN, RU } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import {
  balanceOf,
  createCustomer,
  createFarm,
  type Customer,
  freshPlace,
  hostVersion,
  ledgerOf,
} from '../../test/orders.ts';
import { billingService } from '../billing/index.ts';
import { farmService } from '../farm/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The seeded price list's 30-day plan for any country. */
const PRICE_30 = 390_000;

describe.each(BACKENDS)('the lifecycle jobs on $name', (backend) => {
  const clock = manualClock(Date.UTC(2030, 0, 1, 12));
  const suite = seededApp(backend, { now: clock.now });
  const db = () => suite.testDb.db;
  const runAll = () => suite.app.jobs.runAll();

  /** Every job at the clock's now, then again: the second run must find nothing due. */
  async function sweep() {
    const first = await runAll();
    expect(Object.values(await runAll()).every((handled) => handled === 0)).toBe(true);
    return first;
  }

  /** A customer with one proxy on a fresh host, expiring `expiresIn` from the clock's now. */
  async function ownerWithProxy(
    expiresIn: number,
    options: { balance?: number; autoRenew?: boolean; language?: 'ru' | 'en'; online?: boolean } = {},
  ) {
    const customer = await createCustomer(suite.app, db(), options.balance ?? 0);
    if (options.language === 'en') await db().query(`UPDATE users SET language = 'en' WHERE id = $1`, [customer.id]);
    const place = freshPlace();
    const { hostId, modemIds } = await createFarm(db(), place, {
      online: options.online === false ? 0 : 1,
      offline: options.online === false ? 1 : 0,
    });
    const proxy = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(clock.now() + expiresIn),
    });
    await db().query('UPDATE proxies SET auto_renew = $2 WHERE id = $1', [proxy.id, options.autoRenew ?? false]);
    return { customer, hostId, modemId: modemIds[0] as number, id: proxy.id, place };
  }

  const get = (customer: Customer, url: string) => suite.app.inject({ method: 'GET', url, headers: customer.headers });
  const proxyOf = async (customer: Customer, id: number) =>
    (await get(customer, `/api/proxies/${id}/`)).json<{ state: string; expires_at: string }>();
  /** The words of the customer's newest renewal line in the ledger, as `headers` ask for them. */
  const renewalLine = async (customer: Customer, headers: Record<string, string>) =>
    (await suite.app.inject({ method: 'GET', url: '/api/ledger/', headers: { ...customer.headers, ...headers } }))
      .json()
      .results.find((entry: { kind: string }) => entry.kind === 'renewal').reason;
  const mailsOf = (userId: number) =>
    db().query<{ kind: string; subject: string; body_text: string; body_html: string; status: string }>(
      'SELECT kind, subject, body_text, body_html, status FROM outbox WHERE user_id = $1 ORDER BY id',
      [userId],
    );

  it('renews an auto-renew proxy from the balance a day before expiry: one entry, the new expiry, one mail', async () => {
    const { customer, id } = await ownerWithProxy(2 * DAY, { balance: 1_000_000, autoRenew: true });
    const expiresAt = clock.now() + 2 * DAY;
    await sweep();
    expect(await ledgerOf(db(), customer.id)).toHaveLength(1);

    clock.advance(DAY + MINUTE);
    const handled = await sweep();
    expect(handled['proxies.renew']).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(db(), customer.id)).toBe(1_000_000 - PRICE_30);
    expect((await ledgerOf(db(), customer.id)).slice(1)).toEqual([
      { kind: 'renewal', amount: -PRICE_30, reference: `autorenew:${id}:${expiresAt}` },
    ]);
    const proxy = await proxyOf(customer, id);
    expect(proxy.expires_at).toBe(new Date(expiresAt + 30 * DAY).toISOString());
    expect(proxy.state).toBe('active');
    // The line says which proxy renewed itself, in the reader's language (#49).
    expect(await renewalLine(customer, EN)).toBe(`Proxy #${id} renewed automatically for 30 days`);
    expect(await renewalLine(customer, RU)).toBe(`Прокси #${id} продлён автоматически на 30 дн.`);
    const mails = await mailsOf(customer.id);
    expect(mails.map((mail) => [mail.kind, mail.status])).toEqual([['proxy_renewed', 'logged']]);
    expect(mails[0]?.subject).toBe(`Прокси #${id} продлён`);
    expect(mails[0]?.body_text).toContain(`http://testserver/ip/${id}`);
  });

  it('too little balance: no charge, one mail however many sweeps, retried hourly; renewed after a top-up', async () => {
    const { customer, id } = await ownerWithProxy(20 * HOUR, { balance: 100_000, autoRenew: true, language: 'en' });
    await sweep();
    clock.advance(30 * MINUTE);
    await sweep();
    clock.advance(31 * MINUTE);
    await sweep();
    expect(await balanceOf(db(), customer.id)).toBe(100_000);
    expect(await ledgerOf(db(), customer.id)).toHaveLength(1);
    const mails = await mailsOf(customer.id);
    expect(mails.map((mail) => mail.kind)).toEqual(['proxy_renewal_failed']);
    expect(mails[0]?.subject).toBe(`Proxy #${id} could not be renewed`);
    expect(mails[0]?.body_text).toMatch(/costs RUB\s3,900, and your balance is RUB\s2,900 short/);
    expect(mails[0]?.body_text).toContain(`http://testserver/en/ip/${id}#topup-290000`);

    await billingService(db(), { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://testserver' }).post({
      userId: customer.id,
      kind: 'adjustment',
      amount: 300_000,
      currency: 'RUB',
      reason: 'top-up',
    });
    clock.advance(HOUR);
    await sweep();
    expect(await balanceOf(db(), customer.id)).toBe(400_000 - PRICE_30);
    expect((await mailsOf(customer.id)).map((mail) => mail.kind)).toEqual(['proxy_renewal_failed', 'proxy_renewed']);
  });

  it('suspends at expiry (the agent stops serving it), then releases after 3 days: modem free, history kept', async () => {
    const buyer = await createCustomer(suite.app, db(), 1_000_000);
    const place = freshPlace();
    const { hostId } = await createFarm(db(), place, { online: 1 });
    const order = await suite.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...buyer.headers, 'idempotency-key': 'lifecycle' },
      payload: { ...place, period_days: 7, quantity: 1, auto_renew: false },
    });
    expect(order.statusCode).toBe(201);
    const orderId = order.json<{ id: number }>().id;
    const [{ id } = { id: 0 }] = await db().query<{ id: number }>('SELECT id FROM proxies WHERE owner_id = $1', [
      buyer.id,
    ]);
    const [{ period_days: period } = { period_days: 0 }] = await db().query<{ period_days: number }>(
      'SELECT period_days FROM proxies WHERE id = $1',
      [id],
    );
    expect(period).toBe(7);
    const recipient = await createCustomer(suite.app, db());
    await db().query(
      `INSERT INTO transfers (proxy_id, sender_id, recipient_id, recipient_email, country, city, operator, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        buyer.id,
        recipient.id,
        recipient.email,
        place.country,
        place.city,
        place.operator,
        new Date(clock.now() + 30 * DAY),
      ],
    );

    clock.advance(7 * DAY + 1_000);
    expect((await proxyOf(buyer, id)).state).toBe('expired');
    const version = await hostVersion(db(), hostId);
    await sweep();
    expect((await proxyOf(buyer, id)).state).toBe('suspended');
    expect(await hostVersion(db(), hostId)).toBeGreaterThan(version);
    const config = await farmService(db()).config(hostId);
    const served = config?.proxies.filter((proxy) => SERVED_PROXY_STATES.includes(proxy.state)).map((p) => p.id);
    expect(served).toEqual([]);
    const mails = await mailsOf(buyer.id);
    // It expired unreminded: the clock jumped past both reminders (a reminder is for a proxy still running).
    expect(mails.map((mail) => mail.kind)).toEqual(['proxy_suspended']);
    expect(mails[0]?.body_text).toContain('в течение 3 дней');
    expect(mails[0]?.body_text).toContain(`http://testserver/ip/${id}`);

    clock.advance(3 * DAY - 2_000);
    await sweep();
    expect((await proxyOf(buyer, id)).state).toBe('suspended');
    clock.advance(2_000);
    const afterRelease = await hostVersion(db(), hostId);
    await sweep();
    expect((await get(buyer, `/api/proxies/${id}/`)).statusCode).toBe(404);
    expect((await get(buyer, '/api/proxies/')).json().count).toBe(0);
    expect(await hostVersion(db(), hostId)).toBeGreaterThan(afterRelease);
    const stock = (await suite.app.inject({ method: 'GET', url: '/api/stock/' })).json<{ stock: object[] }>();
    expect(stock.stock).toContainEqual({ ...place, city_ru: '', operator_ru: '', free: 1 });
    const history = (await get(buyer, `/api/orders/${orderId}/`)).json<{ lines: { proxy_id: number | null }[] }>();
    expect(history.lines).toHaveLength(1);
    expect(history.lines[0]?.proxy_id).toBeNull();
    const [transfer] = await db().query<{ state: string; decided_at: Date | string }>(
      'SELECT state, decided_at FROM transfers WHERE sender_id = $1',
      [buyer.id],
    );
    expect(transfer?.state).toBe('expired');
    expect(new Date(transfer?.decided_at ?? 0).getTime()).toBe(clock.now());
  });

  it("reminds 3 days and 1 day ahead, each once, in the owner's language; a renewal re-arms them", async () => {
    const { customer, id } = await ownerWithProxy(4 * DAY, { balance: 1_000_000 });
    await sweep();
    expect(await mailsOf(customer.id)).toEqual([]);
    clock.advance(DAY + MINUTE);
    await sweep();
    clock.advance(HOUR);
    await sweep();
    expect((await mailsOf(customer.id)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Прокси #${id} истекает `)),
    ]);
    clock.advance(2 * DAY);
    await sweep();
    expect((await mailsOf(customer.id)).map((mail) => mail.kind)).toEqual(['proxy_reminder', 'proxy_reminder']);

    const renewed = await suite.app.inject({
      method: 'POST',
      url: '/api/proxies/renew/',
      headers: { ...customer.headers, 'idempotency-key': 'rearm' },
      payload: { ids: [id], period_days: 30 },
    });
    expect(renewed.statusCode).toBe(201);
    expect(await renewalLine(customer, EN)).toBe('Proxies renewed: 1, for 30 days');
    expect(await renewalLine(customer, RU)).toBe('Продлено прокси: 1, на 30 дн.');
    clock.advance(27 * DAY);
    await sweep();
    expect(await mailsOf(customer.id)).toHaveLength(2);
    clock.advance(DAY);
    await sweep();
    expect(await mailsOf(customer.id)).toHaveLength(3);
    expect((await proxyOf(customer, id)).state).toBe('expiring');
  });

  it('a proxy that crossed both thresholds while nothing ran gets only the 1-day reminder (English)', async () => {
    const { customer, id } = await ownerWithProxy(12 * HOUR, { language: 'en' });
    await sweep();
    const mails = await mailsOf(customer.id);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(new RegExp(`^Proxy #${id} expires on `))]);
    expect(mails[0]?.body_text).toContain(`http://testserver/en/ip/${id}`);
    expect(mails[0]?.body_html).toContain('<html lang="en">');
  });

  it('auto-rotation requests a rotation once per interval, never while one is pending or the modem is offline', async () => {
    const { id, modemId } = await ownerWithProxy(30 * DAY);
    await db().query('UPDATE proxies SET auto_rotate_minutes = 5 WHERE id = $1', [id]);
    const rotations = () =>
      db().query<{ source: string; status: string }>('SELECT source, status FROM rotations WHERE proxy_id = $1', [id]);
    await sweep();
    expect(await rotations()).toEqual([{ source: 'auto', status: 'pending' }]);
    clock.advance(5 * MINUTE);
    await sweep();
    // The agent has not answered: the request joined the pending one.
    expect(await rotations()).toEqual([{ source: 'auto', status: 'pending' }]);
    await db().query(`UPDATE rotations SET status = 'done', finished_at = now() WHERE proxy_id = $1`, [id]);
    clock.advance(4 * MINUTE);
    await sweep();
    expect(await rotations()).toHaveLength(1);
    clock.advance(MINUTE);
    await sweep();
    expect(await rotations()).toHaveLength(2);

    await db().query(`UPDATE rotations SET status = 'done', finished_at = now() WHERE proxy_id = $1`, [id]);
    await db().query(`UPDATE modems SET status = 'offline' WHERE id = $1`, [modemId]);
    clock.advance(10 * MINUTE);
    const handled = await sweep();
    expect(handled['proxies.auto_rotate']).toBe(0);
    expect(await rotations()).toHaveLength(2);
  });
});
