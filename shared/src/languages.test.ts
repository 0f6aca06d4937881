import { describe, expect, it } from 'vitest';
import { localizePath, negotiateLanguage, splitLanguage } from './languages.ts';

describe('languages', () => {
  it.each([
    [undefined, 'ru'],
    ['', 'ru'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,en;q=0.5', 'en'],
    ['fr', 'ru'],
    ['en;q=0.3,ru;q=0.8', 'ru'],
    ['ru;q=0,en', 'en'],
    ['EN-us', 'en'],
  ])('Accept-Language %s → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });

  it.each([
    [undefined, 'en'],
    ['fr', 'en'],
    ['ru', 'ru'],
    ['fr,ru;q=0.5', 'ru'],
  ])('Accept-Language %s with an English fallback → %s', (header, expected) => {
    expect(negotiateLanguage(header, 'en')).toBe(expected);
  });

  it('splits and adds the /en prefix', () => {
    expect(splitLanguage('/en/about')).toEqual({ language: 'en', path: '/about' });
    expect(splitLanguage('/en')).toEqual({ language: 'en', path: '/' });
    expect(splitLanguage('/english')).toEqual({ language: 'ru', path: '/english' });
    expect(splitLanguage('/about')).toEqual({ language: 'ru', path: '/about' });
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/about', 'en')).toBe('/en/about');
    expect(localizePath('/about', 'ru')).toBe('/about');
  });
});
