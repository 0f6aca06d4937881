import { describe, expect, it } from 'vitest';
import { CURRENCIES, decimalText, formatPrice, readDecimalText } from './money.ts';

/** What Intl writes, which formatPrice must write too (server and browser alike). */
const intl = (minor: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);

// Intl writes a no-break space (U+00A0) between the digit groups and before the sign in Russian.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatPrice', () => {
  it('shows whole amounts without kopecks or cents, others with two digits, in the language asked', () => {
    expect(plain(formatPrice(390_000, 'RUB', 'ru'))).toBe('3 900 ₽');
    expect(plain(formatPrice(11_667, 'RUB', 'ru'))).toBe('116,67 ₽');
    expect(plain(formatPrice(390_000, 'RUB', 'en'))).toBe('RUB 3,900');
    expect(formatPrice(2_950, 'USD', 'en')).toBe('$29.50');
    expect(formatPrice(2_900, 'USD', 'en')).toBe('$29');
    expect(plain(formatPrice(2_905, 'EUR', 'ru'))).toBe('29,05 €');
  });

  it('writes every amount exactly as Intl does, in both languages and every currency', () => {
    const amounts = [
      0, 1, 5, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456, 1_000_000, 12_345_678, 100_000_000,
    ];
    amounts.push(
      ...Array.from({ length: 200 }, (_, index) => Math.floor(Math.abs(Math.sin(index + 1)) * 10 ** (index % 12))),
    );
    for (const language of ['ru', 'en'] as const)
      for (const currency of CURRENCIES)
        for (const minor of [...amounts, ...amounts.filter((amount) => amount > 0).map((amount) => -amount)])
          expect(formatPrice(minor, currency, language), `${minor} ${currency} ${language}`).toBe(
            intl(minor, currency, language),
          );
  });
});

describe('readDecimalText', () => {
  it.each([
    ['2,5', 2, 2.5],
    ['2.5', 2, 2.5],
    ['2,55', 2, 2.55],
    [' 1 000,5 ', 1, 1000.5],
    ['0.1', 1, 0.1],
    ['15', 0, 15],
    ['1\u00a0000', 0, 1000],
  ])('reads %j (%i decimals) as %d, with either decimal mark', (text, decimals, value) => {
    expect(readDecimalText(text, { decimals })).toEqual({ value });
  });

  it.each([
    ['1.000,5', 2, 'format'],
    ['1,000.5', 2, 'format'],
    ['2,', 2, 'format'],
    ['2.5%', 2, 'format'],
    ['2,555', 2, 'decimals'],
    ['2,5', 0, 'decimals'],
    ['1,000', 0, 'decimals'],
    ['-2', 2, 'negative'],
    ['1234567890123', 0, 'above_max'],
  ])('refuses %j (%i decimals) as %s rather than guess', (text, decimals, problem) => {
    expect(readDecimalText(text, { decimals })).toEqual({ problem });
  });

  it('takes a sign when asked, and reads back what decimalText writes in either language', () => {
    expect(readDecimalText('-0,25', { decimals: 2, signed: true })).toEqual({ value: -0.25 });
    for (const language of ['ru', 'en'] as const)
      for (const value of [0, 2.5, 0.05, 1234.75, -3.5])
        expect(readDecimalText(decimalText(value, language), { decimals: 2, signed: true })).toEqual({ value });
    expect(decimalText(2.5, 'ru')).toBe('2,5');
    expect(decimalText(2.5, 'en')).toBe('2.5');
  });
});
