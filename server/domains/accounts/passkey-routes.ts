/**
 * Passkeys and step-up (issue #48): the signed-in user's passkeys on `/user` (added with the password again, named,
 * listed, removed with the password), signing in with one (the second step after the password, or alone), and
 * confirming a second factor again on a login (step-up) before money moves. docs/two-factor.md has the wire shapes.
 */
import {
  PasskeyOptionsRequestSchema,
  PasskeyRegistrationSchema,
  PasskeyRemoveSchema,
  PasskeyRenameSchema,
  PasskeySchema,
  PasskeySignInOptionsSchema,
  PasskeySignInSchema,
  StepUpSchema,
} from '@proxy/contract/schemas/two-factor';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { fieldError, parseBody } from '../../lib/drf-errors.ts';
import { idParams } from '../../lib/panel.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { factorChangeMailer } from './emails.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { passkeyService, relyingPartyOf, type PasskeyRow } from './passkey-service.ts';
import { verifyPassword } from './passwords.ts';
import { ACCOUNT_REFUSALS } from './refusals.ts';
import { hashTokenKey, newTokenKey, type SecondFactorMethod } from './tokens-repository.ts';
import { twoFactorService, useCode } from './two-factor-service.ts';
import type { User } from './users-repository.ts';

export interface PasskeyRoutesOptions {
  /** PUBLIC_URL: its host is the relying party's id, its origin the only one accepted. */
  readonly publicUrl: string;
  readonly secretKey: string;
  readonly siteName: string;
  readonly now: () => number;
}

const anyObject = { type: 'object', additionalProperties: true } as const;
const answers = (ok: object) =>
  ({ 200: ok, 400: anyObject, 401: DetailSchema, 403: DetailSchema, 409: DetailSchema, 429: DetailSchema }) as const;

const asPasskey = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  created_at: new Date(row.created_at).toISOString(),
  last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
});

const passkeyRoutes: FastifyPluginAsync<PasskeyRoutesOptions> = async (app, options) => {
  const passkeys = passkeyService(app.db, relyingPartyOf(options.publicUrl, options.siteName));
  const twoFactor = twoFactorService(app.db, options.secretKey);
  const signedIn = (request: FastifyRequest) => request.user as User;
  const throttleKey = (userId: number) => `user:${userId}`;

  const tell = factorChangeMailer(app.mailer, options);

  const checkPassword = async (user: User, password: string) => {
    if (!(await verifyPassword(password, user.passwordHash))) throw ACCOUNT_REFUSALS.passwordWrong();
  };

  app.get(
    '/api/users/passkeys/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 200: { type: 'array', items: jsonSchemaOf(PasskeySchema) }, 401: DetailSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await passkeys.list(signedIn(request).id)).map(asPasskey);
    },
  );

  // The password again before a new way to sign in is added: a session left open must not be enough for it.
  app.post(
    '/api/users/passkeys/options/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('accountChange')],
      schema: { response: answers(anyObject) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = signedIn(request);
      const { password } = parseBody(PasskeyOptionsRequestSchema, request.body, request.language);
      await checkPassword(user, password);
      return passkeys.registrationOptions(user);
    },
  );

  app.post(
    '/api/users/passkeys/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { ...answers(anyObject), 201: jsonSchemaOf(PasskeySchema) } },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { name, credential } = parseBody(PasskeyRegistrationSchema, request.body, request.language);
      const outcome = await passkeys.register(
        user,
        name,
        credential as unknown as RegistrationResponseJSON,
        request.authTokenHash as string,
      );
      if (!outcome.ok) {
        request.log.info({ userId: user.id, why: outcome.why }, 'passkey refused');
        throw ACCOUNT_REFUSALS.passkeyRefused();
      }
      tell(user, 'passkey_added');
      request.log.info({ userId: user.id }, 'passkey added; other sessions signed out');
      return reply.code(201).send(asPasskey(outcome.value));
    },
  );

  app.patch<{ Params: { id: number } }>(
    '/api/users/passkeys/:id/',
    {
      preHandler: app.requireAuthenticated,
      schema: { params: idParams, response: { ...answers(jsonSchemaOf(PasskeySchema)), 404: DetailSchema } },
    },
    async (request) => {
      const { name } = parseBody(PasskeyRenameSchema, request.body, request.language);
      const row = await passkeys.rename(signedIn(request).id, request.params.id, name);
      if (!row) throw COMMON_REFUSALS.notFound();
      return asPasskey(row);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/users/passkeys/:id/delete/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('accountChange')],
      schema: { params: idParams, response: { ...answers(DetailSchema), 404: DetailSchema } },
    },
    async (request) => {
      const { language } = request;
      const user = signedIn(request);
      const { password } = parseBody(PasskeyRemoveSchema, request.body, language);
      await checkPassword(user, password);
      const outcome = await passkeys.remove(
        user,
        user.passwordHash,
        request.params.id,
        request.authTokenHash as string,
      );
      if (!outcome.ok) {
        if (outcome.why === 'password') throw ACCOUNT_REFUSALS.passwordWrong();
        throw COMMON_REFUSALS.notFound();
      }
      tell(user, 'passkey_removed');
      request.log.info({ userId: user.id }, 'passkey removed; other sessions signed out');
      return { detail: ACCOUNT_MESSAGES.passkeyRemoved[language] };
    },
  );

  // Signing in: with the login's challenge, its second step by one of the account's passkeys; without, by any
  // passkey of this site alone (it verified its holder, so it is both factors).
  app.post(
    '/api/auth/passkey/options/',
    {
      onRequest: app.rateLimit.perIp('loginIp'),
      schema: { response: { 200: anyObject, 400: anyObject, 429: DetailSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { challenge } = parseBody(PasskeySignInOptionsSchema, request.body, request.language);
      if (challenge === undefined) return passkeys.signInOptions(null);
      const loginKeyHash = hashTokenKey(challenge);
      const owner = await twoFactor.challengeOwner(loginKeyHash);
      if (owner === null) throw ACCOUNT_REFUSALS.twoFactorChallengeInvalid();
      return passkeys.signInOptions({ userId: owner, loginKeyHash });
    },
  );

  app.post(
    '/api/auth/passkey/',
    {
      onRequest: app.rateLimit.perIp('loginIp'),
      schema: {
        response: {
          200: { type: 'object', required: ['key'], properties: { key: { type: 'string' } } },
          400: anyObject,
          429: DetailSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { challenge, credential } = parseBody(PasskeySignInSchema, request.body, request.language);
      const key = newTokenKey();
      const outcome = await passkeys.signIn({
        response: credential as unknown as AuthenticationResponseJSON,
        loginKeyHash: challenge === undefined ? null : hashTokenKey(challenge),
        tokenKeyHash: hashTokenKey(key),
        userAgent: String(request.headers['user-agent'] ?? ''),
        source: request.ip,
      });
      if (!outcome.ok) {
        request.log.info({ why: outcome.why }, 'passkey sign-in failed');
        // The second step's own sign-in ended (expired, password changed): start over. Otherwise, another try.
        if (outcome.why === 'sign_in_expired') throw ACCOUNT_REFUSALS.twoFactorChallengeInvalid();
        throw ACCOUNT_REFUSALS.passkeyRefused();
      }
      request.log.info({ userId: outcome.value.userId, method: 'passkey' }, 'logged in with a passkey');
      return { key };
    },
  );

  // Step-up: a passkey's options for the signed-in account, then a code or the passkey's answer.
  app.post(
    '/api/users/step-up/options/',
    { preHandler: app.requireAuthenticated, schema: { response: answers(anyObject) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const options = await passkeys.stepUpOptions(signedIn(request).id);
      if (!options) throw ACCOUNT_REFUSALS.passkeyNone();
      return options;
    },
  );

  app.post(
    '/api/users/step-up/',
    { preHandler: app.requireAuthenticated, schema: { response: answers(DetailSchema) } },
    async (request) => {
      const { language } = request;
      const user = signedIn(request);
      const { code, credential } = parseBody(StepUpSchema, request.body, language);
      if (code === undefined && credential === undefined) throw fieldError('code', MESSAGES.required[language]);
      await app.rateLimit.consume(request, 'twoFactorAccount', throttleKey(user.id));
      const method = await app.db.transaction(async (tx): Promise<SecondFactorMethod | null> => {
        const proved: SecondFactorMethod | null =
          credential !== undefined
            ? (await passkeys.stepUp(tx, user.id, credential as unknown as AuthenticationResponseJSON))
              ? 'passkey'
              : null
            : await useCode(tx, user.id, code as string, options.secretKey, options.now());
        if (proved) {
          await tx.query('UPDATE auth_tokens SET factor_confirmed_at = now(), factor_method = $2 WHERE key_hash = $1', [
            request.authTokenHash,
            proved,
          ]);
        }
        return proved;
      });
      if (!method) {
        request.log.info({ userId: user.id }, 'step-up failed');
        throw credential !== undefined ? ACCOUNT_REFUSALS.passkeyRefused() : ACCOUNT_REFUSALS.twoFactorCodeWrong();
      }
      await app.rateLimit.refund('twoFactorAccount', throttleKey(user.id));
      request.log.info({ userId: user.id, method }, 'second factor confirmed again');
      return { detail: ACCOUNT_MESSAGES.stepUpDone[language] };
    },
  );
};

export default passkeyRoutes;
