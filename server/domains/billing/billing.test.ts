// The money API as customers, staff and the gateway use it, on PGlite and (with DATABASE_URL) PostgreSQL: what each
// sees, what each may do, and that money moves once and only through the ledger.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { startFakeBtcpay, webhookDelivery, type FakeBtcpay } from '../../test/btcpay-server.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { Refusal } from '../../lib/refusal.ts';
import { BILLING_REFUSALS, billingService } from './index.ts';
import { paymentMethodsRepository } from './payment-methods-repository.ts';

const ALL = [
  'payments.view_paymentmethod',
  'payments.add_paymentmethod',
  'payments.change_paymentmethod',
  'payments.delete_paymentmethod',
  'payments.view_invoice',
  'payments.change_invoice',
  'payments.view_promocode',
  'payments.add_promocode',
  'payments.change_promocode',
  'payments.delete_promocode',
];

const MANUAL = {
  code: 'usdt_tron',
  name_ru: 'USDT (TRC-20)',
  name_en: 'USDT on Tron',
  kind: 'crypto',
  provider: 'manual',
  settings: { address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
  min_amount: 50_000,
  fee_percent: 2.5,
  instructions_ru: '<p>Переведите сумму <script>alert(1)</script>на адрес</p>',
  instructions_en: '<p>Send the total to the address</p>',
};

describe.each(BACKENDS)('the money API on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let gateway: FakeBtcpay;
  const as = {} as Record<'cashier' | 'viewer' | 'alice' | 'bob' | 'outsider', Record<string, string>>;
  const ids = {} as Record<'alice' | 'bob' | 'cashier', number>;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    gateway = await startFakeBtcpay();
    app = await buildTestApp({ db: testDb.db });
    const people = {
      cashier: { staff: true, permissions: ALL },
      viewer: { staff: true, permissions: ['payments.view_paymentmethod', 'payments.view_invoice'] },
      alice: {},
      bob: {},
      // Every permission string but not staff: Django admin's `is_staff` rule keeps the panel closed to them.
      outsider: { permissions: ALL },
    } as const;
    for (const [name, fixture] of Object.entries(people)) {
      const email = freshEmail(name);
      const user = await createUser(testDb.db, { email, verified: true, ...fixture });
      as[name as keyof typeof as] = tokenHeader(await login(app, email));
      if (name !== 'viewer' && name !== 'outsider') ids[name as keyof typeof ids] = user.id;
    }
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.close();
    await testDb?.dispose();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: { ...EN, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const balanceOf = async (who: 'alice' | 'bob') =>
    (await call('GET', '/api/users/', as[who])).json().balance as number;
  /** A new customer with no invoices yet, signed in to `on`. */
  const customer = async (on = app) => {
    const email = freshEmail('payer');
    const user = await createUser(testDb.db, { email, verified: true });
    return { id: user.id, headers: tokenHeader(await login(on, email)) };
  };
  const openInvoices = async (userId: number) =>
    (
      await testDb.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM invoices WHERE user_id = $1 AND status = 'pending'",
        [userId],
      )
    )[0]?.n;
  let manualId: number;

  it('staff create a manual method: secrets never come back, rich text is sanitized, customers see it active', async () => {
    const created = await call('POST', '/api/panel/payment-methods/', as.cashier, MANUAL);
    expect(created.statusCode).toBe(201);
    const method = created.json();
    manualId = method.id;
    expect(method).toMatchObject({ code: 'usdt_tron', fee_percent: 2.5, min_amount: 50_000, webhook_url: '' });
    expect(method.instructions_ru).not.toContain('<script>');
    expect(method.secrets_set).toEqual({ api_key: false, webhook_secret: false });

    const inactive = await call('POST', '/api/panel/payment-methods/', as.cashier, {
      ...MANUAL,
      code: 'card',
      name_ru: 'Карта',
      kind: 'fiat',
      active: false,
    });
    expect(inactive.statusCode).toBe(201);

    const listed = await call('GET', '/api/payment-methods/', {});
    expect(listed.statusCode).toBe(200);
    const codes = listed.json().map((m: { code: string }) => m.code);
    expect(codes).toContain('usdt_tron');
    expect(codes).not.toContain('card');
    const shown = listed.json().find((m: { code: string }) => m.code === 'usdt_tron');
    expect(shown).toEqual({
      id: manualId,
      code: 'usdt_tron',
      name: 'USDT on Tron',
      icon: null,
      kind: 'crypto',
      provider: 'manual',
      min_amount: 50_000,
      max_amount: 100_000_000_000,
      fee_percent: 2.5,
      currency: 'RUB',
      asset: null,
      rate: null,
      rate_at: null,
      unavailable: null,
    });
    const russian = await app.inject({ url: '/api/payment-methods/', headers: RU });
    expect(russian.json().find((m: { code: string }) => m.code === 'usdt_tron').name).toBe('USDT (TRC-20)');
  });

  it('words bad method input on its fields, in the request language', async () => {
    const taken = await call('POST', '/api/panel/payment-methods/', { ...as.cashier, ...RU }, MANUAL);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ code: ['Способ оплаты с таким кодом уже существует.'] });

    const gateway = await call('POST', '/api/panel/payment-methods/', as.cashier, {
      ...MANUAL,
      code: 'btc_pay',
      provider: 'btcpay',
      fee_percent: 1.234,
    });
    expect(gateway.statusCode).toBe(400);
    expect(gateway.json()).toEqual({ fee_percent: ['At most two decimal places.'] });

    const incomplete = await call('POST', '/api/panel/payment-methods/', as.cashier, {
      ...MANUAL,
      code: 'btc_pay',
      provider: 'btcpay',
      settings: { server_url: 'https://pay.example.com' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toEqual({
      settings: { store_id: ['This field is required.'] },
      secrets: { api_key: ['This field is required.'], webhook_secret: ['This field is required.'] },
    });
  });

  it('lets only the right staff in: customers 403, viewers read but do not write', async () => {
    expect((await call('GET', '/api/panel/payment-methods/', as.alice)).statusCode).toBe(403);
    expect((await call('GET', '/api/panel/invoices/', as.alice)).statusCode).toBe(403);
    expect((await call('GET', '/api/panel/invoices/', as.outsider)).statusCode).toBe(403);
    expect((await call('GET', '/api/panel/promo-codes/', as.outsider)).statusCode).toBe(403);
    expect((await call('GET', '/api/panel/payment-methods/', as.viewer)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/panel/payment-methods/${manualId}/`, as.viewer, { active: false })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/panel/promo-codes/', as.viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/invoices/', {})).statusCode).toBe(401);
  });

  it('makes an invoice once per Idempotency-Key, with the fee, the instructions and a QR code of the address', async () => {
    const headers = { ...as.alice, 'idempotency-key': 'topup-alice-1' };
    const first = await call('POST', '/api/invoices/', headers, { method: manualId, amount: 100_000 });
    expect(first.statusCode).toBe(201);
    const invoice = first.json();
    expect(invoice).toMatchObject({
      status: 'pending',
      amount: 100_000,
      fee: 2_500,
      total: 102_500,
      currency: 'RUB',
      pay_address: MANUAL.settings.address,
      instructions: '<p>Send the total to the address</p>',
      checkout_url: null,
      method: { id: manualId, name: 'USDT on Tron', provider: 'manual' },
    });
    expect(invoice.pay_qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(invoice.pay_qr.split(',')[1], 'base64').toString()).toContain('<svg');

    const again = await call('POST', '/api/invoices/', headers, { method: manualId, amount: 100_000 });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(invoice.id);

    const reused = await call('POST', '/api/invoices/', headers, { method: manualId, amount: 200_000 });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ detail: 'This Idempotency-Key was already used for another request.' });

    const badKey = await call(
      'POST',
      '/api/invoices/',
      { ...as.alice, 'idempotency-key': 'has space' },
      {
        method: manualId,
        amount: 100_000,
      },
    );
    expect(badKey.statusCode).toBe(400);
    const count = await testDb.db.query('SELECT 1 FROM invoices WHERE user_id = $1', [ids.alice]);
    expect(count).toHaveLength(1);
  });

  it('refuses amounts below the minimum and unavailable methods on their fields', async () => {
    const low = await call('POST', '/api/invoices/', { ...as.bob, ...RU }, { method: manualId, amount: 100 });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ amount: ['Минимальная сумма пополнения этим способом — 500\u00a0₽.'] });
    const [card] = await testDb.db.query<{ id: number }>("SELECT id FROM payment_methods WHERE code = 'card'");
    const off = await call('POST', '/api/invoices/', as.bob, { method: card?.id, amount: 100_000 });
    expect(off.json()).toEqual({ method: ['This payment method is not available.'] });
    const fractional = await call('POST', '/api/invoices/', as.bob, { method: manualId, amount: 10.5 });
    expect(fractional.json()).toEqual({ amount: ['At most two digits after the decimal point.'] });
  });

  it('credits once when staff mark an invoice paid: balance, ledger, and a second click changes nothing', async () => {
    const created = await call('POST', '/api/invoices/', as.bob, { method: manualId, amount: 70_000 });
    const id = created.json().id as number;
    // Other customers' invoices do not exist for them.
    expect((await call('GET', `/api/invoices/${id}/`, as.alice)).statusCode).toBe(404);

    const referenced = await call('PATCH', `/api/invoices/${id}/`, as.bob, { customer_reference: 'tx 0xabc' });
    expect(referenced.json().customer_reference).toBe('tx 0xabc');

    const paid = await call('POST', `/api/panel/invoices/${id}/paid/`, as.cashier, { reason: 'seen on chain' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', actor: { id: ids.cashier }, customer_reference: 'tx 0xabc' });
    expect(await balanceOf('bob')).toBe(70_000);

    const twice = await call('POST', `/api/panel/invoices/${id}/paid/`, as.cashier, {});
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ detail: 'This invoice is already settled.' });
    expect(await balanceOf('bob')).toBe(70_000);

    const history = await call('GET', '/api/ledger/', as.bob);
    expect(history.json()).toMatchObject({
      count: 1,
      results: [{ kind: 'topup', amount: 70_000, balance_after: 70_000, reference: `invoice:${id}` }],
    });
    expect((await call('GET', `/api/invoices/${id}/`, as.bob)).json()).toMatchObject({ status: 'paid', pay_qr: null });
    expect((await call('POST', `/api/panel/invoices/${id}/cancel/`, as.cashier, { reason: 'x' })).statusCode).toBe(400);
  });

  it('cancels a pending invoice with a reason the customer sees; a cancelled one is never credited', async () => {
    const id = (await call('POST', '/api/invoices/', as.alice, { method: manualId, amount: 60_000 })).json().id;
    const noReason = await call('POST', `/api/panel/invoices/${id}/cancel/`, as.cashier, { reason: ' ' });
    expect(noReason.json()).toEqual({ reason: ['This field may not be blank.'] });
    const viewer = await call('POST', `/api/panel/invoices/${id}/cancel/`, as.viewer, { reason: 'no' });
    expect(viewer.statusCode).toBe(403);
    const cancelled = await call('POST', `/api/panel/invoices/${id}/cancel/`, as.cashier, { reason: 'Wrong network' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', status_reason: 'Wrong network' });
    expect((await call('GET', `/api/invoices/${id}/`, as.alice)).json()).toMatchObject({
      status: 'cancelled',
      status_reason: 'Wrong network',
    });
    const paid = await call('POST', `/api/panel/invoices/${id}/paid/`, as.cashier, {});
    expect(paid.statusCode).toBe(400);
    expect(await balanceOf('alice')).toBe(0);
  });

  it('shows an invoice past its time as expired, and staff may still credit money that arrived late', async () => {
    const id = (await call('POST', '/api/invoices/', as.alice, { method: manualId, amount: 55_000 })).json().id;
    await testDb.db.query("UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE id = $1", [id]);
    expect((await call('GET', `/api/invoices/${id}/`, as.alice)).json().status).toBe('expired');
    const list = await call('GET', '/api/panel/invoices/?status=expired', as.cashier);
    expect(list.json().results.map((row: { id: number }) => row.id)).toContain(id);
    expect((await call('PATCH', `/api/invoices/${id}/`, as.alice, { customer_reference: 'late' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', `/api/panel/invoices/${id}/paid/`, as.cashier, {})).json().status).toBe('paid');
    expect(await balanceOf('alice')).toBe(55_000);
  });

  it('filters the panel invoices by status, method, user, e-mail and date, and the ledger by kind', async () => {
    const byUser = await call('GET', `/api/panel/invoices/?user=${ids.bob}`, as.cashier);
    expect(byUser.json().results.every((row: { user: { id: number } }) => row.user.id === ids.bob)).toBe(true);
    const bobEmail = byUser.json().results[0].user.email as string;
    const bySearch = await call('GET', `/api/panel/invoices/?search=${encodeURIComponent(bobEmail)}`, as.cashier);
    expect(bySearch.json().count).toBe(byUser.json().count);
    const paid = await call('GET', `/api/panel/invoices/?status=paid&method=${manualId}`, as.cashier);
    expect(paid.json().count).toBe(2);
    const future = await call('GET', '/api/panel/invoices/?created_after=2099-01-01', as.cashier);
    expect(future.json().count).toBe(0);
    const badFilter = await call('GET', '/api/panel/invoices/?method=abc', as.cashier);
    expect(badFilter.statusCode).toBe(400);
    const adjustments = await call('GET', '/api/ledger/?kind=adjustment', as.bob);
    expect(adjustments.json().count).toBe(0);
  });

  it('refuses a debit larger than the balance and writes nothing', async () => {
    const service = billingService(testDb.db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://x' });
    const before = await testDb.db.query('SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = $1', [ids.bob]);
    await expect(
      service.post({ userId: ids.bob, kind: 'purchase', amount: -70_001, currency: 'RUB', reference: 'order:1' }),
    ).rejects.toSatisfy((error) => Refusal.is(error, BILLING_REFUSALS.insufficientFunds));
    expect(await balanceOf('bob')).toBe(70_000);
    expect(
      await testDb.db.query('SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = $1', [ids.bob]),
    ).toEqual(before);
    const exact = await service.post({ userId: ids.bob, kind: 'purchase', amount: -70_000, currency: 'RUB' });
    expect(exact.balance_after).toBe(0);
    // Even straight SQL cannot take a balance below zero.
    await expect(testDb.db.query('UPDATE users SET balance = -1 WHERE id = $1', [ids.bob])).rejects.toThrow();
  });

  it('answers a repeated top-up with the open invoice of that amount and method, not a second one (#43)', async () => {
    const carol = await customer();
    const topUp = (amount: number, key?: string) =>
      call(
        'POST',
        '/api/invoices/',
        { ...carol.headers, ...(key ? { 'idempotency-key': key } : {}) },
        {
          method: manualId,
          amount,
        },
      );
    const first = await topUp(80_000);
    expect(first.statusCode).toBe(201);
    for (const again of [await topUp(80_000), await topUp(80_000, 'another-click')]) {
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect((await topUp(90_000)).statusCode).toBe(201);
    expect(await openInvoices(carol.id)).toBe(2);

    // Half its time gone: a fresh invoice rather than one about to expire (the old one stays payable).
    await testDb.db.query(
      `UPDATE invoices SET created_at = now() - interval '31 minutes', expires_at = now() + interval '29 minutes'
        WHERE id = $1`,
      [first.json().id],
    );
    const fresh = await topUp(80_000);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(first.json().id);
    // A cancelled one is never answered again.
    expect((await call('POST', `/api/invoices/${fresh.json().id}/cancel/`, carol.headers)).statusCode).toBe(200);
    const afterCancel = await topUp(80_000);
    expect(afterCancel.statusCode).toBe(201);
    expect([first.json().id, fresh.json().id]).not.toContain(afterCancel.json().id);
  });

  it('holds an account to 5 open invoices of a method and 20 in all, refused in its language (#43)', async () => {
    const dave = await customer();
    const methods = [manualId];
    for (const code of ['cash_a', 'cash_b', 'cash_c', 'cash_d']) {
      const [row] = await testDb.db.query<{ id: number }>(
        `INSERT INTO payment_methods (code, name_ru, kind, provider) VALUES ($1, $1, 'fiat', 'manual') RETURNING id`,
        [code],
      );
      methods.push(row?.id as number);
    }
    const topUp = (method: number, amount: number, headers: Record<string, string> = EN) =>
      app.inject({
        method: 'POST',
        url: '/api/invoices/',
        headers: { ...headers, ...dave.headers },
        payload: { method, amount },
      });
    for (let n = 1; n <= 5; n++) expect((await topUp(manualId, 50_000 + n)).statusCode).toBe(201);
    const sixth = await topUp(manualId, 50_006);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({
      detail:
        'You have 5 unpaid invoices with this payment method, as many as it allows: pay or cancel one of them, or choose another method.',
    });
    expect((await topUp(manualId, 50_006, RU)).json()).toEqual({
      detail:
        'Неоплаченных счетов этим способом оплаты у вас: 5 — больше открыть нельзя. Оплатите или отмените один из них либо выберите другой способ.',
    });
    // One of the five asked for again is still answered: a repeat opens nothing.
    expect((await topUp(manualId, 50_003)).statusCode).toBe(200);

    for (const method of methods.slice(1, 4)) {
      for (let n = 1; n <= 5; n++) expect((await topUp(method, 1_000 + n)).statusCode).toBe(201);
    }
    const twentyFirst = await topUp(methods[4] as number, 1_000);
    expect(twentyFirst.statusCode).toBe(409);
    expect(twentyFirst.json()).toEqual({
      detail: 'You have 20 unpaid invoices, as many as an account may have open: pay or cancel one of them first.',
    });
    expect((await topUp(methods[4] as number, 1_000, RU)).json()).toEqual({
      detail: 'Неоплаченных счетов у вас: 20 — больше открыть нельзя. Сначала оплатите или отмените один из них.',
    });
    expect(await openInvoices(dave.id)).toBe(20);

    // Past its time (as when paid or cancelled), an invoice makes room for another.
    const [oldest] = await testDb.db.query<{ id: number }>(
      'SELECT id FROM invoices WHERE user_id = $1 AND method_id = $2 ORDER BY id LIMIT 1',
      [dave.id, manualId],
    );
    await testDb.db.query("UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE id = $1", [
      oldest?.id ?? 0,
    ]);
    expect((await topUp(manualId, 50_006)).statusCode).toBe(201);
  });

  it('rate-limits top-ups per account: 30 an hour, then 429 with Retry-After (#43)', async () => {
    const limited = await buildTestApp({ db: testDb.db, env: { RATE_LIMITS: 'on' } });
    try {
      const erin = await customer(limited);
      const topUp = () =>
        limited.inject({
          method: 'POST',
          url: '/api/invoices/',
          headers: { ...EN, ...erin.headers },
          payload: { method: manualId, amount: 75_000 },
        });
      const answers = [];
      for (let n = 0; n < 30; n++) answers.push((await topUp()).statusCode);
      expect(answers).toEqual([201, ...Array.from({ length: 29 }, () => 200)]);
      const throttled = await topUp();
      expect(throttled.statusCode).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(3_500);
      expect(throttled.json().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    } finally {
      await limited.close();
    }
  });

  describe('through BTCPay Server (Greenfield)', () => {
    let methodId: number;
    let invoiceId: number;
    let remoteId: string;
    const deliver = (delivery: { body: string; headers: Record<string, string> }, id = methodId) =>
      app.inject({
        method: 'POST',
        url: `/api/payments/btcpay/${id}/webhook/`,
        headers: delivery.headers,
        payload: delivery.body,
      });

    it('staff configure the store; secrets are write-only and the webhook URL is given', async () => {
      const created = await call('POST', '/api/panel/payment-methods/', as.cashier, {
        code: 'btc_pay',
        name_ru: 'Биткоин',
        kind: 'crypto',
        provider: 'btcpay',
        settings: { server_url: gateway.url, store_id: gateway.storeId },
        secrets: { api_key: gateway.apiKey, webhook_secret: gateway.webhookSecret },
      });
      expect(created.statusCode).toBe(201);
      methodId = created.json().id;
      expect(created.json().secrets_set).toEqual({ api_key: true, webhook_secret: true });
      expect(created.json().webhook_url).toBe(`http://testserver/api/payments/btcpay/${methodId}/webhook/`);
      expect(created.body).not.toContain(gateway.apiKey);
      expect(created.body).not.toContain(gateway.webhookSecret);
      // An edit that leaves the secrets out keeps them.
      const renamed = await call('PATCH', `/api/panel/payment-methods/${methodId}/`, as.cashier, {
        name_en: 'Bitcoin',
        secrets: { api_key: '' },
      });
      expect(renamed.json().secrets_set).toEqual({ api_key: true, webhook_secret: true });
    });

    it('opens a checkout at the gateway for the total in the site currency, returning to the user page', async () => {
      const response = await call('POST', '/api/invoices/', as.alice, { method: methodId, amount: 123_456 });
      expect(response.statusCode).toBe(201);
      invoiceId = response.json().id;
      const remote = gateway.latest();
      remoteId = remote.id;
      expect(remote).toMatchObject({
        amount: '1234.56',
        currency: 'RUB',
        metadata: { orderId: `invoice-${invoiceId}` },
        redirectURL: `http://testserver/en/user?invoice=${invoiceId}`,
      });
      expect(response.json().checkout_url).toBe(remote.checkoutLink);
    });

    it('refuses a forged or missing signature and writes nothing', async () => {
      const forged = webhookDelivery(gateway, remoteId, 'InvoiceSettled', undefined, 'not-the-secret');
      gateway.latest().status = 'Settled';
      expect((await deliver(forged)).statusCode).toBe(403);
      const unsigned = webhookDelivery(gateway, remoteId, 'InvoiceSettled');
      const { 'btcpay-sig': _sig, ...headers } = unsigned.headers;
      expect((await deliver({ body: unsigned.body, headers })).statusCode).toBe(403);
      // A signed body changed on the way no longer matches its signature.
      const tampered = webhookDelivery(gateway, remoteId, 'InvoiceSettled');
      expect((await deliver({ ...tampered, body: tampered.body.replace('wh1', 'wh2') })).statusCode).toBe(403);
      expect(await testDb.db.query('SELECT 1 FROM webhook_deliveries')).toEqual([]);
      expect((await call('GET', `/api/invoices/${invoiceId}/`, as.alice)).json().status).toBe('pending');
    });

    it('answers 503 while the gateway cannot be re-read, so BTCPay delivers again; then credits once', async () => {
      const delivery = webhookDelivery(gateway, remoteId, 'InvoiceSettled');
      gateway.down = true;
      expect((await deliver(delivery)).statusCode).toBe(503);
      gateway.down = false;
      const before = await balanceOf('alice');
      const applied = await deliver(delivery);
      expect(applied.json()).toEqual({ result: 'applied' });
      expect(await balanceOf('alice')).toBe(before + 123_456);
      const replay = await deliver(delivery);
      expect(replay.json()).toEqual({ result: 'replay' });
      const other = await deliver(webhookDelivery(gateway, remoteId, 'InvoiceSettled'));
      expect(other.json()).toEqual({ result: 'applied' });
      expect(await balanceOf('alice')).toBe(before + 123_456);
      expect((await call('GET', `/api/invoices/${invoiceId}/`, as.alice)).json()).toMatchObject({
        status: 'paid',
        checkout_url: null,
      });
    });

    it('marks an invoice the gateway expired, and takes a new invoice back when the gateway is down', async () => {
      const id = (await call('POST', '/api/invoices/', as.bob, { method: methodId, amount: 1_000 })).json().id;
      const remote = gateway.latest();
      remote.status = 'Expired';
      expect((await deliver(webhookDelivery(gateway, remote.id, 'InvoiceExpired'))).statusCode).toBe(200);
      expect((await call('GET', `/api/invoices/${id}/`, as.bob)).json().status).toBe('expired');

      gateway.down = true;
      const refused = await call('POST', '/api/invoices/', { ...as.bob, ...RU }, { method: methodId, amount: 1_000 });
      gateway.down = false;
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ detail: 'Платёжный шлюз недоступен, попробуйте через несколько минут.' });
      const rows = await testDb.db.query('SELECT 1 FROM invoices WHERE user_id = $1 AND method_id = $2', [
        ids.bob,
        methodId,
      ]);
      expect(rows).toHaveLength(1);
    });

    it('does not credit a settlement for another amount than the invoice asked', async () => {
      const id = (await call('POST', '/api/invoices/', as.bob, { method: methodId, amount: 2_000 })).json().id;
      const remote = gateway.latest();
      remote.status = 'Settled';
      remote.amount = '1.00';
      const before = await balanceOf('bob');
      expect((await deliver(webhookDelivery(gateway, remote.id, 'InvoiceSettled'))).json()).toEqual({
        result: 'mismatch',
      });
      expect(await balanceOf('bob')).toBe(before);
      expect((await call('GET', `/api/invoices/${id}/`, as.bob)).json().status).toBe('pending');
    });
    it('accepts exactly `sha256=` and 64 hex digits as the signature', async () => {
      const id = (await call('POST', '/api/invoices/', as.bob, { method: methodId, amount: 3_000 })).json().id;
      const remote = gateway.latest();
      remote.status = 'Settled';
      const before = await balanceOf('bob');
      const signed = webhookDelivery(gateway, remote.id, 'InvoiceSettled');
      const valid = signed.headers['btcpay-sig'] ?? '';
      for (const header of [`${valid}zz`, `${valid}0`, valid.slice(0, -1), ` ${valid}`, valid.replace('sha256=', '')]) {
        const answer = await deliver({ body: signed.body, headers: { ...signed.headers, 'btcpay-sig': header } });
        expect(answer.statusCode, header).toBe(403);
      }
      expect(await balanceOf('bob')).toBe(before);
      expect((await call('GET', `/api/invoices/${id}/`, as.bob)).json().status).toBe('pending');
      expect((await deliver(signed)).json()).toEqual({ result: 'applied' });
      expect(await balanceOf('bob')).toBe(before + 3_000);
    });

    it("refuses a delivery to one method's webhook that names another method's invoice, and writes nothing", async () => {
      // Store B is the site's real one; store A is any other store whose secret an attacker holds (a test store,
      // a second method staff added).
      const storeA = await startFakeBtcpay();
      try {
        const methodA = await call('POST', '/api/panel/payment-methods/', as.cashier, {
          code: 'btc_pay_a',
          name_ru: 'Биткоин A',
          kind: 'crypto',
          provider: 'btcpay',
          settings: { server_url: storeA.url, store_id: storeA.storeId },
          secrets: { api_key: storeA.apiKey, webhook_secret: storeA.webhookSecret },
        });
        expect(methodA.statusCode).toBe(201);
        const victim = (await call('POST', '/api/invoices/', as.alice, { method: methodId, amount: 4_000 })).json();
        const reference = gateway.latest().id;
        // A's own server claims to hold B's invoice, settled for its exact total.
        storeA.invoices.set(reference, { ...gateway.latest(), storeId: storeA.storeId, status: 'Settled' });
        const before = await balanceOf('alice');
        const deliveries = await testDb.db.query('SELECT 1 FROM webhook_deliveries');

        const forged = await deliver(webhookDelivery(storeA, reference, 'InvoiceSettled'), methodA.json().id);
        expect(forged.statusCode).toBe(400);
        expect(forged.json()).toEqual({ detail: 'Неправильное значение.' }); // a gateway sends no language
        expect(await balanceOf('alice')).toBe(before);
        expect((await call('GET', `/api/invoices/${victim.id}/`, as.alice)).json().status).toBe('pending');
        expect(await testDb.db.query('SELECT 1 FROM webhook_deliveries')).toHaveLength(deliveries.length);

        // Signed with A's secret, sent to B's own URL: the signature is B's to check.
        const misrouted = await deliver(
          webhookDelivery({ ...storeA, storeId: gateway.storeId }, reference, 'InvoiceSettled'),
        );
        expect(misrouted.statusCode).toBe(403);
        expect(await balanceOf('alice')).toBe(before);
      } finally {
        await storeA.close();
      }
    });

    it('refuses a delivery verified against a store the method no longer points at', async () => {
      const service = billingService(testDb.db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://x' });
      const id = (await call('POST', '/api/invoices/', as.bob, { method: methodId, amount: 5_000 })).json().id;
      const remote = gateway.latest();
      remote.status = 'Settled';
      const before = await paymentMethodsRepository(testDb.db).get(methodId);
      if (!before) throw new Error('the method is gone');
      // Staff re-point the method at another store while the delivery was being verified against the old one.
      const moved = await call('PATCH', `/api/panel/payment-methods/${methodId}/`, as.cashier, {
        settings: { server_url: gateway.url, store_id: 'another-store' },
      });
      expect(moved.statusCode).toBe(200);
      try {
        const delivery = webhookDelivery(gateway, remote.id, 'InvoiceSettled');
        const outcome = await service.webhook(before, Buffer.from(delivery.body), delivery.headers['btcpay-sig']);
        expect(outcome).toBe('other_store');
        expect((await call('GET', `/api/invoices/${id}/`, as.bob)).json().status).toBe('pending');
      } finally {
        await call('PATCH', `/api/panel/payment-methods/${methodId}/`, as.cashier, {
          settings: { server_url: gateway.url, store_id: gateway.storeId },
        });
      }
    });

    it('answers a repeated top-up with its open invoice: no second invoice at the gateway (#43)', async () => {
      const payer = await customer();
      const topUp = () => call('POST', '/api/invoices/', payer.headers, { method: methodId, amount: 6_000 });
      const first = await topUp();
      expect(first.statusCode).toBe(201);
      expect(first.json().checkout_url).toMatch(/^http/);
      const atGateway = gateway.invoices.size;
      const again = await topUp();
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(gateway.invoices.size).toBe(atGateway);
    });
  });

  describe('promo codes', () => {
    it('staff create, list and edit codes; the rules between fields hold on create and on edit', async () => {
      const created = await call('POST', '/api/panel/promo-codes/', as.cashier, {
        code: ' spring25 ',
        kind: 'percent',
        value: 25,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ code: 'SPRING25', uses: 0, once_per_customer: true, max_uses: null });
      const duplicate = await call('POST', '/api/panel/promo-codes/', as.cashier, {
        code: 'Spring25',
        kind: 'fixed',
        value: 100,
      });
      expect(duplicate.json()).toEqual({ code: ['promo code with this code already exists.'] });
      const tooMuch = await call('PATCH', `/api/panel/promo-codes/${created.json().id}/`, as.cashier, { value: 150 });
      expect(tooMuch.json()).toEqual({ value: ['A percentage is from 1 to 100.'] });
      const dates = await call('POST', '/api/panel/promo-codes/', as.cashier, {
        code: 'BACKWARDS',
        kind: 'fixed',
        value: 100,
        valid_from: '2027-02-01',
        valid_until: '2027-01-01',
      });
      expect(dates.json()).toEqual({ valid_until: ['The end date is before the start date.'] });
      const list = await call('GET', '/api/panel/promo-codes/?kind=percent&search=spring', as.cashier);
      expect(list.json()).toMatchObject({ count: 1, results: [{ code: 'SPRING25' }] });
    });
  });
});
