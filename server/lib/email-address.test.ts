import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './email-address.ts';

describe('canonicalEmail', () => {
  it.each([
    ['User@Example.COM', 'user@example.com'],
    ['user@\uff25\uff38\uff21\uff2d\uff30\uff2c\uff25.com', 'user@example.com'],
    ['user@exa\u212aple.com', 'user@exakple.com'],
    ['user@Пример.РФ', 'user@xn--e1afmkfd.xn--p1ai'],
    ['user@пример\uff0eрф', 'user@xn--e1afmkfd.xn--p1ai'],
    ['USER@XN--E1AFMKFD.XN--P1AI', 'user@xn--e1afmkfd.xn--p1ai'],
    ['  padded@example.com ', 'padded@example.com'],
  ])('%s → %s, and stays so', (address, canonical) => {
    expect(canonicalEmail(address)).toBe(canonical);
    expect(canonicalEmail(canonical)).toBe(canonical);
  });
});
