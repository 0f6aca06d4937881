/**
 * The account operations that touch users and their tokens together, each in one `db.transaction` with both
 * repositories built over its `tx`: a new password never leaves an old login alive, a login never half-recorded.
 */
import type { Db } from '../../db/db.ts';
import { userAuditRepository } from './audit-repository.ts';
import { ACCOUNT_REFUSALS } from './refusals.ts';
import { loginSourcesRepository } from './login-sources-repository.ts';
import { tokensRepository } from './tokens-repository.ts';
import { usersRepository, type User } from './users-repository.ts';

export function accountsService(db: Db) {
  return {
    /**
     * Sets the password and revokes every login token of the user, if `stillValid` holds for the user's row read
     * under a row lock: of several confirms with one reset link, the first to commit changes the password (the
     * link's token hashes it), and the others see the new hash and get false. A login storing its token waits for
     * the same lock (`recordLogin`), so no login can slip a token in between.
     */
    resetPassword(id: number, passwordHash: string, stillValid: (user: User) => boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const user = await users.lockById(id);
        if (!user || !stillValid(user)) return false;
        await users.setPasswordHash(id, passwordHash);
        await tokensRepository(tx).deleteAllOf(id);
        return true;
      });
    },

    /**
     * A new login: a token row for the key's hash, `last_login` now, the source remembered, the user's expired
     * tokens swept; with `rehash`, the password's new hash. Only if the password hash the caller verified is still
     * the user's and the account still active, checked under the user's row lock: a password reset that committed
     * while the password was being verified wins, and the login gets false (no token against a stale hash).
     */
    recordLogin(login: {
      readonly userId: number;
      readonly verifiedHash: string;
      readonly rehash: string | null;
      readonly keyHash: string;
      readonly userAgent: string;
      readonly source: string;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const current = await users.lockById(login.userId);
        if (!current || current.passwordHash !== login.verifiedHash || !current.isActive) return false;
        if (login.rehash !== null) await users.setPasswordHash(login.userId, login.rehash);
        const tokens = tokensRepository(tx);
        await tokens.deleteExpiredOf(login.userId);
        await tokens.insert(login.userId, login.keyHash, login.userAgent, login.source);
        await users.touchLastLogin(login.userId);
        await loginSourcesRepository(tx).record(login.userId, login.source);
        return true;
      });
    },

    /**
     * The owner's new password, if the hash they proved is still the user's (checked under the row lock: a reset or
     * another change that committed meanwhile wins, and this one answers false); every other login ends, the one
     * making the change stays. Audited.
     */
    changePassword(change: {
      readonly userId: number;
      readonly verifiedHash: string;
      readonly passwordHash: string;
      readonly keepKeyHash: string;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const user = await users.lockById(change.userId);
        if (!user || user.passwordHash !== change.verifiedHash) return false;
        await users.setPasswordHash(user.id, change.passwordHash);
        const signedOut = await tokensRepository(tx).deleteOthersOf(user.id, change.keepKeyHash);
        await userAuditRepository(tx).record({
          userId: user.id,
          actorId: user.id,
          action: 'password_change',
          changes: { sessions_signed_out: signedOut },
        });
        return true;
      });
    },

    /**
     * Makes `to` the user's address if it is still `from` and `stillValid` holds for the user's row read under its
     * lock (the link dies once used, and with a password change since), and nobody holds `to` now: the user afterwards,
     * or null for a stale link; a taken address is refused. The address was proven by the link, so it counts as
     * verified. A registration of `to` racing this one is settled by the unique index (`setEmail` refuses it too).
     */
    changeEmail(
      claim: { readonly id: number; readonly from: string; readonly to: string },
      stillValid: (user: User) => boolean,
    ): Promise<User | null> {
      return db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const user = await users.lockById(claim.id);
        if (!user || !user.isActive || user.email !== claim.from || !stillValid(user)) return null;
        const holder = await users.findByEmail(claim.to);
        if (holder && holder.id !== user.id) throw ACCOUNT_REFUSALS.emailTaken();
        const changed = await users.setEmail(user.id, claim.to);
        await userAuditRepository(tx).record({
          userId: user.id,
          actorId: null,
          action: 'email_change',
          changes: { email: [claim.from, changed.email] },
        });
        return changed;
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
