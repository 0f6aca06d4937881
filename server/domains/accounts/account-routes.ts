/**
 * The signed-in user's own page beyond the profile (users-routes.ts): the password change, the e-mail change
 * confirmed from the new address, and the signed-in devices (list, sign one out, sign out everywhere else).
 */
import {
  EmailChangeConfirmSchema,
  EmailChangedSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  SessionSchema,
} from '@proxy/contract/schemas/users';
import { isEmail } from '@proxy/contract/schemas/auth';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { canonicalEmail } from '../../lib/email-address.ts';
import { idParams } from '../../lib/panel.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { emailChangeStamp, emailChangeStampHolds, makeEmailChangeKey, readEmailChangeKey } from '../../lib/signing.ts';
import { accountsService } from './accounts-service.ts';
import { emailChangedEmail, emailChangeEmail } from './emails.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { ACCOUNT_REFUSALS } from './refusals.ts';
import { tokensRepository } from './tokens-repository.ts';
import { describeUserAgent } from './user-agent.ts';
import { usersRepository, type User } from './users-repository.ts';
import { checkNewPassword } from './validation.ts';

export interface AccountRoutesOptions {
  readonly publicUrl: string;
  readonly secretKey: string;
  readonly siteName: string;
}

const detailAnswers = {
  200: DetailSchema,
  400: { type: 'object', additionalProperties: true },
  401: DetailSchema,
  404: DetailSchema,
} as const;

const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  const users = usersRepository(app.db);
  const tokens = tokensRepository(app.db);
  const accounts = accountsService(app.db);
  const signedIn = (request: FastifyRequest) => request.user as User;
  // Each checks the current password: held to a pace per account, so a stolen session guesses no faster than login.
  const guarded = [app.requireAuthenticated, app.rateLimit.perAccount('accountChange')];

  // Django's PasswordChangeForm through dj-rest-auth: the old password first, then the pair, then the validators.
  app.post(
    '/api/auth/password/change/',
    { preHandler: guarded, schema: { response: detailAnswers } },
    async (request) => {
      const { language } = request;
      const body = parseBody(PasswordChangeSchema, request.body, language);
      const user = signedIn(request);
      if (!(await verifyPassword(body.old_password, user.passwordHash))) throw ACCOUNT_REFUSALS.oldPasswordWrong();
      if (body.new_password1 !== body.new_password2) throw ACCOUNT_REFUSALS.resetPasswordMismatch();
      checkNewPassword('new_password2', body.new_password2, user.email, language);
      const changed = await accounts.changePassword({
        userId: user.id,
        verifiedHash: user.passwordHash,
        passwordHash: await hashPassword(body.new_password1),
        keepKeyHash: request.authTokenHash as string,
      });
      // Another change (a reset, a second tab) committed while this one was checked: its password is not this one.
      if (!changed) throw ACCOUNT_REFUSALS.oldPasswordWrong();
      request.log.info({ userId: user.id }, 'password changed; other sessions signed out');
      return { detail: ACCOUNT_MESSAGES.passwordChanged[language] };
    },
  );

  app.post('/api/users/email/', { preHandler: guarded, schema: { response: detailAnswers } }, async (request) => {
    const { language } = request;
    const body = parseBody(EmailChangeSchema, request.body, language);
    const user = signedIn(request);
    if (!isEmail(body.email)) throw ACCOUNT_REFUSALS.emailInvalid();
    if (!(await verifyPassword(body.password, user.passwordHash))) throw ACCOUNT_REFUSALS.passwordWrong();
    const to = canonicalEmail(body.email);
    if (to === user.email) throw ACCOUNT_REFUSALS.emailUnchanged();
    if (await users.findByEmail(to)) throw ACCOUNT_REFUSALS.emailTaken();
    const stamp = emailChangeStamp(user.passwordHash, options.secretKey);
    const key = makeEmailChangeKey({ id: user.id, from: user.email, to, stamp }, options.secretKey);
    app.mailer.send({
      kind: 'email_change',
      userId: user.id,
      to,
      language: user.language,
      content: emailChangeEmail({ ...options, language: user.language, email: to, key }),
      secrets: [key],
    });
    request.log.info({ userId: user.id }, 'e-mail change requested');
    return { detail: ACCOUNT_MESSAGES.emailChangeSent[language] };
  });

  // From the link in the mail: the key is the proof, signed in or not (the link may open in another browser).
  app.post(
    '/api/users/email/confirm/',
    {
      onRequest: app.rateLimit.perIp('confirmIp'),
      schema: { response: { ...detailAnswers, 200: jsonSchemaOf(EmailChangedSchema) } },
    },
    async (request) => {
      const { language } = request;
      const { key } = parseBody(EmailChangeConfirmSchema, request.body, language);
      const claim = readEmailChangeKey(key, options.secretKey);
      // A taken address (a registration that took it meanwhile too) is refused by the service.
      const outcome =
        claim === null
          ? null
          : await accounts.changeEmail(claim, (user) =>
              emailChangeStampHolds(claim, user.passwordHash, options.secretKey),
            );
      // Bad, tampered, expired and used keys all look the same, as the registration's confirmation: 404.
      if (outcome === null || claim === null) throw COMMON_REFUSALS.notFound();
      // The old address is told, without a secret: whoever reads it there learns where the account went.
      app.mailer.send({
        kind: 'email_changed',
        userId: outcome.id,
        to: claim.from,
        language: outcome.language,
        content: emailChangedEmail({ ...options, language: outcome.language, email: outcome.email }),
        secrets: [],
      });
      request.log.info({ userId: outcome.id }, 'e-mail address changed');
      return { detail: ACCOUNT_MESSAGES.ok[language], email: outcome.email };
    },
  );

  app.get(
    '/api/users/sessions/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 200: jsonSchemaOf(v.array(SessionSchema)), 401: DetailSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const sessions = await tokens.sessionsOf(signedIn(request).id);
      return sessions.map((session) => ({
        id: session.id,
        ...describeUserAgent(session.user_agent),
        user_agent: session.user_agent,
        ip: session.ip,
        created_at: new Date(session.created_at).toISOString(),
        last_used_at: new Date(session.last_used_at).toISOString(),
        current: session.key_hash === request.authTokenHash,
      }));
    },
  );

  // Deleting the row is the revocation: its trigger tells every process's session cache at commit.
  app.delete<{ Params: { id: number } }>(
    '/api/users/sessions/:id/',
    {
      preHandler: app.requireAuthenticated,
      schema: { params: idParams, response: { 204: { type: 'null' }, 401: DetailSchema, 404: DetailSchema } },
    },
    async (request, reply) => {
      if (!(await tokens.deleteOf(signedIn(request).id, request.params.id))) {
        throw COMMON_REFUSALS.notFound();
      }
      request.log.info({ userId: signedIn(request).id }, 'signed a session out');
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/users/sessions/revoke-others/',
    {
      preHandler: app.requireAuthenticated,
      schema: {
        response: {
          200: { type: 'object', required: ['revoked'], properties: { revoked: { type: 'integer' } } },
          401: DetailSchema,
        },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const revoked = await tokens.deleteOthersOf(user.id, request.authTokenHash as string);
      request.log.info({ userId: user.id, revoked }, 'signed out every other session');
      return { revoked };
    },
  );
};

export default accountRoutes;
