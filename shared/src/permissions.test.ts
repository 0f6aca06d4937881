import { describe, expect, it } from 'vitest';
import { hasPermission, type PermissionSubject } from './permissions.ts';

const user = (premission: string[], is_superuser = false): PermissionSubject => ({ premission, is_superuser });

describe('hasPermission (spec §6)', () => {
  it.each([
    ['superuser passes without strings', user([], true), 'users.view_user', true],
    ['superuser passes any expression', user([], true), 'a&b', true],
    ['no permission strings fails', user([]), 'users.view_user', false],
    ['single string granted', user(['users.view_user']), 'users.view_user', true],
    ['single string missing', user(['pages.view_page']), 'users.view_user', false],
    ['a|b with one of them', user(['b']), 'a|b', true],
    ['a|b with neither', user(['c']), 'a|b', false],
    ['a&b with both', user(['a', 'b']), 'a&b', true],
    ['a&b with one', user(['a']), 'a&b', false],
    ['spaces around names are ignored', user(['a', 'b']), ' a & b ', true],
    ['an empty expression grants nothing', user(['a']), '', false],
  ])('%s', (_name, subject, expression, expected) => {
    expect(hasPermission(subject, expression)).toBe(expected);
  });

  it('fails for an anonymous visitor', () => {
    expect(hasPermission(null, 'users.view_user')).toBe(false);
  });
});
