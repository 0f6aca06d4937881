// The customer API's error shape: what a script branches on (`code`) and reads (`message`), in its language.
import { describe, expect, it } from 'vitest';
import { toApiError } from './api-error.ts';

describe('toApiError', () => {
  it('words a 429 from its Retry-After, wholly in the language asked for', () => {
    const drf = { detail: 'Запрос был проигнорирован. Expected available in 5 seconds.' };
    for (const [wait, ru] of [
      [1, '1 секунду'],
      [3, '3 секунды'],
      [5, '5 секунд'],
      [11, '11 секунд'],
      [21, '21 секунду'],
      [24, '24 секунды'],
      [600, '600 секунд'],
    ] as const) {
      expect(toApiError(429, drf, 'ru', String(wait))).toEqual({
        error: { code: 'rate_limited', message: `Слишком много запросов. Повторите через ${ru}.` },
      });
    }
    expect(toApiError(429, drf, 'en', '1').error.message).toBe(
      'Request was throttled. Expected available in 1 second.',
    );
    expect(toApiError(429, drf, 'en', '5').error.message).toBe(
      'Request was throttled. Expected available in 5 seconds.',
    );
  });

  it('keeps the message of any other error, and of a 429 that says no wait', () => {
    expect(toApiError(404, { detail: 'Not found.' }, 'en')).toEqual({
      error: { code: 'not_found', message: 'Not found.' },
    });
    expect(toApiError(429, { detail: 'Busy.' }, 'en')).toEqual({ error: { code: 'rate_limited', message: 'Busy.' } });
  });
});
