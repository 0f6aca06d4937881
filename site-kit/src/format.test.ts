import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatSigned, pluralOf } from './format.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatting', () => {
  it('writes dates and times one way in both languages', () => {
    expect(formatDate('2026-06-12T14:05:00Z', 'en')).toBe('Jun 12, 2026');
    expect(plain(formatDate('2026-06-12T14:05:00Z', 'ru'))).toBe('12 июн. 2026 г.');
    expect(formatDateTime('2026-06-12T14:05:00', 'en')).toMatch(/^Jun 12, 2026, 2:05 PM$/);
  });

  it('signs a change of a balance', () => {
    expect(plain(formatSigned(100_000, 'RUB', 'ru'))).toBe('+1 000 ₽');
    expect(formatSigned(-2_500, 'USD', 'en')).toBe('-$25');
  });

  it('picks the plural form the language needs', () => {
    expect([1, 2, 5, 21].map((count) => pluralOf(count, 'ru'))).toEqual(['one', 'few', 'many', 'one']);
    expect([1, 2, 5].map((count) => pluralOf(count, 'en'))).toEqual(['one', 'other', 'other']);
  });
});
