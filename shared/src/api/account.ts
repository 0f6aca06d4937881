import * as v from 'valibot';
import type { Detail } from './auth.ts';
import { decodeWith } from './decode.ts';
import type { AuthUser } from '../schemas/user.ts';
import {
  SessionSchema,
  type EmailChange,
  type OwnProfileUpdate,
  type PasswordChange,
  type Session,
} from '../schemas/users.ts';
import type { ApiClient } from './client.ts';

/**
 * The signed-in user's own page (`/user`) beyond what `auth.ts` has: profile settings, password, e-mail, sessions.
 * Balance, invoices and the ledger are `billing.ts`; the e-mail change link's confirmation is `auth.ts`, with the
 * other links from e-mails.
 */

/** `PATCH /api/users/`: the mailing subscription and/or the language; answers the user. */
export function updateProfile(api: ApiClient, body: OwnProfileUpdate): Promise<AuthUser> {
  return api.request<AuthUser>('/api/users/', { method: 'PATCH', body });
}

/** 400 `old_password` when wrong, `new_password2` for a mismatch or registration's rules; other sessions end. */
export function changePassword(api: ApiClient, body: PasswordChange): Promise<Detail> {
  return api.request<Detail>('/api/auth/password/change/', { method: 'POST', body });
}

/** Sends the confirmation link to the new address; 400 `email` (invalid, taken) or `password`. */
export function requestEmailChange(api: ApiClient, body: EmailChange): Promise<Detail> {
  return api.request<Detail>('/api/users/email/', { method: 'POST', body });
}

export function listSessions(api: ApiClient, signal?: AbortSignal): Promise<Session[]> {
  return api.request('/api/users/sessions/', { signal, decode: decodeWith(v.array(SessionSchema)) });
}

/** Signs one device out (this one too, if named: the same as logging out). 404 for another's session. */
export function revokeSession(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/users/sessions/${id}/`, { method: 'DELETE' });
}

/** Signs out every device but this one; answers how many were. */
export function revokeOtherSessions(api: ApiClient): Promise<{ revoked: number }> {
  return api.request<{ revoked: number }>('/api/users/sessions/revoke-others/', { method: 'POST' });
}
