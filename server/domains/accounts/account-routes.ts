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
import { fieldError, parseBody } from '../../lib/drf-errors.ts';
import { canonicalEmail } from '../../lib/email-address.ts';
import { HttpError } from '../../lib/http-error.ts';
import { message } from '../../lib/messages.ts';
import { idParams } from '../../lib/panel.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { emailChangeStamp, emailChangeStampHolds, makeEmailChangeKey, readEmailChangeKey } from '../../lib/signing.ts';
import { accountsService } from './accounts-service.ts';
import { emailChangedEmail, emailChangeEmail } from './emails.ts';
import { passwordProblems } from './password-validation.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { tokensRepository } from './tokens-repository.ts';
import { describeUserAgent } from './user-agent.ts';
import { usersRepository, type User } from './users-repository.ts';
import { authMessage } from './validation.ts';

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
      if (!(await verifyPassword(body.old_password, user.passwordHash))) {
        throw fieldError('old_password', message('oldPasswordWrong', language));
      }
      if (body.new_password1 !== body.new_password2) {
        throw fieldError('new_password2', message('resetPasswordMismatch', language));
      }
      const problems = passwordProblems(body.new_password2, user.email);
      if (problems.length > 0) {
        throw new HttpError(400, { new_password2: problems.map((problem) => authMessage(problem, language)) });
      }
      const changed = await accounts.changePassword({
        userId: user.id,
        verifiedHash: user.passwordHash,
        passwordHash: await hashPassword(body.new_password1),
        keepKeyHash: request.authTokenHash as string,
      });
      // Another change (a reset, a second tab) committed while this one was checked: its password is not this one.
      if (!changed) throw fieldError('old_password', message('oldPasswordWrong', language));
      request.log.info({ userId: user.id }, 'password changed; other sessions signed out');
      return { detail: message('passwordChanged', language) };
    },
  );

  app.post('/api/users/email/', { preHandler: guarded, schema: { response: detailAnswers } }, async (request) => {
    const { language } = request;
    const body = parseBody(EmailChangeSchema, request.body, language);
    const user = signedIn(request);
    if (!isEmail(body.email)) throw fieldError('email', authMessage('invalid_email', language));
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      throw fieldError('password', message('passwordWrong', language));
    }
    const to = canonicalEmail(body.email);
    if (to === user.email) throw fieldError('email', message('emailUnchanged', language));
    if (await users.findByEmail(to)) throw fieldError('email', message('emailTaken', language));
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
    return { detail: message('emailChangeSent', language) };
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
      const outcome =
        claim === null
          ? 'stale'
          : await accounts
              .changeEmail(claim, (user) => emailChangeStampHolds(claim, user.passwordHash, options.secretKey))
              .catch((error: unknown) => {
                // A registration took the address between our check and the write: the unique index said no.
                if ((error as { code?: string }).code === '23505') return 'taken' as const;
                throw error;
              });
      // Bad, tampered, expired and used keys all look the same, as the registration's confirmation: 404.
      if (outcome === 'stale' || claim === null) throw new HttpError(404, { detail: message('notFound', language) });
      if (outcome === 'taken') throw fieldError('email', message('emailTaken', language));
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
      return { detail: message('ok', language), email: outcome.email };
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
        throw new HttpError(404, { detail: message('notFound', request.language) });
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
