// Ledger lines in the reader's language (#49): a line stores what it means and is worded when it is read, so an
// account whose language changed reads its whole history in the new one; a staff member's typed reason is shown as
// typed; a line from before, with no facts, shows the text it was written with.
import { describe, expect, it } from 'vitest';
import type { LedgerKind } from '@proxy/contract/schemas/billing';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';
import { renderLedgerLine, type StoredLine } from './ledger-lines.ts';
import { ledgerRepository } from './ledger-repository.ts';

const DAY = 86_400_000;
const place = { country: 'RU', city: 'Moscow', operator: 'MTS' };
const line = (kind: LedgerKind, data: Record<string, unknown>, reason = ''): StoredLine => ({
  kind,
  data,
  reason,
  city_ru: 'Москва',
  operator_ru: 'МТС',
});

describe('ledger lines', () => {
  it('renders every kind in English and in Russian', () => {
    const cases: [StoredLine, string, string][] = [
      [
        line('transfer', { transfer_id: 3, given: true, other_email: 'b@example.com', ...place }),
        'Proxy RU, Moscow, MTS handed to b@example.com',
        'Прокси RU, Москва, МТС передан b@example.com',
      ],
      [
        line('transfer', { transfer_id: 3, given: false, other_email: 'a@example.com', ...place }),
        'Proxy RU, Moscow, MTS received from a@example.com',
        'Прокси RU, Москва, МТС получен от a@example.com',
      ],
      [line('purchase', { order_id: 7 }), '', ''],
      [
        line('purchase', { move_id: 4, proxy_id: 12, ...place }),
        'Proxy #12 moved to RU, Moscow, MTS',
        'Прокси #12 перенесён: RU, Москва, МТС',
      ],
      [
        line('renewal', { renewal_id: 5, proxies: 3, period_days: 30 }),
        'Proxies renewed: 3, for 30 days',
        'Продлено прокси: 3, на 30 дн.',
      ],
      [
        line('renewal', { proxy_id: 12, period_days: 7, auto: true }),
        'Proxy #12 renewed automatically for 7 days',
        'Прокси #12 продлён автоматически на 7 дн.',
      ],
      [line('topup', { invoice_id: 9 }, 'Paid in cash'), 'Paid in cash', 'Paid in cash'],
      [line('topup', { invoice_id: 9 }), '', ''],
      [line('refund', {}, 'Возврат за сбой'), 'Возврат за сбой', 'Возврат за сбой'],
      [line('adjustment', {}, 'Goodwill, спасибо'), 'Goodwill, спасибо', 'Goodwill, спасибо'],
    ];
    for (const [stored, en, ru] of cases) {
      expect(renderLedgerLine(stored, 'en')).toBe(en);
      expect(renderLedgerLine(stored, 'ru')).toBe(ru);
    }
  });

  it('shows the text an old line was written with when its facts are unknown', () => {
    const old = line('transfer', {}, 'Прокси DE, Berlin, Telekom передан x@example.com');
    expect(renderLedgerLine(old, 'en')).toBe('Прокси DE, Berlin, Telekom передан x@example.com');
    // Facts cut short (no e-mail) are not guessed at either.
    const partial = line('transfer', { transfer_id: 1, given: true, ...place }, 'as written');
    expect(renderLedgerLine(partial, 'ru')).toBe('as written');
    expect(renderLedgerLine(line('renewal', {}, ''), 'en')).toBe('');
  });
});

describe.each(BACKENDS)('ledger lines through the API on $name', (backend) => {
  const suite = seededApp(backend);
  const db = () => suite.testDb.db;
  const ledger = async (customer: Customer, headers: Record<string, string>) =>
    (
      await suite.app.inject({
        method: 'GET',
        url: '/api/ledger/',
        headers: { ...customer.headers, ...headers },
      })
    ).json().results as { kind: string; reference: string; reason: string; amount: number }[];

  it("shows a transfer in the reader's language, whatever the account's language was when it was written", async () => {
    const a = await createCustomer(suite.app, db(), 0, RU);
    const b = await createCustomer(suite.app, db(), 0, RU);
    // Both accounts Russian when the proxy changes hands.
    await db().query(`UPDATE users SET language = 'ru' WHERE id = ANY($1::int[])`, [[a.id, b.id]]);
    const where = freshPlace();
    await db().query(`INSERT INTO cities (country, name_en, name_ru) VALUES ($1, $2, 'Город Тест')`, [
      where.country,
      where.city,
    ]);
    const { modemIds } = await createFarm(db(), where, { online: 1 });
    const proxy = await farmService(db()).createProxy({
      ownerId: a.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 20 * DAY),
      whitelist: [],
    });
    const offered = await suite.app.inject({
      method: 'POST',
      url: '/api/transfers/',
      headers: a.headers,
      payload: { proxy_id: proxy.id, email: b.email, note: '' },
    });
    expect(offered.statusCode).toBe(201);
    const accepted = await suite.app.inject({
      method: 'POST',
      url: `/api/transfers/${offered.json().id}/accept/`,
      headers: b.headers,
    });
    expect(accepted.statusCode).toBe(200);

    // The sender switched to English since: the line reads in English, its city in English.
    await db().query(`UPDATE users SET language = 'en' WHERE id = $1`, [a.id]);
    const reference = `transfer:${offered.json().id}`;
    expect(await ledger(a, EN)).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        reference,
        reason: `Proxy ${where.country}, ${where.city}, ${where.operator} handed to ${b.email}`,
      }),
    ]);
    expect(await ledger(a, RU)).toEqual([
      expect.objectContaining({
        reason: `Прокси ${where.country}, Город Тест, ${where.operator} передан ${b.email}`,
      }),
    ]);
    expect(await ledger(b, EN)).toEqual([
      expect.objectContaining({
        reason: `Proxy ${where.country}, ${where.city}, ${where.operator} received from ${a.email}`,
      }),
    ]);
    // The customer API answers the same shape, worded in English unless the script asks for Russian.
    const key = await suite.app.inject({
      method: 'POST',
      url: '/api/users/api-keys/',
      headers: b.headers,
      payload: { name: 'ledger', scopes: ['billing:read'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    const v1 = (headers: Record<string, string>) =>
      suite.app.inject({
        method: 'GET',
        url: '/api/v1/ledger/',
        headers: { ...headers, authorization: `Bearer ${key.json().secret}` },
      });
    const script = await v1({});
    expect(script.statusCode).toBe(200);
    const [entry] = script.json().results;
    expect(Object.keys(entry).sort()).toEqual(
      ['amount', 'balance_after', 'created_at', 'currency', 'id', 'kind', 'reason', 'reference'].sort(),
    );
    expect(entry.reason).toBe(`Proxy ${where.country}, ${where.city}, ${where.operator} received from ${a.email}`);
    expect((await v1(RU)).json().results[0].reason).toBe(
      `Прокси ${where.country}, Город Тест, ${where.operator} получен от ${a.email}`,
    );
    // The panel reads the same line in its reader's language.
    const staffEmail = freshEmail('staff');
    await createUser(db(), { email: staffEmail, staff: true, superuser: true });
    const staff = { headers: tokenHeader(await login(suite.app, staffEmail)) };
    const panel = await suite.app.inject({
      method: 'GET',
      url: `/api/panel/users/${b.id}/ledger/`,
      headers: { ...staff.headers, ...RU },
    });
    expect(panel.statusCode).toBe(200);
    expect(panel.json().results).toEqual([
      expect.objectContaining({
        reason: `Прокси ${where.country}, Город Тест, ${where.operator} получен от ${a.email}`,
      }),
    ]);
  });

  it("keeps a staff adjustment's typed reason as typed in both languages", async () => {
    const customer = await createCustomer(suite.app, db());
    await db().transaction((tx) =>
      ledgerRepository(tx).post({
        userId: customer.id,
        kind: 'adjustment',
        amount: 5_000,
        currency: 'RUB',
        reference: 'staff:1',
        reason: 'Компенсация за простой — sorry!',
      }),
    );
    for (const headers of [EN, RU]) {
      expect(await ledger(customer, headers)).toEqual([
        expect.objectContaining({ kind: 'adjustment', amount: 5_000, reason: 'Компенсация за простой — sorry!' }),
      ]);
    }
  });
});
