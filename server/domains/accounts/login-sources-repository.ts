/**
 * The `login_sources` table: the client addresses (as SHA-256) each account signed in from with the right password.
 * The account-wide failure ceiling of the rate limiter lets these through: the owner, at home, is not locked out by
 * someone else's guessing.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db.ts';

/** A source counts as known this long after its last successful login. */
export const LOGIN_SOURCE_DAYS = 90;

export function sourceHash(address: string): string {
  return createHash('sha256').update(`login-source:${address}`).digest('hex');
}

export function loginSourcesRepository(q: Queryable) {
  return {
    async isKnown(userId: number, address: string): Promise<boolean> {
      const rows = await q.query(
        `SELECT 1 FROM login_sources
          WHERE user_id = $1 AND source_hash = $2 AND last_login_at > now() - make_interval(days => $3)`,
        [userId, sourceHash(address), LOGIN_SOURCE_DAYS],
      );
      return rows.length > 0;
    },

    /** Records a successful login from `address`, and forgets the user's sources unused for the period. */
    async record(userId: number, address: string): Promise<void> {
      await q.query(
        `INSERT INTO login_sources (user_id, source_hash) VALUES ($1, $2)
         ON CONFLICT (user_id, source_hash) DO UPDATE SET last_login_at = now()`,
        [userId, sourceHash(address)],
      );
      await q.query(
        'DELETE FROM login_sources WHERE user_id = $1 AND last_login_at < now() - make_interval(days => $2)',
        [userId, LOGIN_SOURCE_DAYS],
      );
    },
  };
}
