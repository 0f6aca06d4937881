/**
 * The `auth_tokens` table: login tokens. Login keys never reach this layer in clear: callers pass the SHA-256 of the
 * key (`hashTokenKey`), which is all the table holds.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db.ts';
import { toUser, USER_COLUMNS, type User, type UserRow } from './users-repository.ts';

/** The second factors a login can prove (issue #48). */
export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey';

/** Logins unused this long expire (docs/auth-api-contract.md: 30 days). */
export const TOKEN_IDLE_DAYS = 30;

export interface TokenOwner {
  readonly user: User;
  readonly tokenId: string;
  readonly lastUsedAt: Date;
}

export interface StoredSession {
  readonly id: number;
  readonly key_hash: string;
  readonly user_agent: string;
  readonly ip: string;
  readonly created_at: Date | string;
  readonly last_used_at: Date | string;
}

/** A new login key: 40 lowercase hex (160 bits), the reference's wire format. */
export function newTokenKey(): string {
  return randomBytes(20).toString('hex');
}

export function hashTokenKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function tokensRepository(q: Queryable) {
  return {
    /**
     * `ip`: the client address the login came from, shown on the user's list of sessions. `factor`: the second factor
     * this login proved, which starts its step-up window (issue #48).
     */
    async insert(
      userId: number,
      keyHash: string,
      userAgent: string,
      ip: string,
      factor: SecondFactorMethod | null = null,
    ): Promise<void> {
      await q.query(
        `INSERT INTO auth_tokens (user_id, key_hash, user_agent, ip, factor_method, factor_confirmed_at)
         VALUES ($1, $2, $3, $4, $5::text, CASE WHEN $5::text IS NULL THEN NULL ELSE now() END)`,
        [userId, keyHash, userAgent.slice(0, 300), ip.slice(0, 64), factor],
      );
    },

    /** The owner of a live token (not idle for 30 days), or null. An expired token is deleted on sight. */
    async findOwner(keyHash: string): Promise<TokenOwner | null> {
      const rows = await q.query<UserRow & { token_id: string; last_used_at: Date | string; expired: boolean }>(
        `SELECT ${USER_COLUMNS}, t.id::text AS token_id, t.last_used_at,
                t.last_used_at < now() - make_interval(days => $2) AS expired
           FROM auth_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.key_hash = $1`,
        [keyHash, TOKEN_IDLE_DAYS],
      );
      const row = rows[0];
      if (!row) return null;
      if (row.expired) {
        await q.query('DELETE FROM auth_tokens WHERE id = $1', [row.token_id]);
        return null;
      }
      return { user: toUser(row), tokenId: row.token_id, lastUsedAt: new Date(row.last_used_at) };
    },

    async touch(tokenId: string): Promise<void> {
      await q.query('UPDATE auth_tokens SET last_used_at = now() WHERE id = $1', [tokenId]);
    },

    async delete(keyHash: string): Promise<void> {
      await q.query('DELETE FROM auth_tokens WHERE key_hash = $1', [keyHash]);
    },

    /** The user's live logins (not idle for 30 days), most recently used first. */
    sessionsOf(userId: number): Promise<StoredSession[]> {
      return q.query<StoredSession>(
        `SELECT id::int AS id, key_hash, user_agent, ip, created_at, last_used_at FROM auth_tokens
          WHERE user_id = $1 AND last_used_at >= now() - make_interval(days => $2)
          ORDER BY last_used_at DESC, id DESC`,
        [userId, TOKEN_IDLE_DAYS],
      );
    },

    /** One login of the user's; false when it is not theirs (or gone). */
    async deleteOf(userId: number, id: number): Promise<boolean> {
      const rows = await q.query('DELETE FROM auth_tokens WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
      return rows.length > 0;
    },

    /** Every login of the user but the one with `keepHash`; answers how many ended. */
    async deleteOthersOf(userId: number, keepHash: string): Promise<number> {
      const rows = await q.query('DELETE FROM auth_tokens WHERE user_id = $1 AND key_hash <> $2 RETURNING id', [
        userId,
        keepHash,
      ]);
      return rows.length;
    },

    async deleteAllOf(userId: number): Promise<void> {
      await q.query('DELETE FROM auth_tokens WHERE user_id = $1', [userId]);
    },

    async deleteExpiredOf(userId: number): Promise<void> {
      await q.query(
        `DELETE FROM auth_tokens
          WHERE user_id = $1 AND last_used_at < now() - make_interval(days => $2)`,
        [userId, TOKEN_IDLE_DAYS],
      );
    },
  };
}
