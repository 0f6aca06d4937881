import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  formErrors,
  isEmail,
  LoginFormSchema,
  LoginSchema,
  MAX_PASSWORD_LENGTH,
  NewPasswordFormSchema,
  PasswordResetConfirmSchema,
  RecoveryFormSchema,
  RegistrationFormSchema,
  RegistrationSchema,
} from './auth.ts';

/** Field → message keys, in issue order, as the server reads a request schema's result. */
function requestErrors(schema: v.GenericSchema, body: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, body);
  const errors: Record<string, string[]> = {};
  if (result.success) return errors;
  for (const issue of result.issues) (errors[String(issue.path?.[0]?.key ?? '')] ??= []).push(issue.message);
  return errors;
}

describe('isEmail (Django EmailValidator)', () => {
  it.each([
    ['user@example.com', true],
    ['first.last+tag@sub.example.co', true],
    ['user@localhost', true],
    ['user@пример.рф', true],
    ['USER@EXAMPLE.COM', true],
    ['', false],
    ['plain', false],
    ['@example.com', false],
    ['user@', false],
    ['user@example', false],
    ['user@example.c', false],
    ['user@-example.com', false],
    ['user@example.com-', false],
    ['us er@example.com', false],
    ['user..dot@example.com', false],
    ['.user@example.com', false],
    ['аdmin@example.com', false], // Cyrillic "а": the local part is ASCII only
    ['"quoted"@example.com', false],
    ['a@b.c\r\nBcc: x@y.z', false],
    ['user@exa mple.com', false],
    ['user@example.com/evil', false],
    ['user@[127.0.0.1]', false],
    [`${'a'.repeat(310)}@example.com`, false],
  ])('%s → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });

  it('stays fast on adversarial input', () => {
    const started = performance.now();
    for (const input of [`${'a.'.repeat(150)}@${'a-'.repeat(80)}`, `a@${'a.'.repeat(159)}-`, 'a'.repeat(50_000)]) {
      isEmail(input);
    }
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('request schemas (DRF field semantics)', () => {
  it('reports missing, blank, null and wrong-typed fields by key, in declaration order', () => {
    expect(requestErrors(RegistrationSchema, {})).toEqual({
      email: ['required'],
      password1: ['required'],
      password2: ['required'],
    });
    expect(requestErrors(RegistrationSchema, { email: '  ', password1: null, password2: ['x'] })).toEqual({
      email: ['blank'],
      password1: ['null'],
      password2: ['not_a_string'],
    });
    expect(requestErrors(RegistrationSchema, { email: true, password1: {}, password2: 'x'.repeat(129) })).toEqual({
      email: ['not_a_string'],
      password1: ['not_a_string'],
      password2: ['too_long'],
    });
    expect(Object.keys(requestErrors(PasswordResetConfirmSchema, {}))).toEqual([
      'new_password1',
      'new_password2',
      'uid',
      'token',
    ]);
  });

  it('collects every validator failure of a field, like DRF', () => {
    expect(requestErrors(RegistrationSchema, { email: 'a\0b', password1: 'p', password2: 'p' })).toEqual({
      email: ['null_characters', 'invalid_email'],
    });
  });

  it('trims, takes numbers as text and drops unknown keys', () => {
    const output = v.parse(RegistrationSchema, {
      email: ' user@example.com ',
      password1: 12345678,
      password2: '12345678',
      is_superuser: true,
    });
    expect(output).toEqual({ email: 'user@example.com', password1: '12345678', password2: '12345678' });
    expect(
      v.parse(RegistrationSchema, { email: 'a@b.co', password1: 'x'.repeat(MAX_PASSWORD_LENGTH), password2: 'x' }),
    ).toBeTruthy();
  });

  it('lets login email be missing or blank (the view answers "Must include"), but not malformed', () => {
    expect(v.parse(LoginSchema, { password: 'secret' })).toEqual({ username: '', email: '', password: 'secret' });
    expect(v.parse(LoginSchema, { email: '', username: '', password: 'x' })).toMatchObject({ email: '' });
    expect(requestErrors(LoginSchema, { email: 'nope', password: '' })).toEqual({
      email: ['invalid_email'],
      password: ['blank'],
    });
  });

  it('refuses lone surrogates, which no database column could store', () => {
    expect(requestErrors(RegistrationSchema, { email: 'a@b.co', password1: 'ab\ud800cdefgh', password2: 'x' })).toEqual(
      { password1: ['surrogate_characters'] },
    );
  });
});

describe('form schemas (spec §5)', () => {
  it('login: email and password required', () => {
    expect(formErrors(LoginFormSchema, {})).toEqual({ email: 'required', password: 'required' });
    expect(formErrors(LoginFormSchema, { email: ' ', password: 'x' })).toEqual({ email: 'required' });
    expect(formErrors(LoginFormSchema, { email: 'not-an-email', password: 'x' })).toEqual({});
  });

  it('registration: valid e-mail, password of 8+, matching confirmation', () => {
    expect(formErrors(RegistrationFormSchema, {})).toEqual({
      email: 'required',
      password1: 'required',
      password2: 'required',
    });
    expect(formErrors(RegistrationFormSchema, { email: 'x', password1: 'short', password2: 'other' })).toEqual({
      email: 'invalid_email',
      password1: 'password_too_short',
      password2: 'password_mismatch',
    });
    expect(
      formErrors(RegistrationFormSchema, { email: 'a@b.co', password1: 'long enough', password2: 'long enough' }),
    ).toEqual({});
  });

  it('recovery: email required', () => {
    expect(formErrors(RecoveryFormSchema, { email: '' })).toEqual({ email: 'required' });
    expect(formErrors(RecoveryFormSchema, { email: 'a@b.co' })).toEqual({});
  });

  it('new password: 8+ and matching', () => {
    expect(formErrors(NewPasswordFormSchema, { new_password1: '1234567', new_password2: '' })).toEqual({
      new_password1: 'password_too_short',
      new_password2: 'required',
    });
    expect(formErrors(NewPasswordFormSchema, { new_password1: '12345678', new_password2: '12345679' })).toEqual({
      new_password2: 'password_mismatch',
    });
    expect(formErrors(NewPasswordFormSchema, { new_password1: 'пароль123', new_password2: 'пароль123' })).toEqual({});
  });
});
