// Money under concurrency, on PostgreSQL (PGlite has one connection, so nothing there runs at once): whatever arrives
// twice or at the same moment, an invoice is credited once, a balance never goes below zero, the last use of a
// promo code goes to one customer, a wallet's amount names one invoice, and an account's open invoices stay within
// their limits (rate limits off, as in every test app).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { startFakeBtcpay, webhookDelivery, type FakeBtcpay } from '../../test/btcpay-server.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { startFakeNowpayments } from '../../test/nowpayments-server.ts';
import { Refusal } from '../../lib/refusal.ts';
import { BILLING_REFUSALS, billingService, promoCodesRepository } from './index.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
const backend = () => {
  if (!postgres) throw new Error('DATABASE_URL is not set');
  return postgres;
};

describe.runIf(postgres)('money races on PostgreSQL', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let gateway: FakeBtcpay;
  let staff: Record<string, string>;

  beforeAll(async () => {
    testDb = await openSeededDb(backend());
    gateway = await startFakeBtcpay();
    app = await buildTestApp({ db: testDb.db });
    const email = freshEmail('cashier');
    await createUser(testDb.db, {
      email,
      verified: true,
      staff: true,
      permissions: ['payments.change_invoice', 'payments.add_paymentmethod'],
    });
    staff = { ...EN, ...tokenHeader(await login(app, email)) };
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
  const ledgerRows = (userId: number) =>
    testDb.db.query<{ amount: number }>('SELECT amount FROM ledger_entries WHERE user_id = $1', [userId]);
  const balance = async (userId: number) =>
    (await testDb.db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]))[0]?.balance;

  it('20 deliveries of one settled webhook and 5 staff "mark paid" at once: one credit, one ledger row', async () => {
    const method = await app.inject({
      method: 'POST',
      url: '/api/panel/payment-methods/',
      headers: staff,
      payload: {
        code: 'btc_race',
        name_ru: 'BTC',
        kind: 'crypto',
        provider: 'btcpay',
        settings: { server_url: gateway.url, store_id: gateway.storeId },
        secrets: { api_key: gateway.apiKey, webhook_secret: gateway.webhookSecret },
      },
    });
    const methodId = method.json().id as number;
    const payer = await customer();
    const invoice = await app.inject({
      method: 'POST',
      url: '/api/invoices/',
      headers: payer.headers,
      payload: { method: methodId, amount: 250_000 },
    });
    const invoiceId = invoice.json().id as number;
    const remote = gateway.latest();
    remote.status = 'Settled';

    const sameDelivery = webhookDelivery(gateway, remote.id, 'InvoiceSettled');
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        app.inject({
          method: 'POST',
          url: `/api/payments/btcpay/${methodId}/webhook/`,
          headers: sameDelivery.headers,
          payload: sameDelivery.body,
        }),
      ),
      ...Array.from({ length: 5 }, () =>
        app.inject({ method: 'POST', url: `/api/panel/invoices/${invoiceId}/paid/`, headers: staff, payload: {} }),
      ),
    ]);
    // No request fails for want of a lock; each learns what happened.
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
    expect(await ledgerRows(payer.id)).toEqual([{ amount: 250_000 }]);
    expect(await balance(payer.id)).toBe(250_000);
    const credited = answers.filter(
      (answer) => answer.json().result === 'applied' || (answer.statusCode === 200 && answer.json().status === 'paid'),
    );
    expect(credited.length).toBeGreaterThanOrEqual(1);
  });

  it('10 debits of 30 from a balance of 100 at once: exactly 3 succeed, the balance ends at 10', async () => {
    const payer = await customer();
    const service = billingService(testDb.db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://x' });
    await service.post({ userId: payer.id, kind: 'adjustment', amount: 100, currency: 'RUB', reason: 'seed' });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        service.post({ userId: payer.id, kind: 'purchase', amount: -30, currency: 'RUB', reference: `order:${index}` }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((result) => result.status === 'rejected');
    const overdrafts = refused.map((result) => (result as PromiseRejectedResult).reason as unknown);
    expect(overdrafts.every((error) => Refusal.is(error, BILLING_REFUSALS.insufficientFunds))).toBe(true);
    expect(await balance(payer.id)).toBe(10);
    const rows = await testDb.db.query<{ balance_after: number }>(
      'SELECT balance_after FROM ledger_entries WHERE user_id = $1 ORDER BY id',
      [payer.id],
    );
    expect(rows.map((row) => row.balance_after)).toEqual([100, 70, 40, 10]);
  });

  it('one Idempotency-Key sent 10 times at once makes one invoice', async () => {
    const [manual] = await testDb.db.query<{ id: number }>(
      `INSERT INTO payment_methods (code, name_ru, kind, provider) VALUES ('manual_race', 'Manual', 'fiat', 'manual')
       RETURNING id`,
    );
    const payer = await customer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/invoices/',
          headers: { ...payer.headers, 'idempotency-key': 'same-click' },
          payload: { method: manual?.id, amount: 5_000 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await testDb.db.query('SELECT 1 FROM invoices WHERE user_id = $1', [payer.id])).toHaveLength(1);
  });

  it('20 top-ups of one crypto method at once: 20 distinct asset amounts, none refused (issue #27)', async () => {
    const method = await app.inject({
      method: 'POST',
      url: '/api/panel/payment-methods/',
      headers: staff,
      payload: {
        code: 'usdt_race',
        name_ru: 'USDT',
        kind: 'crypto',
        provider: 'manual',
        settings: { address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
        asset: 'USDT-TRC20',
        rate: '95.50',
      },
    });
    expect(method.statusCode).toBe(201);
    const methodId = method.json().id as number;
    const payers = await Promise.all(Array.from({ length: 20 }, () => customer()));
    // The same amount from everyone: every invoice starts from the same converted base and must take its own tail.
    const answers = await Promise.all(
      payers.map((payer) =>
        app.inject({
          method: 'POST',
          url: '/api/invoices/',
          headers: payer.headers,
          payload: { method: methodId, amount: 1_000_000 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const amounts = answers.map((answer) => answer.json().asset.amount as string);
    expect(new Set(amounts).size).toBe(20);
    // The lowest tails, each once: 104.7121 (10 000 ₽ at 95.50) + 0.0001 … 0.0020.
    expect([...amounts].sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => (1_047_122 + index).toString().replace(/(\d{4})$/, '.$1')),
    );
  });

  it('two methods on one wallet, 20 top-ups of one amount at once through both: 20 distinct amounts (#43)', async () => {
    const method = async (code: string) => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/panel/payment-methods/',
        headers: staff,
        payload: {
          code,
          name_ru: 'USDT',
          kind: 'crypto',
          provider: 'manual',
          settings: { address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' },
          asset: 'USDT-TRC20',
          rate: '95.50',
        },
      });
      expect(created.statusCode).toBe(201);
      return created.json().id as number;
    };
    const methods = [await method('usdt_wallet_a'), await method('usdt_wallet_b')];
    const payers = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const answers = await Promise.all(
      payers.map((payer, index) =>
        app.inject({
          method: 'POST',
          url: '/api/invoices/',
          headers: payer.headers,
          payload: { method: methods[index % 2], amount: 955_000 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    // 9 550 ₽ at 95.50 ₽ = 100 USDT: the lowest 20 tails, each once, whichever method asked.
    expect(answers.map((answer) => answer.json().asset.amount as string).sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `100.${String(index + 1).padStart(4, '0')}`),
    );
  });

  it('one account, 40 top-ups at once on 5 methods: 20 open in all, at most 5 a method, the rest refused (#43)', async () => {
    const methods: number[] = [];
    for (let n = 0; n < 5; n++) {
      const [row] = await testDb.db.query<{ id: number }>(
        `INSERT INTO payment_methods (code, name_ru, kind, provider) VALUES ($1, 'Cash', 'fiat', 'manual') RETURNING id`,
        [`cash_race_${n}`],
      );
      methods.push(row?.id as number);
    }
    const payer = await customer();
    const answers = await Promise.all(
      methods.flatMap((method) =>
        Array.from({ length: 8 }, (_, n) =>
          app.inject({
            method: 'POST',
            url: '/api/invoices/',
            headers: payer.headers,
            payload: { method, amount: 10_000 + n },
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    const open = await testDb.db.query<{ method_id: number; n: number }>(
      `SELECT method_id, count(*)::int AS n FROM invoices WHERE user_id = $1 AND status = 'pending' GROUP BY method_id`,
      [payer.id],
    );
    expect(open.reduce((sum, row) => sum + row.n, 0)).toBe(20);
    expect(open.every((row) => row.n <= 5)).toBe(true);
  });

  it('50 NOWPayments top-ups of one amount at once: one invoice at the gateway, every answer names it (#43)', async () => {
    const nowpayments = await startFakeNowpayments();
    try {
      const method = await app.inject({
        method: 'POST',
        url: '/api/panel/payment-methods/',
        headers: staff,
        payload: {
          code: 'np_race',
          name_ru: 'NOWPayments',
          kind: 'crypto',
          provider: 'nowpayments',
          settings: { server_url: nowpayments.url },
          secrets: { api_key: nowpayments.apiKey, webhook_secret: nowpayments.ipnSecret },
        },
      });
      expect(method.statusCode).toBe(201);
      const payer = await customer();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/invoices/',
            headers: payer.headers,
            payload: { method: method.json().id, amount: 30_000 },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
        ...Array.from({ length: 49 }, () => 200),
        201,
      ]);
      expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
      expect(nowpayments.requests.filter((request) => request === 'POST /v1/invoice')).toHaveLength(1);
      expect(await testDb.db.query('SELECT 1 FROM invoices WHERE user_id = $1', [payer.id])).toHaveLength(1);
    } finally {
      await nowpayments.close();
    }
  });

  it('the last use of a promo code goes to one of 10 customers ordering at once', async () => {
    await testDb.db.query("INSERT INTO promo_codes (code, kind, value, max_uses) VALUES ('LASTONE', 'percent', 10, 1)");
    const payers = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const results = await Promise.all(
      payers.map((payer) =>
        testDb.db.transaction((tx) => promoCodesRepository(tx).redeem('lastone', payer.id, `order:${payer.id}`)),
      ),
    );
    expect(results.filter((result) => 'promo' in result)).toHaveLength(1);
    expect(results.filter((result) => 'refused' in result && result.refused === 'used_up')).toHaveLength(9);
    const [row] = await testDb.db.query<{ uses: number }>("SELECT uses FROM promo_codes WHERE code = 'LASTONE'");
    expect(row?.uses).toBe(1);
  });

  it('after the races every balance is the sum of its ledger, and no wallet asks two open invoices for one amount', async () => {
    const drifted = await testDb.db.query(
      `SELECT u.id, u.balance, (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE user_id = u.id)::bigint AS sum
         FROM users u
        WHERE u.balance <> (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE user_id = u.id)`,
    );
    expect(drifted).toEqual([]);
    const shared = await testDb.db.query(
      `SELECT receiving_address(asset, pay_address) AS address, asset, asset_amount::text AS amount
         FROM invoices WHERE status = 'pending' AND asset_amount IS NOT NULL
        GROUP BY 1, 2, 3 HAVING count(*) > 1`,
    );
    expect(shared).toEqual([]);
  });
});
