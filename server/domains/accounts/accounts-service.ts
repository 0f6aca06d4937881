/**
 * The account operations that touch users and their tokens together, each in one `db.transaction` with both
 * repositories built over its `tx`: a new password never leaves an old login alive, a login never half-recorded.
 */
import type { Db } from '../../db/db.ts';
import { tokensRepository } from './tokens-repository.ts';
import { usersRepository, type User } from './users-repository.ts';

export function accountsService(db: Db) {
  return {
    /** Sets the password and revokes every login token of the user. */
    resetPassword(id: number, passwordHash: string): Promise<void> {
      return db.transaction(async (tx) => {
        await usersRepository(tx).setPasswordHash(id, passwordHash);
        await tokensRepository(tx).deleteAllOf(id);
      });
    },

    /** A new login: a token row for the key's hash, `last_login` now, the user's expired tokens swept. */
    recordLogin(id: number, keyHash: string, userAgent: string): Promise<void> {
      return db.transaction(async (tx) => {
        const tokens = tokensRepository(tx);
        await tokens.deleteExpiredOf(id);
        await tokens.insert(id, keyHash, userAgent);
        await usersRepository(tx).touchLastLogin(id);
      });
    },

    /**
     * The `createsuperuser` command: creates the account, or makes an existing one (whatever the address's case) an
     * active, verified staff superuser with this password and these permissions, its old logins revoked.
     */
    saveSuperuser(
      email: string,
      passwordHash: string,
      permissions: readonly string[],
    ): Promise<{ user: User; created: boolean }> {
      return db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const existing = await users.lockByEmail(email);
        if (existing !== null) {
          const user = await users.makeSuperuser(existing, passwordHash, permissions);
          await tokensRepository(tx).deleteAllOf(existing);
          return { user, created: false };
        }
        const user = await users.insert({
          email,
          passwordHash,
          language: 'ru',
          isSuperuser: true,
          isStaff: true,
          permissions,
          emailVerified: true,
        });
        return { user, created: true };
      });
    },
  };
}
