// Step-up for money (issue #48) on PGlite and (with DATABASE_URL) PostgreSQL: a staff member with a second factor
// marks an invoice paid, adjusts a balance, changes a payment method's address and another account's permissions
// only within STEP_UP_MINUTES of proving a factor on this login; older, the API answers 403 `step_up_required` (in
// the request's language, with the ways to confirm), a code confirms it again, and the audit names the factor used.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUser, EN, freshEmail, RU, TEST_SECRET_KEY, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { hashTokenKey } from './tokens-repository.ts';
import { TOTP_STEP_SECONDS, totpAt } from './totp.ts';

const PASSWORD = 'correct horse battery';
const STEP_MS = TOTP_STEP_SECONDS * 1000;
type Headers = Record<string, string>;

const MANUAL = {
  code: 'usdt_step_up',
  name_ru: 'USDT',
  kind: 'crypto',
  provider: 'manual',
  settings: { address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
  instructions_ru: '<p>Переведите</p>',
};

describe.each(BACKENDS)('step-up on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const clock = manualClock(Date.UTC(2026, 11, 7, 12, 0, 10));
  let staff: Headers;
  let secret: string;
  let customerId: number;
  let customer: Headers;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...EN, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** A new code, as the app shows it half a minute later (a code is never accepted twice). */
  const nextCode = () => {
    clock.advance(STEP_MS);
    return totpAt(secret, clock.now());
  };
  /** The login's factor as if proved `minutes` ago. */
  const factorAge = (headers: Headers, minutes: number) =>
    testDb.db.query(
      `UPDATE auth_tokens SET factor_confirmed_at = now() - make_interval(mins => $2) WHERE key_hash = $1`,
      [hashTokenKey((headers.authorization as string).slice('Token '.length)), minutes],
    );

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({
      db: testDb.db,
      env: { SECRET_KEY: TEST_SECRET_KEY, STEP_UP_MINUTES: '10' },
      now: clock.now,
    });
    const email = freshEmail('step-up-staff');
    await createUser(testDb.db, { email, staff: true, superuser: true });
    // Signed in with the password, the authenticator set up, then signed in again with a code: a fresh factor.
    const first = (await call('POST', '/api/auth/login/', {}, { email, password: PASSWORD })).json<{ key: string }>();
    const start = await call('POST', '/api/users/two-factor/totp/', tokenHeader(first.key));
    secret = start.json<{ secret: string }>().secret;
    await call('POST', '/api/users/two-factor/totp/confirm/', tokenHeader(first.key), { code: nextCode() });
    const { challenge } = (await call('POST', '/api/auth/login/', {}, { email, password: PASSWORD })).json<{
      challenge: string;
    }>();
    const second = await call('POST', '/api/auth/login/two-factor/', {}, { challenge, code: nextCode() });
    staff = tokenHeader(second.json<{ key: string }>().key);

    const customerEmail = freshEmail('step-up-customer');
    customerId = (await createUser(testDb.db, { email: customerEmail })).id;
    const login = await call('POST', '/api/auth/login/', {}, { email: customerEmail, password: PASSWORD });
    customer = tokenHeader(login.json<{ key: string }>().key);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  const auditOf = (userId: number, action: string) =>
    testDb.db.query<{ changes: Record<string, unknown> }>(
      'SELECT changes FROM user_audit WHERE user_id = $1 AND action = $2 ORDER BY id',
      [userId, action],
    );

  it('marks an invoice paid within the window; older, asks for a factor again and the audit names it', async () => {
    const method = await call('POST', '/api/panel/payment-methods/', staff, MANUAL);
    expect(method.statusCode).toBe(201);
    const methodId = method.json<{ id: number }>().id;
    await call('PATCH', `/api/panel/payment-methods/${methodId}/`, staff, { active: true });
    const invoice = async () =>
      (await call('POST', '/api/invoices/', customer, { method: methodId, amount: 70_000 })).json<{ id: number }>().id;

    // Fresh from the sign-in's code.
    const first = await invoice();
    expect((await call('POST', `/api/panel/invoices/${first}/paid/`, staff, { reason: 'seen' })).statusCode).toBe(200);
    expect((await auditOf(customerId, 'invoice_paid')).at(-1)?.changes).toEqual({
      invoice: first,
      amount: 70_000,
      reason: 'seen',
      step_up: 'totp',
    });

    // Eleven minutes later: refused, nothing credited, in the request's language.
    await factorAge(staff, 11);
    const second = await invoice();
    const refused = await call('POST', `/api/panel/invoices/${second}/paid/`, { ...staff, ...RU }, { reason: 'seen' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Подтвердите, что это вы: введите код из приложения-аутентификатора или используйте ключ доступа.',
      code: 'step_up_required',
      methods: ['totp', 'recovery_code'],
    });
    expect((await call('GET', `/api/invoices/${second}/`, customer)).json()).toMatchObject({ status: 'pending' });

    // A wrong code confirms nothing; the app's next code does, and the same request then goes through.
    const wrong = await call('POST', '/api/users/step-up/', staff, { code: '000000' });
    expect(wrong.json()).toEqual({ code: ['The code is not correct, or it was already used.'] });
    expect((await call('POST', `/api/panel/invoices/${second}/paid/`, staff, { reason: 'seen' })).statusCode).toBe(403);
    expect((await call('POST', '/api/users/step-up/', staff, { code: nextCode() })).json()).toEqual({
      detail: 'Confirmed.',
    });
    expect((await call('POST', `/api/panel/invoices/${second}/paid/`, staff, { reason: 'seen' })).statusCode).toBe(200);
  });

  it('adjusts a balance and changes permissions only with a fresh factor, and audits which', async () => {
    await factorAge(staff, 11);
    const adjust = () =>
      call('POST', `/api/panel/users/${customerId}/balance/`, staff, { amount: 5_000, reason: 'goodwill' });
    expect((await adjust()).json()).toMatchObject({ code: 'step_up_required' });
    const rights = { permissions: ['payments.view_invoice'] };
    expect((await call('PATCH', `/api/panel/users/${customerId}/`, staff, rights)).statusCode).toBe(403);
    // Changes that are not rights need none.
    expect((await call('PATCH', `/api/panel/users/${customerId}/`, staff, { subscribed: false })).statusCode).toBe(200);

    // A recovery code is a second factor too.
    const codes = await call('POST', '/api/users/two-factor/recovery-codes/', staff, { code: nextCode() });
    const recovery = codes.json<{ recovery_codes: string[] }>().recovery_codes[0] as string;
    await factorAge(staff, 11);
    expect((await call('POST', '/api/users/step-up/', staff, { code: recovery })).statusCode).toBe(200);
    expect((await adjust()).statusCode).toBe(200);
    expect((await call('PATCH', `/api/panel/users/${customerId}/`, staff, rights)).statusCode).toBe(200);
    expect((await auditOf(customerId, 'balance')).at(-1)?.changes).toMatchObject({
      amount: 5_000,
      step_up: 'recovery_code',
    });
    expect((await auditOf(customerId, 'update')).at(-1)?.changes).toMatchObject({
      permissions: [[], ['payments.view_invoice']],
      step_up: 'recovery_code',
    });
  });

  it("asks for it when a payment method's address or secrets change, not its name", async () => {
    // The panel's form sends every field on each save.
    const form = { ...MANUAL, code: 'usdt_step_up_2' };
    const created = await call('POST', '/api/panel/payment-methods/', staff, form);
    const id = created.json<{ id: number }>().id;
    await factorAge(staff, 11);
    const rename = await call('PATCH', `/api/panel/payment-methods/${id}/`, staff, { ...form, name_ru: 'USDT TRC-20' });
    expect(rename.statusCode).toBe(200);
    const address = { ...form, settings: { address: 'TXYZ2khEsLJW1ChVWFMSMeRDow5KcbLSE' } };
    expect((await call('PATCH', `/api/panel/payment-methods/${id}/`, staff, address)).statusCode).toBe(403);
    expect((await call('GET', `/api/panel/payment-methods/${id}/`, staff)).json()).toMatchObject({
      settings: { address: MANUAL.settings.address },
    });
    const secrets = { secrets: { api_key: 'k-123' } };
    expect((await call('PATCH', `/api/panel/payment-methods/${id}/`, staff, secrets)).statusCode).toBe(403);
    await call('POST', '/api/users/step-up/', staff, { code: nextCode() });
    expect((await call('PATCH', `/api/panel/payment-methods/${id}/`, staff, address)).statusCode).toBe(200);
  });

  it('leaves staff without a second factor to STAFF_TWO_FACTOR', async () => {
    const email = freshEmail('step-up-plain');
    await createUser(testDb.db, { email, staff: true, superuser: true });
    const login = await call('POST', '/api/auth/login/', {}, { email, password: PASSWORD });
    const plain = tokenHeader(login.json<{ key: string }>().key);
    const adjusted = await call('POST', `/api/panel/users/${customerId}/balance/`, plain, { amount: 100, reason: 'x' });
    expect(adjusted.statusCode).toBe(200);
    expect((await auditOf(customerId, 'balance')).at(-1)?.changes).not.toHaveProperty('step_up');
  });
});
