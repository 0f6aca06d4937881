/**
 * The `auth_tokens` table: login tokens. Login keys never reach this layer in clear: callers pass the SHA-256 of the
 * key (`hashTokenKey`), which is all the table holds.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db.ts';
import { toUser, USER_COLUMNS, type User, type UserRow } from './users-repository.ts';

/** Logins unused this long expire (auth-api-contract.md: 30 days). */
export const TOKEN_IDLE_DAYS = 30;

export interface TokenOwner {
  readonly user: User;
  readonly tokenId: string;
  readonly lastUsedAt: Date;
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
    async insert(userId: number, keyHash: string, userAgent: string): Promise<void> {
      await q.query('INSERT INTO auth_tokens (user_id, key_hash, user_agent) VALUES ($1, $2, $3)', [
        userId,
        keyHash,
        userAgent.slice(0, 300),
      ]);
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
