/** The `users` table: accounts. Built over the database or a transaction (`usersRepository(tx)`). */
import type { Language } from '@proxy/contract/languages';
import type { Queryable } from '../../db/db.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { canonicalEmail } from '../../lib/email-address.ts';
import { Refusal } from '../../lib/refusal.ts';
import { ACCOUNT_REFUSALS } from './refusals.ts';

export interface User {
  readonly id: number;
  readonly email: string;
  readonly passwordHash: string;
  readonly isActive: boolean;
  readonly isSuperuser: boolean;
  readonly isStaff: boolean;
  readonly permissions: readonly string[];
  readonly emailVerified: boolean;
  readonly language: Language;
  readonly subscribed: boolean;
  readonly dateJoined: Date;
  readonly lastLogin: Date | null;
  /** Minor units of the site's currency; only the billing domain's ledger changes it. */
  readonly balance: number;
}

export interface NewUser {
  readonly email: string;
  readonly passwordHash: string;
  readonly language: Language;
  readonly isSuperuser?: boolean;
  readonly isStaff?: boolean;
  readonly permissions?: readonly string[];
  readonly emailVerified?: boolean;
}

/** `users.id` is a PostgreSQL integer. */
const MAX_USER_ID = 2_147_483_647;

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  is_active: boolean;
  is_superuser: boolean;
  is_staff: boolean;
  permissions: string[];
  email_verified: boolean;
  language: Language;
  subscribed: boolean;
  date_joined: Date | string;
  last_login: Date | string | null;
  balance: number;
}

/** The columns of a `User`, on the table aliased `u` (tokens-repository joins them to a token). */
export const USER_COLUMNS = `u.id, u.email, u.password_hash, u.is_active, u.is_superuser, u.is_staff, u.permissions,
  u.email_verified, u.language, u.subscribed, u.date_joined, u.last_login, u.balance`;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    isActive: row.is_active,
    isSuperuser: row.is_superuser,
    isStaff: row.is_staff,
    permissions: row.permissions,
    emailVerified: row.email_verified,
    language: row.language,
    subscribed: row.subscribed,
    dateJoined: new Date(row.date_joined),
    lastLogin: row.last_login === null ? null : new Date(row.last_login),
    balance: row.balance,
  };
}

/** One account per address, whatever its case: the unique index settles two writers racing for one address. */
const refusing = refuseOnConstraint({ users_email_lower_key: ACCOUNT_REFUSALS.emailTaken });

export function usersRepository(q: Queryable) {
  const one = async (sql: string, params: readonly (string | number)[]) => {
    const rows = await q.query<UserRow>(sql, params);
    return rows[0] ? toUser(rows[0]) : null;
  };

  async function insert(user: NewUser): Promise<User> {
    const rows = await q
      .query<UserRow>(
        `INSERT INTO users AS u (email, password_hash, language, is_superuser, is_staff, permissions, email_verified)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING ${USER_COLUMNS}`,
        [
          canonicalEmail(user.email),
          user.passwordHash,
          user.language,
          user.isSuperuser ?? false,
          user.isStaff ?? false,
          [...(user.permissions ?? [])],
          user.emailVerified ?? false,
        ],
      )
      .catch(refusing);
    return toUser(rows[0] as UserRow);
  }

  // Every address is stored in its canonical form (lib/email-address.ts), and looked up in it: a look-alike
  // spelling finds the account it imitates. lower() on both sides keeps the lookup on the unique index.
  const findByEmail = (email: string) =>
    one(`SELECT ${USER_COLUMNS} FROM users u WHERE lower(u.email) = lower($1)`, [canonicalEmail(email)]);

  return {
    findByEmail,

    // Ids come from links (base36 uid, signed tokens): one beyond the column's range is simply nobody.
    findById: async (id: number): Promise<User | null> =>
      Number.isInteger(id) && id > 0 && id <= MAX_USER_ID
        ? one(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id])
        : null,

    insert,

    /**
     * Refused (`emailTaken`) when the address is taken, whatever its spelling (case, compatibility characters, Unicode
     * or punycode domain), also when a concurrent registration won the race.
     */
    async create(user: NewUser): Promise<User> {
      // A check first keeps the common "taken" case off the error path (and out of PostgreSQL's log); the unique
      // index still decides races between two registrations of one address.
      if (await findByEmail(user.email)) throw ACCOUNT_REFUSALS.emailTaken();
      return insert(user);
    },

    /** The id of the account with this address (whatever its case), its row locked until the transaction ends. */
    async lockByEmail(email: string): Promise<number | null> {
      const [row] = await q.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1) FOR UPDATE', [
        canonicalEmail(email),
      ]);
      return row?.id ?? null;
    },

    /**
     * The user, its row locked until the transaction ends: a check made on it holds until the commit. `NO KEY
     * UPDATE`, the lock a balance posting takes too: it leaves alone the key-share locks that inserting a row which
     * references the user takes (an order in progress), which a plain `FOR UPDATE` would wait for while that order
     * waits for locks this transaction holds.
     */
    lockById: (id: number): Promise<User | null> =>
      one(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 FOR NO KEY UPDATE`, [id]),

    /**
     * Rewrites every stored address that is not in its canonical form yet (rows from before the canonical form):
     * one UPDATE per row, so an address whose canonical form another account already holds (a look-alike pair that
     * predates the rule) stays as it was and is reported, instead of failing the start-up.
     */
    async canonicalizeStoredEmails(): Promise<{ updated: number; conflicts: { id: number; email: string }[] }> {
      const rows = await q.query<{ id: number; email: string }>(
        "SELECT id, email FROM users WHERE email <> lower(email) OR email !~ '^[\\x21-\\x7e]+$' ORDER BY id",
      );
      let updated = 0;
      const conflicts: { id: number; email: string }[] = [];
      for (const row of rows) {
        const canonical = canonicalEmail(row.email);
        if (canonical === row.email) continue;
        const taken = await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
          canonical,
          row.id,
        ]);
        if (taken.length > 0) {
          conflicts.push(row);
          continue;
        }
        try {
          await q.query('UPDATE users SET email = $2 WHERE id = $1', [row.id, canonical]).catch(refusing);
          updated++;
        } catch (error) {
          // Another process rewrote the look-alike first.
          if (!Refusal.is(error, ACCOUNT_REFUSALS.emailTaken)) throw error;
          conflicts.push(row);
        }
      }
      return { updated, conflicts };
    },

    /** An active, verified staff superuser with this password and these permissions. */
    async makeSuperuser(id: number, passwordHash: string, permissions: readonly string[]): Promise<User> {
      const rows = await q.query<UserRow>(
        `UPDATE users AS u SET password_hash = $2, permissions = $3, is_superuser = true, is_staff = true,
                is_active = true, email_verified = true
          WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [id, passwordHash, [...permissions]],
      );
      return toUser(rows[0] as UserRow);
    },

    async markEmailVerified(id: number): Promise<boolean> {
      const rows = await q.query(
        'UPDATE users SET email_verified = true WHERE id = $1 AND NOT email_verified RETURNING id',
        [id],
      );
      return rows.length > 0;
    },

    /** The new address, in its canonical form; confirmed by the link that brought it. Refused when taken. */
    async setEmail(id: number, email: string): Promise<User> {
      const rows = await q
        .query<UserRow>(
          `UPDATE users AS u SET email = $2, email_verified = true WHERE id = $1 RETURNING ${USER_COLUMNS}`,
          [id, canonicalEmail(email)],
        )
        .catch(refusing);
      return toUser(rows[0] as UserRow);
    },

    /** The own page's settings: only the fields given change. */
    async setProfile(id: number, profile: { readonly subscribed?: boolean; readonly language?: Language }) {
      await q.query(
        'UPDATE users SET subscribed = coalesce($2, subscribed), language = coalesce($3, language) WHERE id = $1',
        [id, profile.subscribed ?? null, profile.language ?? null],
      );
    },

    async setSubscribed(id: number, subscribed: boolean): Promise<void> {
      await q.query('UPDATE users SET subscribed = $2 WHERE id = $1', [id, subscribed]);
    },

    /** Replaces the hash only; a new password also revokes the logins (`accountsService.resetPassword`). */
    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
    },

    async touchLastLogin(id: number): Promise<void> {
      // Whole seconds: the reset token hashes last_login as Django prints it, without microseconds.
      await q.query("UPDATE users SET last_login = date_trunc('second', now()) WHERE id = $1", [id]);
    },
  };
}
