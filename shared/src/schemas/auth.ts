/**
 * The accounts contract (docs/auth-api-contract.md): request schemas the server routes validate with, and form schemas
 * the client's dialogs check before sending (spec §5). Issues carry message KEYS, never text: the server turns a
 * key into DRF's exact message in the request language, the client into its own translation.
 */
import * as v from 'valibot';

export const AUTH_MESSAGE_KEYS = [
  'required',
  'blank',
  'null',
  'not_a_string',
  'not_an_object',
  'null_characters',
  'surrogate_characters',
  'invalid_email',
  'too_long',
  'password_too_short',
  'password_mismatch',
  'password_too_similar',
  'password_too_common',
  'password_entirely_numeric',
] as const;
export type AuthMessageKey = (typeof AUTH_MESSAGE_KEYS)[number];

/** Spec §5 and Django's MinimumLengthValidator. */
export const MIN_PASSWORD_LENGTH = 8;
/**
 * Longer passwords are refused with a field error (`too_long`) before any hashing: dj-rest-auth's reset-confirm
 * serializer has this bound, and the other password fields take it too so a 1 MB "password" costs nothing.
 */
export const MAX_PASSWORD_LENGTH = 128;
/** RFC 3696 errata: the longest address; Django's EmailValidator refuses longer ones (CVE-2023-36053). */
export const MAX_EMAIL_LENGTH = 320;

/** Python's `len`: code points, not UTF-16 units, so an emoji counts once as it does for Django. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

// Django's EmailValidator (3.2): a dot-atom local part (quoted local parts are refused here: ours is stricter),
// a domain of labels ≤ 63 characters with a TLD of 2-63, `localhost`, and internationalized domains via punycode.
const USER_PART = /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(?:\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$/i;
const DOMAIN_PART = /^(?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+[A-Z0-9-]{1,62}[A-Z0-9]$/i;
/** Characters that would make the URL parser read a domain as something else (path, port, userinfo, ...). */
const NOT_A_HOST = /[\s\0-\x20/\\?#@:%[\]<>^|"`{}]/u;

function asciiDomain(domain: string): string | null {
  // WHATWG URL applies IDNA/punycode to the host (`пример.рф` → `xn--e1afmkfd.xn--p1ai`), in Node and browsers.
  if (NOT_A_HOST.test(domain)) return null;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

/** True for an address Django's EmailValidator accepts (see above for where ours is stricter). */
export function isEmail(value: string): boolean {
  if (!value || codePointLength(value) > MAX_EMAIL_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const user = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!USER_PART.test(user)) return false;
  if (domain === 'localhost' || DOMAIN_PART.test(domain)) return true;
  if (/^[\x21-\x7e]*$/.test(domain)) return false; // plain ASCII that failed: no IDN to try
  const ascii = asciiDomain(domain);
  return ascii !== null && DOMAIN_PART.test(ascii);
}

interface TextFieldOptions {
  /** Absent key → `required` (default true). */
  readonly required?: boolean;
  /** `''` (after trimming) is a value, not `blank` (default false). */
  readonly allowBlank?: boolean;
  readonly maxLength?: number;
  readonly email?: boolean;
}

/**
 * A DRF `CharField` / `EmailField`: numbers are taken as their text, booleans, lists and objects are not strings,
 * surrounding whitespace is stripped, then every validator runs and all failures are reported (DRF collects them).
 */
function textField(options: TextFieldOptions = {}) {
  return v.pipe(
    v.unknown(),
    v.rawTransform<unknown, string>(({ dataset, addIssue, NEVER }) => {
      const fail = (message: AuthMessageKey) => {
        addIssue({ message });
        return NEVER;
      };
      const input = dataset.value;
      if (input === undefined) return options.required === false ? '' : fail('required');
      if (input === null) return fail('null');
      if (typeof input !== 'string' && (typeof input !== 'number' || !Number.isFinite(input))) {
        return fail('not_a_string');
      }
      const text = String(input).trim();
      if (text === '') return options.allowBlank ? text : fail('blank');
      let failed = false;
      const check = (ok: boolean, message: AuthMessageKey) => {
        if (!ok) {
          addIssue({ message });
          failed = true;
        }
      };
      check(!text.includes('\0'), 'null_characters');
      check(text.isWellFormed(), 'surrogate_characters');
      if (options.maxLength !== undefined) check(codePointLength(text) <= options.maxLength, 'too_long');
      if (options.email) check(isEmail(text), 'invalid_email');
      return failed ? NEVER : text;
    }),
  );
}

/** A missing key is reported by the object schema itself; a body that is no object at all is `not_an_object`. */
const objectMessage = (issue: v.BaseIssue<unknown>): AuthMessageKey => (issue.path ? 'required' : 'not_an_object');

const passwordField = () => textField({ maxLength: MAX_PASSWORD_LENGTH });

// ---- Request bodies (the server validates with these) ----

/**
 * The login answer for a right password on an address not yet confirmed (`non_field_errors`, docs/auth-api-contract.md),
 * in each language: the sign-in form then offers to send the confirmation again.
 */
export const EMAIL_NOT_VERIFIED = { en: 'E-mail is not verified.', ru: 'E-mail не подтверждён.' } as const;

/** `POST /api/auth/login/`: only email + password matter; a missing or blank email is an object-level error. */
export const LoginSchema = v.object(
  {
    username: v.optional(textField({ allowBlank: true }), ''),
    email: v.optional(textField({ allowBlank: true, email: true }), ''),
    password: passwordField(),
  },
  objectMessage,
);
export type Login = v.InferOutput<typeof LoginSchema>;
/** What a client sends to log in (the input side of the schema: the server fills what is left out). */
export type LoginInput = v.InferInput<typeof LoginSchema>;

/** `POST /api/auth/registration/`: the password validators run on the server (they need the common list). */
export const RegistrationSchema = v.object(
  {
    email: textField({ email: true }),
    password1: passwordField(),
    password2: passwordField(),
  },
  objectMessage,
);
export type Registration = v.InferOutput<typeof RegistrationSchema>;

export const VerifyEmailSchema = v.object({ key: textField() }, objectMessage);
export type VerifyEmail = v.InferOutput<typeof VerifyEmailSchema>;

export const ResendEmailSchema = v.object({ email: textField({ email: true }) }, objectMessage);
export type ResendEmail = v.InferOutput<typeof ResendEmailSchema>;

export const PasswordResetSchema = v.object({ email: textField({ email: true }) }, objectMessage);
export type PasswordReset = v.InferOutput<typeof PasswordResetSchema>;

/** Field order is DRF's error order: new_password1, new_password2, uid, token. */
export const PasswordResetConfirmSchema = v.object(
  {
    new_password1: passwordField(),
    new_password2: passwordField(),
    uid: textField(),
    token: textField(),
  },
  objectMessage,
);
export type PasswordResetConfirm = v.InferOutput<typeof PasswordResetConfirmSchema>;

// ---- Client forms (spec §5): what the dialogs check on submit, before sending ----

const requiredText = () =>
  v.pipe(
    v.string('required'),
    v.check((value) => value.trim() !== '', 'required'),
  );

const newPassword = () =>
  v.pipe(
    requiredText(),
    v.check((value) => codePointLength(value.trim()) >= MIN_PASSWORD_LENGTH, 'password_too_short'),
  );

/**
 * The confirmation must equal the password; checked whenever the confirmation itself is filled in, even if the
 * password has a problem of its own, so the form shows both at once.
 */
function samePassword<Input extends Record<string, string>>(first: keyof Input, second: keyof Input) {
  return v.rawCheck<Input>(({ dataset, addIssue }) => {
    // Runs on a partly invalid object too: the raw values are there even when `first` failed its own checks.
    const value = dataset.value as Partial<Record<keyof Input, unknown>>;
    const confirmation = value[second];
    if (typeof confirmation === 'string' && confirmation.trim() !== '' && value[first] !== confirmation) {
      addIssue({ message: 'password_mismatch' });
    }
  });
}

type RegistrationForm = { email: string; password1: string; password2: string };
type NewPasswordForm = { new_password1: string; new_password2: string };

export const LoginFormSchema = v.object({ email: requiredText(), password: requiredText() }, 'required');

/** The sign-in's second step (issue #48): a code from the authenticator app or a recovery code. */
export const TwoFactorCodeFormSchema = v.object({ code: requiredText() }, 'required');

export const RegistrationFormSchema = v.pipe(
  v.object(
    {
      email: v.pipe(
        requiredText(),
        v.check((value) => isEmail(value.trim()), 'invalid_email'),
      ),
      password1: newPassword(),
      password2: requiredText(),
    },
    'required',
  ),
  v.forward(samePassword<RegistrationForm>('password1', 'password2'), ['password2']),
);

export const RecoveryFormSchema = v.object({ email: requiredText() }, 'required');

export const NewPasswordFormSchema = v.pipe(
  v.object({ new_password1: newPassword(), new_password2: requiredText() }, 'required'),
  v.forward(samePassword<NewPasswordForm>('new_password1', 'new_password2'), ['new_password2']),
);

export type FormErrors<Field extends string> = Partial<Record<Field, AuthMessageKey>>;

/**
 * The first problem of each field, as a message key: `{ password2: 'password_mismatch' }`; `{}` when the form is
 * fine. Values may be partial (an untouched field is `undefined`, which counts as empty).
 */
export function formErrors<S extends v.GenericSchema>(
  schema: S,
  values: Readonly<Record<string, unknown>>,
): FormErrors<Extract<keyof v.InferInput<S>, string>> {
  const result = v.safeParse(schema, values);
  const errors: Record<string, AuthMessageKey> = {};
  if (result.success) return errors;
  // Issues come in field order and, within a field, in check order: the first one per field is what to show.
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field !== 'string' || field in errors) continue;
    errors[field] = issue.message as AuthMessageKey;
  }
  return errors;
}
