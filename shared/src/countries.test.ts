import { describe, expect, it } from 'vitest';
import { countryName, flagOf } from './countries.ts';

describe('countries', () => {
  it('draw a code as its flag, and nothing else', () => {
    expect(flagOf('RU')).toBe('🇷🇺');
    expect(flagOf('KZ')).toBe('🇰🇿');
    expect(flagOf('ru')).toBe('');
    expect(flagOf('Russia')).toBe('');
    expect(flagOf('')).toBe('');
  });

  it('name a code in both languages, one way (the full name), and leave anything else as it is', () => {
    expect(countryName('RU', 'ru')).toBe('Россия');
    expect(countryName('RU', 'en')).toBe('Russia');
    expect(countryName('KZ', 'ru')).toBe('Казахстан');
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('GB', 'ru')).toBe('Великобритания');
    expect(countryName('Moscow', 'en')).toBe('Moscow');
    expect(countryName('ru', 'en')).toBe('ru');
  });
});
