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
  methods: v.array(v.picklist(['totp', 'recovery_code', 'passkey'])),
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

/**
 * Passkeys (WebAuthn). What the browser's `navigator.credentials` takes and gives back travels as WebAuthn's own JSON
 * forms (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`, ...), read by `@simplewebauthn`; the
 * contract only says they are objects.
 */
export const WebAuthnJsonSchema = v.record(v.string(), v.unknown());
export type WebAuthnJson = v.InferOutput<typeof WebAuthnJsonSchema>;

/** One of the signed-in user's passkeys (`GET /api/users/passkeys/`, oldest first). */
export const PasskeySchema = v.object({
  id: v.number(),
  name: v.string(),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
});
export type Passkey = v.InferOutput<typeof PasskeySchema>;
export const PasskeyListSchema = v.array(PasskeySchema);

export const PASSKEY_NAME_MAX = 100;
const passkeyName = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PASSKEY_NAME_MAX));

/** `POST /api/users/passkeys/options/`: the password again before a new way to sign in is added. */
export const PasskeyOptionsRequestSchema = v.object({ password: v.pipe(v.string(), v.minLength(1)) });

/** `POST /api/users/passkeys/`: the name and what the authenticator made. */
export const PasskeyRegistrationSchema = v.object({ name: passkeyName, credential: WebAuthnJsonSchema });
export type PasskeyRegistration = v.InferOutput<typeof PasskeyRegistrationSchema>;

/** `PATCH /api/users/passkeys/{id}/`: a new name. */
export const PasskeyRenameSchema = v.object({ name: passkeyName });

/** `POST /api/users/passkeys/{id}/delete/`: the password again. */
export const PasskeyRemoveSchema = PasskeyOptionsRequestSchema;

/**
 * `POST /api/auth/passkey/options/` and `POST /api/auth/passkey/`: with `challenge` (the login's), the second step of
 * that sign-in; without it, a sign-in by passkey alone.
 */
export const PasskeySignInOptionsSchema = v.object({ challenge: v.optional(v.pipe(v.string(), v.maxLength(200))) });
export const PasskeySignInSchema = v.object({
  challenge: v.optional(v.pipe(v.string(), v.maxLength(200))),
  credential: WebAuthnJsonSchema,
});
export type PasskeySignIn = v.InferOutput<typeof PasskeySignInSchema>;

/**
 * Step-up (issue #48; the 403 that asks for it is `StepUpRequired` in api/errors.ts), `POST /api/users/step-up/`: a
 * code (or a recovery code), or what a passkey signed for `POST /api/users/step-up/options/`'s challenge.
 */
export const StepUpSchema = v.object({ code: v.optional(code), credential: v.optional(WebAuthnJsonSchema) });
export type StepUp = v.InferOutput<typeof StepUpSchema>;
