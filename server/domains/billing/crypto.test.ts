// Crypto top-ups that say how much to send (issue #27), on PGlite and (with DATABASE_URL) PostgreSQL: a method's asset
// and rate (staff-set, signed and dated, or read from a provider's JSON by the rates job), the invoice's locked rate and
// its unique asset amount, the wallet URI in its QR code, staff finding it by that amount and recording what arrived,
// a stale rate refusing instead of pricing, and each wrong amount refused with its own words.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, TEST_SECRET_KEY, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';

const STAFF = [
  'payments.view_paymentmethod',
  'payments.add_paymentmethod',
  'payments.change_paymentmethod',
  'payments.view_invoice',
  'payments.change_invoice',
];
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

const USDT = {
  code: 'usdt_locked',
  name_ru: 'USDT (TRC-20)',
  kind: 'crypto',
  provider: 'manual',
  settings: { address: TRON },
  min_amount: 50_000,
  max_amount: 5_000_000,
  asset: 'USDT-TRC20',
  rate: '95.50',
  rate_max_age_minutes: 60,
};

/** A rate provider: answers whatever the test sets, as an exchange's ticker would. */
function startTicker(): Promise<{ url: string; answer: { status: number; body: string }; close: () => Promise<void> }> {
  const answer = { status: 200, body: '{}' };
  const server: Server = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/ticker?pair=USDTRUB`,
        answer,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe.each(BACKENDS)('crypto top-ups on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let ticker: Awaited<ReturnType<typeof startTicker>>;
  const as = {} as Record<'cashier' | 'alice' | 'bob', Record<string, string>>;
  let cashierEmail = '';
  let cashierId = 0;
  let usdtId = 0;

  // The database on its own hook: migrating and seeding is most of the set-up's time on a busy machine.
  beforeAll(async () => {
    testDb = await openSeededDb(backend);
  }, 300_000);
  beforeAll(async () => {
    app = await buildTestApp({ db: testDb.db });
    ticker = await startTicker();
    for (const name of ['cashier', 'alice', 'bob'] as const) {
      const email = freshEmail(name);
      const user = await createUser(testDb.db, {
        email,
        verified: true,
        ...(name === 'cashier' ? { staff: true, permissions: STAFF } : {}),
      });
      if (name === 'cashier') [cashierEmail, cashierId] = [email, user.id];
      as[name] = tokenHeader(await login(app, email));
    }
  });
  afterAll(async () => {
    await app?.close();
    await ticker?.close();
    await testDb?.dispose();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers: { ...EN, ...headers }, ...(payload ? { payload } : {}) });
  const topUp = (who: 'alice' | 'bob', method: number, amount: number, language: typeof EN | typeof RU = EN) =>
    app.inject({
      method: 'POST',
      url: '/api/invoices/',
      headers: { ...language, ...as[who] },
      payload: { method, amount },
    });
  const customerMethod = async (id: number) =>
    (await call('GET', '/api/payment-methods/', {})).json().find((method: { id: number }) => method.id === id);
  /** Moves an invoice's life `minutes` back, as if it had been made that long ago (the amount it holds with it). */
  const makeOlder = (id: number, minutes: number) =>
    testDb.db.query(
      `WITH moved AS (
         UPDATE invoices SET created_at = created_at - make_interval(mins => $2),
                expires_at = expires_at - make_interval(mins => $2), paid_at = paid_at - make_interval(mins => $2)
          WHERE id = $1 RETURNING id)
       UPDATE invoice_amount_reservations SET reserved_until = reserved_until - make_interval(mins => $2)
        WHERE invoice_id IN (SELECT id FROM moved)`,
      [id, minutes],
    );

  it('staff give a method its asset and rate: the panel shows who set the rate and when', async () => {
    const created = await call('POST', '/api/panel/payment-methods/', as.cashier, USDT);
    expect(created.statusCode).toBe(201);
    const method = created.json();
    usdtId = method.id;
    expect(method).toMatchObject({
      asset: 'USDT-TRC20',
      asset_decimals: 4,
      rate_source: 'staff',
      rate: '95.50',
      rate_set_by: { id: cashierId, email: cashierEmail },
      rate_max_age_minutes: 60,
      max_amount: 5_000_000,
    });
    expect(Date.now() - new Date(method.rate_at).getTime()).toBeLessThan(60_000);

    expect(await customerMethod(usdtId)).toMatchObject({
      asset: { code: 'USDT-TRC20', symbol: 'USDT', network: 'Tron (TRC-20)', decimals: 4 },
      rate: '95.50',
      min_amount: 50_000,
      max_amount: 5_000_000,
      unavailable: null,
    });
  });

  it('an invoice locks the rate and asks for the converted total plus a tail no other invoice to the wallet holds', async () => {
    // 10 000 ₽ at 95.50 ₽ = 104.71204… USDT: rounded up to 4 decimals, then the first free tail.
    const first = await topUp('alice', usdtId, 1_000_000);
    expect(first.statusCode).toBe(201);
    const invoice = first.json();
    expect(invoice.asset).toMatchObject({ code: 'USDT-TRC20', symbol: 'USDT', amount: '104.7122', rate: '95.5' });
    expect(invoice.asset.locked_at).toBe(invoice.created_at);
    // TRC-20 has no URI standard: the QR code is the plain address, the amount is shown beside it.
    expect(invoice.pay_uri).toBe(TRON);
    expect(invoice.pay_qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const second = (await topUp('bob', usdtId, 1_000_000)).json();
    expect(second.asset.amount).toBe('104.7123');

    // A new rate prices new invoices; the open ones keep theirs, and asking again for one answers it as it is.
    expect((await call('PATCH', `/api/panel/payment-methods/${usdtId}/`, as.cashier, { rate: '100' })).statusCode).toBe(
      200,
    );
    expect((await topUp('bob', usdtId, 2_000_000)).json().asset).toMatchObject({ amount: '200.0001', rate: '100' });
    const repeated = await topUp('bob', usdtId, 1_000_000);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toMatchObject({ id: second.id, asset: { amount: '104.7123', rate: '95.5' } });
    const again = (await call('GET', `/api/invoices/${invoice.id}/`, as.alice)).json();
    expect(again.asset).toMatchObject({ amount: '104.7122', rate: '95.5' });

    // A cancelled invoice keeps its amount (a deposit may be on its way): the next top-up at that rate gets another.
    await call('PATCH', `/api/panel/payment-methods/${usdtId}/`, as.cashier, { rate: '95.5' });
    expect((await call('POST', `/api/invoices/${invoice.id}/cancel/`, as.alice)).statusCode).toBe(200);
    expect((await topUp('alice', usdtId, 1_000_000)).json().asset.amount).toBe('104.7124');
  });

  it('staff find an invoice by the amount a deposit came with and record what arrived', async () => {
    const invoice = (await topUp('alice', usdtId, 600_000)).json();
    const amount = invoice.asset.amount as string;
    for (const search of [amount, amount.replace('.', ',')]) {
      const found = await call('GET', `/api/panel/invoices/?search=${encodeURIComponent(search)}`, as.cashier);
      expect(found.json().results.map((row: { id: number }) => row.id)).toEqual([invoice.id]);
      expect(found.json().results[0].asset).toMatchObject({ code: 'USDT-TRC20', amount, rate: '95.5' });
    }
    const paid = await call('POST', `/api/panel/invoices/${invoice.id}/paid/`, as.cashier, {
      asset_amount: amount,
      txid: 'a1b2c3d4e5f6',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', paid_asset_amount: amount, paid_txid: 'a1b2c3d4e5f6' });
    const malformed = await call('POST', `/api/panel/invoices/${invoice.id}/paid/`, as.cashier, {
      asset_amount: '1e3',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('asset_amount');
  });

  it("an amount is one payer's per wallet and asset, across methods, and stays so after its invoice closes (#43)", async () => {
    // A second method on the very same wallet (a promo name, another fee): its invoices share the wallet's amounts.
    const twin = await call('POST', '/api/panel/payment-methods/', as.cashier, { ...USDT, code: 'usdt_twin' });
    expect(twin.statusCode).toBe(201);
    const twinId = twin.json().id as number;
    // 9 550 ₽ at 95.50 ₽ is 100 USDT exactly: the first tail makes 100.0001.
    const alice = (await topUp('alice', usdtId, 955_000)).json();
    expect(alice.asset.amount).toBe('100.0001');
    const bob = (await topUp('bob', twinId, 955_000)).json();
    expect(bob.asset.amount).toBe('100.0002');

    // Alice's invoice expired a minute ago and the sweep wrote it: her deposit may still come, so Bob gets another.
    await makeOlder(alice.id, 61);
    await app.jobs.runOne('invoices.expire');
    expect((await call('GET', `/api/invoices/${alice.id}/`, as.alice)).json().status).toBe('expired');
    const afterExpiry = (await topUp('bob', usdtId, 955_000)).json();
    expect(afterExpiry.asset.amount).toBe('100.0003');

    // Cancelled, and paid: each keeps its amount as well.
    expect((await call('POST', `/api/invoices/${bob.id}/cancel/`, as.bob)).statusCode).toBe(200);
    const paid = await call('POST', `/api/panel/invoices/${afterExpiry.id}/paid/`, as.cashier, {});
    expect(paid.json().status).toBe('paid');
    const next = await topUp('alice', twinId, 955_000);
    expect(next.statusCode).toBe(201);
    expect(next.json().asset.amount).toBe('100.0004');

    // A day after it expired (INVOICE_AMOUNT_RESERVE_HOURS' default), an amount is free for the next top-up again.
    await makeOlder(alice.id, 22 * 60);
    expect((await topUp('alice', usdtId, 955_000)).json().asset.amount).toBe('100.0005');
    await makeOlder(alice.id, 2 * 60 + 1);
    expect((await topUp('bob', twinId, 955_000)).json().asset.amount).toBe('100.0001');
  });

  it('INVOICE_AMOUNT_RESERVE_HOURS sets how long an amount stays held, after a late payment too', async () => {
    const shortHold = await buildTestApp({ db: testDb.db, env: { INVOICE_AMOUNT_RESERVE_HOURS: '2' } });
    try {
      const topUpThere = async (who: 'alice' | 'bob') =>
        (
          await shortHold.inject({
            method: 'POST',
            url: '/api/invoices/',
            headers: { ...EN, ...as[who] },
            payload: { method: usdtId, amount: 1_432_500 },
          })
        ).json();
      // 14 325 ₽ at 95.50 ₽ = 150 USDT. Alice's invoice lives an hour (INVOICE_TTL_MINUTES), her amount 2 h more.
      const first = await topUpThere('alice');
      expect(first.asset.amount).toBe('150.0001');
      await makeOlder(first.id, 150);
      expect((await topUpThere('bob')).asset.amount).toBe('150.0002');
      // Staff credit her money that came late: a second deposit of it still names her invoice for 2 h more.
      const paid = await shortHold.inject({
        method: 'POST',
        url: `/api/panel/invoices/${first.id}/paid/`,
        headers: { ...EN, ...as.cashier },
        payload: {},
      });
      expect(paid.json().status).toBe('paid');
      await makeOlder(first.id, 60);
      const late = await topUpThere('alice');
      expect(late.asset.amount).toBe('150.0003');
      await makeOlder(first.id, 61);
      expect((await call('POST', `/api/invoices/${late.id}/cancel/`, as.alice)).statusCode).toBe(200);
      expect((await topUpThere('alice')).asset.amount).toBe('150.0001');
    } finally {
      await shortHold.close();
    }
  });

  it('one wallet typed in another case is one wallet: Ethereum addresses are compared as the chain does', async () => {
    const make = async (code: string, address: string) =>
      (
        await call('POST', '/api/panel/payment-methods/', as.cashier, {
          code,
          name_ru: code,
          kind: 'crypto',
          provider: 'manual',
          settings: { address },
          asset: 'ETH',
          rate: '300000',
        })
      ).json().id as number;
    const checksummed = await make('eth_checksummed', ETH_ADDRESS);
    const lower = await make('eth_lower', ETH_ADDRESS.toLowerCase());
    // 6 000 ₽ at 300 000 ₽ = 0.02 ETH.
    expect((await topUp('alice', checksummed, 600_000)).json().asset.amount).toBe('0.020001');
    expect((await topUp('bob', lower, 600_000)).json().asset.amount).toBe('0.020002');
  });

  it('a rate older than its limit makes the method unavailable: listed with the reason, top-ups refused', async () => {
    await testDb.db.query(`UPDATE payment_methods SET rate_at = now() - interval '61 minutes' WHERE id = $1`, [usdtId]);
    expect(await customerMethod(usdtId)).toMatchObject({ unavailable: 'stale_rate' });
    // An amount Alice has no open invoice for (one she has is answered as it is, at the rate it locked).
    const refused = await topUp('alice', usdtId, 1_100_000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      method: ['The exchange rate of this method is out of date: choose another one or try again later.'],
    });
    expect((await topUp('alice', usdtId, 1_100_000, RU)).json()).toEqual({
      method: ['Курс этого способа устарел: выберите другой или попробуйте позже.'],
    });

    // Saving the same rate again does not make it look new; another value is dated and signed anew.
    await call('PATCH', `/api/panel/payment-methods/${usdtId}/`, as.cashier, { rate: '95.500' });
    expect(await customerMethod(usdtId)).toMatchObject({ unavailable: 'stale_rate' });
    await call('PATCH', `/api/panel/payment-methods/${usdtId}/`, as.cashier, { rate: '96' });
    expect(await customerMethod(usdtId)).toMatchObject({ unavailable: null, rate: '96' });
  });

  it.each([
    [-10_000, 'The amount cannot be negative.', 'Сумма не может быть отрицательной.'],
    [0, 'Enter an amount above zero.', 'Введите сумму больше нуля.'],
    [60_000.5, 'At most two digits after the decimal point.', 'Не больше двух знаков после запятой.'],
    [
      49_999,
      'The smallest top-up with this method is RUB\u00a0500.',
      'Минимальная сумма пополнения этим способом — 500\u00a0₽.',
    ],
    [
      9_999_999_999_900,
      'The largest top-up with this method is RUB\u00a050,000.',
      'Максимальная сумма пополнения этим способом — 50\u00a0000\u00a0₽.',
    ],
  ])('an amount of %s minor units is refused with its own words', async (amount, en, ru) => {
    const english = await topUp('alice', usdtId, amount);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ amount: [en] });
    expect((await topUp('alice', usdtId, amount, RU)).json()).toEqual({ amount: [ru] });
  });

  it('the QR code carries the wallet URI each asset has: EIP-681 for Ether and ERC-20, BIP21 for Bitcoin', async () => {
    const make = async (code: string, asset: string, address: string, rate: string) =>
      (
        await call('POST', '/api/panel/payment-methods/', as.cashier, {
          code,
          name_ru: code,
          kind: 'crypto',
          provider: 'manual',
          settings: { address },
          asset,
          rate,
        })
      ).json().id as number;
    // 3 000 ₽ at 300 000 ₽ = 0.01 ETH; 6 decimals and the tail: 0.010001 ETH = 10001 × 10^12 wei.
    const eth = (await topUp('bob', await make('eth_uri', 'ETH', ETH_ADDRESS, '300000'), 300_000)).json();
    expect(eth.asset.amount).toBe('0.010001');
    expect(eth.pay_uri).toBe(`ethereum:${ETH_ADDRESS}@1?value=10001000000000000`);
    const erc20 = (await topUp('bob', await make('usdt_erc', 'USDT-ERC20', ETH_ADDRESS, '100'), 300_000)).json();
    expect(erc20.pay_uri).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${ETH_ADDRESS}&uint256=30000100`,
    );
    const btc = (await topUp('bob', await make('btc_uri', 'BTC', 'bc1qexampleaddress', '9000000'), 900_000)).json();
    expect(btc.pay_uri).toBe('bitcoin:bc1qexampleaddress?amount=0.00100001');
    const ton = (await topUp('bob', await make('ton_uri', 'TON', 'UQexampleton', '250'), 250_000)).json();
    expect(ton.pay_uri).toBe('ton://transfer/UQexampleton?amount=10000100000');
  });

  it('LTC, TRX and ZEC invoices ask for their amount with its tail and carry their URI, as the customer API reads them', async () => {
    // A customer of their own: Alice's and Bob's open invoices are near the per-account limit by now.
    const email = freshEmail('carol');
    await createUser(testDb.db, { email, verified: true });
    const carol = tokenHeader(await login(app, email));
    const key = await app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: { ...EN, ...carol },
      payload: { name: 'wallet', scopes: ['billing:read'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    const bearer = { authorization: `Bearer ${key.json().secret}` };
    const make = async (code: string, asset: string, address: string, rate: string) => {
      const created = await call('POST', '/api/panel/payment-methods/', as.cashier, {
        code,
        name_ru: code,
        kind: 'crypto',
        provider: 'manual',
        settings: { address },
        asset,
        rate,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as number;
    };
    /** Carol's top-up through a method, read back through `/api/v1/`: what a script sees. */
    const invoiceVia = async (method: number, amount: number) => {
      const made = await app.inject({
        method: 'POST',
        url: '/api/invoices/',
        headers: { ...EN, ...carol },
        payload: { method, amount },
      });
      expect(made.statusCode, made.body).toBe(201);
      const read = await call('GET', `/api/v1/invoices/${made.json().id}/`, bearer);
      expect(read.statusCode, read.body).toBe(200);
      return read.json();
    };

    // 9 000 ₽ at 9 000 ₽/LTC = 1 LTC; 8 decimals (litoshi) and the first tail; BIP21 as Bitcoin's.
    const ltcAddress = 'ltc1qhzjptwpym9afcdjhs7jcz6fd0jma0l0rc0e5yr';
    const ltc = await invoiceVia(await make('ltc_api', 'LTC', ltcAddress, '9000'), 900_000);
    expect(ltc.asset).toMatchObject({ code: 'LTC', symbol: 'LTC', network: 'Litecoin', decimals: 8 });
    expect(ltc.asset.amount).toBe('1.00000001');
    expect(ltc.pay_address).toBe(ltcAddress);
    expect(ltc.pay_uri).toBe(`litecoin:${ltcAddress}?amount=1.00000001`);

    // 1 000 ₽ at 25 ₽/TRX = 40 TRX, 6 decimals (sun): Tron wallets agree on no URI, so the QR code is the address.
    const trx = await invoiceVia(await make('trx_api', 'TRX', TRON, '25'), 100_000);
    expect(trx.asset).toMatchObject({ code: 'TRX', symbol: 'TRX', network: 'Tron', decimals: 6, amount: '40.000001' });
    expect(trx.pay_uri).toBe(TRON);
    expect(trx.pay_qr).toMatch(/^data:image\/svg\+xml;base64,/);

    // 1 000 ₽ at 40 000 ₽/ZEC = 0.025 ZEC, 8 decimals (zatoshi); ZIP-321's `zcash:` URI.
    const transparent = 't1Rv4exT7bqhZqi2j7xz8bUHDMxwosrjADU';
    const zec = await invoiceVia(await make('zec_api', 'ZEC', transparent, '40000'), 100_000);
    expect(zec.asset).toMatchObject({
      code: 'ZEC',
      symbol: 'ZEC',
      network: 'Zcash',
      decimals: 8,
      amount: '0.02500001',
    });
    expect(zec.pay_uri).toBe(`zcash:${transparent}?amount=0.02500001`);
    expect(zec.pay_qr).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('the seeded LTC, TRX and ZEC methods take a top-up on a fresh site: the amount at the demo rate and its URI', async () => {
    const email = freshEmail('erin');
    await createUser(testDb.db, { email, verified: true });
    const erin = tokenHeader(await login(app, email));
    const listed = (await call('GET', '/api/payment-methods/', {})).json() as { id: number; code: string }[];
    const seeded = (code: string) => listed.find((method) => method.code === code)?.id;
    const pay = async (code: string, amount: number) => {
      const made = await app.inject({
        method: 'POST',
        url: '/api/invoices/',
        headers: { ...EN, ...erin },
        payload: { method: seeded(code), amount },
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json();
    };
    // The demo rates (seed-payments.ts): 9 000 ₽/LTC, 25 ₽/TRX, 40 000 ₽/ZEC with a 1% fee.
    const ltc = await pay('ltc', 90_000);
    expect(ltc.asset).toMatchObject({ code: 'LTC', amount: '0.10000001', rate: '9000' });
    expect(ltc.pay_uri).toBe(`litecoin:${ltc.pay_address}?amount=0.10000001`);
    const trx = await pay('trx', 100_000);
    expect(trx.asset).toMatchObject({ code: 'TRX', amount: '40.000001', rate: '25' });
    expect(trx.pay_uri).toBe(trx.pay_address);
    const zec = await pay('zec', 396_000);
    expect(zec).toMatchObject({ total: 399_960, asset: { code: 'ZEC', amount: '0.09999001', rate: '40000' } });
    expect(zec.pay_uri).toBe(`zcash:${zec.pay_address}?amount=0.09999001`);
  });

  it("each new chain's addresses are compared as the chain does: base58 by case, Zcash's shielded ones without", async () => {
    const make = async (code: string, asset: string, address: string, rate: string) =>
      (
        await call('POST', '/api/panel/payment-methods/', as.cashier, {
          code,
          name_ru: code,
          kind: 'crypto',
          provider: 'manual',
          settings: { address },
          asset,
          rate,
        })
      ).json().id as number;
    const email = freshEmail('dave');
    await createUser(testDb.db, { email, verified: true });
    const dave = tokenHeader(await login(app, email));
    const amountOf = async (method: number) => {
      const made = await app.inject({
        method: 'POST',
        url: '/api/invoices/',
        headers: { ...EN, ...dave },
        payload: { method, amount: 100_000 },
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().asset.amount as string;
    };
    // A Sapling address is bech32: typed in capitals by staff it is the same wallet, so the next tail.
    const sapling = 'zs1z7rejlpsa98s2rrrfkwmaxu53e4ue0ulcrw0h4x5g8jl04tak0d3mm47vdtahatqrlkngh9sly';
    expect(await amountOf(await make('zec_lower', 'ZEC', sapling, '40000'))).toBe('0.02500001');
    expect(await amountOf(await make('zec_upper', 'ZEC', sapling.toUpperCase(), '40000'))).toBe('0.02500002');
    // Base58 (Tron's `T…`, Zcash's `t1…`) tells letters by case: another case is another address, its own tails.
    const tron = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    expect(await amountOf(await make('trx_mixed', 'TRX', tron, '25'))).toBe('40.000001');
    expect(await amountOf(await make('trx_lower', 'TRX', tron.toLowerCase(), '25'))).toBe('40.000001');
    const transparent = 't1KzZ5n2TPEGYXTZ3WYGL1AYEumEQaRoHaL';
    expect(await amountOf(await make('zec_t_mixed', 'ZEC', transparent, '40000'))).toBe('0.02500001');
    expect(await amountOf(await make('zec_t_lower', 'ZEC', transparent.toLowerCase(), '40000'))).toBe('0.02500001');
  });

  it('staff are told what a method cannot be: too many decimals, an asset on a gateway, a provider without its URL', async () => {
    const base = { ...USDT, code: 'usdt_bad' };
    const decimals = await call('POST', '/api/panel/payment-methods/', as.cashier, { ...base, asset_decimals: 7 });
    expect(decimals.json()).toEqual({ asset_decimals: ['This asset has at most 6 digits after the decimal point.'] });
    const gateway = await call('POST', '/api/panel/payment-methods/', as.cashier, {
      ...base,
      provider: 'btcpay',
      settings: { server_url: 'https://pay.example.com', store_id: 's' },
      secrets: { api_key: 'k', webhook_secret: 'w' },
    });
    expect(gateway.json()).toEqual({
      asset: ['Only a manual method asks for an asset: a gateway converts by itself.'],
    });
    const provider = await call('POST', '/api/panel/payment-methods/', as.cashier, {
      ...base,
      rate_source: 'provider',
    });
    expect(provider.statusCode).toBe(400);
    expect(Object.keys(provider.json()).sort()).toEqual(['rate_path', 'rate_url']);
    const range = await call('POST', '/api/panel/payment-methods/', as.cashier, { ...base, max_amount: 10_000 });
    expect(range.json()).toEqual({ max_amount: ['The maximum is below the minimum.'] });
  });

  it('a provider rate is read by the rates job from the JSON path; a failed read keeps the last rate and says why', async () => {
    const created = await call('POST', '/api/panel/payment-methods/', as.cashier, {
      ...USDT,
      code: 'usdt_ticker',
      rate: null,
      rate_source: 'provider',
      rate_url: ticker.url,
      rate_path: 'data.0.last',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await customerMethod(id)).toMatchObject({ unavailable: 'no_rate', rate: null });
    expect((await topUp('alice', id, 1_000_000)).json()).toEqual({
      method: ['This method has no exchange rate yet: choose another one or try again later.'],
    });

    ticker.answer.body = JSON.stringify({ data: [{ last: '97.25', pair: 'USDTRUB' }] });
    expect(await app.jobs.runOne('payments.rates')).toBeGreaterThanOrEqual(1);
    const read = (await call('GET', `/api/panel/payment-methods/${id}/`, as.cashier)).json();
    expect(read).toMatchObject({ rate: '97.25', rate_set_by: null, rate_error: '' });
    // 2 917.50 ₽ at 97.25 ₽ = 30 USDT (to the wallet the other methods use, where 100 USDT's tails are held).
    expect((await topUp('alice', id, 291_750)).json().asset.amount).toBe('30.0001');
    // Claimed for the interval: a second run (another process) does not read it again.
    expect(await app.jobs.runOne('payments.rates')).toBe(0);

    await testDb.db.query(`UPDATE payment_methods SET rate_checked_at = NULL WHERE id = $1`, [id]);
    ticker.answer.status = 502;
    await app.jobs.runOne('payments.rates');
    expect((await call('GET', `/api/panel/payment-methods/${id}/`, as.cashier)).json()).toMatchObject({
      rate: '97.25',
      rate_error: 'HTTP 502',
    });
    await testDb.db.query(`UPDATE payment_methods SET rate_checked_at = NULL WHERE id = $1`, [id]);
    ticker.answer.status = 200;
    ticker.answer.body = JSON.stringify({ data: [{ last: 'n/a' }] });
    await app.jobs.runOne('payments.rates');
    expect((await call('GET', `/api/panel/payment-methods/${id}/`, as.cashier)).json()).toMatchObject({
      rate: '97.25',
      rate_error: '"data.0.last" is not a positive decimal',
    });
  });

  it('in production a rate endpoint is https:// without credentials: a field error, and an old http:// row is not read', async () => {
    // The same database, the app as NODE_ENV=production builds it (no local outbound URLs).
    const production = await buildTestApp({
      db: testDb.db,
      // The staff token here has no second factor: production would ask for one first (accounts/two-factor.test.ts).
      env: {
        NODE_ENV: 'production',
        SECRET_KEY: TEST_SECRET_KEY,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        STAFF_TWO_FACTOR: 'optional',
      },
    });
    try {
      const save = (language: typeof EN | typeof RU, payload: object, id?: number) =>
        production.inject({
          method: id === undefined ? 'POST' : 'PATCH',
          url: `/api/panel/payment-methods/${id === undefined ? '' : `${id}/`}`,
          headers: { ...language, ...as.cashier },
          payload,
        });
      // Inactive: the rates job never claims it, so no test reaches for the example host.
      const base = {
        ...USDT,
        code: 'usdt_https',
        rate: null,
        rate_source: 'provider',
        rate_path: 'last',
        active: false,
      };

      const plain = { ...base, rate_url: ticker.url };
      expect((await save(EN, plain)).json()).toEqual({ rate_url: ['The rate provider URL must start with https://.'] });
      const plainRu = await save(RU, plain);
      expect(plainRu.statusCode).toBe(400);
      expect(plainRu.json()).toEqual({ rate_url: ['Адрес источника курса должен начинаться с https://.'] });

      const credentials = { ...base, rate_url: 'https://user:secret@api.exchange.example/ticker' };
      const credentialsEn = await save(EN, credentials);
      expect(credentialsEn.statusCode).toBe(400);
      expect(credentialsEn.json()).toEqual({
        rate_url: ['Enter a full URL, such as https://api.exchange.example/ticker, without a user name or password.'],
      });
      expect((await save(RU, credentials)).json()).toEqual({
        rate_url: [
          'Введите полный адрес, например https://api.exchange.example/ticker, без имени пользователя и пароля.',
        ],
      });

      const created = await save(EN, { ...base, rate_url: 'https://api.exchange.example/ticker?pair=USDTRUB' });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;

      // A row saved over http:// before the rule: the job records why instead of reading it (the ticker would
      // answer 42, so a read would show), and the next save by staff is refused until the URL is fixed.
      ticker.answer.status = 200;
      ticker.answer.body = JSON.stringify({ last: '42' });
      await testDb.db.query(
        `UPDATE payment_methods SET rate_url = $2, active = true, rate_checked_at = NULL WHERE id = $1`,
        [id, ticker.url],
      );
      expect(await production.jobs.runOne('payments.rates')).toBeGreaterThanOrEqual(1);
      expect((await call('GET', `/api/panel/payment-methods/${id}/`, as.cashier)).json()).toMatchObject({
        rate: null,
        rate_error: 'not an https:// URL',
      });
      expect((await save(EN, { name_en: 'USDT' }, id)).json()).toEqual({
        rate_url: ['The rate provider URL must start with https://.'],
      });
      const fixed = await save(EN, { rate_url: 'https://api.exchange.example/ticker', active: false }, id);
      expect(fixed.statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
