/**
 * The accounts domain: users, their login tokens and the account endpoints (registration, e-mail confirmation, login,
 * logout, password reset and change, the signed-in user's profile, e-mail change and sessions, unsubscribe), with the password, validation and e-mail helpers only
 * accounts use. This file is the domain's only public surface.
 */
import type { Currency } from '@proxy/contract/money';
import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './account-routes.ts';
import apiKeysRoutes from './api-keys-routes.ts';
import authRoutes from './auth-routes.ts';
import { hashTokenKey } from './tokens-repository.ts';
import passkeyRoutes from './passkey-routes.ts';
import twoFactorRoutes from './two-factor-routes.ts';
import usersRoutes, { toAuthUser } from './users-routes.ts';

// The auth plugin finds the user behind a login key.
export { hashTokenKey, tokensRepository } from './tokens-repository.ts';
export { ownerCache, sessionCache, type OwnerCache, type SessionCache } from './session-cache.ts';
// ... and the customer API's keys (issue #30), on the same notification channel.
export { API_KEY_PATTERN, apiKeysRepository, type ApiKeyOwner } from './api-keys-repository.ts';
export { usersRepository, type User } from './users-repository.ts';
// Staff changes to an account are audited beside the owner's own.
export { userAuditRepository } from './audit-repository.ts';
// The `createsuperuser` command checks and stores a password as registration does.
export { accountsService } from './accounts-service.ts';
export { passwordProblems } from './password-validation.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { authMessage } from './validation.ts';
// The panel opens to staff without a second factor only while STAFF_TWO_FACTOR=optional (issue #48).
export { hasSecondFactor, secondFactorMethods } from './two-factor-service.ts';
// Money moves only within minutes of a second factor proved on the login (step-up).
export type { SecondFactorMethod } from './tokens-repository.ts';
export { ACCOUNT_REFUSALS } from './refusals.ts';

export interface AccountsOptions {
  /** PUBLIC_URL: the links in e-mails. */
  readonly publicUrl: string;
  /** SECRET_KEY: signs the links' tokens. */
  readonly secretKey: string;
  /** SITE_NAME: the e-mails are titled and signed with it. */
  readonly siteName: string;
  /** The site's currency: the signed-in user's balance is in it. */
  readonly currency: Currency;
  /** STAFF_TWO_FACTOR=required: staff enrol a second factor before the panel opens (issue #48). */
  readonly staffTwoFactorRequired: boolean;
  /** The clock authenticator codes are read against. */
  readonly now: () => number;
}

const accounts: FastifyPluginAsync<AccountsOptions> = async (app, options) => {
  await app.register(authRoutes, options);
  await app.register(usersRoutes, { secretKey: options.secretKey, currency: options.currency });
  await app.register(accountRoutes, options);
  await app.register(apiKeysRoutes);
  await app.register(twoFactorRoutes, options);
  await app.register(passkeyRoutes, options);

  // The site's document is rendered signed in for a visitor whose `accessToken` cookie names a live login (the
  // cookie is read only there: the API authenticates by the Authorization header alone).
  app.site.provide('visitor', async (key) => {
    const owner = await app.sessions.owner(hashTokenKey(key));
    return owner?.user.isActive ? toAuthUser(owner.user, options.currency) : null;
  });
};

export default accounts;
