import { describe, expect, it } from 'vitest';
import { censorSecretFields, hasSecretQuery, redactText, redactUrl } from './logging.ts';

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

  it('hides the token however the path spells the link: as every router in front of the route may read it', () => {
    const token = 'Zk3VqP9xLmN2rT8wYb4cHd6sJf1gAe5u';
    const encoded = [...token].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    for (const url of [
      `/%72/${token}`,
      `/%52/${token}`,
      `/R/${token}`,
      `//r/${token}`,
      `/r//${token}`,
      `/./r/${token}`,
      `/%2e/r/./${token}`,
      `/x/../r/${token}`,
      `/r/x/../${token}`,
      `/r%2F${token}`,
      `/r/${encoded}`,
      `/r/%5A${token.slice(1)}?format=json`,
      `http://site/r/${token}`,
      `/en/r/${token}/`,
    ]) {
      const redacted = redactUrl(url);
      expect(decodeURIComponent(redacted), url).not.toContain(token.slice(4));
      expect(redacted, url).toContain('[Redacted]');
    }
    expect(redactUrl(`/%72/${token}`)).toBe('/%72/Zk3V[Redacted]');
    expect(redactUrl(`/r/x/../${token}`)).toBe('/r/x[Redacted]/../[Redacted]');
    expect(redactUrl(`/r/${encoded}`)).toBe('/r/Zk3V[Redacted]');
  });

  it('hides API keys: by the name of the parameter, and by their own pattern wherever they are', () => {
    const key = 'mpk_1a2b3c4d_0123456789abcdef0123456789abcdef01234567';
    for (const url of [
      `/api/v1/proxies/?api_key=${key}`,
      `/api/v1/proxies/?APIKEY=x${key}`,
      `/api/v1/proxies/?access_token=${key}`,
      `/api/v1/proxies/?q=${key}`,
      `/api/v1/proxies/?q=${encodeURIComponent(key).replaceAll('_', '%5F')}`,
      `/api/v1/${key}/`,
      `/?next=${encodeURIComponent(`/r/abcdefgh?api_key=${key}`)}`,
    ]) {
      const redacted = redactUrl(url);
      expect(decodeURIComponent(redacted), url).not.toContain(key.slice(13));
      expect(decodeURIComponent(redacted), url).not.toContain('efgh');
    }
    expect(redactUrl(`/api/v1/proxies/?q=${key}&page=2`)).toBe('/api/v1/proxies/?q=mpk_1a2b3c4d%5BRedacted%5D&page=2');
    expect(redactUrl(`/api/v1/proxies/?api_key=${key}`)).toBe('/api/v1/proxies/?api_key=%5BRedacted%5D');
  });

  it('leaves URLs without secrets untouched', () => {
    expect(redactUrl('/api/pages/?page=2&search=a+b')).toBe('/api/pages/?page=2&search=a+b');
    expect(redactUrl('/about')).toBe('/about');
    expect(redactUrl('/ru/about')).toBe('/ru/about');
  });
});

describe('redactText', () => {
  it('hides links and keys in any text: a message, a stack, a library warning, a logged JSON line', () => {
    const token = 'Zk3VqP9xLmN2rT8wYb4cHd6sJf1gAe5u';
    const key = 'mpk_1a2b3c4d_0123456789abcdef0123456789abcdef01234567';
    const texts = [
      `No routes matched location "/%72/${token}?api_key=${key}"`,
      `Error: GET http://127.0.0.1:8080//r/${token} failed\n    at fetch (/work/main/server/x.ts:1:2)`,
      JSON.stringify({ level: 50, msg: `key ${key} refused`, err: { message: `/R/./${token}` } }),
      `Bearer ${key}`,
    ];
    for (const text of texts) {
      const redacted = redactText(text);
      expect(decodeURIComponent(redacted), text).not.toContain(token.slice(4));
      expect(redacted, text).not.toContain(key.slice(13));
    }
    expect(redactText(`Bearer ${key}`)).toBe('Bearer mpk_1a2b3c4d[Redacted]');
    // Written twice (the access log's URL, then its line): the same line.
    const line = JSON.stringify({ req: { url: redactUrl(`/r/abc?token=x`) } });
    expect(redactText(line)).toBe(line);
  });

  it('leaves a text without secrets as it is', () => {
    for (const text of [
      '{"level":30,"msg":"request completed","req":{"url":"/api/v1/proxies/"}}',
      'the key mpk_1a2b3c4d was revoked',
      'GET /ru/rates?page=2',
    ]) {
      expect(redactText(text)).toBe(text);
    }
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
