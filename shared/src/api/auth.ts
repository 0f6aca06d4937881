import type { LoginInput, PasswordResetConfirm, Registration } from '../schemas/auth.ts';
import type { TwoFactorChallenge, TwoFactorLogin } from '../schemas/two-factor.ts';
import type { AuthUser, UserSettings } from '../schemas/user.ts';
import type { ApiClient } from './client.ts';

/** A view's single message: `{"detail": "..."}` (docs/auth-api-contract.md). */
export interface Detail {
  readonly detail: string;
}

/**
 * `POST /api/auth/login/`: the key is the token for `Authorization: Token <key>` (40 lowercase hex). An account with a
 * second factor gets no key yet but a challenge, traded with a code for the key by `loginTwoFactor` (issue #48).
 */
export function login(api: ApiClient, body: LoginInput): Promise<{ key: string } | TwoFactorChallenge> {
  return api.request<{ key: string } | TwoFactorChallenge>('/api/auth/login/', { method: 'POST', body });
}

/** `POST /api/auth/login/two-factor/`: 400 `code` for a wrong or used code, `challenge` once it expired or was used. */
export function loginTwoFactor(api: ApiClient, body: TwoFactorLogin): Promise<{ key: string }> {
  return api.request<{ key: string }>('/api/auth/login/two-factor/', { method: 'POST', body });
}

/** `POST /api/auth/logout/`: revokes the token this client sends; succeeds without one too. */
export function logout(api: ApiClient): Promise<Detail> {
  return api.request<Detail>('/api/auth/logout/', { method: 'POST' });
}

/** `POST /api/auth/registration/` → 201 with the "verification e-mail sent" detail; no token. */
export function register(api: ApiClient, body: Registration): Promise<Detail> {
  return api.request<Detail>('/api/auth/registration/', { method: 'POST', body });
}

/**
 * The e-mail change link's `?email_change=` key (`POST /api/users/email/confirm/`): 404 for a bad, expired or used key;
 * 400 `email` if the address was taken since.
 */
export function confirmEmailChange(api: ApiClient, key: string): Promise<Detail & { readonly email: string }> {
  return api.request('/api/users/email/confirm/', { method: 'POST', body: { key } });
}

/** `POST /api/auth/registration/verify-email/`: success is `detail === 'ок'` (Cyrillic) in ru, `'ok'` in en. */
export function verifyEmail(api: ApiClient, key: string): Promise<Detail> {
  return api.request<Detail>('/api/auth/registration/verify-email/', { method: 'POST', body: { key } });
}

/** `POST /api/auth/registration/resend-email/`: the same answer whether or not the address has an account. */
export function resendEmail(api: ApiClient, email: string): Promise<Detail> {
  return api.request<Detail>('/api/auth/registration/resend-email/', { method: 'POST', body: { email } });
}

/** `POST /api/auth/password/reset/`: the same answer for unknown addresses (no account enumeration). */
export function requestPasswordReset(api: ApiClient, email: string): Promise<Detail> {
  return api.request<Detail>('/api/auth/password/reset/', { method: 'POST', body: { email } });
}

/** `POST /api/auth/password/reset/confirm/`: a `token` field error means the link is stale. */
export function confirmPasswordReset(api: ApiClient, body: PasswordResetConfirm): Promise<Detail> {
  return api.request<Detail>('/api/auth/password/reset/confirm/', { method: 'POST', body });
}

/** `GET /api/users/`: the signed-in user; 401 means the session is anonymous. */
export function getCurrentUser(api: ApiClient, signal?: AbortSignal): Promise<AuthUser> {
  return api.request<AuthUser>('/api/users/', { signal });
}

/** `GET /api/users/unsubscribe?token=...`: success is `result === 'ok'`. */
export function unsubscribe(api: ApiClient, token: string): Promise<{ result: string }> {
  return api.request<{ result: string }>('/api/users/unsubscribe', { query: { token } });
}

/** `PATCH /api/users/`: changes the signed-in user's settings (the mailing subscription); answers the user. */
export function updateCurrentUser(api: ApiClient, body: UserSettings): Promise<AuthUser> {
  return api.request<AuthUser>('/api/users/', { method: 'PATCH', body });
}
