import { describe, expect, it } from 'vitest';
import { ApiError } from '@proxy/contract/api/errors';
import { NetworkError } from '@proxy/contract/api/errors';
import { NotFoundError, toErrorInfo } from './error-info.ts';

describe('toErrorInfo (spec §8)', () => {
  it.each([
    ['status', { status: 403, message: 'x' }, 403],
    ['statusCode', { statusCode: 410 }, 410],
    ['response.status', { response: { status: 502 } }, 502],
    ['nothing → 500', new Error('boom'), 500],
    ['an API 404', new ApiError(404, { detail: 'Not found.' }), 404],
    ['a failed validate check', new NotFoundError(), 404],
  ])('takes the status from %s', (_name, error, status) => {
    expect(toErrorInfo(error).status).toBe(status);
  });

  it("uses the error's message, or the serialised value for a non-Error", () => {
    expect(toErrorInfo(new Error('boom')).message).toBe('boom');
    expect(toErrorInfo({ code: 'E1' }).message).toBe('{"code":"E1"}');
    expect(toErrorInfo('plain').message).toBe('"plain"');
  });

  it('marks a request that got no answer, so the page can say so in its language', () => {
    expect(toErrorInfo(new NetworkError(new TypeError('Failed to fetch')))).toMatchObject({
      status: 500,
      network: true,
    });
    expect(toErrorInfo(new Error('boom')).network).toBe(false);
  });
});
