/**
 * Accounts and their login tokens in the database. Login keys never reach this layer in clear: callers pass the
 * SHA-256 of the key (`hashTokenKey`), which is all the `auth_tokens` table holds.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@proxy/contract/languages';
import fp from 'fastify-plugin';
import type { Db, Queryable } from '../db/db.ts';

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
}

export interface TokenOwner {
  readonly user: User;
  readonly tokenId: string;
  readonly lastUsedAt: Date;
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

/** Logins unused this long expire (auth-api-contract.md: 30 days). */
export const TOKEN_IDLE_DAYS = 30;

export interface UsersRepository {
  findByEmail(email: string): Promise<User | null>;
  findById(id: number): Promise<User | null>;
  /** Null when the address is taken (whatever its case), also when a concurrent registration won the race. */
  create(user: NewUser): Promise<User | null>;
  markEmailVerified(id: number): Promise<boolean>;
  setSubscribed(id: number, subscribed: boolean): Promise<void>;
  /** Sets the password and revokes every login token of the user, in one transaction. */
  resetPassword(id: number, passwordHash: string): Promise<void>;
  /** Replaces the hash only (a rehash with new parameters after a successful login); tokens stay. */
  updatePasswordHash(id: number, passwordHash: string): Promise<void>;
  /**
   * The `createsuperuser` command: creates the account, or makes an existing one (whatever the address's case) an
   * active, verified staff superuser with this password and these permissions, its old logins revoked.
   */
  saveSuperuser(
    email: string,
    passwordHash: string,
    permissions: readonly string[],
  ): Promise<{ user: User; created: boolean }>;
  /** A new login: a token row for the key's hash, `last_login` now, the user's expired tokens swept. */
  recordLogin(id: number, keyHash: string, userAgent: string): Promise<void>;
  /** The owner of a live token (not idle for 30 days), or null. An expired token is deleted on sight. */
  findTokenOwner(keyHash: string): Promise<TokenOwner | null>;
  touchToken(tokenId: string): Promise<void>;
  deleteToken(keyHash: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

/** A new login key: 40 lowercase hex (160 bits), the reference's wire format. */
export function newTokenKey(): string {
  return randomBytes(20).toString('hex');
}

export function hashTokenKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

interface UserRow {
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
}

const USER_COLUMNS = `u.id, u.email, u.password_hash, u.is_active, u.is_superuser, u.is_staff, u.permissions,
  u.email_verified, u.language, u.subscribed, u.date_joined, u.last_login`;

function toUser(row: UserRow): User {
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
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

async function insertUser(q: Queryable, user: NewUser): Promise<User> {
  const rows = await q.query<UserRow>(
    `INSERT INTO users AS u (email, password_hash, language, is_superuser, is_staff, permissions, email_verified)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING ${USER_COLUMNS}`,
    [
      user.email,
      user.passwordHash,
      user.language,
      user.isSuperuser ?? false,
      user.isStaff ?? false,
      [...(user.permissions ?? [])],
      user.emailVerified ?? false,
    ],
  );
  return toUser(rows[0] as UserRow);
}

export function createUsersRepository(db: Db): UsersRepository {
  const one = async (sql: string, params: readonly (string | number)[]) => {
    const rows = await db.query<UserRow>(sql, params);
    return rows[0] ? toUser(rows[0]) : null;
  };

  return {
    findByEmail: (email) => one(`SELECT ${USER_COLUMNS} FROM users u WHERE lower(u.email) = lower($1)`, [email]),

    // Ids come from links (base36 uid, signed tokens): one beyond the column's range is simply nobody.
    findById: async (id) =>
      Number.isInteger(id) && id > 0 && id <= MAX_USER_ID
        ? one(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id])
        : null,

    async create(user) {
      // A savepoint-free check first keeps the common "taken" case out of the error path; the unique index
      // still decides races between two registrations of one address.
      if (await this.findByEmail(user.email)) return null;
      try {
        return await insertUser(db, user);
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async markEmailVerified(id) {
      const rows = await db.query(
        'UPDATE users SET email_verified = true WHERE id = $1 AND NOT email_verified RETURNING id',
        [id],
      );
      return rows.length > 0;
    },

    async setSubscribed(id, subscribed) {
      await db.query('UPDATE users SET subscribed = $2 WHERE id = $1', [id, subscribed]);
    },

    async resetPassword(id, passwordHash) {
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
        await tx.query('DELETE FROM auth_tokens WHERE user_id = $1', [id]);
      });
    },

    async updatePasswordHash(id, passwordHash) {
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
    },

    async saveSuperuser(email, passwordHash, permissions) {
      return db.transaction(async (tx) => {
        const existing = await tx.query<{ id: number }>(
          'SELECT id FROM users WHERE lower(email) = lower($1) FOR UPDATE',
          [email],
        );
        if (existing[0]) {
          const rows = await tx.query<UserRow>(
            `UPDATE users AS u SET password_hash = $2, permissions = $3, is_superuser = true, is_staff = true,
                    is_active = true, email_verified = true
              WHERE id = $1 RETURNING ${USER_COLUMNS}`,
            [existing[0].id, passwordHash, [...permissions]],
          );
          await tx.query('DELETE FROM auth_tokens WHERE user_id = $1', [existing[0].id]);
          return { user: toUser(rows[0] as UserRow), created: false };
        }
        const user = await insertUser(tx, {
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

    async recordLogin(id, keyHash, userAgent) {
      await db.transaction(async (tx) => {
        await tx.query(
          `DELETE FROM auth_tokens
            WHERE user_id = $1 AND last_used_at < now() - make_interval(days => $2)`,
          [id, TOKEN_IDLE_DAYS],
        );
        await tx.query('INSERT INTO auth_tokens (user_id, key_hash, user_agent) VALUES ($1, $2, $3)', [
          id,
          keyHash,
          userAgent.slice(0, 300),
        ]);
        // Whole seconds: the reset token hashes last_login as Django prints it, without microseconds.
        await tx.query("UPDATE users SET last_login = date_trunc('second', now()) WHERE id = $1", [id]);
      });
    },

    async findTokenOwner(keyHash) {
      const rows = await db.query<UserRow & { token_id: string; last_used_at: Date | string; expired: boolean }>(
        `SELECT ${USER_COLUMNS}, t.id::text AS token_id, t.last_used_at,
                t.last_used_at < now() - make_interval(days => $2) AS expired
           FROM auth_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.key_hash = $1`,
        [keyHash, TOKEN_IDLE_DAYS],
      );
      const row = rows[0];
      if (!row) return null;
      if (row.expired) {
        await db.query('DELETE FROM auth_tokens WHERE id = $1', [row.token_id]);
        return null;
      }
      return { user: toUser(row), tokenId: row.token_id, lastUsedAt: new Date(row.last_used_at) };
    },

    async touchToken(tokenId) {
      await db.query('UPDATE auth_tokens SET last_used_at = now() WHERE id = $1', [tokenId]);
    },

    async deleteToken(keyHash) {
      await db.query('DELETE FROM auth_tokens WHERE key_hash = $1', [keyHash]);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('users', createUsersRepository(app.db));
  },
  { name: 'users-repository', fastify: '5.x', dependencies: ['db'] },
);
