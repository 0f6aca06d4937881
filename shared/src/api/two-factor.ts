import type { Detail } from './auth.ts';
import type { ApiClient } from './client.ts';
import { decodeWith } from './decode.ts';
import {
  RecoveryCodesSchema,
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
