import { describe, expect, it } from 'vitest';
import {
  checkResetToken,
  dumps,
  fromBase36,
  loads,
  makeEmailConfirmationKey,
  makeResetToken,
  makeUnsubscribeToken,
  readEmailConfirmationKey,
  readUnsubscribeToken,
  toBase36,
} from './signing.ts';

// Expected values were produced by Django 3.2.25 itself (signing.dumps, Signer, PasswordResetTokenGenerator with
// sha256) with this SECRET_KEY: the links are wire-compatible with the reference backend.
const SECRET = 'test-secret-key-for-fixtures-0123456789';
const AT = 1_700_000_000_000;

const user = {
  id: 42,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
  lastLogin: new Date(Date.UTC(2024, 4, 1, 12, 30, 15, 123)),
  email: 'jane@example.com',
};
const RESET_AT = Date.UTC(2024, 4, 2);

describe('uid (base36)', () => {
  it.each([
    [1, '1'],
    [35, 'z'],
    [36, '10'],
    [1_000_000, 'lfls'],
  ])('%d ↔ %s', (id, uid) => {
    expect(toBase36(id)).toBe(uid);
    expect(fromBase36(uid)).toBe(id);
  });

  it.each(['', '-1', '1.5', 'a b', 'zzzzzzzzzzzzzz', '١'])('refuses %j', (uid) => {
    expect(fromBase36(uid)).toBeNull();
  });
});

describe('the e-mail confirmation key (Django signing.dumps, salt "account")', () => {
  it('matches Django byte for byte', () => {
    expect(makeEmailConfirmationKey(1, SECRET, AT)).toBe('MQ:1r31eq:WkMnUf-dJkz6FfunBxmBG7L9h8S3kTrPJUZfUlxOwBE');
    expect(makeEmailConfirmationKey(36, SECRET, AT)).toBe('MzY:1r31eq:rXFZ3eKJ-GR9iFMhfqZ7Y6zyEkjiM0hrEQnYmOl7ilg');
  });

  it('reads back for 3 days, not after, and not when tampered with or signed for another purpose', () => {
    const key = makeEmailConfirmationKey(7, SECRET, AT);
    expect(readEmailConfirmationKey(key, SECRET, AT + 3 * 86_400_000)).toBe(7);
    expect(readEmailConfirmationKey(key, SECRET, AT + 3 * 86_400_000 + 1000)).toBeNull();
    expect(readEmailConfirmationKey(key, 'another-secret-key-0123456789abcdef', AT)).toBeNull();
    expect(readEmailConfirmationKey(key.replace(/^Nw/, 'OA'), SECRET, AT)).toBeNull();
    expect(readEmailConfirmationKey(`${key}x`, SECRET, AT)).toBeNull();
    expect(readEmailConfirmationKey(dumps(7, 'other-salt', SECRET, AT), SECRET, AT)).toBeNull();
    expect(readEmailConfirmationKey(dumps('7', 'account', SECRET, AT), SECRET, AT)).toBeNull();
    for (const junk of ['', ':', '::', 'a:b:c', 'x'.repeat(5000)])
      expect(loads(junk, 'account', SECRET, 10)).toBeNull();
  });
});

describe('the unsubscribe token (Django Signer over the user id)', () => {
  it('matches Django and reads back', () => {
    expect(makeUnsubscribeToken(7, SECRET)).toBe('Nw:fMbzYHjXn2N8OZsterT1WAd4yyywCq_7dxGwEEL-uto');
    expect(readUnsubscribeToken('Nw:fMbzYHjXn2N8OZsterT1WAd4yyywCq_7dxGwEEL-uto', SECRET)).toBe(7);
    expect(readUnsubscribeToken('OA:fMbzYHjXn2N8OZsterT1WAd4yyywCq_7dxGwEEL-uto', SECRET)).toBeNull();
    expect(readUnsubscribeToken(makeEmailConfirmationKey(7, SECRET), SECRET)).toBeNull();
  });
});

describe('the password reset token (Django PasswordResetTokenGenerator)', () => {
  it('matches Django byte for byte', () => {
    expect(makeResetToken(user, SECRET, RESET_AT)).toBe('c6dhc0-0afe082f18d2bb28030cff5b6837b6bd');
    expect(makeResetToken({ ...user, lastLogin: null }, SECRET, RESET_AT)).toBe(
      'c6dhc0-a9d03616c4acb3ac4cd34f68135edeaf',
    );
  });

  it('checks for 3 days and dies with a new password, a new login or another address', () => {
    const token = makeResetToken(user, SECRET, RESET_AT);
    expect(checkResetToken(user, token, SECRET, RESET_AT + 3 * 86_400_000)).toBe(true);
    expect(checkResetToken(user, token, SECRET, RESET_AT + 3 * 86_400_000 + 1000)).toBe(false);
    expect(checkResetToken({ ...user, passwordHash: `${user.passwordHash}x` }, token, SECRET, RESET_AT)).toBe(false);
    expect(checkResetToken({ ...user, lastLogin: new Date() }, token, SECRET, RESET_AT)).toBe(false);
    expect(checkResetToken({ ...user, email: 'other@example.com' }, token, SECRET, RESET_AT)).toBe(false);
    expect(checkResetToken({ ...user, id: 43 }, token, SECRET, RESET_AT)).toBe(false);
    for (const junk of ['', '-', 'c6dhc0', `${token}0`, token.toUpperCase(), 'c6dhc0-zzzz']) {
      expect(checkResetToken(user, junk, SECRET, RESET_AT)).toBe(false);
    }
  });
});
