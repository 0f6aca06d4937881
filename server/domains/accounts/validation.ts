/**
 * Request bodies checked with the contract's valibot schemas and answered in DRF's shape: `{"field": ["msg"]}` in
 * field-declaration order, `non_field_errors` for object-level problems, every problem at once. Schemas carry
 * message keys; the texts (DRF's and Django's, per language) live in lib/messages.ts and this domain's messages.ts.
 */
import type { Language } from '@proxy/contract/languages';
import { type AuthMessageKey, MAX_PASSWORD_LENGTH } from '@proxy/contract/schemas/auth';
import * as v from 'valibot';
import { HttpError } from '../../lib/http-error.ts';
import { expectedDictionary, maxLength, message } from '../../lib/messages.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { passwordProblems } from './password-validation.ts';

/** The server's text for a contract message key. */
export function authMessage(key: AuthMessageKey, language: Language): string {
  switch (key) {
    case 'required':
      return message('required', language);
    case 'blank':
      return message('blank', language);
    case 'null':
      return message('mayNotBeNull', language);
    case 'not_a_string':
      return message('notAString', language);
    case 'not_an_object':
      return message('notAnObject', language);
    case 'null_characters':
      return message('nullCharacters', language);
    case 'surrogate_characters':
      return message('surrogateCharacters', language);
    case 'invalid_email':
      return message('invalidEmail', language);
    case 'too_long':
      // Only password fields have a maximum.
      return maxLength(MAX_PASSWORD_LENGTH, language);
    case 'password_mismatch':
      return ACCOUNT_MESSAGES.registrationPasswordMismatch[language];
    case 'password_too_similar':
      return ACCOUNT_MESSAGES.passwordTooSimilar[language];
    case 'password_too_short':
      return ACCOUNT_MESSAGES.passwordTooShort[language];
    case 'password_too_common':
      return ACCOUNT_MESSAGES.passwordTooCommon[language];
    case 'password_entirely_numeric':
      return ACCOUNT_MESSAGES.passwordEntirelyNumeric[language];
  }
}

/**
 * Django's validators on a new password (with the user's address, for the similarity check): every failure under
 * `field` at once, as Django's SetPasswordForm reports them; nothing when the password passes.
 */
export function checkNewPassword(field: string, password: string, email: string, language: Language): void {
  const problems = passwordProblems(password, email);
  if (problems.length > 0)
    throw new HttpError(400, { [field]: problems.map((problem) => authMessage(problem, language)) });
}

/** Errors collected per field, answered in the serializer's field order whatever order they were found in. */
export class FieldErrors {
  readonly #errors = new Map<string, string[]>();

  add(field: string, text: string): void {
    const list = this.#errors.get(field);
    if (list) list.push(text);
    else this.#errors.set(field, [text]);
  }

  has(field: string): boolean {
    return this.#errors.has(field);
  }

  get empty(): boolean {
    return this.#errors.size === 0;
  }

  /** Throws the 400 when there is anything to report. */
  throwIfAny(order: readonly string[]): void {
    if (this.empty) return;
    const body: Record<string, string[]> = {};
    for (const field of [...order, ...this.#errors.keys()]) {
      const list = this.#errors.get(field);
      if (list && !(field in body)) body[field] = list;
    }
    throw new HttpError(400, body);
  }
}

type Entries = v.ObjectEntries;
type FieldValues<E extends Entries> = { -readonly [K in keyof E]?: v.InferOutput<E[K]> };

export interface CheckedFields<E extends Entries> {
  /** The fields that passed their own checks, converted (trimmed strings). */
  readonly values: FieldValues<E>;
  readonly errors: FieldErrors;
  /** Field names in declaration order: the order errors are reported in. */
  readonly order: readonly string[];
}

/**
 * Checks every field of an object schema on its own, like a DRF serializer's field pass: the caller gets the good
 * values and the errors together, then runs the view's own checks (e-mail taken, passwords equal, ...) on the
 * fields that passed and answers everything at once. A body that is not an object is refused as DRF does.
 */
export function checkFields<E extends Entries>(
  schema: { readonly entries: E },
  body: unknown,
  language: Language,
): CheckedFields<E> {
  const data = body === undefined ? {} : body;
  if (data === null || typeof data !== 'object' || Array.isArray(data) || Buffer.isBuffer(data)) {
    const text = data === null ? message('mayNotBeNull', language) : expectedDictionary(data, language);
    throw new HttpError(400, { non_field_errors: [text] });
  }
  const record = data as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const errors = new FieldErrors();
  const order = Object.keys(schema.entries);
  for (const field of order) {
    const value = Object.hasOwn(record, field) ? record[field] : undefined;
    const result = v.safeParse(schema.entries[field] as v.GenericSchema, value);
    if (result.success) values[field] = result.output;
    else for (const issue of result.issues) errors.add(field, authMessage(issue.message as AuthMessageKey, language));
  }
  return { values: values as FieldValues<E>, errors, order };
}
