// Top-ups through NOWPayments against a local server that follows its documented API, on PGlite and (with
// DATABASE_URL) PostgreSQL: staff set the method up, a checkout opens for the total, and only a callback signed as the
// docs say, about a payment the API confirms, credits — once, whatever is replayed, forged or sent at once.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import {
  ipnDelivery,
  startFakeNowpayments,
  type FakeNowpayments,
  type FakeNowpaymentsPayment,
} from '../../test/nowpayments-server.ts';
import { billingService } from './index.ts';
import { signedString } from './nowpayments.ts';
import { paymentMethodsRepository } from './payment-methods-repository.ts';

const STAFF = ['payments.add_paymentmethod', 'payments.change_paymentmethod', 'payments.view_invoice'];

it('signs what the docs sign: the body with its keys sorted at every depth, re-serialised', () => {
  const body = JSON.parse('{"b":1,"a":{"z":[{"y":2,"x":1}],"c":"é/"},"price_amount":0.1}');
  expect(signedString(body)).toBe('{"a":{"c":"é/","z":[{"x":1,"y":2}]},"b":1,"price_amount":0.1}');
});

describe.each(BACKENDS)('top-ups through NOWPayments on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let gateway: FakeNowpayments;
  let staff: Record<string, string>;
  let alice: { id: number; headers: Record<string, string> };
  let methodId: number;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    gateway = await startFakeNowpayments();
    app = await buildTestApp({ db: testDb.db });
    const email = freshEmail('cashier');
    await createUser(testDb.db, { email, verified: true, staff: true, permissions: STAFF });
    staff = { ...EN, ...tokenHeader(await login(app, email)) };
    alice = await customer();
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.close();
    await testDb?.dispose();
  });

  async function customer(): Promise<{ id: number; headers: Record<string, string> }> {
    const email = freshEmail('payer');
    const user = await createUser(testDb.db, { email, verified: true });
    return { id: user.id, headers: { ...EN, ...tokenHeader(await login(app, email)) } };
  }
  const balanceOf = async (who: { headers: Record<string, string> }) =>
    (await app.inject({ url: '/api/users/', headers: who.headers })).json().balance as number;
  const invoiceOf = async (who: { headers: Record<string, string> }, id: number) =>
    (await app.inject({ url: `/api/invoices/${id}/`, headers: who.headers })).json();
  const deliveries = () => testDb.db.query("SELECT delivery_id FROM webhook_deliveries WHERE provider = 'nowpayments'");
  const deliver = (delivery: { body: string; headers: Record<string, string> }, id = methodId) =>
    app.inject({
      method: 'POST',
      url: `/api/payments/nowpayments/${id}/webhook/`,
      headers: delivery.headers,
      payload: delivery.body,
    });
  const createMethod = (code: string, fake: FakeNowpayments) =>
    app.inject({
      method: 'POST',
      url: '/api/panel/payment-methods/',
      headers: staff,
      payload: {
        code,
        name_ru: 'Криптовалюта (NOWPayments)',
        name_en: 'Crypto via NOWPayments',
        kind: 'crypto',
        provider: 'nowpayments',
        settings: { server_url: fake.url },
        secrets: { api_key: fake.apiKey, webhook_secret: fake.ipnSecret },
      },
    });
  /** A top-up of `amount` and the NOWPayments invoice it opened. */
  async function topUp(who: { headers: Record<string, string> }, amount: number, method = methodId) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/invoices/',
      headers: who.headers,
      payload: { method, amount },
    });
    expect(response.statusCode).toBe(201);
    return { id: response.json().id as number, invoice: response.json(), remote: gateway.latest() };
  }

  it('staff set up the method with its API URL, API key and IPN secret, which never come back', async () => {
    const incomplete = await app.inject({
      method: 'POST',
      url: '/api/panel/payment-methods/',
      headers: { ...staff, ...RU },
      payload: { code: 'np_incomplete', name_ru: 'NP', kind: 'crypto', provider: 'nowpayments' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toEqual({
      settings: { server_url: ['Обязательное поле.'] },
      secrets: { api_key: ['Обязательное поле.'], webhook_secret: ['Обязательное поле.'] },
    });

    const created = await createMethod('nowpayments', gateway);
    expect(created.statusCode).toBe(201);
    methodId = created.json().id;
    expect(created.json()).toMatchObject({
      provider: 'nowpayments',
      settings: { server_url: gateway.url },
      secrets_set: { api_key: true, webhook_secret: true },
      webhook_url: `http://testserver/api/payments/nowpayments/${methodId}/webhook/`,
    });
    expect(created.body).not.toContain(gateway.apiKey);
    expect(created.body).not.toContain(gateway.ipnSecret);
    const listed = await app.inject({ url: '/api/payment-methods/', headers: EN });
    expect(listed.json().find((method: { id: number }) => method.id === methodId)).toMatchObject({
      name: 'Crypto via NOWPayments',
      provider: 'nowpayments',
    });
  });

  it('opens an invoice at NOWPayments for the total in the site currency, naming ours and our callback URL', async () => {
    const { id, invoice, remote } = await topUp(alice, 123_456);
    expect(remote).toMatchObject({
      price_amount: 1234.56,
      price_currency: 'rub',
      order_id: String(id),
      ipn_callback_url: `http://testserver/api/payments/nowpayments/${methodId}/webhook/`,
      success_url: `http://testserver/en/user?invoice=${id}`,
      cancel_url: `http://testserver/en/user?invoice=${id}`,
    });
    expect(invoice).toMatchObject({
      status: 'pending',
      total: 123_456,
      checkout_url: remote.invoice_url,
      pay_address: '',
      pay_qr: null,
      method: { id: methodId, provider: 'nowpayments' },
    });
    expect(gateway.requests).toContain('POST /v1/invoice');
  });

  it('refuses a forged, missing, malformed or tampered signature with 403 and writes nothing', async () => {
    const { id, remote } = await topUp(alice, 2_000);
    const payment = gateway.pay(remote.id);
    const before = await balanceOf(alice);
    const signed = ipnDelivery(gateway, payment);
    const valid = signed.headers['x-nowpayments-sig'] ?? '';
    const attempts = [
      ipnDelivery(gateway, payment, 'not-the-ipn-secret'),
      { body: signed.body, headers: { 'content-type': 'application/json' } },
      ...[`${valid}0`, valid.slice(0, -1), `${valid.slice(0, -1)}z`, ` ${valid}`, `sha512=${valid}`].map((sig) => ({
        body: signed.body,
        headers: { ...signed.headers, 'x-nowpayments-sig': sig },
      })),
      // Signed, then changed on the way.
      { ...signed, body: signed.body.replace(`"price_amount":20`, `"price_amount":2000`) },
      { ...signed, body: 'not json' },
    ];
    for (const attempt of attempts) {
      const answer = await deliver(attempt);
      expect(answer.statusCode, attempt.headers['x-nowpayments-sig']).toBe(403);
      expect(answer.json()).toEqual({ detail: 'Неверная подпись.' }); // a gateway sends no language
    }
    expect(await deliveries()).toEqual([]);
    expect(await balanceOf(alice)).toBe(before);
    expect((await invoiceOf(alice, id)).status).toBe('pending');
  });

  it('re-reads the payment: 503 while the API is down, then credits once; replays and re-orderings are ignored', async () => {
    const { id, remote } = await topUp(alice, 3_000);
    const payment = gateway.pay(remote.id);
    const delivery = ipnDelivery(gateway, payment);
    const before = await balanceOf(alice);
    gateway.down = true;
    expect((await deliver(delivery)).statusCode).toBe(503);
    gateway.down = false;
    expect(await balanceOf(alice)).toBe(before);

    expect((await deliver(delivery)).json()).toEqual({ result: 'applied' });
    expect(await balanceOf(alice)).toBe(before + 3_000);
    expect(gateway.requests).toContain(`GET /v1/payment/${payment.payment_id}`);
    expect((await deliver(delivery)).json()).toEqual({ result: 'replay' });
    // The same news sent again with its keys in another order (NOWPayments re-sends until answered): still a replay.
    const reordered = Object.fromEntries(Object.entries(payment).reverse());
    const again = await deliver(ipnDelivery(gateway, reordered));
    expect(again.json()).toEqual({ result: 'replay' });
    expect(await balanceOf(alice)).toBe(before + 3_000);
    expect(await invoiceOf(alice, id)).toMatchObject({ status: 'paid', checkout_url: null });
    const ledger = await testDb.db.query('SELECT amount FROM ledger_entries WHERE reference = $1', [`invoice:${id}`]);
    expect(ledger).toEqual([{ amount: 3_000 }]);
  });

  it('credits nothing a signed callback claims but the API does not confirm', async () => {
    const { id, remote } = await topUp(alice, 4_000);
    const payment = gateway.pay(remote.id, 'waiting');
    const before = await balanceOf(alice);
    // The callback says finished; the API says the payment still waits.
    const claim = ipnDelivery(gateway, { ...payment, payment_status: 'finished', actually_paid: 165.652609 });
    expect((await deliver(claim)).json()).toEqual({ result: 'applied' });
    expect(await balanceOf(alice)).toBe(before);
    expect((await invoiceOf(alice, id)).status).toBe('pending');

    // A settled payment whose re-read names a price other than the invoice's total: recorded, not credited.
    const cheap = gateway.pay(remote.id, 'finished');
    cheap.price_amount = 1;
    expect((await deliver(ipnDelivery(gateway, cheap))).json()).toEqual({ result: 'mismatch' });
    expect(await balanceOf(alice)).toBe(before);

    // When the money does arrive, its own callback credits.
    payment.payment_status = 'finished';
    expect((await deliver(ipnDelivery(gateway, payment))).json()).toEqual({ result: 'applied' });
    expect(await balanceOf(alice)).toBe(before + 4_000);
  });

  it('acts on nothing a signed callback carries that is not a payment of an invoice in a documented state', async () => {
    const { id, remote } = await topUp(alice, 4_500);
    const before = await deliveries();
    const payout = { id: '5000000713', batch_withdrawal_id: '5000000000', status: 'FINISHED', amount: '0.1' };
    expect((await deliver(ipnDelivery(gateway, payout))).json()).toEqual({ result: 'applied' });
    const odd = gateway.pay(remote.id, 'on_hold');
    expect((await deliver(ipnDelivery(gateway, odd))).json()).toEqual({ result: 'applied' });
    const bad = await deliver(ipnDelivery(gateway, { ...odd, payment_id: '12/../34' }));
    expect(bad.statusCode).toBe(400);
    expect(await deliveries()).toEqual(before);
    expect((await invoiceOf(alice, id)).status).toBe('pending');
  });

  it('leaves a partly paid invoice to staff, and marks an expired one expired until a payment finishes', async () => {
    const bob = await customer();
    const partly = await topUp(bob, 5_000);
    const short = gateway.pay(partly.remote.id, 'partially_paid');
    expect((await deliver(ipnDelivery(gateway, short))).json()).toEqual({ result: 'mismatch' });
    expect(await balanceOf(bob)).toBe(0);
    expect((await invoiceOf(bob, partly.id)).status).toBe('pending');

    const late = await topUp(bob, 6_000);
    const lapsed = gateway.pay(late.remote.id, 'expired');
    expect((await deliver(ipnDelivery(gateway, lapsed))).json()).toEqual({ result: 'applied' });
    expect((await invoiceOf(bob, late.id)).status).toBe('expired');
    // The customer tries again on the same NOWPayments invoice and pays: the money is credited.
    const paid = gateway.pay(late.remote.id, 'finished');
    expect((await deliver(ipnDelivery(gateway, paid))).json()).toEqual({ result: 'applied' });
    expect(await invoiceOf(bob, late.id)).toMatchObject({ status: 'paid' });
    expect(await balanceOf(bob)).toBe(6_000);

    const failed = await topUp(bob, 7_000);
    const broken = gateway.pay(failed.remote.id, 'failed');
    expect((await deliver(ipnDelivery(gateway, broken))).json()).toEqual({ result: 'applied' });
    expect(await invoiceOf(bob, failed.id)).toMatchObject({ status: 'cancelled', status_reason: 'invalid' });
  });

  it("refuses a callback to one method's URL about another method's invoice, and writes nothing", async () => {
    // Account A is any other NOWPayments account whose IPN secret an attacker holds (a test store, a second method).
    const accountA = await startFakeNowpayments();
    try {
      const methodA = await createMethod('nowpayments_a', accountA);
      expect(methodA.statusCode).toBe(201);
      const victim = await topUp(alice, 8_000);
      // A's own API claims a payment of the site's invoice, finished for its exact total.
      accountA.invoices.set(victim.remote.id, { ...victim.remote });
      const forged = accountA.pay(victim.remote.id, 'finished');
      const before = await balanceOf(alice);
      const recorded = await deliveries();

      const answer = await deliver(ipnDelivery(accountA, forged), methodA.json().id);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail: 'Неправильное значение.' }); // a gateway sends no language
      expect(await balanceOf(alice)).toBe(before);
      expect((await invoiceOf(alice, victim.id)).status).toBe('pending');
      expect(await deliveries()).toHaveLength(recorded.length);

      // Signed with A's secret, sent to the site's own method: the signature is that method's to check.
      expect((await deliver(ipnDelivery(accountA, forged))).statusCode).toBe(403);
      // Nor can it reach another provider's method: the URL's provider must be the method's.
      const manual = await testDb.db.query<{ id: number }>("SELECT id FROM payment_methods WHERE provider = 'manual'");
      expect((await deliver(ipnDelivery(accountA, forged), manual[0]?.id)).statusCode).toBe(404);
      expect(await balanceOf(alice)).toBe(before);
    } finally {
      await accountA.close();
    }
  });

  it('refuses a callback verified against an account the method no longer points at', async () => {
    const service = billingService(testDb.db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://x' });
    const { id, remote } = await topUp(alice, 9_000);
    const payment = gateway.pay(remote.id);
    const before = await paymentMethodsRepository(testDb.db).get(methodId);
    if (!before) throw new Error('the method is gone');
    // Staff switch the method to another NOWPayments account while the callback was verified against the old one.
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/panel/payment-methods/${methodId}/`,
      headers: staff,
      payload: { secrets: { api_key: 'another-accounts-key' } },
    });
    expect(moved.statusCode).toBe(200);
    try {
      const delivery = ipnDelivery(gateway, payment);
      const outcome = await service.webhook(before, Buffer.from(delivery.body), delivery.headers['x-nowpayments-sig']);
      expect(outcome).toBe('other_store');
      expect((await invoiceOf(alice, id)).status).toBe('pending');
    } finally {
      await app.inject({
        method: 'PATCH',
        url: `/api/panel/payment-methods/${methodId}/`,
        headers: staff,
        payload: { secrets: { api_key: gateway.apiKey } },
      });
    }
  });

  it('credits once when the same callback arrives 10 times at once, and nobody gets a 5xx', async () => {
    const payer = await customer();
    const { id, remote } = await topUp(payer, 10_000);
    const delivery = ipnDelivery(gateway, gateway.pay(remote.id));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const results = answers.map((answer) => (answer.json() as { result: string }).result).sort();
    expect(results).toEqual(['applied', ...Array.from({ length: 9 }, () => 'replay')]);
    expect(await balanceOf(payer)).toBe(10_000);
    const ledger = await testDb.db.query('SELECT amount FROM ledger_entries WHERE reference = $1', [`invoice:${id}`]);
    expect(ledger).toEqual([{ amount: 10_000 }]);
  });

  it('credits each of 10 customers once when their callbacks all arrive at once', async () => {
    const payers = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const payments: FakeNowpaymentsPayment[] = [];
    for (const payer of payers) payments.push(gateway.pay((await topUp(payer, 1_500)).remote.id));
    const answers = await Promise.all(payments.map((payment) => deliver(ipnDelivery(gateway, payment))));
    expect(answers.map((answer) => answer.json())).toEqual(Array.from({ length: 10 }, () => ({ result: 'applied' })));
    expect(await Promise.all(payers.map(balanceOf))).toEqual(Array.from({ length: 10 }, () => 1_500));
  });

  it('answers a repeated top-up with the open invoice and its checkout: NOWPayments is not asked again (#43)', async () => {
    const payer = await customer();
    const { invoice, remote } = await topUp(payer, 12_000);
    const opened = gateway.requests.filter((request) => request === 'POST /v1/invoice').length;
    const again = await app.inject({
      method: 'POST',
      url: '/api/invoices/',
      headers: payer.headers,
      payload: { method: methodId, amount: 12_000 },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(invoice);
    expect(again.json().checkout_url).toBe(remote.invoice_url);
    expect(gateway.requests.filter((request) => request === 'POST /v1/invoice')).toHaveLength(opened);
  });
});
