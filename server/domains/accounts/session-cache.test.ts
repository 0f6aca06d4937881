import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, NotificationHandlers, SqlParam } from '../../db/db.ts';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { sessionCache } from './session-cache.ts';
import { hashTokenKey, newTokenKey, tokensRepository } from './tokens-repository.ts';

/**
 * The database with two handles on it: `pauseAfter` runs a hook right after the next query matching a pattern has
 * read its rows (a write landing while a read is in flight), and `lose`/`restore` cut the notifications as a lost
 * LISTEN connection does.
 */
function controlledDb(db: Db) {
  let pause: { pattern: RegExp; hook: () => Promise<void> } | null = null;
  let lost = false;
  const subscribers = new Set<NotificationHandlers>();
  const wrapped: Db = {
    kind: db.kind,
    async query<T extends object>(sql: string, params?: readonly SqlParam[]) {
      const rows = await db.query<T>(sql, params);
      if (pause?.pattern.test(sql)) {
        const { hook } = pause;
        pause = null;
        await hook();
      }
      return rows;
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn, options) => db.transaction(fn, options),
    listen(channel, handlers) {
      subscribers.add(handlers);
      const inner = db.listen(channel, {
        notify: (payload) => !lost && handlers.notify(payload),
        listening: (on) => handlers.listening(on && !lost),
      });
      return {
        close: async () => {
          subscribers.delete(handlers);
          await inner.close();
        },
      };
    },
    close: () => db.close(),
  };
  return {
    db: wrapped,
    pauseAfter: (pattern: RegExp, hook: () => Promise<void>) => (pause = { pattern, hook }),
    lose() {
      lost = true;
      for (const handlers of subscribers) handlers.listening(false);
    },
    restore() {
      lost = false;
      for (const handlers of subscribers) handlers.listening(true);
    },
  };
}

describe.each(BACKENDS)('the session cache on $name', (backend) => {
  let testDb: TestDb;
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    // Two API processes on one database: each has its own memory and its own LISTEN connection.
    first = await buildTestApp({ db: testDb.db });
    second = await buildTestApp({ db: testDb.db });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await testDb.dispose();
  });

  const me = (app: FastifyInstance, key: string) =>
    app.inject({ url: '/api/users/', headers: { ...EN, ...tokenHeader(key) } });

  /** A user with a login token stored directly, and the token's hash. */
  async function storedToken(db: Db) {
    const user = await createUser(db, { email: freshEmail('cached') });
    const keyHash = hashTokenKey(newTokenKey());
    await tokensRepository(db).insert(user.id, keyHash, 'test', '127.0.0.1');
    return { user, keyHash };
  }

  it('a logout on one process is refused there at once and on the other as soon as the news arrives', async () => {
    const user = await createUser(testDb.db, { email: freshEmail('two-processes') });
    const key = await login(first, user.email);
    // Both processes have the owner in memory now.
    expect((await me(first, key)).statusCode).toBe(200);
    expect((await me(second, key)).statusCode).toBe(200);

    const logout = await first.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { ...EN, ...tokenHeader(key) },
    });
    expect(logout.statusCode).toBe(200);
    const here = await me(first, key);
    expect(here.statusCode).toBe(401);
    expect(here.json()).toEqual({ detail: 'Invalid token.' });
    await expect.poll(async () => (await me(second, key)).statusCode).toBe(401);
  });

  it('follows changes written by any code or SQL: the account blocked, the balance moved', async () => {
    const user = await createUser(testDb.db, { email: freshEmail('changed') });
    const key = await login(first, user.email);
    expect((await me(second, key)).json()).toMatchObject({ balance: 0 });

    await testDb.db.query('UPDATE users SET balance = 12345 WHERE id = $1', [user.id]);
    await expect.poll(async () => (await me(second, key)).json()).toMatchObject({ balance: 12345 });

    await testDb.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
    await expect.poll(async () => (await me(second, key)).json()).toEqual({ detail: 'User inactive or deleted.' });
  });

  it('does not keep a read that a revocation overtook', async () => {
    const control = controlledDb(testDb.db);
    const cache = sessionCache(control.db);
    try {
      // PostgreSQL connects the listener in the background; until then nothing is kept.
      await expect.poll(() => cache.listening).toBe(true);
      const again = await storedToken(testDb.db);
      control.pauseAfter(/FROM auth_tokens t JOIN users/, async () => {
        await testDb.db.query('DELETE FROM auth_tokens WHERE key_hash = $1', [again.keyHash]);
        await cache.sync();
      });
      // The read was true when it was made; what it read must not outlive the deletion that came after it.
      expect((await cache.owner(again.keyHash))?.user.id).toBe(again.user.id);
      expect(await cache.owner(again.keyHash)).toBeNull();
    } finally {
      await cache.close();
    }
  });

  it('keeps nothing while notifications could be missed, and forgets what it had', async () => {
    const control = controlledDb(testDb.db);
    const cache = sessionCache(control.db);
    try {
      const { keyHash } = await storedToken(testDb.db);
      await expect.poll(() => cache.listening).toBe(true);
      expect(await cache.owner(keyHash)).not.toBeNull();

      control.lose();
      expect(cache.listening).toBe(false);
      // Deleted while this process hears nothing: it must ask the database, not its memory.
      await testDb.db.query('DELETE FROM auth_tokens WHERE key_hash = $1', [keyHash]);
      expect(await cache.owner(keyHash)).toBeNull();
      const unheard = await storedToken(testDb.db);
      expect(await cache.owner(unheard.keyHash)).not.toBeNull();
      await testDb.db.query('DELETE FROM auth_tokens WHERE key_hash = $1', [unheard.keyHash]);
      expect(await cache.owner(unheard.keyHash)).toBeNull();

      control.restore();
      expect(cache.listening).toBe(true);
      const heard = await storedToken(testDb.db);
      expect(await cache.owner(heard.keyHash)).not.toBeNull();
    } finally {
      await cache.close();
    }
  });

  it('forgets an owner after its time to live even if no trigger spoke (a write with triggers off)', async () => {
    let clock = 1_000_000;
    const cache = sessionCache(testDb.db, { ttlMs: 5_000, now: () => clock });
    try {
      const { keyHash } = await storedToken(testDb.db);
      await expect.poll(() => cache.listening).toBe(true);
      expect(await cache.owner(keyHash)).not.toBeNull();
      await testDb.db.transaction(async (tx) => {
        // What a restore or replication does: row triggers do not fire.
        await tx.query('SET LOCAL session_replication_role = replica');
        await tx.query('DELETE FROM auth_tokens WHERE key_hash = $1', [keyHash]);
      });
      await cache.sync();
      expect(await cache.owner(keyHash)).not.toBeNull();
      clock += 5_001;
      expect(await cache.owner(keyHash)).toBeNull();
    } finally {
      await cache.close();
    }
  });
});
