/**
 * The account endpoints of docs/auth-api-contract.md (dj-rest-auth + allauth on the wire): registration, e-mail
 * confirmation, login, logout, password reset. JSON, form-encoded and multipart bodies are all accepted here, as
 * Django's parsers accept them; every answer is DRF's, byte for byte, in the request language.
 */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import {
  LoginSchema,
  PasswordResetConfirmSchema,
  PasswordResetSchema,
  RegistrationSchema,
  ResendEmailSchema,
  VerifyEmailSchema,
} from '@proxy/contract/schemas/auth';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { canonicalEmail } from '../../lib/email-address.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { DetailSchema } from '../../lib/schemas.ts';
import {
  checkResetToken,
  fromBase36,
  makeEmailConfirmationKey,
  makeResetToken,
  readEmailConfirmationKey,
  toBase36,
} from '../../lib/signing.ts';
import { accountsService } from './accounts-service.ts';
import { emailConfirmationEmail, passwordResetEmail } from './emails.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { passwordProblems } from './password-validation.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { hashTokenKey, newTokenKey, tokensRepository } from './tokens-repository.ts';
import { usersRepository, type User } from './users-repository.ts';
import { loginSourcesRepository } from './login-sources-repository.ts';
import { ACCOUNT_REFUSALS } from './refusals.ts';
import { secondFactorMethods, twoFactorService } from './two-factor-service.ts';
import { authMessage, checkFields, checkNewPassword } from './validation.ts';

export interface AuthRoutesOptions {
  readonly publicUrl: string;
  readonly secretKey: string;
  /** SITE_NAME: the e-mails are titled and signed with it. */
  readonly siteName: string;
}

/**
 * The body's shape for Fastify: an object with these fields. The fields themselves are checked by the contract's
 * valibot schemas (DRF's semantics and messages), so they are declared without types here: no coercion.
 */
function bodyOf(fields: readonly string[]) {
  return { type: 'object', properties: Object.fromEntries(fields.map((field) => [field, {}])) };
}

const detailResponses = (status: 200 | 201) => ({
  [status]: DetailSchema,
  401: DetailSchema,
  404: DetailSchema,
  429: DetailSchema,
});

function parseFormBody(text: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) out[key] = value;
  return out;
}

/** The per-source rules' key: the client address and the account together. */
const sourceKey = (request: FastifyRequest, account: string) => `${request.ip}\n${account}`;

function sendConfirmation(app: FastifyInstance, options: AuthRoutesOptions, user: User): void {
  const key = makeEmailConfirmationKey(user.id, options.secretKey);
  app.mailer.send({
    kind: 'email_confirmation',
    userId: user.id,
    to: user.email,
    language: user.language,
    content: emailConfirmationEmail({
      language: user.language,
      publicUrl: options.publicUrl,
      siteName: options.siteName,
      email: user.email,
      key,
    }),
    secrets: [key],
  });
}

function resetSubject(user: User) {
  return { id: user.id, passwordHash: user.passwordHash, lastLogin: user.lastLogin, email: user.email };
}

const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const users = usersRepository(app.db);
  const accounts = accountsService(app.db);
  const loginSources = loginSourcesRepository(app.db);
  const twoFactor = twoFactorService(app.db, options.secretKey);
  // Encapsulated here: only the auth endpoints take form bodies (a cross-site HTML form can post these, which
  // is harmless: none of them acts on a signed-in session, and the API never reads the cookie).
  await app.register(formbody, { parser: parseFormBody });
  await app.register(multipart);
  app.addHook('preValidation', async (request, reply) => {
    // Read here rather than by the plugin (`attachFieldsToBody`), whose parse failures were 500s (#43).
    if (request.isMultipart()) request.body = await readMultipartForm(request, reply);
    // No body at all (no content type, nothing sent) is DRF's empty `request.data`: every field is missing. A body
    // that is there and `null` (JSON `null`) stays null: "may not be null".
    else if (request.body == null && request.headers['content-type'] === undefined) request.body = {};
  });

  const language = (request: FastifyRequest) => request.language;

  // 1. Registration: 201, a confirmation mail, no token.
  app.post(
    '/api/auth/registration/',
    {
      onRequest: app.rateLimit.perIp('registrationIp'),
      schema: { body: bodyOf(['email', 'password1', 'password2']), response: detailResponses(201) },
    },
    async (request, reply) => {
      const lang = language(request);
      const { values, errors, order } = checkFields(RegistrationSchema, request.body, lang);
      // One form of the address from here on: stored, looked up, rate-limited and mailed (a look-alike is taken).
      if (values.email !== undefined) values.email = canonicalEmail(values.email);
      if (values.email !== undefined) await app.rateLimit.consume(request, 'registrationAccount', values.email);
      // dj-rest-auth's field pass: validate_email (address taken), validate_password1 (validators without the user).
      if (values.email !== undefined && (await users.findByEmail(values.email))) {
        errors.add('email', ACCOUNT_MESSAGES.emailTaken[lang]);
      }
      if (values.password1 !== undefined) {
        for (const problem of passwordProblems(values.password1)) errors.add('password1', authMessage(problem, lang));
      }
      errors.throwIfAny(order);
      const { email, password1, password2 } = values as Required<typeof values>;
      // Object-level checks run only once every field is valid, as in the reference.
      if (password1 !== password2) throw ACCOUNT_REFUSALS.registrationPasswordMismatch();
      if (passwordProblems(password1, email).includes('password_too_similar')) {
        throw ACCOUNT_REFUSALS.passwordTooSimilar();
      }
      // A registration of the same address that won the race meanwhile: refused as taken.
      const user = await users.create({ email, passwordHash: await hashPassword(password1), language: lang });
      request.log.info({ userId: user.id }, 'account registered');
      sendConfirmation(app, options, user);
      return reply.code(201).send({ detail: ACCOUNT_MESSAGES.verificationSent[lang] });
    },
  );

  // 2. E-mail confirmation: the key from `/?email_key=...`.
  app.post(
    '/api/auth/registration/verify-email/',
    {
      onRequest: app.rateLimit.perIp('confirmIp'),
      schema: { body: bodyOf(['key']), response: detailResponses(200) },
    },
    async (request) => {
      const lang = language(request);
      const { values, errors, order } = checkFields(VerifyEmailSchema, request.body, lang);
      errors.throwIfAny(order);
      const id = readEmailConfirmationKey(values.key as string, options.secretKey);
      const user = id === null ? null : await users.findById(id);
      // Bad, tampered, expired and already-used keys all look the same: 404.
      if (!user || user.emailVerified || !(await users.markEmailVerified(user.id))) throw COMMON_REFUSALS.notFound();
      request.log.info({ userId: user.id }, 'e-mail address confirmed');
      return { detail: ACCOUNT_MESSAGES.ok[lang] };
    },
  );

  // 2b. Another confirmation mail; the same answer whether or not the address has an account.
  app.post(
    '/api/auth/registration/resend-email/',
    {
      onRequest: app.rateLimit.perIp('resendIp'),
      schema: { body: bodyOf(['email']), response: detailResponses(200) },
    },
    async (request) => {
      const lang = language(request);
      const { values, errors, order } = checkFields(ResendEmailSchema, request.body, lang);
      errors.throwIfAny(order);
      const email = canonicalEmail(values.email as string);
      await app.rateLimit.consume(request, 'resendAccount', email);
      const user = await users.findByEmail(email);
      if (user && user.isActive && !user.emailVerified) sendConfirmation(app, options, user);
      return { detail: ACCOUNT_MESSAGES.ok[lang] };
    },
  );

  // 3. Login: a new 40-hex key per login, only its hash stored.
  app.post(
    '/api/auth/login/',
    {
      onRequest: app.rateLimit.perIp('loginIp'),
      schema: {
        body: bodyOf(['username', 'email', 'password']),
        response: {
          // `{"key": ...}` as the reference answered; for an account with a second factor, its challenge instead.
          200: {
            type: 'object',
            properties: {
              key: { type: 'string' },
              two_factor_required: { type: 'boolean' },
              challenge: { type: 'string' },
              methods: { type: 'array', items: { type: 'string' } },
            },
          },
          401: DetailSchema,
          429: DetailSchema,
        },
      },
    },
    async (request, reply) => {
      // The answer carries a login key (and its failures say nothing worth keeping): never stored by any cache.
      reply.header('cache-control', 'no-store');
      const lang = language(request);
      const { values, errors, order } = checkFields(LoginSchema, request.body, lang);
      errors.throwIfAny(order);
      const { email, password } = values as Required<typeof values>;
      if (!email) throw ACCOUNT_REFUSALS.mustIncludeEmailAndPassword();
      // Counted before hashing, given back when the password is right: only failures use up the budgets. The
      // source's budget is small, the account's ceiling large, and a source that signed in before passes the
      // ceiling: guessing from anywhere is throttled, but cannot lock the owner out.
      const account = canonicalEmail(email);
      await app.rateLimit.consume(request, 'loginSource', sourceKey(request, account));
      const user = await users.findByEmail(account);
      await app.rateLimit.consume(request, 'loginAccount', account, async () =>
        user ? loginSources.isKnown(user.id, request.ip) : false,
      );
      // Unknown addresses cost a hash too, so timing does not reveal which addresses have accounts.
      const passwordOk = await verifyPassword(password, user?.passwordHash ?? null);
      if (!user || !passwordOk || !user.isActive) {
        request.log.info({ userId: user?.id ?? null }, 'login failed');
        throw ACCOUNT_REFUSALS.unableToLogIn();
      }
      await app.rateLimit.refund('loginSource', sourceKey(request, account));
      await app.rateLimit.refund('loginAccount', account);
      if (!user.emailVerified) throw ACCOUNT_REFUSALS.emailNotVerified();
      // A second factor: no key yet, a challenge for the second step (`POST /api/auth/login/two-factor/`).
      const methods = await secondFactorMethods(app.db, user.id);
      if (methods.length > 0) {
        const challenge = newTokenKey();
        await twoFactor.openChallenge(user.id, hashTokenKey(challenge), user.passwordHash);
        request.log.info({ userId: user.id }, 'password right; second factor asked');
        return { two_factor_required: true, challenge, methods };
      }
      const key = newTokenKey();
      const recorded = await accounts.recordLogin({
        userId: user.id,
        verifiedHash: user.passwordHash,
        rehash: needsRehash(user.passwordHash) ? await hashPassword(password) : null,
        keyHash: hashTokenKey(key),
        userAgent: String(request.headers['user-agent'] ?? ''),
        source: request.ip,
      });
      // The password changed (a reset) or the account was blocked while this one was being checked.
      if (!recorded) {
        request.log.info({ userId: user.id }, 'login failed: credentials changed meanwhile');
        throw ACCOUNT_REFUSALS.unableToLogIn();
      }
      request.log.info({ userId: user.id }, 'logged in');
      return { key };
    },
  );

  // 4. Logout: deletes the token this request came with; fine without one.
  app.post('/api/auth/logout/', { schema: { response: detailResponses(200) } }, async (request) => {
    if (request.authTokenHash) {
      await tokensRepository(app.db).delete(request.authTokenHash);
      request.log.info({ userId: request.user?.id }, 'logged out');
    }
    return { detail: ACCOUNT_MESSAGES.loggedOut[language(request)] };
  });

  // 5. Password reset request: the same answer for unknown and inactive addresses, and no mail to them.
  app.post(
    '/api/auth/password/reset/',
    {
      onRequest: app.rateLimit.perIp('resetIp'),
      schema: { body: bodyOf(['email']), response: detailResponses(200) },
    },
    async (request) => {
      const lang = language(request);
      const { values, errors, order } = checkFields(PasswordResetSchema, request.body, lang);
      errors.throwIfAny(order);
      const email = canonicalEmail(values.email as string);
      await app.rateLimit.consume(request, 'resetSource', sourceKey(request, email));
      const user = await users.findByEmail(email);
      // Unknown addresses are limited alike (no enumeration); the owner's usual address passes the ceiling.
      await app.rateLimit.consume(request, 'resetAccount', email, async () =>
        user ? loginSources.isKnown(user.id, request.ip) : false,
      );
      if (user && user.isActive) {
        const uid = toBase36(user.id);
        const token = makeResetToken(resetSubject(user), options.secretKey);
        app.mailer.send({
          kind: 'password_reset',
          userId: user.id,
          to: user.email,
          language: user.language,
          content: passwordResetEmail({
            language: user.language,
            publicUrl: options.publicUrl,
            siteName: options.siteName,
            uid,
            token,
          }),
          secrets: [token],
        });
        request.log.info({ userId: user.id }, 'password reset requested');
      }
      return { detail: ACCOUNT_MESSAGES.passwordResetSent[lang] };
    },
  );

  // 6. Password reset confirm: the link's uid + token and the new password; every login token is revoked.
  app.post(
    '/api/auth/password/reset/confirm/',
    {
      onRequest: app.rateLimit.perIp('confirmIp'),
      schema: {
        body: bodyOf(['new_password1', 'new_password2', 'uid', 'token']),
        response: detailResponses(200),
      },
    },
    async (request) => {
      const lang = language(request);
      const { values, errors, order } = checkFields(PasswordResetConfirmSchema, request.body, lang);
      errors.throwIfAny(order);
      const { new_password1, new_password2, uid, token } = values as Required<typeof values>;
      // The uid parsed first: `00a`, `A` and `a` are one user and one budget. Only wrong tokens are counted, after
      // the (cheap, HMAC) check: a valid link is never held by someone else's guessing.
      const id = fromBase36(uid);
      const user = id === null ? null : await users.findById(id);
      if (!user) throw ACCOUNT_REFUSALS.resetUidInvalid();
      const tokenOk = (subject: User) => checkResetToken(resetSubject(subject), token, options.secretKey);
      if (!tokenOk(user)) {
        await app.rateLimit.consume(request, 'confirmAccount', String(user.id));
        throw ACCOUNT_REFUSALS.resetTokenInvalid();
      }
      // Django's SetPasswordForm: the mismatch first, then the validators with the user (similarity included).
      if (new_password1 !== new_password2) throw ACCOUNT_REFUSALS.resetPasswordMismatch();
      checkNewPassword('new_password2', new_password2, user.email, lang);
      // The token checked again under the user's row lock: of concurrent confirms with one link, one succeeds.
      if (!(await accounts.resetPassword(user.id, await hashPassword(new_password1), tokenOk))) {
        throw ACCOUNT_REFUSALS.resetTokenInvalid();
      }
      request.log.info({ userId: user.id }, 'password reset; every login token revoked');
      return { detail: ACCOUNT_MESSAGES.passwordResetDone[lang] };
    },
  );
};

export default authRoutes;
