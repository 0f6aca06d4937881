import { describe, expect, it } from 'vitest';
import { formatBytes } from './format.ts';

describe('formatBytes', () => {
  it("writes bytes in the language's plural forms", () => {
    expect(['0', '1', '2', '5', '196'].map((n) => formatBytes(Number(n), 'ru'))).toEqual([
      '0 байт',
      '1 байт',
      '2 байта',
      '5 байт',
      '196 байт',
    ]);
    expect([0, 1, 935].map((n) => formatBytes(n, 'en'))).toEqual(['0 bytes', '1 byte', '935 bytes']);
  });

  it('steps up to decimal units, one decimal below ten', () => {
    expect(formatBytes(1_500_000_000, 'ru')).toBe('1,5 ГБ');
    expect(formatBytes(340_000_000, 'en')).toBe('340 MB');
    expect(formatBytes(500, 'en')).toBe('500 bytes');
  });
});
