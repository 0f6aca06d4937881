/**
 * Two-factor sign-in (issue #48), authenticator codes: the signed-in user's enrolment (a secret shown once, proven by
 * a first code, ten recovery codes shown once), new recovery codes, turning it off (password and a code), and the
 * sign-in's second step, which trades the login's challenge and a code for the login key. docs/two-factor.md has
 * the wire shapes.
 */
import {
  RecoveryCodesSchema,
  TotpEnrolmentSchema,
  TwoFactorCodeSchema,
  TwoFactorDisableSchema,
  TwoFactorLoginSchema,
  TwoFactorStatusSchema,
} from '@proxy/contract/schemas/two-factor';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { parseBody } from '../../lib/drf-errors.ts';
import { idParams } from '../../lib/panel.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import { factorChangeMailer } from './emails.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { verifyPassword } from './passwords.ts';
import { ACCOUNT_REFUSALS } from './refusals.ts';
import { hashTokenKey, newTokenKey } from './tokens-repository.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';
import { hasSecondFactor, twoFactorService } from './two-factor-service.ts';
import type { User } from './users-repository.ts';

export interface TwoFactorRoutesOptions {
  readonly publicUrl: string;
  readonly secretKey: string;
  readonly siteName: string;
  /** STAFF_TWO_FACTOR=required: staff enrol before the panel opens. */
  readonly staffTwoFactorRequired: boolean;
  readonly now: () => number;
}

const answers = (ok: object) =>
  ({
    200: ok,
    400: { type: 'object', additionalProperties: true },
    401: DetailSchema,
    403: DetailSchema,
    409: DetailSchema,
    429: DetailSchema,
  }) as const;

async function qrOf(content: string): Promise<string> {
  const svg = await QRCode.toString(content, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const twoFactorRoutes: FastifyPluginAsync<TwoFactorRoutesOptions> = async (app, options) => {
  const service = twoFactorService(app.db, options.secretKey);
  const signedIn = (request: FastifyRequest) => request.user as User;
  const throttleKey = (userId: number) => `user:${userId}`;

  const tell = factorChangeMailer(app.mailer, options);

  /** Counts a code attempt before it is checked; a right code gives it back (as a right password does). */
  const countAttempt = (request: FastifyRequest, userId: number) =>
    app.rateLimit.consume(request, 'twoFactorAccount', throttleKey(userId));
  const refundAttempt = (userId: number) => app.rateLimit.refund('twoFactorAccount', throttleKey(userId));

  app.get(
    '/api/users/two-factor/',
    {
      preHandler: app.requireAuthenticated,
      schema: { response: { 200: jsonSchemaOf(TwoFactorStatusSchema), 401: DetailSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = signedIn(request);
      const state = await service.state(user.id);
      return {
        enabled: state.enabled,
        confirmed_at: state.confirmedAt?.toISOString() ?? null,
        recovery_codes_left: state.recoveryCodesLeft,
        // Still to do: a passkey is a second factor too.
        required: options.staffTwoFactorRequired && user.isStaff && !(await hasSecondFactor(app.db, user.id)),
      };
    },
  );

  app.post(
    '/api/users/two-factor/totp/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('accountChange')],
      schema: { response: answers(jsonSchemaOf(TotpEnrolmentSchema)) },
    },
    async (request, reply) => {
      // The secret is in this answer and nowhere else afterwards: never kept by any cache.
      reply.header('cache-control', 'no-store');
      const user = signedIn(request);
      const secret = newTotpSecret();
      if ((await service.begin(user.id, secret)) === 'already_on') throw ACCOUNT_REFUSALS.twoFactorAlreadyOn();
      const uri = otpauthUri(secret, options.siteName, user.email);
      request.log.info({ userId: user.id }, 'two-factor enrolment begun');
      return { secret, otpauth_uri: uri, qr: await qrOf(uri) };
    },
  );

  app.post(
    '/api/users/two-factor/totp/confirm/',
    { preHandler: app.requireAuthenticated, schema: { response: answers(jsonSchemaOf(RecoveryCodesSchema)) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = signedIn(request);
      const { code } = parseBody(TwoFactorCodeSchema, request.body, request.language);
      await countAttempt(request, user.id);
      const outcome = await service.confirm(user, code, options.now(), request.authTokenHash as string);
      if (!outcome.ok) {
        if (outcome.why === 'not_started') throw ACCOUNT_REFUSALS.twoFactorNotStarted();
        if (outcome.why === 'already_on') throw ACCOUNT_REFUSALS.twoFactorAlreadyOn();
        throw ACCOUNT_REFUSALS.twoFactorCodeWrong();
      }
      await refundAttempt(user.id);
      tell(user, 'enabled');
      request.log.info({ userId: user.id }, 'two-factor authentication on; other sessions signed out');
      return { recovery_codes: outcome.value };
    },
  );

  app.post(
    '/api/users/two-factor/recovery-codes/',
    { preHandler: app.requireAuthenticated, schema: { response: answers(jsonSchemaOf(RecoveryCodesSchema)) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = signedIn(request);
      const { code } = parseBody(TwoFactorCodeSchema, request.body, request.language);
      await countAttempt(request, user.id);
      const outcome = await service.regenerate(user, code, options.now(), request.authTokenHash as string);
      if (!outcome.ok) {
        if (outcome.why === 'off') throw ACCOUNT_REFUSALS.twoFactorOff();
        throw ACCOUNT_REFUSALS.twoFactorCodeWrong();
      }
      await refundAttempt(user.id);
      tell(user, 'recovery_codes_regenerated');
      request.log.info({ userId: user.id }, 'recovery codes regenerated; other sessions signed out');
      return { recovery_codes: outcome.value };
    },
  );

  app.post(
    '/api/users/two-factor/disable/',
    {
      // The password is checked here: held to the pace of the other password checks of the own page.
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('accountChange')],
      schema: { response: answers(DetailSchema) },
    },
    async (request) => {
      const { language } = request;
      const user = signedIn(request);
      const { password, code } = parseBody(TwoFactorDisableSchema, request.body, language);
      if (!(await verifyPassword(password, user.passwordHash))) throw ACCOUNT_REFUSALS.passwordWrong();
      await countAttempt(request, user.id);
      const outcome = await service.disable(
        user,
        user.passwordHash,
        code,
        options.now(),
        request.authTokenHash as string,
      );
      if (!outcome.ok) {
        if (outcome.why === 'off') throw ACCOUNT_REFUSALS.twoFactorOff();
        // The password changed while this was checked: it is not the password any more.
        if (outcome.why === 'password') throw ACCOUNT_REFUSALS.passwordWrong();
        throw ACCOUNT_REFUSALS.twoFactorCodeWrong();
      }
      await refundAttempt(user.id);
      tell(user, 'disabled');
      request.log.info({ userId: user.id }, 'two-factor authentication off; other sessions signed out');
      return { detail: ACCOUNT_MESSAGES.twoFactorDisabled[language] };
    },
  );

  // Staff with the right to change accounts reset a customer's factors (a lost phone, no recovery codes left).
  app.post<{ Params: { id: number } }>(
    '/api/panel/users/:id/two-factor/reset/',
    {
      onRequest: app.requireStaff,
      preHandler: app.requirePermission('users.change_user'),
      schema: { params: idParams, response: { ...answers(DetailSchema), 404: DetailSchema } },
    },
    async (request) => {
      const { language } = request;
      const staff = signedIn(request);
      const outcome = await service.reset(request.params.id, staff.id);
      if (outcome === null) throw COMMON_REFUSALS.notFound();
      if (outcome === false) throw ACCOUNT_REFUSALS.twoFactorOff();
      tell(outcome, 'reset');
      request.log.info({ userId: outcome.id, staffId: staff.id }, 'two-factor authentication reset by staff');
      return { detail: ACCOUNT_MESSAGES.twoFactorReset[language] };
    },
  );

  // The sign-in's second step: the challenge from `POST /api/auth/login/` and a code, for the login key.
  app.post(
    '/api/auth/login/two-factor/',
    {
      onRequest: app.rateLimit.perIp('loginIp'),
      schema: {
        response: {
          200: { type: 'object', required: ['key'], properties: { key: { type: 'string' } } },
          400: { type: 'object', additionalProperties: true },
          429: DetailSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { challenge, code } = parseBody(TwoFactorLoginSchema, request.body, request.language);
      const keyHash = hashTokenKey(challenge);
      const owner = await service.challengeOwner(keyHash);
      if (owner === null) throw ACCOUNT_REFUSALS.twoFactorChallengeInvalid();
      await countAttempt(request, owner);
      const key = newTokenKey();
      const outcome = await service.completeLogin({
        keyHash,
        code,
        nowMs: options.now(),
        tokenKeyHash: hashTokenKey(key),
        userAgent: String(request.headers['user-agent'] ?? ''),
        source: request.ip,
      });
      if (!outcome.ok) {
        request.log.info({ userId: owner }, 'two-factor login failed');
        if (outcome.why === 'challenge') throw ACCOUNT_REFUSALS.twoFactorChallengeInvalid();
        throw ACCOUNT_REFUSALS.twoFactorCodeWrong();
      }
      await refundAttempt(owner);
      request.log.info({ userId: owner, method: outcome.value.method }, 'logged in with a second factor');
      return { key };
    },
  );
};

export default twoFactorRoutes;
