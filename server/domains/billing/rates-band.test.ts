// Rates have a plausibility band (issue #43), on PGlite and (with DATABASE_URL) PostgreSQL: a ticker answering a rate
// more than ×2 or ÷2 from the accepted one is refused by the `payments.rates` job — the old rate stays and prices
// top-ups, `rate_error` says why, and staff get one alert for the whole incident and one when it is over; a staff
// member typing such a rate is refused on the field until they confirm it; a ticker answering hundreds of megabytes is
// dropped after the first one and recorded as an error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';

const MINUTE = 60_000;
const CASHIER = [
  'payments.view_paymentmethod',
  'payments.add_paymentmethod',
  'payments.change_paymentmethod',
  'payments.view_invoice',
];

/**
 * A ticker answering whatever the test sets; `huge` streams 64 MiB without a length instead, each chunk written once
 * the socket takes it, counting what it got out before the client hung up.
 */
function startTicker() {
  const answer = { body: '{}', huge: false, sent: 0 };
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    if (!answer.huge) return void response.end(answer.body);
    answer.sent = 0;
    response.write('{"last":"95.50","padding":"');
    const pump = () => {
      while (answer.sent < 64 * 1024 * 1024 && !response.destroyed) {
        answer.sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      if (!response.destroyed) response.end('"}');
    };
    pump();
  });
  return new Promise<{ url: string; answer: typeof answer; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ticker`,
        answer,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      });
    });
  });
}

describe.each(BACKENDS)('the rate band on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let ticker: Awaited<ReturnType<typeof startTicker>>;
  let cashier: Record<string, string>;
  let cashierEmail = '';
  const clock = manualClock(Date.now());

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
  }, 300_000);
  beforeAll(async () => {
    app = await buildTestApp({ db: testDb.db, now: clock.now });
    ticker = await startTicker();
    cashierEmail = freshEmail('cashier');
    await createUser(testDb.db, { email: cashierEmail, staff: true, permissions: CASHIER, language: 'en' });
    cashier = tokenHeader(await login(app, cashierEmail));
  });
  afterAll(async () => {
    await app?.close();
    await ticker?.close();
    await testDb?.dispose();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    language: Record<string, string> = EN,
  ) => app.inject({ method, url, headers: { ...language, ...cashier }, ...(payload ? { payload } : {}) });
  const panelMethod = async (id: number) => (await call('GET', `/api/panel/payment-methods/${id}/`)).json();
  const alertMails = () =>
    testDb.db.query<{ recipient: string; subject: string }>(
      `SELECT recipient, subject FROM outbox WHERE kind = 'staff_alert' ORDER BY id`,
    );
  /** The rates job a minute later (each method is read once a minute), then the alerts check. */
  const nextMinute = async () => {
    clock.advance(MINUTE);
    await app.jobs.runOne('payments.rates');
    await app.jobs.runOne('alerts.check');
  };

  const createMethod = async (code: string, fields: object) => {
    const created = await call('POST', '/api/panel/payment-methods/', {
      code,
      name_ru: 'USDT (TRC-20)',
      name_en: 'USDT on Tron',
      kind: 'crypto',
      provider: 'manual',
      settings: { address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
      asset: 'USDT-TRC20',
      rate_max_age_minutes: 60,
      ...fields,
    });
    expect(created.statusCode).toBe(201);
    return created.json().id as number;
  };

  it('the job refuses a rate past the band, keeps the old one, and alerts once per incident', async () => {
    const settings = await call('GET', '/api/panel/alerts/settings/');
    expect(settings.json()).toEqual([{ kind: 'rate_refused', threshold: 0, subscribed: false, telegram: false }]);
    // Alerted once the refusals have lasted 2 minutes: a single odd tick is not worth a mail.
    const follow = await call('PATCH', '/api/panel/alerts/settings/rate_refused/', { subscribed: true, threshold: 2 });
    expect(follow.json()).toEqual({ kind: 'rate_refused', threshold: 2, subscribed: true, telegram: false });
    const id = await createMethod('usdt_band', { rate_source: 'provider', rate_url: ticker.url, rate_path: 'last' });
    ticker.answer.body = JSON.stringify({ last: '95.50' });
    await nextMinute();
    expect(await panelMethod(id)).toMatchObject({ rate: '95.50', rate_error: '' });

    // The ticker answers 1e12 (a JSON number): a 10,000 ₽ top-up would ask 0.0002 USDT.
    ticker.answer.body = '{"last": 1e12}';
    await nextMinute();
    expect(await panelMethod(id)).toMatchObject({
      rate: '95.50',
      rate_error: '1000000000000 refused: ×10,471,204,188 from the accepted 95.50, past the ×2 band',
    });
    const customer = (await app.inject({ method: 'GET', url: '/api/payment-methods/', headers: EN }))
      .json()
      .find((method: { id: number }) => method.id === id);
    expect(customer).toMatchObject({ rate: '95.50', unavailable: null });
    expect(await alertMails()).toEqual([]);

    // Refused a minute later, and not JSON the next: the refusals have lasted 2 minutes, one mail; then no more.
    ticker.answer.body = '{"last": "30"}';
    await nextMinute();
    expect((await panelMethod(id)).rate_error).toBe('30 refused: ÷3.18 from the accepted 95.50, past the ×2 band');
    expect(await alertMails()).toEqual([]);
    ticker.answer.body = 'not json';
    await nextMinute();
    expect(await panelMethod(id)).toMatchObject({ rate: '95.50', rate_error: 'not JSON' });
    expect(await alertMails()).toEqual([
      { recipient: cashierEmail, subject: 'Alert: Exchange rate refused — USDT on Tron (usdt_band)' },
    ]);
    ticker.answer.body = '{"last": 1e12}';
    await nextMinute();
    await nextMinute();
    expect(await alertMails()).toHaveLength(1);

    // A rate within the band again (the old one is what it is compared with): stored, and the alert is over.
    ticker.answer.body = '{"last": "190"}';
    await nextMinute();
    expect(await panelMethod(id)).toMatchObject({ rate: '190', rate_error: '' });
    expect((await alertMails()).map((mail) => mail.subject)).toEqual([
      'Alert: Exchange rate refused — USDT on Tron (usdt_band)',
      'Resolved: Exchange rate refused — USDT on Tron (usdt_band)',
    ]);
    const history = await call('GET', '/api/panel/alerts/incidents/?kind=rate_refused');
    expect(history.json()).toMatchObject({ count: 1 });
    expect(history.json().results[0]).toMatchObject({
      label: 'USDT on Tron (usdt_band)',
      value: 2,
      threshold: 2,
      notified: 1,
    });

    // The market really moved: staff set the new rate by hand (confirming it) and give the method back to the
    // provider, whose reads now compare with that rate — the refusal before it is over, not a new alert.
    ticker.answer.body = '{"last": "1000"}';
    for (let minute = 0; minute < 3; minute++) await nextMinute();
    expect(await alertMails()).toHaveLength(3);
    const typed = await call('PATCH', `/api/panel/payment-methods/${id}/`, {
      rate_source: 'staff',
      rate: '1000',
      confirm_rate: true,
    });
    expect(typed.json()).toMatchObject({ rate: '1000', rate_error: '', rate_set_by: { email: cashierEmail } });
    await app.jobs.runOne('alerts.check');
    await call('PATCH', `/api/panel/payment-methods/${id}/`, { rate_source: 'provider' });
    await app.jobs.runOne('alerts.check');
    expect(await alertMails()).toHaveLength(4);
    ticker.answer.body = '{"last": "1010"}';
    await nextMinute();
    expect(await panelMethod(id)).toMatchObject({ rate: '1010', rate_error: '' });
    expect((await alertMails()).map((mail) => mail.subject.split(':')[0])).toEqual([
      'Alert',
      'Resolved',
      'Alert',
      'Resolved',
    ]);
    await call('PATCH', `/api/panel/payment-methods/${id}/`, { active: false });
  });

  it('staff typing a rate past the band are refused on the field, in both languages, until they confirm it', async () => {
    const id = await createMethod('usdt_typed', { rate: '95.50' });
    const before = await panelMethod(id);

    const slipped = await call('PATCH', `/api/panel/payment-methods/${id}/`, { rate: '955', max_amount: 2_000_000 });
    expect(slipped.statusCode).toBe(400);
    expect(slipped.json()).toEqual({
      rate: [
        'The new rate is 10× above the current one (95.50), more than the ×2 a change may move without a second look. If it is right, confirm the change and save again.',
      ],
    });
    const down = await call('PATCH', `/api/panel/payment-methods/${id}/`, { rate: '9.55' }, RU);
    expect(down.json()).toEqual({
      rate: [
        'Новый курс в 10× ниже текущего (95.50) — больше, чем ×2, допустимых без повторной проверки. Если он верен, подтвердите изменение и сохраните ещё раз.',
      ],
    });
    // Nothing of the refused edit was saved.
    expect(await panelMethod(id)).toMatchObject({ rate: '95.50', rate_at: before.rate_at, max_amount: null });

    const confirmed = await call('PATCH', `/api/panel/payment-methods/${id}/`, { rate: '955', confirm_rate: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ rate: '955', rate_set_by: { email: cashierEmail } });
    // Within the band of the new rate: no confirmation asked.
    const small = await call('PATCH', `/api/panel/payment-methods/${id}/`, { rate: '1910' });
    expect(small.statusCode).toBe(200);
    expect(small.json().rate).toBe('1910');
    await call('PATCH', `/api/panel/payment-methods/${id}/`, { active: false });
  });

  it('a ticker answering a huge stream is dropped after the first megabyte and recorded as an error', async () => {
    const id = await createMethod('usdt_huge', {
      rate_source: 'provider',
      rate_url: `${ticker.url}?huge`,
      rate_path: 'last',
    });
    ticker.answer.body = JSON.stringify({ last: '95.50' });
    await nextMinute();
    expect((await panelMethod(id)).rate).toBe('95.50');

    ticker.answer.huge = true;
    await nextMinute();
    expect(await panelMethod(id)).toMatchObject({ rate: '95.50', rate_error: 'answer too large' });
    // What the client read (1 MB) plus the loopback's socket buffers, not the 64 MiB on offer.
    expect(ticker.answer.sent).toBeLessThan(16 * 1024 * 1024);
    ticker.answer.huge = false;
  });
});
