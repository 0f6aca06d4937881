/**
 * Second factors (issue #48): an authenticator (TOTP) per account and its ten recovery codes, and the sign-in's
 * second step. Whatever checks a code and records that it was used does both in one transaction under the factor's
 * row lock, so a code (a time step) is accepted once however many requests carry it at the same moment; every change
 * of factors signs the account's other devices out and is audited in the same transaction.
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.ts';
import { userAuditRepository } from './audit-repository.ts';
import { loginSourcesRepository } from './login-sources-repository.ts';
import { tokensRepository, type SecondFactorMethod } from './tokens-repository.ts';
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  openSecret,
  sealSecret,
} from './totp.ts';
import { usersRepository, type User } from './users-repository.ts';

/** How long the second step of a sign-in may take. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface TwoFactorState {
  readonly enabled: boolean;
  readonly confirmedAt: Date | null;
  readonly recoveryCodesLeft: number;
}

interface FactorRow {
  id: string;
  secret_encrypted: string;
  confirmed_at: Date | string | null;
  last_step: string | number | null;
}

/** Ties a challenge to the password that was checked, without keeping another copy of its hash. */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('hex');
}

async function lockFactor(q: Queryable, userId: number): Promise<FactorRow | null> {
  const [row] = await q.query<FactorRow>(
    `SELECT id::text AS id, secret_encrypted, confirmed_at, last_step FROM user_second_factors
      WHERE user_id = $1 AND kind = 'totp' FOR UPDATE`,
    [userId],
  );
  return row ?? null;
}

async function replaceRecoveryCodes(q: Queryable, userId: number, secretKey: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await q.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [userId]);
  await q.query(`INSERT INTO user_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`, [
    userId,
    codes.map((code) => hashRecoveryCode(code, secretKey)),
  ]);
  return codes;
}

/**
 * Checks a code against the account's confirmed factor under its row lock (the caller's transaction holds it to
 * commit): an authenticator code of a step after the last accepted one, recorded as the last; or an unused recovery
 * code, marked used. Answers which kind passed, or null.
 */
export async function useCode(
  q: Queryable,
  userId: number,
  code: string,
  secretKey: string,
  nowMs: number,
): Promise<'totp' | 'recovery_code' | null> {
  const factor = await lockFactor(q, userId);
  if (!factor || factor.confirmed_at === null) return null;
  const typed = code.replace(/\s/g, '');
  if (/^\d+$/.test(typed)) {
    const secret = openSecret(factor.secret_encrypted, secretKey);
    if (secret === null) return null;
    const step = matchTotp(secret, typed, nowMs, factor.last_step === null ? null : Number(factor.last_step));
    if (step === null) return null;
    await q.query('UPDATE user_second_factors SET last_step = $2 WHERE id = $1', [factor.id, step]);
    return 'totp';
  }
  if (!looksLikeRecoveryCode(code)) return null;
  const used = await q.query(
    `UPDATE user_recovery_codes SET used_at = now()
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [userId, hashRecoveryCode(code, secretKey)],
  );
  return used.length > 0 ? 'recovery_code' : null;
}

/** Whether the account has a second factor: a confirmed authenticator or a passkey. */
export async function hasSecondFactor(q: Queryable, userId: number): Promise<boolean> {
  return (await secondFactorMethods(q, userId)).length > 0;
}

/** The ways the account can prove a second factor, as the login's second step names them. */
export async function secondFactorMethods(q: Queryable, userId: number): Promise<SecondFactorMethod[]> {
  const [row] = await q.query<{ totp: boolean; passkey: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_second_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS totp,
            EXISTS (SELECT 1 FROM user_passkeys WHERE user_id = $1) AS passkey`,
    [userId],
  );
  return [...(row?.totp ? (['totp', 'recovery_code'] as const) : []), ...(row?.passkey ? (['passkey'] as const) : [])];
}

export type FactorChange =
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'recovery_codes_regenerated'
  | 'two_factor_reset'
  | 'passkey_added'
  | 'passkey_removed';

/**
 * What every change of an account's factors does, in its transaction: signs out its other devices (all of them when
 * `keepKeyHash` is null), ends the sign-ins waiting for a second step, and audits the change.
 */
export async function recordFactorChange(
  tx: Queryable,
  user: { readonly id: number },
  action: FactorChange,
  keepKeyHash: string | null,
  actorId: number,
  details: Record<string, unknown> = {},
): Promise<void> {
  const signedOut =
    keepKeyHash === null
      ? await tx.query('DELETE FROM auth_tokens WHERE user_id = $1 RETURNING id', [user.id]).then((r) => r.length)
      : await tokensRepository(tx).deleteOthersOf(user.id, keepKeyHash);
  await tx.query('DELETE FROM two_factor_challenges WHERE user_id = $1', [user.id]);
  await userAuditRepository(tx).record({
    userId: user.id,
    actorId,
    action,
    changes: { ...details, sessions_signed_out: signedOut },
  });
}

export type EnrolOutcome = 'ok' | 'already_on';
export type CodeOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly why: string };

export function twoFactorService(db: Db, secretKey: string) {
  const changed = recordFactorChange;

  return {
    async state(userId: number): Promise<TwoFactorState> {
      const [row] = await db.query<{ confirmed_at: Date | string | null; left: number }>(
        `SELECT f.confirmed_at,
                (SELECT count(*)::int FROM user_recovery_codes c WHERE c.user_id = $1 AND c.used_at IS NULL) AS left
           FROM user_second_factors f WHERE f.user_id = $1 AND f.kind = 'totp' AND f.confirmed_at IS NOT NULL`,
        [userId],
      );
      if (!row) return { enabled: false, confirmedAt: null, recoveryCodesLeft: 0 };
      return { enabled: true, confirmedAt: new Date(row.confirmed_at as string), recoveryCodesLeft: row.left };
    },

    isEnabled: (userId: number): Promise<boolean> => hasSecondFactor(db, userId),

    /** A new secret for the account, not yet guarding anything: replaces an enrolment begun and left. */
    begin(userId: number, secret: string): Promise<EnrolOutcome> {
      return db.transaction(async (tx) => {
        await usersRepository(tx).lockById(userId);
        const factor = await lockFactor(tx, userId);
        if (factor?.confirmed_at) return 'already_on';
        const sealed = sealSecret(secret, secretKey);
        if (factor) {
          await tx.query(
            'UPDATE user_second_factors SET secret_encrypted = $2, created_at = now(), last_step = NULL WHERE id = $1',
            [factor.id, sealed],
          );
        } else {
          await tx.query(`INSERT INTO user_second_factors (user_id, kind, secret_encrypted) VALUES ($1, 'totp', $2)`, [
            userId,
            sealed,
          ]);
        }
        return 'ok';
      });
    },

    /** The first code proves the app holds the secret: the factor guards sign-in from now, with ten new codes. */
    confirm(user: User, code: string, nowMs: number, keepKeyHash: string): Promise<CodeOutcome<string[]>> {
      return db.transaction(async (tx) => {
        const factor = await lockFactor(tx, user.id);
        if (!factor) return { ok: false, why: 'not_started' };
        if (factor.confirmed_at) return { ok: false, why: 'already_on' };
        const secret = openSecret(factor.secret_encrypted, secretKey);
        const step = secret === null ? null : matchTotp(secret, code.replace(/\s/g, ''), nowMs, null);
        if (step === null) return { ok: false, why: 'wrong' };
        await tx.query('UPDATE user_second_factors SET confirmed_at = now(), last_step = $2 WHERE id = $1', [
          factor.id,
          step,
        ]);
        const codes = await replaceRecoveryCodes(tx, user.id, secretKey);
        await changed(tx, user, 'two_factor_enabled', keepKeyHash, user.id);
        return { ok: true, value: codes };
      });
    },

    regenerate(user: User, code: string, nowMs: number, keepKeyHash: string): Promise<CodeOutcome<string[]>> {
      return db.transaction(async (tx) => {
        const factor = await lockFactor(tx, user.id);
        if (!factor?.confirmed_at) return { ok: false, why: 'off' };
        if (!(await useCode(tx, user.id, code, secretKey, nowMs))) return { ok: false, why: 'wrong' };
        const codes = await replaceRecoveryCodes(tx, user.id, secretKey);
        await changed(tx, user, 'recovery_codes_regenerated', keepKeyHash, user.id);
        return { ok: true, value: codes };
      });
    },

    /** Off, if the password the caller verified is still the account's and the code is right. */
    disable(user: User, verifiedHash: string, code: string, nowMs: number, keepKeyHash: string) {
      return db.transaction(async (tx): Promise<CodeOutcome<null>> => {
        const current = await usersRepository(tx).lockById(user.id);
        if (!current || current.passwordHash !== verifiedHash) return { ok: false, why: 'password' };
        const factor = await lockFactor(tx, user.id);
        if (!factor?.confirmed_at) return { ok: false, why: 'off' };
        if (!(await useCode(tx, user.id, code, secretKey, nowMs))) return { ok: false, why: 'wrong' };
        await tx.query('DELETE FROM user_second_factors WHERE user_id = $1', [user.id]);
        await tx.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [user.id]);
        await changed(tx, user, 'two_factor_disabled', keepKeyHash, user.id);
        return { ok: true, value: null };
      });
    },

    /**
     * Staff's reset of another account's factors (a lost phone and no recovery codes): the authenticator and every
     * passkey removed, every device of the
     * account signed out, audited with the staff member as the actor. Null for an unknown account, false when it
     * had no factor.
     */
    reset(userId: number, actorId: number): Promise<User | false | null> {
      return db.transaction(async (tx) => {
        const user = await usersRepository(tx).lockById(userId);
        if (!user) return null;
        const factors = await tx.query('DELETE FROM user_second_factors WHERE user_id = $1 RETURNING id', [userId]);
        const passkeys = await tx.query('DELETE FROM user_passkeys WHERE user_id = $1 RETURNING id', [userId]);
        await tx.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [userId]);
        if (factors.length + passkeys.length === 0) return false;
        await changed(tx, user, 'two_factor_reset', null, actorId);
        return user;
      });
    },

    /** A sign-in's second step begins: the challenge key's hash, tied to the checked password, good for minutes. */
    async openChallenge(userId: number, keyHash: string, verifiedHash: string): Promise<void> {
      await db.query('DELETE FROM two_factor_challenges WHERE user_id = $1 AND expires_at < now()', [userId]);
      await db.query(
        `INSERT INTO two_factor_challenges (user_id, key_hash, password_stamp, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
        [userId, keyHash, passwordStamp(verifiedHash), CHALLENGE_TTL_SECONDS],
      );
    },

    /** Whose a live challenge is (for the per-account throttle, before any code is checked), or null. */
    async challengeOwner(keyHash: string): Promise<number | null> {
      const [row] = await db.query<{ user_id: number }>(
        'SELECT user_id FROM two_factor_challenges WHERE key_hash = $1 AND expires_at >= now()',
        [keyHash],
      );
      return row?.user_id ?? null;
    },

    /**
     * The second step: under the challenge's and the factor's locks, a right code ends the challenge and records
     * the login (as `accountsService.recordLogin` does); a wrong one leaves the challenge for another try (the
     * per-account throttle bounds them). A password reset or a block since the first step kills the challenge.
     */
    completeLogin(login: {
      readonly keyHash: string;
      readonly code: string;
      readonly nowMs: number;
      readonly tokenKeyHash: string;
      readonly userAgent: string;
      readonly source: string;
    }): Promise<CodeOutcome<{ userId: number; method: 'totp' | 'recovery_code' }>> {
      return db.transaction(async (tx) => {
        const [challenge] = await tx.query<{ id: string; user_id: number; password_stamp: string; live: boolean }>(
          `SELECT id::text AS id, user_id, password_stamp, expires_at >= now() AS live
             FROM two_factor_challenges WHERE key_hash = $1 FOR UPDATE`,
          [login.keyHash],
        );
        if (!challenge || !challenge.live) return { ok: false, why: 'challenge' };
        const users = usersRepository(tx);
        const user = await users.lockById(challenge.user_id);
        if (!user || !user.isActive || passwordStamp(user.passwordHash) !== challenge.password_stamp) {
          await tx.query('DELETE FROM two_factor_challenges WHERE id = $1', [challenge.id]);
          return { ok: false, why: 'challenge' };
        }
        const method = await useCode(tx, user.id, login.code, secretKey, login.nowMs);
        if (!method) return { ok: false, why: 'wrong' };
        await tx.query('DELETE FROM two_factor_challenges WHERE id = $1', [challenge.id]);
        const tokens = tokensRepository(tx);
        await tokens.deleteExpiredOf(user.id);
        await tokens.insert(user.id, login.tokenKeyHash, login.userAgent, login.source, method);
        await users.touchLastLogin(user.id);
        await loginSourcesRepository(tx).record(user.id, login.source);
        return { ok: true, value: { userId: user.id, method } };
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
