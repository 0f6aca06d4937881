import { describe, expect, it } from 'vitest';
import { censorSecretFields, hasSecretQuery, redactUrl } from './logging.ts';

describe('hasSecretQuery', () => {
  it("tells an e-mail link's URL from an ordinary one", () => {
    for (const url of ['/?uid=1&token=abc', '/en/?email_key=MQ:1x:abc', '/?UNSUBSCRIBE=x', '/user?email_change=a']) {
      expect(hasSecretQuery(url), url).toBe(true);
    }
    for (const url of ['/', '/en/about', '/order?period=30', '/?next=/ip', '/token']) {
      expect(hasSecretQuery(url), url).toBe(false);
    }
  });
});

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/?uid=1&token=abc-123&next=/ip')).toBe('/?uid=%5BRedacted%5D&token=%5BRedacted%5D&next=%2Fip');
    expect(redactUrl('/api/users/unsubscribe?token=s3cret')).not.toContain('s3cret');
    expect(redactUrl('/?email_key=MQ:1x:abc')).not.toContain('MQ:1x');
    expect(redactUrl('/en/?email_change=WzUsImEiXQ:1x:abc')).not.toContain('WzUsImEiXQ');
  });

  it("hides a change-IP link's token but its first four characters", () => {
    expect(redactUrl('/r/AbCdEfGhIjKlMnOpQrStUv')).toBe('/r/AbCd[Redacted]');
    expect(redactUrl('/r/AbCdEfGhIjKlMnOpQrStUv?token=x')).toBe('/r/AbCd[Redacted]?token=%5BRedacted%5D');
    expect(redactUrl('/r/abc')).toBe('/r/abc[Redacted]');
  });

  it('leaves URLs without secrets untouched', () => {
    expect(redactUrl('/api/pages/?page=2&search=a+b')).toBe('/api/pages/?page=2&search=a+b');
    expect(redactUrl('/about')).toBe('/about');
    expect(redactUrl('/ru/about')).toBe('/ru/about');
  });
});

describe('censorSecretFields', () => {
  it('censors passwords, tokens and keys one level down, without touching the logged objects', () => {
    const body = { email: 'a@example.com', password: 'hunter2', new_password1: 'x', token: 't', key: 'k' };
    const logged = { body, userId: 1, nested: { deeper: { password: 'kept out of reach, as before' } } };
    const out = censorSecretFields(logged);
    expect(out).toEqual({
      body: {
        email: 'a@example.com',
        password: '[Redacted]',
        new_password1: '[Redacted]',
        token: '[Redacted]',
        key: '[Redacted]',
      },
      userId: 1,
      nested: logged.nested,
    });
    expect(body.password).toBe('hunter2');
    const clean = { userId: 1, req: { method: 'GET' } };
    expect(censorSecretFields(clean)).toBe(clean);
  });
});
