import * as v from 'valibot';

/**
 * Two-factor sign-in (issue #48), the authenticator-code slice: what the signed-in user's page and the login's second
 * step send and get back (docs/two-factor.md).
 */

/** What a person types: an authenticator's 6 digits, or a recovery code (`xxxxx-xxxxx`). */
const code = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64));

/** `POST /api/auth/login/` for an account with a second factor: no key yet, the challenge for the second step. */
export const TwoFactorChallengeSchema = v.object({
  two_factor_required: v.literal(true),
  challenge: v.string(),
  methods: v.array(v.picklist(['totp', 'recovery_code'])),
});
export type TwoFactorChallenge = v.InferOutput<typeof TwoFactorChallengeSchema>;

/** `POST /api/auth/login/two-factor/`: the challenge and a code or a recovery code; answers `{"key": ...}`. */
export const TwoFactorLoginSchema = v.object({
  challenge: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  code,
});
export type TwoFactorLogin = v.InferOutput<typeof TwoFactorLoginSchema>;

/** `GET /api/users/two-factor/`: the account's state; `required`: staff who must enrol before the panel opens. */
export const TwoFactorStatusSchema = v.object({
  enabled: v.boolean(),
  confirmed_at: v.nullable(v.string()),
  recovery_codes_left: v.number(),
  required: v.boolean(),
});
export type TwoFactorStatus = v.InferOutput<typeof TwoFactorStatusSchema>;

/** `POST /api/users/two-factor/totp/`: the secret, shown this once, as text, as an `otpauth://` URI and as a QR code. */
export const TotpEnrolmentSchema = v.object({
  secret: v.string(),
  otpauth_uri: v.string(),
  /** The URI's QR code, an SVG `data:` URL an <img> shows (no script can ride in it). */
  qr: v.string(),
});
export type TotpEnrolment = v.InferOutput<typeof TotpEnrolmentSchema>;

/** Confirming with a first code, or regenerating with a code: `{code}`. */
export const TwoFactorCodeSchema = v.object({ code });
export type TwoFactorCode = v.InferOutput<typeof TwoFactorCodeSchema>;

/** Turning it off: the password and a code (or a recovery code). */
export const TwoFactorDisableSchema = v.object({ password: v.pipe(v.string(), v.minLength(1)), code });
export type TwoFactorDisable = v.InferOutput<typeof TwoFactorDisableSchema>;

/** Ten recovery codes, shown this once. */
export const RecoveryCodesSchema = v.object({ recovery_codes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodesSchema>;
