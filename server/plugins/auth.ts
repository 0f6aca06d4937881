/**
 * Who is calling: DRF's TokenAuthentication, header only (`Authorization: Token <key>`; the scheme word in any
 * case; `Bearer ...` is "no credentials") — except under `/api/v1/`, the customer API, which takes its API keys as
 * `Authorization: Bearer <key>` and nothing else. A request carrying only the `accessToken` cookie is anonymous, so no
 * route can be driven cross-site by a browser's ambient cookie (docs/security.md, CSRF-01).
 *
 * Every API request gets `request.user` (or null); a bad token is a 401 right away, as in DRF, whatever the route.
 * Routes that need a user or a permission use the guards: `{ preHandler: app.requirePermission('pages.view_page') }`;
 * the panel's routes are staff-only as well (`requireStaff`, Django admin's `is_staff`), permissions or not.
 */
import { hasPermission, type PermissionSubject } from '@proxy/contract/permissions';
import type { ApiKeyScope } from '@proxy/contract/schemas/api-keys';
import { STEP_UP_REQUIRED } from '@proxy/contract/api/errors';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { message, type MessageKey } from '../lib/messages.ts';
import { isApiPath, isCustomerApiPath } from '../lib/paths.ts';
import {
  ACCOUNT_REFUSALS,
  API_KEY_PATTERN,
  hasSecondFactor,
  secondFactorMethods,
  apiKeysRepository,
  hashTokenKey,
  ownerCache,
  sessionCache,
  tokensRepository,
  type ApiKeyOwner,
  type OwnerCache,
  type SessionCache,
  type SecondFactorMethod,
  type User,
} from '../domains/accounts/index.ts';
import { ACCOUNT_MESSAGES } from '../domains/accounts/messages.ts';
import { DEFAULT_STEP_UP_MINUTES } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    user: User | null;
    /** SHA-256 of the login key this request authenticated with (logout deletes that token). */
    authTokenHash: string | null;
    /** The customer API key a `/api/v1/` request authenticated with (its user is `user`), or null. */
    apiKey: { readonly id: string; readonly scopes: readonly ApiKeyScope[] } | null;
    /**
     * The second factor this login proved within the step-up window, once `requireStepUp` passed (the money routes'
     * audits name it); null for an account without one.
     */
    stepUp: { readonly method: SecondFactorMethod } | null;
  }
  interface FastifyInstance {
    /** Who owns a login token, kept in memory while the database allows it (`session-cache.ts`). */
    sessions: SessionCache;
    /** Who owns a customer API key, kept and forgotten as login tokens are. */
    apiKeys: OwnerCache<ApiKeyOwner>;
    /** preHandler: 401 for anonymous requests. */
    requireAuthenticated: preHandlerAsyncHookHandler;
    /**
     * 401 for anonymous requests, 403 unless the user is staff (Django admin's `is_staff`). The panel runs it as an
     * onRequest hook: judged on the headers, before any body is read.
     */
    requireStaff: (request: FastifyRequest) => Promise<void>;
    /** preHandler (or onRequest): 401 for anonymous requests, 403 unless `hasPermission(user, expression)`. */
    requirePermission(expression: string): (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler of the routes that move money or rights (issue #48): 403 `step_up_required` unless this login proved
     * a second factor within STEP_UP_MINUTES; sets `request.stepUp`.
     */
    requireStepUp: (request: FastifyRequest) => Promise<void>;
  }
}

/** How often a token's `last_used_at` is written: once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_KEY = /^[0-9a-f]{40}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The user as the shared permission check reads it (the same function the UI's `<Can>` uses). */
export function permissionSubject(user: User): PermissionSubject {
  return { is_superuser: user.isSuperuser, premission: user.permissions };
}

/** DRF answers authentication failures with 401 and `WWW-Authenticate: Token` (the first authenticator's scheme). */
export function unauthorized(request: FastifyRequest, key: MessageKey, scheme = 'Token'): HttpError {
  return new HttpError(401, { detail: message(key, request.language) }, { 'www-authenticate': scheme });
}

/** Python's `bytes.split()`: runs of ASCII whitespace, none at the ends. */
function splitHeader(value: string): string[] {
  return value.split(/[\t\n\v\f\r ]+/).filter(Boolean);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface AuthPluginOptions {
  /** STAFF_TWO_FACTOR=required: the panel's API refuses staff without a second factor (issue #48). */
  readonly staffTwoFactorRequired?: boolean;
  /** STEP_UP_MINUTES: how long a second factor proved on a login lets it move money. */
  readonly stepUpMinutes?: number;
}

export default fp<AuthPluginOptions>(
  async (app, options) => {
    const tokens = tokensRepository(app.db);
    const sessions = sessionCache(app.db);
    app.decorate('sessions', sessions);
    app.addHook('onClose', () => sessions.close());
    app.decorateRequest('user', null);
    app.decorateRequest('authTokenHash', null);
    const apiKeyRows = apiKeysRepository(app.db);
    const apiKeys = ownerCache(app.db, (keyHash) => apiKeyRows.findOwner(keyHash));
    app.decorate('apiKeys', apiKeys);
    app.addHook('onClose', () => apiKeys.close());
    app.decorateRequest('apiKey', null);
    app.decorateRequest('stepUp', null);

    /**
     * `/api/v1/` takes customer API keys only, as `Authorization: Bearer <key>` (RFC 6750: what HTTP clients and
     * OpenAPI tools send for a bearer secret); a login token there is no credential, and a key anywhere else is none
     * either (the `Token` scheme below), so a leaked script key never reaches the account or the panel.
     */
    const authenticateApiKey = async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) return;
      const parts = splitHeader(header);
      if (parts[0]?.toLowerCase() !== 'bearer') return;
      if (parts.length !== 2 || !API_KEY_PATTERN.test(parts[1] as string)) {
        throw unauthorized(request, 'invalidToken', 'Bearer');
      }
      const owner = await apiKeys.owner(hashTokenKey(parts[1] as string));
      if (!owner) throw unauthorized(request, 'invalidToken', 'Bearer');
      if (!owner.user.isActive) throw unauthorized(request, 'userInactive', 'Bearer');
      request.user = owner.user;
      request.apiKey = { id: owner.keyId, scopes: owner.scopes };
      // As a token's: the write's notification makes every process read the key afresh, so once a minute.
      if (Date.now() - owner.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await apiKeyRows.touch(owner.keyId, request.ip);
    };

    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url) || request.is404) return;
      if (isCustomerApiPath(request.url)) return authenticateApiKey(request);
      const header = request.headers.authorization;
      if (!header) return;
      const parts = splitHeader(header);
      if (parts[0]?.toLowerCase() !== 'token') return;
      if (parts.length === 1) throw unauthorized(request, 'tokenHeaderNoCredentials');
      if (parts.length > 2) throw unauthorized(request, 'tokenHeaderSpaces');
      let key: string;
      try {
        // Node hands header bytes over as latin1; DRF decodes them as UTF-8.
        key = utf8.decode(Buffer.from(parts[1] as string, 'latin1'));
      } catch {
        throw unauthorized(request, 'tokenHeaderInvalidCharacters');
      }
      if (!TOKEN_KEY.test(key)) throw unauthorized(request, 'invalidToken');
      const keyHash = hashTokenKey(key);
      const owner = await sessions.owner(keyHash);
      if (!owner) throw unauthorized(request, 'invalidToken');
      if (!owner.user.isActive) throw unauthorized(request, 'userInactive');
      request.user = owner.user;
      request.authTokenHash = keyHash;
      // The write's notification makes every process read the token afresh, so this happens once a minute.
      if (Date.now() - owner.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await tokens.touch(owner.tokenId);
    });

    // Read your writes: what a request changed (a logout, a payment credited, a permission taken away) has reached
    // this process's memory before its answer leaves, so the client's next request here sees it. Other processes
    // follow as the notification arrives.
    // Not the farm agents' requests: they change no session or key, and their fence would wait for a connection of
    // the main pool, which an order burst may hold, where everything else of theirs runs on their own pool (#42).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!SAFE_METHODS.has(request.method) && isApiPath(request.url) && !request.url.startsWith('/api/agent/')) {
        await Promise.all([sessions.sync(), apiKeys.sync()]);
      }
      return payload;
    });

    const requireAuthenticated: preHandlerAsyncHookHandler = async (request) => {
      if (!request.user) throw unauthorized(request, 'notAuthenticated');
    };
    app.decorate('requireAuthenticated', requireAuthenticated);
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized(request, 'notAuthenticated');
      if (!request.user.isStaff) {
        request.log.info({ userId: request.user.id }, 'panel refused: not staff');
        throw new HttpError(403, { detail: message('permissionDenied', request.language) });
      }
      if (options.staffTwoFactorRequired && !(await hasSecondFactor(app.db, request.user.id))) {
        request.log.info({ userId: request.user.id }, 'panel refused: no second factor');
        throw ACCOUNT_REFUSALS.twoFactorEnrolmentRequired();
      }
    });
    app.decorate('requireStepUp', async (request: FastifyRequest) => {
      if (!request.user || !request.authTokenHash) throw unauthorized(request, 'notAuthenticated');
      const methods = await secondFactorMethods(app.db, request.user.id);
      // Nothing to confirm with (`request.stepUp` stays null): STAFF_TWO_FACTOR=required is what makes staff have one.
      if (methods.length === 0) return;
      const [row] = await app.db.query<{ factor_method: SecondFactorMethod | null; fresh: boolean }>(
        `SELECT factor_method,
                factor_confirmed_at >= now() - make_interval(mins => $2) AS fresh
           FROM auth_tokens WHERE key_hash = $1`,
        [request.authTokenHash, options.stepUpMinutes ?? DEFAULT_STEP_UP_MINUTES],
      );
      if (row?.fresh && row.factor_method) {
        request.stepUp = { method: row.factor_method };
        return;
      }
      request.log.info({ userId: request.user.id }, 'step-up asked');
      throw new HttpError(403, {
        detail: ACCOUNT_MESSAGES.stepUpRequired[request.language],
        code: STEP_UP_REQUIRED,
        methods,
      });
    });
    app.decorate('requirePermission', (expression: string) => {
      return async (request: FastifyRequest) => {
        if (!request.user) throw unauthorized(request, 'notAuthenticated');
        if (!hasPermission(permissionSubject(request.user), expression)) {
          request.log.info({ userId: request.user.id, permission: expression }, 'permission denied');
          throw new HttpError(403, { detail: message('permissionDenied', request.language) });
        }
      };
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['language', 'errors', 'db'] },
);
