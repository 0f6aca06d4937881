/** Account fixtures for tests: users written straight to the database, logins through the API. */
import { randomBytes } from 'node:crypto';
import type { Language } from '@proxy/contract/languages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import { hashPassword, usersRepository, type User } from '../domains/accounts/index.ts';

/** Tests that make or read link tokens themselves build their app with this key (`env: { SECRET_KEY }`). */
export const TEST_SECRET_KEY = 'test-secret-key-0123456789-abcdefghijklmnop';

export const EN = { 'accept-language': 'en-US,en;q=0.9' } as const;
export const RU = { 'accept-language': 'ru' } as const;
export const LANGUAGE_HEADERS: Readonly<Record<Language, Record<string, string>>> = { ru: RU, en: EN };

/**
 * A unique address per call, so tests never collide on the unique e-mail index. Letters only: Django's similarity
 * validator compares passwords with the address, and random digits in it would make a test's expected password
 * messages (for '1234567', say) depend on chance.
 */
export function freshEmail(prefix = 'user'): string {
  const letters = [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${prefix}-${letters}@example.com`;
}

export interface UserFixture {
  readonly email: string;
  readonly password?: string;
  readonly verified?: boolean;
  readonly active?: boolean;
  readonly superuser?: boolean;
  readonly staff?: boolean;
  readonly permissions?: readonly string[];
  readonly language?: Language;
}

export async function createUser(db: Db, fixture: UserFixture): Promise<User> {
  const users = usersRepository(db);
  const user = await users.create({
    email: fixture.email,
    passwordHash: await hashPassword(fixture.password ?? 'correct horse battery'),
    language: fixture.language ?? 'ru',
    emailVerified: fixture.verified ?? true,
    isSuperuser: fixture.superuser ?? false,
    isStaff: fixture.staff ?? false,
    permissions: fixture.permissions ?? [],
  });
  if (fixture.active === false) await db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
  return (await users.findById(user.id)) as User;
}

/** Logs in through the API and returns the key; fails the test on anything but 200. */
export async function login(app: FastifyInstance, email: string, password = 'correct horse battery'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ key: string }>().key;
}

export const tokenHeader = (key: string) => ({ authorization: `Token ${key}` });

/** Row counts of the account tables: a rejected request must leave them as they were. */
export interface AccountRowCounts {
  readonly users: number;
  readonly tokens: number;
  readonly outbox: number;
}

export async function accountRowCounts(db: Db): Promise<AccountRowCounts> {
  const rows = await db.query<{ users: number; tokens: number; outbox: number }>(
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM auth_tokens) AS tokens,
            (SELECT count(*)::int FROM outbox) AS outbox`,
  );
  return rows[0] as AccountRowCounts;
}
