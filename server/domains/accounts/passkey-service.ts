/**
 * Passkeys (WebAuthn, issue #48) over `@simplewebauthn/server`: registering one for the signed-in account, and using
 * one to sign in (as the second step after the password, or alone) or to confirm the account again (step-up).
 *
 * Every challenge handed out is kept here (`webauthn_challenges`) and deleted by the request that answers it, in the
 * transaction that checks the answer, whatever the outcome: each is good once, for a few minutes. An assertion is
 * checked under its passkey's row lock and raises its signature counter there, so a replayed or cloned one is refused.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Db, Queryable } from '../../db/db.ts';
import { loginSourcesRepository } from './login-sources-repository.ts';
import { tokensRepository } from './tokens-repository.ts';
import { passwordStamp, recordFactorChange } from './two-factor-service.ts';
import { usersRepository, type User } from './users-repository.ts';

/** How long the browser's prompt may stay open, and so how long a challenge lives. */
export const WEBAUTHN_TTL_SECONDS = 5 * 60;

/** The relying party: PUBLIC_URL's host is its id, its origin the only one a passkey is accepted from. */
export interface RelyingParty {
  readonly id: string;
  readonly origin: string;
  readonly name: string;
}

export function relyingPartyOf(publicUrl: string, siteName: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: siteName };
}

export interface PasskeyRow {
  readonly id: number;
  readonly name: string;
  readonly created_at: Date | string;
  readonly last_used_at: Date | string | null;
}

interface StoredPasskey {
  id: string;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: string;
  transports: string[];
}

type ChallengePurpose = 'register' | 'sign_in' | 'step_up';

interface TakenChallenge {
  user_id: number | null;
  login_key_hash: string | null;
}

export type PasskeyOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly why: string };

/** The challenge the browser signed, read from its client data (verified again, in full, by the library). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const clientData = response.response?.clientDataJSON;
  if (typeof clientData !== 'string' || clientData.length > 10_000) return null;
  try {
    const parsed = JSON.parse(isoBase64URL.toUTF8String(clientData)) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/** Deletes the challenge the answer names, answering what it was for if it was live and of this purpose. */
async function takeChallenge(
  tx: Queryable,
  response: object,
  purpose: ChallengePurpose,
): Promise<TakenChallenge | null> {
  const challenge = challengeOf(response as { response?: { clientDataJSON?: unknown } });
  if (challenge === null) return null;
  const [row] = await tx.query<TakenChallenge & { live: boolean; purpose: string }>(
    `DELETE FROM webauthn_challenges WHERE challenge = $1
     RETURNING user_id, login_key_hash, purpose, expires_at >= now() AS live`,
    [challenge],
  );
  return row && row.live && row.purpose === purpose ? row : null;
}

async function lockPasskey(tx: Queryable, credentialId: unknown): Promise<StoredPasskey | null> {
  if (typeof credentialId !== 'string' || credentialId.length > 1400) return null;
  const [row] = await tx.query<StoredPasskey>(
    `SELECT id::text AS id, user_id, credential_id, public_key, counter::text AS counter, transports
       FROM user_passkeys WHERE credential_id = $1 FOR UPDATE`,
    [credentialId],
  );
  return row ?? null;
}

export function passkeyService(db: Db, rp: RelyingParty) {
  const store = (challenge: string, purpose: ChallengePurpose, userId: number | null, loginKeyHash: string | null) =>
    db.transaction(async (tx) => {
      await tx.query('DELETE FROM webauthn_challenges WHERE expires_at < now()');
      await tx.query(
        `INSERT INTO webauthn_challenges (challenge, purpose, user_id, login_key_hash, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [challenge, purpose, userId, loginKeyHash, WEBAUTHN_TTL_SECONDS],
      );
    });

  const credentialsOf = async (userId: number) =>
    (
      await db.query<{ credential_id: string; transports: string[] }>(
        'SELECT credential_id, transports FROM user_passkeys WHERE user_id = $1 ORDER BY id',
        [userId],
      )
    ).map((row) => ({ id: row.credential_id, transports: row.transports as AuthenticatorTransportFuture[] }));

  /**
   * Checks an assertion against the passkey it names, under that passkey's lock, and raises its counter. The caller's
   * transaction has taken the challenge; `userId`, when known, is whose passkey it must be.
   */
  const assert = async (
    tx: Queryable,
    response: AuthenticationResponseJSON,
    challenge: string,
    userId: number | null,
    userVerification: boolean,
  ): Promise<StoredPasskey | null> => {
    const passkey = await lockPasskey(tx, response.id);
    if (!passkey || (userId !== null && passkey.user_id !== userId)) return null;
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: userVerification,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          counter: Number(passkey.counter),
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
      });
    } catch {
      // A counter that did not move, another origin, a bad signature: all one refusal.
      return null;
    }
    if (!verified.verified) return null;
    await tx.query('UPDATE user_passkeys SET counter = $2, last_used_at = now() WHERE id = $1', [
      passkey.id,
      verified.authenticationInfo.newCounter,
    ]);
    return passkey;
  };

  return {
    list(userId: number): Promise<PasskeyRow[]> {
      return db.query<PasskeyRow>(
        'SELECT id::int AS id, name, created_at, last_used_at FROM user_passkeys WHERE user_id = $1 ORDER BY id',
        [userId],
      );
    },

    /** Options for a new passkey of the account; its own passkeys are excluded (one per authenticator). */
    async registrationOptions(user: User): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userID: new TextEncoder().encode(String(user.id)),
        attestationType: 'none',
        excludeCredentials: await credentialsOf(user.id),
        // A discoverable credential: it can sign in without the e-mail being typed.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        timeout: WEBAUTHN_TTL_SECONDS * 1000,
      });
      await store(options.challenge, 'register', user.id, null);
      return options;
    },

    /** The new passkey, if the answer is to this account's live challenge; mails are the caller's. */
    register(
      user: User,
      name: string,
      response: RegistrationResponseJSON,
      keepKeyHash: string,
    ): Promise<PasskeyOutcome<PasskeyRow>> {
      return db.transaction(async (tx) => {
        await usersRepository(tx).lockById(user.id);
        const taken = await takeChallenge(tx, response, 'register');
        if (!taken || taken.user_id !== user.id) return { ok: false, why: 'challenge' };
        let verified;
        try {
          verified = await verifyRegistrationResponse({
            response,
            expectedChallenge: challengeOf(response as never) as string,
            expectedOrigin: rp.origin,
            expectedRPID: rp.id,
            requireUserVerification: false,
          });
        } catch {
          return { ok: false, why: 'invalid' };
        }
        if (!verified.verified) return { ok: false, why: 'invalid' };
        const { credential } = verified.registrationInfo;
        const [row] = await tx.query<PasskeyRow>(
          `INSERT INTO user_passkeys (user_id, credential_id, public_key, counter, transports, name)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING
           RETURNING id::int AS id, name, created_at, last_used_at`,
          [
            user.id,
            credential.id,
            isoBase64URL.fromBuffer(credential.publicKey),
            credential.counter,
            credential.transports ?? [],
            name,
          ],
        );
        if (!row) return { ok: false, why: 'invalid' };
        await recordFactorChange(tx, user, 'passkey_added', keepKeyHash, user.id, { passkey: name });
        return { ok: true, value: row };
      });
    },

    async rename(userId: number, id: number, name: string): Promise<PasskeyRow | null> {
      const [row] = await db.query<PasskeyRow>(
        `UPDATE user_passkeys SET name = $3 WHERE id = $1 AND user_id = $2
         RETURNING id::int AS id, name, created_at, last_used_at`,
        [id, userId, name],
      );
      return row ?? null;
    },

    /** Removes one of the account's passkeys if the password the caller verified is still the account's. */
    remove(user: User, verifiedHash: string, id: number, keepKeyHash: string): Promise<PasskeyOutcome<null>> {
      return db.transaction(async (tx) => {
        const current = await usersRepository(tx).lockById(user.id);
        if (!current || current.passwordHash !== verifiedHash) return { ok: false, why: 'password' };
        const [row] = await tx.query<{ name: string }>(
          'DELETE FROM user_passkeys WHERE id = $1 AND user_id = $2 RETURNING name',
          [id, user.id],
        );
        if (!row) return { ok: false, why: 'not_found' };
        await recordFactorChange(tx, user, 'passkey_removed', keepKeyHash, user.id, { passkey: row.name });
        return { ok: true, value: null };
      });
    },

    /**
     * Options to sign in: for the second step of a sign-in (its challenge's hash and account), that account's
     * passkeys; without one, any passkey of this site the browser holds (the account is learnt from it).
     */
    async signInOptions(second: { userId: number; loginKeyHash: string } | null) {
      const options: PublicKeyCredentialRequestOptionsJSON = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: second ? await credentialsOf(second.userId) : [],
        // Alone, the passkey is both factors: the authenticator must verify its holder (PIN, fingerprint).
        userVerification: second ? 'preferred' : 'required',
        timeout: WEBAUTHN_TTL_SECONDS * 1000,
      });
      await store(options.challenge, 'sign_in', second?.userId ?? null, second?.loginKeyHash ?? null);
      return options;
    },

    /**
     * A sign-in by passkey: the challenge taken, the passkey checked; for a second step, its sign-in's challenge
     * still live and its password unchanged (then ended); the login recorded as a password's is.
     */
    signIn(login: {
      readonly response: AuthenticationResponseJSON;
      readonly loginKeyHash: string | null;
      readonly tokenKeyHash: string;
      readonly userAgent: string;
      readonly source: string;
    }): Promise<PasskeyOutcome<{ userId: number }>> {
      return db.transaction(async (tx) => {
        const taken = await takeChallenge(tx, login.response, 'sign_in');
        if (!taken || taken.login_key_hash !== login.loginKeyHash) return { ok: false, why: 'challenge' };
        const users = usersRepository(tx);
        let secondStepId: string | null = null;
        if (login.loginKeyHash !== null) {
          const [second] = await tx.query<{ id: string; user_id: number; password_stamp: string; live: boolean }>(
            `SELECT id::text AS id, user_id, password_stamp, expires_at >= now() AS live
               FROM two_factor_challenges WHERE key_hash = $1 FOR UPDATE`,
            [login.loginKeyHash],
          );
          const owner = second?.live ? await users.lockById(second.user_id) : null;
          if (!second || !owner || passwordStamp(owner.passwordHash) !== second.password_stamp) {
            return { ok: false, why: 'sign_in_expired' };
          }
          secondStepId = second.id;
        }
        const passkey = await assert(
          tx,
          login.response,
          challengeOf(login.response as never) as string,
          taken.user_id,
          login.loginKeyHash === null,
        );
        if (!passkey) return { ok: false, why: 'wrong' };
        const user = await users.lockById(passkey.user_id);
        if (!user || !user.isActive || !user.emailVerified) return { ok: false, why: 'wrong' };
        if (secondStepId !== null) await tx.query('DELETE FROM two_factor_challenges WHERE id = $1', [secondStepId]);
        const tokens = tokensRepository(tx);
        await tokens.deleteExpiredOf(user.id);
        await tokens.insert(user.id, login.tokenKeyHash, login.userAgent, login.source, 'passkey');
        await users.touchLastLogin(user.id);
        await loginSourcesRepository(tx).record(user.id, login.source);
        return { ok: true, value: { userId: user.id } };
      });
    },

    /** Options for the signed-in account to confirm itself again with one of its passkeys; null when it has none. */
    async stepUpOptions(userId: number) {
      const allowCredentials = await credentialsOf(userId);
      if (allowCredentials.length === 0) return null;
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials,
        userVerification: 'preferred',
        timeout: WEBAUTHN_TTL_SECONDS * 1000,
      });
      await store(options.challenge, 'step_up', userId, null);
      return options;
    },

    /** Checks the signed-in account's passkey answer to its step-up challenge, inside the caller's transaction. */
    async stepUp(tx: Queryable, userId: number, response: AuthenticationResponseJSON): Promise<boolean> {
      const taken = await takeChallenge(tx, response, 'step_up');
      if (!taken || taken.user_id !== userId) return false;
      return (await assert(tx, response, challengeOf(response as never) as string, userId, false)) !== null;
    },
  };
}

export type PasskeyService = ReturnType<typeof passkeyService>;
