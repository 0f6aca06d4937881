import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('a file size', () => {
  it('is written in the largest unit under 1024, with one decimal below 100, in the language', () => {
    expect(formatFileSize(900, 'en')).toBe('900 byte');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(50_633_113, 'en')).toBe('48.3 MB');
    expect(formatFileSize(50_633_113, 'ru')).toBe('48,3 МБ');
    expect(formatFileSize(250 * 1024 ** 2, 'en')).toBe('250 MB');
    expect(formatFileSize(3 * 1024 ** 4, 'en')).toBe('3,072 GB');
  });
});
