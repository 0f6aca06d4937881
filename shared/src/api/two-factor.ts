import type { Detail } from './auth.ts';
import type { ApiClient } from './client.ts';
import { decodeWith } from './decode.ts';
import {
  PasskeyListSchema,
  PasskeySchema,
  RecoveryCodesSchema,
  WebAuthnJsonSchema,
  type Passkey,
  type PasskeyRegistration,
  type PasskeySignIn,
  type StepUp,
  type WebAuthnJson,
  TotpEnrolmentSchema,
  TwoFactorStatusSchema,
  type RecoveryCodes,
  type TotpEnrolment,
  type TwoFactorDisable,
  type TwoFactorStatus,
} from '../schemas/two-factor.ts';

/** The signed-in user's second factor (issue #48); the login's second step is `loginTwoFactor` in `auth.ts`. */

export function getTwoFactorStatus(api: ApiClient, signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api.request('/api/users/two-factor/', { signal, decode: decodeWith(TwoFactorStatusSchema) });
}

/** A new secret, shown this once; 409 when the account already has one. */
export function startTotpEnrolment(api: ApiClient): Promise<TotpEnrolment> {
  return api.request('/api/users/two-factor/totp/', { method: 'POST', decode: decodeWith(TotpEnrolmentSchema) });
}

/** The first code from the app turns it on: ten recovery codes, shown this once. 400 `code` when wrong. */
export function confirmTotpEnrolment(api: ApiClient, code: string): Promise<RecoveryCodes> {
  return api.request('/api/users/two-factor/totp/confirm/', {
    method: 'POST',
    body: { code },
    decode: decodeWith(RecoveryCodesSchema),
  });
}

/** Ten new recovery codes for a code (the old ones stop working). */
export function regenerateRecoveryCodes(api: ApiClient, code: string): Promise<RecoveryCodes> {
  return api.request('/api/users/two-factor/recovery-codes/', {
    method: 'POST',
    body: { code },
    decode: decodeWith(RecoveryCodesSchema),
  });
}

/** Off, with the password (400 `password`) and a code (400 `code`). */
export function disableTwoFactor(api: ApiClient, body: TwoFactorDisable): Promise<Detail> {
  return api.request<Detail>('/api/users/two-factor/disable/', { method: 'POST', body });
}

/** The signed-in user's passkeys, oldest first. */
export function listPasskeys(api: ApiClient, signal?: AbortSignal): Promise<Passkey[]> {
  return api.request('/api/users/passkeys/', { signal, decode: decodeWith(PasskeyListSchema) });
}

/** What the browser needs to make a passkey; the password first (400 `password`). */
export function passkeyCreationOptions(api: ApiClient, password: string): Promise<WebAuthnJson> {
  return api.request('/api/users/passkeys/options/', {
    method: 'POST',
    body: { password },
    decode: decodeWith(WebAuthnJsonSchema),
  });
}

/** The new passkey, named: 201 with it; 400 `credential` when the browser's answer is refused. */
export function addPasskey(api: ApiClient, body: PasskeyRegistration): Promise<Passkey> {
  return api.request('/api/users/passkeys/', { method: 'POST', body, decode: decodeWith(PasskeySchema) });
}

export function renamePasskey(api: ApiClient, id: number, name: string): Promise<Passkey> {
  return api.request(`/api/users/passkeys/${id}/`, {
    method: 'PATCH',
    body: { name },
    decode: decodeWith(PasskeySchema),
  });
}

/** Removes one, with the password (400 `password`). */
export function removePasskey(api: ApiClient, id: number, password: string): Promise<Detail> {
  return api.request<Detail>(`/api/users/passkeys/${id}/delete/`, { method: 'POST', body: { password } });
}

/** The options to sign in by passkey: the second step of `challenge`'s sign-in, or (without) by passkey alone. */
export function passkeySignInOptions(api: ApiClient, challenge?: string): Promise<WebAuthnJson> {
  return api.request('/api/auth/passkey/options/', {
    method: 'POST',
    body: challenge === undefined ? {} : { challenge },
    decode: decodeWith(WebAuthnJsonSchema),
  });
}

/** The login key for what the passkey signed: 400 `credential` when refused, `challenge` once the sign-in expired. */
export function signInWithPasskey(api: ApiClient, body: PasskeySignIn): Promise<{ key: string }> {
  return api.request<{ key: string }>('/api/auth/passkey/', { method: 'POST', body });
}

/** The options for a passkey to confirm the signed-in user again (step-up). */
export function stepUpOptions(api: ApiClient): Promise<WebAuthnJson> {
  return api.request('/api/users/step-up/options/', { method: 'POST', decode: decodeWith(WebAuthnJsonSchema) });
}

/** Confirms a second factor on this login again (a code or a passkey): money may move for the next minutes. */
export function stepUp(api: ApiClient, body: StepUp): Promise<Detail> {
  return api.request<Detail>('/api/users/step-up/', { method: 'POST', body });
}
