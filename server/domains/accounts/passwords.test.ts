import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

describe('argon2id password hashes', () => {
  it('verify the right password only, with a fresh salt each time, in PHC format', async () => {
    const one = await hashPassword('correct horse');
    const two = await hashPassword('correct horse');
    expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword('correct horse', one)).toBe(true);
    expect(await verifyPassword('correct horsE', one)).toBe(false);
    expect(await verifyPassword('', one)).toBe(false);
  });

  it('never truncates: passwords sharing their first 72 bytes differ (AUTH-06)', async () => {
    const base = 'x'.repeat(72);
    const hash = await hashPassword(`${base}a`);
    expect(await verifyPassword(`${base}b`, hash)).toBe(false);
  });

  it('spends a hash even without a stored one, and refuses garbage', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'pbkdf2_sha256$600000$salt$hash')).toBe(false);
  });

  it('asks for a rehash when the parameters change', async () => {
    const hash = await hashPassword('pw', { memory: 8192, passes: 1, parallelism: 1 });
    expect(await verifyPassword('pw', hash)).toBe(true);
    expect(needsRehash(hash)).toBe(true);
    expect(needsRehash(await hashPassword('pw'))).toBe(false);
  });
});
