/**
 * What the account endpoints refuse, with the status and field of each as the reference stack answered them
 * (docs/auth-api-contract.md); the errors plugin words them. Several problems of one form at once (the fields' own checks,
 * the password validators) are validation, answered together by `validation.ts`.
 */
import { MESSAGES } from '../../lib/messages.ts';
import { defineRefusals } from '../../lib/refusal.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';

export const ACCOUNT_REFUSALS = defineRefusals('accounts', {
  /** Whatever its spelling (case, compatibility characters, punycode): one address, one account. */
  emailTaken: { status: 400, field: 'email', message: ACCOUNT_MESSAGES.emailTaken },
  // Registration's object-level checks, once every field is valid.
  registrationPasswordMismatch: {
    status: 400,
    field: 'non_field_errors',
    message: ACCOUNT_MESSAGES.registrationPasswordMismatch,
  },
  passwordTooSimilar: { status: 400, field: 'non_field_errors', message: ACCOUNT_MESSAGES.passwordTooSimilar },
  // Login: one answer for a wrong password, an unknown address and an inactive account (no enumeration).
  mustIncludeEmailAndPassword: {
    status: 400,
    field: 'non_field_errors',
    message: ACCOUNT_MESSAGES.mustIncludeEmailAndPassword,
  },
  unableToLogIn: { status: 400, field: 'non_field_errors', message: ACCOUNT_MESSAGES.unableToLogIn },
  emailNotVerified: { status: 400, field: 'non_field_errors', message: ACCOUNT_MESSAGES.emailNotVerified },
  // The reset link's parts; English in Russian too (the client shows its own text on a `token` error).
  resetUidInvalid: { status: 400, field: 'uid', message: ACCOUNT_MESSAGES.invalidValue },
  resetTokenInvalid: { status: 400, field: 'token', message: ACCOUNT_MESSAGES.invalidValue },
  resetPasswordMismatch: { status: 400, field: 'new_password2', message: ACCOUNT_MESSAGES.resetPasswordMismatch },
  // The user's own page.
  oldPasswordWrong: { status: 400, field: 'old_password', message: ACCOUNT_MESSAGES.oldPasswordWrong },
  passwordWrong: { status: 400, field: 'password', message: ACCOUNT_MESSAGES.passwordWrong },
  emailInvalid: { status: 400, field: 'email', message: MESSAGES.invalidEmail },
  emailUnchanged: { status: 400, field: 'email', message: ACCOUNT_MESSAGES.emailUnchanged },
  /** A profile change naming neither of its two fields: the switch alone was this endpoint's whole body once. */
  profileEmpty: { status: 400, field: 'subscribed', message: MESSAGES.required },
  unsubscribeTokenMissing: { status: 400, field: 'token', message: MESSAGES.required },
  unsubscribeTokenBlank: { status: 400, field: 'token', message: MESSAGES.blank },
  apiKeyLimit: { status: 409, message: ACCOUNT_MESSAGES.apiKeyLimit },
  // Two-factor sign-in (issue #48): a wrong or reused code is the code field's; a dead challenge, the challenge's.
  twoFactorCodeWrong: { status: 400, field: 'code', message: ACCOUNT_MESSAGES.twoFactorCodeWrong },
  twoFactorChallengeInvalid: { status: 400, field: 'challenge', message: ACCOUNT_MESSAGES.twoFactorChallengeInvalid },
  twoFactorAlreadyOn: { status: 409, message: ACCOUNT_MESSAGES.twoFactorAlreadyOn },
  twoFactorOff: { status: 409, message: ACCOUNT_MESSAGES.twoFactorOff },
  twoFactorNotStarted: { status: 409, message: ACCOUNT_MESSAGES.twoFactorNotStarted },
  /** A passkey answer refused (bad signature, another site, a counter that did not move, a used challenge). */
  passkeyRefused: { status: 400, field: 'credential', message: ACCOUNT_MESSAGES.passkeyRefused },
  passkeyNone: { status: 409, message: ACCOUNT_MESSAGES.passkeyNone },
  /** Staff without a second factor while STAFF_TWO_FACTOR=required: the panel's API stays shut. */
  twoFactorEnrolmentRequired: { status: 403, message: ACCOUNT_MESSAGES.twoFactorEnrolmentRequired },
});
