// Bad input on every account endpoint (docs/security.md: "every bad input gets a clear error and loses nothing"):
// missing, blank, oversized, wrong-typed and malicious values give a 4xx naming the problem, never a 500, and
// leave the account tables exactly as they were.
import { beforeAll, describe, expect, it } from 'vitest';
import { accountRowCounts, createUser, EN, freshEmail, RU, TEST_SECRET_KEY } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { multipartBody } from '../../test/images.ts';
import { brokenMultipartBodies } from '../../test/multipart.ts';

const PASSWORD = 'correct horse battery';
const MISSING = Symbol('missing');

/** `named`: a value no field accepts, so the 400 must name the field it was sent in. */
const BAD_VALUES: readonly { label: string; value: unknown; named: boolean }[] = [
  { label: 'missing', value: MISSING, named: true },
  { label: 'empty', value: '', named: true },
  { label: 'whitespace', value: '   \t ', named: true },
  { label: 'null', value: null, named: true },
  { label: 'boolean', value: true, named: true },
  { label: 'empty list', value: [], named: true },
  { label: 'list', value: ['a@b.co'], named: true },
  { label: 'object', value: { $ne: null }, named: true },
  { label: 'NUL byte', value: 'jane\u0000@example.com', named: true },
  { label: 'lone surrogate', value: 'ab\ud800cdefghij', named: true },
  // Plausible text for some fields (a password may be anything): refused, but maybe for another reason.
  { label: 'integer', value: 12_345_678, named: false },
  { label: 'float', value: 1.5, named: false },
  { label: '10k characters', value: `${'a'.repeat(10_000)}@example.com`, named: false },
  { label: '1 MB', value: 'p'.repeat(1_000_000), named: false },
  { label: 'SQL', value: "' OR '1'='1' --; DROP TABLE users; --", named: false },
  { label: 'homoglyph local part', value: 'аdmin@example.com', named: false },
  { label: 'CRLF header injection', value: 'a@b.co\r\nBcc: victim@example.com', named: false },
  { label: 'HTML', value: '<script>alert(1)</script>@example.com', named: false },
  { label: 'percent-encoded', value: '%00%27%22@exa%2Emple.com', named: false },
];

interface Endpoint {
  readonly url: string;
  /** A body that is rejected or changes nothing (unknown address, wrong password, bad token) on its own. */
  readonly base: () => Record<string, unknown>;
  /** Fields that may be absent or blank (login: username ignored, email checked by the view: "Must include"). */
  readonly blankAllowed?: readonly string[];
}

const ENDPOINTS: readonly Endpoint[] = [
  {
    url: '/api/auth/registration/',
    base: () => ({ email: 'taken@example.com', password1: PASSWORD, password2: PASSWORD }),
  },
  { url: '/api/auth/registration/verify-email/', base: () => ({ key: 'MQ:1r31eq:forged' }) },
  { url: '/api/auth/registration/resend-email/', base: () => ({ email: freshEmail('nobody') }) },
  {
    url: '/api/auth/login/',
    base: () => ({ username: '', email: 'taken@example.com', password: 'wrong password' }),
    blankAllowed: ['username', 'email'],
  },
  { url: '/api/auth/password/reset/', base: () => ({ email: freshEmail('nobody') }) },
  {
    url: '/api/auth/password/reset/confirm/',
    base: () => ({
      new_password1: PASSWORD,
      new_password2: PASSWORD,
      uid: '1',
      token: 'c6dhc0-0afe082f18d2bb28030cff5b',
    }),
  },
];

const CASES = ENDPOINTS.flatMap((endpoint) =>
  Object.keys(endpoint.base()).flatMap((field) => BAD_VALUES.map((bad) => ({ endpoint, field, ...bad }))),
);

describe.each(BACKENDS)('bad input on the account endpoints on $name', (backend) => {
  const suite = seededApp(backend, { env: { SECRET_KEY: TEST_SECRET_KEY } });
  beforeAll(async () => {
    await createUser(suite.testDb.db, { email: 'taken@example.com', password: PASSWORD });
  });

  it.each(CASES)('$endpoint.url $field = $label: 4xx, an error body, nothing written', async (c) => {
    const others = Object.entries(c.endpoint.base()).filter(([field]) => field !== c.field);
    const body = Object.fromEntries(c.value === MISSING ? others : [...others, [c.field, c.value]]);
    await suite.app.mailer.idle();
    const before = await accountRowCounts(suite.testDb.db);
    const response = await suite.app.inject({ method: 'POST', url: c.endpoint.url, payload: body, headers: EN });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const answer = response.json<Record<string, unknown>>();
    expect(Object.keys(answer).length).toBeGreaterThan(0);
    for (const messages of Object.values(answer)) {
      expect(typeof messages === 'string' || (Array.isArray(messages) && messages.length > 0)).toBe(true);
    }
    const blank = c.value === MISSING || (typeof c.value === 'string' && c.value.trim() === '');
    if (c.named && !(blank && c.endpoint.blankAllowed?.includes(c.field))) {
      expect(response.statusCode).toBe(400);
      expect(Object.keys(answer)).toContain(c.field);
    }
    await suite.app.mailer.idle();
    expect(await accountRowCounts(suite.testDb.db)).toEqual(before);
  });

  it('names the field for wrong types and sizes, with DRF’s messages', async () => {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/registration/',
      payload: { email: ['a@b.co'], password1: null, password2: 'x'.repeat(129) },
      headers: EN,
    });
    expect(response.json()).toEqual({
      email: ['Not a valid string.'],
      password1: ['This field may not be null.'],
      password2: ['Ensure this field has no more than 128 characters.'],
    });
    const nul = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/',
      payload: { email: 'jane\u0000@example.com' },
      headers: EN,
    });
    expect(nul.json()).toEqual({ email: ['Null characters are not allowed.', 'Enter a valid email address.'] });
  });

  it.each([
    ['a list', '[1, 2]', 'Invalid data. Expected a dictionary.'],
    ['a string', '"email"', 'Invalid data. Expected a dictionary.'],
    ['null', 'null', 'This field may not be null.'],
  ])('answers a body that is %s with non_field_errors', async (_name, payload, text) => {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload,
      headers: { ...EN, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [text] });
  });

  it('refuses prototype-polluting bodies in every format and pollutes nothing', async () => {
    const before = await accountRowCounts(suite.testDb.db);
    for (const payload of [
      '{"__proto__": {"is_superuser": true}, "email": "x@example.com", "password": "p"}',
      '{"constructor": {"prototype": {"is_superuser": true}}, "email": "x@example.com", "password": "p"}',
    ]) {
      const response = await suite.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^JSON parse error - /);
    }
    const form = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/registration/',
      payload: `__proto__[is_superuser]=1&__proto__=x&constructor[prototype][x]=1&email=${freshEmail()}&password1=a&password2=a`,
      headers: { ...EN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(400);
    const boundary = 'b0undary';
    const multipart = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="__proto__"',
        '',
        'x',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(multipart.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).is_superuser).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(await accountRowCounts(suite.testDb.db)).toEqual(before);
  });

  it('treats an uploaded file as a wrong-typed field and refuses big uploads', async () => {
    const boundary = 'b0undary';
    const part = (extra: string, content: string) =>
      [`--${boundary}`, `Content-Disposition: form-data; name="email"${extra}`, '', content].join('\r\n');
    const small = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/',
      payload: `${part('; filename="a.txt"\r\nContent-Type: text/plain', 'a@b.co')}\r\n--${boundary}--\r\n`,
      headers: { ...EN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ email: ['Not a valid string.'] });
    const big = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/',
      payload: `${part('; filename="a.bin"', 'x'.repeat(200_000))}\r\n--${boundary}--\r\n`,
      headers: { ...EN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(big.statusCode).toBe(413);
  });

  describe('a truncated or garbled multipart body (#43: a 500)', () => {
    const parts = [{ name: 'email', data: freshEmail('cut') }];
    const SEVEN = [
      '/api/auth/registration/',
      '/api/auth/registration/verify-email/',
      '/api/auth/registration/resend-email/',
      '/api/auth/login/',
      '/api/auth/logout/',
      '/api/auth/password/reset/',
      '/api/auth/password/reset/confirm/',
    ];
    const MALFORMED = { en: 'Malformed request.', ru: 'Искаженный запрос.' } as const;

    it.each(SEVEN.flatMap((url) => brokenMultipartBodies(parts).map((broken) => ({ url, ...broken }))))(
      '$url, a body $label: 400 Malformed request in en and ru, nothing written',
      async ({ url, payload, headers }) => {
        await suite.app.mailer.idle();
        const before = await accountRowCounts(suite.testDb.db);
        for (const language of ['en', 'ru'] as const) {
          const response = await suite.app.inject({
            method: 'POST',
            url,
            payload,
            headers: { ...headers, 'accept-language': language },
          });
          expect({ status: response.statusCode, body: response.body }).toEqual({
            status: 400,
            body: JSON.stringify({ detail: MALFORMED[language] }),
          });
          expect(response.headers['content-language']).toBe(language);
        }
        await suite.app.mailer.idle();
        expect(await accountRowCounts(suite.testDb.db)).toEqual(before);
      },
    );

    it('takes the same body whole (the refusal is the framing’s)', async () => {
      const whole = multipartBody(parts);
      const response = await suite.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: whole.payload,
        headers: { ...EN, ...whole.headers },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ password: ['This field is required.'] });
    });

    it('refuses a multipart body declared over 1 MiB (413) without reading it, and a field cut by its limit', async () => {
      const whole = multipartBody(parts);
      const declared = await suite.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: whole.payload,
        headers: { ...EN, ...whole.headers, 'content-length': String(2 * 1024 * 1024) },
      });
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toEqual({ detail: 'Request body is too large.' });
      expect(declared.headers.connection).toBe('close');
      const long = multipartBody([{ name: 'key', data: 'k'.repeat(65 * 1024) }]);
      const cut = await suite.app.inject({
        method: 'POST',
        url: '/api/auth/registration/verify-email/',
        payload: long.payload,
        headers: { ...RU, ...long.headers },
      });
      expect(cut.statusCode).toBe(413);
      expect(cut.json()).toEqual({ detail: 'Слишком большой размер запроса.' });
    });
  });

  it('refuses other content types (415) and bodies over 1 MiB (413)', async () => {
    const text = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: 'email=a',
      headers: { ...EN, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const huge = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'a@b.co', password: 'p'.repeat(2 * 1024 * 1024) },
      headers: EN,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it.each([
    ['huge', `Token ${'a'.repeat(8000)}`],
    ['SQL', "Token ' OR 1=1 --"],
    ['path', 'Token ../../../etc/passwd'],
    ['UTF-8 bytes', `Token ${Buffer.from('ключ', 'utf8').toString('latin1')}`],
    ['invalid UTF-8', `Token ${Buffer.from([0xff, 0xfe, 0x41]).toString('latin1')}`],
  ])('answers a %s Authorization header with 401', async (_name, authorization) => {
    const response = await suite.app.inject({ url: '/api/users/', headers: { ...EN, authorization } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Token');
  });

  it.each([
    ['huge', `?token=${'a'.repeat(5000)}`, 400],
    ['SQL', `?token=${encodeURIComponent("1' OR '1'='1")}`, 404],
    ['repeated', '?token=a&token=b', 400],
    ['blank', '?token=%20', 400],
    ['NUL', '?token=%00', 404],
  ])('answers a %s unsubscribe token with %d', async (_name, query, status) => {
    const response = await suite.app.inject({ url: `/api/users/unsubscribe${query}`, headers: EN });
    expect(response.statusCode).toBe(status);
  });
});
