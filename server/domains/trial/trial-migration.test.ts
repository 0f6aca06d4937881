// Migration 0140 (#43) on data written before it, on both databases: the proxies of trials still in their term are
// marked (a renewed one is not) and their pending offers withdrawn; the stored mailboxes are re-folded by the Yandex
// rule — each spelling of a mailbox that had a trial finds it, the earliest of several look-alikes taking the folded
// key — and the stored client addresses re-keyed exactly as the code keys them now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlParam } from '../../db/db.ts';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import { BACKENDS, type TestDb } from '../../test/helpers.ts';
import { clientNetwork } from './client-network.ts';
import { mailboxOf } from './mailbox.ts';

const TRIAL_LIMITS = 140;
const HOUR = 3_600_000;

describe.each(BACKENDS)('the trial limits migration on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.open();
  });
  afterAll(() => testDb.dispose());

  it('marks trial proxies, withdraws their offers, re-folds mailboxes and re-keys addresses', async () => {
    const { db } = testDb;
    const migrations = await loadMigrations();
    await migrate(
      db,
      migrations.filter((migration) => migration.version < TRIAL_LIMITS),
    );
    const one = async <T extends object>(sql: string, values: readonly SqlParam[] = []) =>
      (await db.query<T>(sql, values))[0] as T;
    const user = async (email: string) =>
      (await one<{ id: number }>(`INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id`, [email])).id;
    const host = await one<{ id: number }>(
      `INSERT INTO agent_hosts (name, public_host, port_min, port_max, token_hash)
       VALUES ('before', '127.0.0.1', 30000, 30999, repeat('b', 64)) RETURNING id`,
    );
    const modem = await one<{ id: number }>(
      `INSERT INTO modems (host_id, key, name, country, city, operator) VALUES ($1, 'sim-1', 'sim-1', 'RU', 'Moscow', 'MTS')
       RETURNING id`,
      [host.id],
    );
    const takenAt = new Date(Date.UTC(2030, 0, 1, 12));
    const proxy = async (owner: number, n: number, expiresAt: Date) =>
      (
        await one<{ id: number }>(
          `INSERT INTO proxies (owner_id, modem_id, host_id, http_port, socks_port, login, password, rotate_token,
                                rotate_token_hash, expires_at)
           VALUES ($1, $2, $3, $4, $4 + 1, $5, 'secret', repeat('t', 22) || $4, repeat($6, 64), $7) RETURNING id`,
          [owner, modem.id, host.id, 30000 + 2 * n, `before${n}`, String(n), expiresAt],
        )
      ).id;
    const olga = await user('olga.k@ya.ru');
    const friend = await user('friend@example.com');
    const ivan = await user('ivan@yandex.ru');
    // In its hour still, and one renewed (a month past its trial's end).
    const inTrial = await proxy(olga, 1, new Date(takenAt.getTime() + HOUR));
    const renewed = await proxy(ivan, 2, new Date(takenAt.getTime() + 30 * 24 * HOUR));
    const offer = (proxyId: number, sender: number) =>
      db.query(
        `INSERT INTO transfers (proxy_id, sender_id, recipient_id, recipient_email, country, city, operator, expires_at)
         VALUES ($1, $2, $3, 'friend@example.com', 'RU', 'Moscow', 'MTS', $4)`,
        [proxyId, sender, friend, new Date(takenAt.getTime() + 72 * HOUR)],
      );
    await offer(inTrial, olga);
    await offer(renewed, ivan);

    const stored: readonly (readonly [string, number | null, number | null, string, number])[] = [
      // mailbox as stored, user, proxy, client address, minutes after `takenAt`
      ['olga.k@ya.ru', olga, inTrial, '2001:db8:1:2::5', 0],
      ['olga-k@yandex.com', null, null, '::ffff:203.0.113.9', 1],
      ['olga.k@yandex.ru', null, null, '2001:0db8:0000:0001:0005::1', 2],
      ['ivan@ya.ru', null, null, '1:0:1::1', 0],
      ['ivan@yandex.ru', ivan, renewed, '2001:db8::ffff:1', 1],
      ['petr.s@narod.ru', null, null, '::1', 0],
      ['john.smith@example.com', null, null, '203.0.113.7', 0],
      ['anna@gmail.com', null, null, 'unknown', 0],
    ];
    for (const [mailbox, userId, proxyId, address, minutes] of stored) {
      await db.query(
        `INSERT INTO trials (mailbox, user_id, proxy_id, client_address, country, city, operator, minutes, taken_at)
         VALUES ($1, $2, $3, $4, 'RU', 'Moscow', 'MTS', 60, $5)`,
        [mailbox, userId, proxyId, address, new Date(takenAt.getTime() + minutes * 60_000)],
      );
    }

    await migrate(db, migrations);

    expect(await db.query('SELECT id, trial FROM proxies ORDER BY id')).toEqual([
      { id: inTrial, trial: true },
      { id: renewed, trial: false },
    ]);
    expect(await db.query('SELECT proxy_id, state FROM transfers ORDER BY id')).toEqual([
      { proxy_id: inTrial, state: 'cancelled' },
      { proxy_id: renewed, state: 'pending' },
    ]);

    const rows = await db.query<{ mailbox: string; user_id: number | null; client_address: string }>(
      'SELECT mailbox, user_id, client_address FROM trials',
    );
    // The earliest olga takes the folded key; ivan's folded key was held already; petr's is his alone.
    expect(rows.map((row) => row.mailbox).sort()).toEqual(
      [
        'olga-k@yandex.ru',
        'olga-k@yandex.com',
        'olga.k@yandex.ru',
        'ivan@ya.ru',
        'ivan@yandex.ru',
        'petr-s@yandex.ru',
        'john.smith@example.com',
        'anna@gmail.com',
      ].sort(),
    );
    expect(rows.find((row) => row.user_id === olga)?.mailbox).toBe('olga-k@yandex.ru');
    // Every spelling of a mailbox that had a trial now finds it, as the trial service looks it up.
    const keys = new Set(rows.map((row) => row.mailbox));
    for (const [spelling] of stored) expect(keys.has(mailboxOf(spelling)), spelling).toBe(true);
    // The stored addresses keyed as the code keys a client now (the SQL and the code agree on every form).
    expect(rows.map((row) => row.client_address).sort()).toEqual(
      stored.map(([, , , address]) => clientNetwork(address)).sort(),
    );
  });
});
