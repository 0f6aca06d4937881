// Migration 0150 (#49) on lines written before it, on both databases: the lines whose reference and text it can read
// gain their facts and read in the reader's language; a line it cannot read keeps the text it was written with, and a
// person's typed words stay as typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerListParams } from '@proxy/contract/schemas/billing';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import { BACKENDS, type TestDb } from '../../test/helpers.ts';
import { createFarm, freshPlace } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';
import { ledgerRepository } from './ledger-repository.ts';

const LEDGER_DATA = 150;
const DAY = 86_400_000;

describe.each(BACKENDS)('the ledger data migration on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.open();
  });
  afterAll(() => testDb.dispose());

  it('derives the facts of the lines it can read and leaves the others as written', async () => {
    const { db } = testDb;
    const migrations = await loadMigrations();
    await migrate(
      db,
      migrations.filter((migration) => migration.version < LEDGER_DATA),
    );
    const user = async (email: string) =>
      Number(
        (
          await db.query<{ id: number }>(
            `INSERT INTO users (email, password_hash, language) VALUES ($1, 'x', 'ru') RETURNING id`,
            [email],
          )
        )[0]?.id,
      );
    const sender = await user('sender@example.com');
    const recipient = await user('recipient@example.com');
    await db.query(`INSERT INTO cities (country, name_en, name_ru) VALUES ('RU', 'Moscow', 'Москва')`);
    const at = new Date(Date.UTC(2030, 0, 5, 9));
    const [transfer] = await db.query<{ id: number }>(
      `INSERT INTO transfers (sender_id, recipient_id, recipient_email, state, country, city, operator, created_at,
                              expires_at, decided_at)
       VALUES ($1, $2, 'recipient@example.com', 'accepted', 'RU', 'Moscow', 'MTS', $3, $3, $3) RETURNING id`,
      [sender, recipient, at],
    );
    const [renewal] = await db.query<{ id: number }>(
      `INSERT INTO renewals (user_id, period_days, total, currency, balance_after, lines, idempotency_key,
                             request_fingerprint, created_at)
       VALUES ($1, 7, 240000, 'RUB', 0, $2, 'before', repeat('a', 64), $3) RETURNING id`,
      [
        sender,
        JSON.stringify([
          { proxy_id: 11, price: 120_000, expires_at: '2030-01-20T09:00:00.000Z' },
          { proxy_id: 12, price: 120_000, expires_at: '2030-01-21T09:00:00.000Z' },
        ]),
        at,
      ],
    );
    const autoAt = new Date(at.getTime() + DAY);
    await db.query(
      `INSERT INTO proxy_renewals (proxy_id, user_id, source, period_days, price, currency, expires_at, renewed_at)
       VALUES (13, $1, 'auto', 30, 390000, 'RUB', $2, $3)`,
      [sender, new Date(autoAt.getTime() + 30 * DAY), new Date(autoAt.getTime() + 2_000)],
    );
    const from = freshPlace();
    const { modemIds } = await createFarm(db, from, { online: 1 });
    const proxy = await farmService(db).createProxy({
      ownerId: sender,
      modemId: modemIds[0] as number,
      expiresAt: new Date(at.getTime() + 30 * DAY),
    });
    const [moved] = await db.query<{ id: number }>(
      `INSERT INTO proxy_moves (proxy_id, user_id, from_country, from_city, from_operator, to_country, to_city,
                                to_operator, ports_changed, fee, currency, idempotency_key, request_fingerprint)
       VALUES ($1, $2, $3, $4, $5, 'RU', 'Moscow', 'MTS', false, 15000, 'RUB', 'move', repeat('b', 64)) RETURNING id`,
      [proxy.id, sender, from.country, from.city, from.operator],
    );
    const transferRef = `transfer:${transfer?.id}`;
    // Oldest first: the ids give the order the lines are read back in (newest first).
    const lines: [number, string, number, string, string][] = [
      [sender, 'adjustment', 1_000_000, 'staff:1', 'Начальный баланс'],
      [sender, 'purchase', -120_000, 'order:4', ''],
      [sender, 'purchase', -15_000, `move:${moved?.id}`, ''],
      [sender, 'renewal', -240_000, `renewal:${renewal?.id}`, ''],
      [sender, 'renewal', -390_000, `autorenew:13:${autoAt.getTime()}`, ''],
      [sender, 'topup', 50_000, 'invoice:9', 'Оплачено наличными'],
      [sender, 'transfer', 0, transferRef, 'Прокси RU, Москва, MTS передан recipient@example.com'],
      // Text the code never wrote: kept as it is.
      [sender, 'transfer', 0, transferRef, 'handed over by hand'],
      [recipient, 'transfer', 0, transferRef, 'Proxy RU, Moscow, MTS received from sender@example.com'],
      // A reference naming nothing that is there.
      [recipient, 'renewal', -1_000, 'renewal:999', ''],
    ];
    for (const [index, [userId, kind, amount, reference, reason]] of lines.entries()) {
      await db.query(
        `INSERT INTO ledger_entries (user_id, kind, amount, currency, balance_after, reference, reason, created_at)
         VALUES ($1, $2, $3, 'RUB', 0, $4, $5, $6)`,
        [userId, kind, amount, reference, reason, index === 4 ? autoAt : at],
      );
    }
    await migrate(db, migrations);

    const read = async (userId: number, language: 'en' | 'ru') =>
      (await ledgerRepository(db).list(userId, {} as LedgerListParams, { limit: 50, offset: 0 }, language))
        .sort((a, b) => a.id - b.id)
        .map((entry) => entry.reason);
    expect(await read(sender, 'en')).toEqual([
      'Начальный баланс',
      '',
      `Proxy #${proxy.id} moved to RU, Moscow, MTS`,
      'Proxies renewed: 2, for 7 days',
      'Proxy #13 renewed automatically for 30 days',
      'Оплачено наличными',
      'Proxy RU, Moscow, MTS handed to recipient@example.com',
      'handed over by hand',
    ]);
    expect(await read(sender, 'ru')).toEqual([
      'Начальный баланс',
      '',
      `Прокси #${proxy.id} перенесён: RU, Москва, МТС`,
      'Продлено прокси: 2, на 7 дн.',
      'Прокси #13 продлён автоматически на 30 дн.',
      'Оплачено наличными',
      'Прокси RU, Москва, МТС передан recipient@example.com',
      'handed over by hand',
    ]);
    expect(await read(recipient, 'ru')).toEqual(['Прокси RU, Москва, МТС получен от sender@example.com', '']);

    const data = await db.query<{ reference: string; data: Record<string, unknown> }>(
      'SELECT reference, data FROM ledger_entries WHERE user_id = $1 ORDER BY id',
      [sender],
    );
    expect(data.map((row) => row.data)).toEqual([
      {},
      { order_id: 4 },
      { move_id: moved?.id, proxy_id: proxy.id, country: 'RU', city: 'Moscow', operator: 'MTS' },
      { renewal_id: renewal?.id, proxies: 2, period_days: 7 },
      { proxy_id: 13, period_days: 30, auto: true },
      { invoice_id: 9 },
      {
        transfer_id: transfer?.id,
        given: true,
        other_email: 'recipient@example.com',
        country: 'RU',
        city: 'Moscow',
        operator: 'MTS',
      },
      {},
    ]);
  });
});
