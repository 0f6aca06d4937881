import { describe, expect, it } from 'vitest';
import { loadCommonPasswords, passwordProblems, quickRatio } from './password-validation.ts';

describe("Django's password validators", () => {
  it('ships Django 3.2’s common-password list', () => {
    const list = loadCommonPasswords();
    expect(list.size).toBe(19_727);
    for (const common of ['password', '12345678', 'qwerty123', 'password1']) expect(list.has(common)).toBe(true);
  });

  it('computes difflib’s quick_ratio', () => {
    expect(quickRatio('abcd', 'bcde')).toBe(0.75);
    expect(quickRatio('', '')).toBe(1);
    expect(quickRatio('a', '')).toBe(0);
  });

  // Verdicts produced by Django 3.2.25's four default validators for a user with this address.
  const email = 'jane.doe@example.com';
  it.each([
    ['jane.doe@example.com', ['password_too_similar']],
    ['janedoe1', []],
    ['example.com', ['password_too_similar']],
    ['doejane', ['password_too_similar', 'password_too_short']],
    ['password', ['password_too_common']],
    ['12345678', ['password_too_common', 'password_entirely_numeric']],
    ['1234567', ['password_too_short', 'password_too_common', 'password_entirely_numeric']],
    ['Password1', ['password_too_common']],
    ['qwerty123', ['password_too_common']],
    ['йцукенгш', []],
    ['correct horse battery', []],
    ['Jane.Doe', []],
    ['ab', ['password_too_short']],
    ['१२३४५६७८', ['password_entirely_numeric']],
    ['EXAMPLE', ['password_too_similar', 'password_too_short']],
    [' password ', ['password_too_common']],
    ['jane.doe@example.co', ['password_too_similar']],
    ['moc.elpmaxe@eod.enaj', ['password_too_similar']],
    ['xample1234', ['password_too_similar']],
  ])('%j → %j', (password, problems) => {
    expect(passwordProblems(password, email)).toEqual(problems);
  });

  it('skips the similarity check without an address (registration’s field-level pass)', () => {
    expect(passwordProblems('jane.doe@example.com')).toEqual([]);
  });
});
