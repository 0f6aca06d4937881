import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/?uid=1&token=abc-123&next=/ip')).toBe('/?uid=%5BRedacted%5D&token=%5BRedacted%5D&next=%2Fip');
    expect(redactUrl('/api/users/unsubscribe?token=s3cret')).not.toContain('s3cret');
    expect(redactUrl('/?email_key=MQ:1x:abc')).not.toContain('MQ:1x');
  });

  it('leaves URLs without secrets untouched', () => {
    expect(redactUrl('/api/pages/?page=2&search=a+b')).toBe('/api/pages/?page=2&search=a+b');
    expect(redactUrl('/about')).toBe('/about');
  });
});
