// Every row of docs/auth-api-contract.md against the real app, in ru and en: status, body byte for byte, and the headers
// the client reads (WWW-Authenticate, Retry-After, Allow, Content-Language).
import type { Language } from '@proxy/contract/languages';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEmailConfirmationKey, makeResetToken, makeUnsubscribeToken, toBase36 } from '../../lib/signing.ts';
import { COMPRESS_MIN_BYTES } from '../../plugins/compression.ts';
import type { User } from './users-repository.ts';
import {
  accountRowCounts,
  createUser,
  freshEmail,
  LANGUAGE_HEADERS,
  login,
  TEST_SECRET_KEY,
  tokenHeader,
} from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';

const LANGUAGES: readonly Language[] = ['ru', 'en'];
const PASSWORD = 'correct horse battery';
const DAY_MS = 86_400_000;

/** The status, the exact bytes of the body, and the language headers. */
function expectAnswer(
  response: LightMyRequestResponse,
  language: Language,
  status: number,
  body: unknown,
  headers: Record<string, string | RegExp | undefined> = {},
): void {
  expect({ status: response.statusCode, body: response.body }).toEqual({ status, body: JSON.stringify(body) });
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['content-language']).toBe(language);
  // A body big enough to be compressed varies by Accept-Encoding too (server/plugins/compression.ts).
  const compressible = response.rawPayload.length >= COMPRESS_MIN_BYTES;
  expect(response.headers.vary).toBe(`Accept, Accept-Language${compressible ? ', Accept-Encoding' : ''}`);
  for (const [name, value] of Object.entries(headers)) {
    if (value instanceof RegExp) expect(response.headers[name]).toMatch(value);
    else expect(response.headers[name]).toBe(value);
  }
}

const byLanguage = <T>(ru: T, en: T) => ({ ru, en });

describe.each(BACKENDS)('auth API conformance on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let verified: User;
  let unverified: User;
  let inactive: User;

  const send = (language: Language, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...LANGUAGE_HEADERS[language], ...options.headers } });
  const post = (language: Language, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    send(language, { method: 'POST', url, payload: payload as InjectOptions['payload'], headers });

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    app = await buildTestApp({ db: testDb.db, env: { SECRET_KEY: TEST_SECRET_KEY } });
    verified = await createUser(testDb.db, { email: 'verified@example.com', password: PASSWORD });
    unverified = await createUser(testDb.db, { email: 'unverified@example.com', password: PASSWORD, verified: false });
    inactive = await createUser(testDb.db, { email: 'inactive@example.com', password: PASSWORD, active: false });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  describe('1. POST /api/auth/registration/', () => {
    const url = '/api/auth/registration/';

    it.each(LANGUAGES)('%s: 201 with the detail, no token, a confirmation mail', async (language) => {
      const email = freshEmail();
      const before = await accountRowCounts(testDb.db);
      const response = await post(language, url, { email, password1: PASSWORD, password2: PASSWORD });
      expectAnswer(
        response,
        language,
        201,
        byLanguage({ detail: 'Письмо с подтверждением выслано.' }, { detail: 'Verification e-mail sent.' })[language],
      );
      await app.mailer.idle();
      const after = await accountRowCounts(testDb.db);
      expect(after).toEqual({ users: before.users + 1, tokens: before.tokens, outbox: before.outbox + 1 });
      const [row] = await testDb.db.query<{ language: string; email_verified: boolean; subscribed: boolean }>(
        'SELECT language, email_verified, subscribed FROM users WHERE email = $1',
        [email],
      );
      expect(row).toEqual({ language, email_verified: false, subscribed: true });
    });

    it.each(LANGUAGES)('%s: 400 every field required', async (language) => {
      const required = byLanguage('Обязательное поле.', 'This field is required.')[language];
      expectAnswer(await post(language, url, {}), language, 400, {
        email: [required],
        password1: [required],
        password2: [required],
      });
    });

    it.each(LANGUAGES)('%s: 400 blank fields', async (language) => {
      const blank = byLanguage('Это поле не может быть пустым.', 'This field may not be blank.')[language];
      expectAnswer(await post(language, url, { email: '', password1: '', password2: ' ' }), language, 400, {
        email: [blank],
        password1: [blank],
        password2: [blank],
      });
    });

    it.each(LANGUAGES)('%s: 400 invalid e-mail', async (language) => {
      const response = await post(language, url, { email: 'not-an-email', password1: PASSWORD, password2: PASSWORD });
      expectAnswer(response, language, 400, {
        email: [byLanguage('Введите правильный адрес электронной почты.', 'Enter a valid email address.')[language]],
      });
    });

    it.each(LANGUAGES)('%s: 400 address taken, whatever its case', async (language) => {
      const response = await post(language, url, {
        email: 'Verified@EXAMPLE.com',
        password1: PASSWORD,
        password2: PASSWORD,
      });
      expectAnswer(response, language, 400, {
        email: [
          byLanguage(
            'Пользователь с таким e-mail адресом уже зарегистрирован.',
            'A user is already registered with this e-mail address.',
          )[language],
        ],
      });
    });

    it.each(LANGUAGES)('%s: 400 every password-validator message under password1, in order', async (language) => {
      const response = await post(language, url, { email: freshEmail(), password1: '1234567', password2: '1234567' });
      expectAnswer(response, language, 400, {
        password1: byLanguage(
          [
            'Введённый пароль слишком короткий. Он должен содержать как минимум 8 символов.',
            'Введённый пароль слишком широко распространён.',
            'Введённый пароль состоит только из цифр.',
          ],
          [
            'This password is too short. It must contain at least 8 characters.',
            'This password is too common.',
            'This password is entirely numeric.',
          ],
        )[language],
      });
    });

    it.each(LANGUAGES)('%s: 400 passwords differ (only once the fields are valid)', async (language) => {
      const response = await post(language, url, {
        email: freshEmail(),
        password1: PASSWORD,
        password2: `${PASSWORD}!`,
      });
      expectAnswer(response, language, 400, {
        non_field_errors: [byLanguage('Пароли не совпадают.', "The two password fields didn't match.")[language]],
      });
      const withFieldError = await post(language, url, { email: 'bad', password1: PASSWORD, password2: 'other one' });
      expect(Object.keys(withFieldError.json())).toEqual(['email']);
    });

    it.each(LANGUAGES)('%s: 400 password similar to the e-mail as non_field_errors', async (language) => {
      const email = freshEmail('similarity');
      const response = await post(language, url, { email, password1: email, password2: email });
      expectAnswer(response, language, 400, {
        non_field_errors: [
          byLanguage(
            'Введённый пароль слишком похож на адрес электронной почты.',
            'The password is too similar to the email address.',
          )[language],
        ],
      });
    });
  });

  describe('2. POST /api/auth/registration/verify-email/', () => {
    const url = '/api/auth/registration/verify-email/';

    it.each(LANGUAGES)('%s: 200 "ок" (Cyrillic in ru), then the key is dead', async (language) => {
      const user = await createUser(testDb.db, { email: freshEmail(), verified: false });
      const key = makeEmailConfirmationKey(user.id, TEST_SECRET_KEY);
      expectAnswer(await post(language, url, { key }), language, 200, { detail: byLanguage('ок', 'ok')[language] });
      const [row] = await testDb.db.query<{ email_verified: boolean }>(
        'SELECT email_verified FROM users WHERE id = $1',
        [user.id],
      );
      expect(row?.email_verified).toBe(true);
      const notFound = { detail: byLanguage('Страница не найдена.', 'Not found.')[language] };
      expectAnswer(await post(language, url, { key }), language, 404, notFound);
    });

    it.each(LANGUAGES)('%s: 400 key required', async (language) => {
      expectAnswer(await post(language, url, {}), language, 400, {
        key: [byLanguage('Обязательное поле.', 'This field is required.')[language]],
      });
    });

    it.each(LANGUAGES)('%s: 404 for a bad, tampered or expired key', async (language) => {
      const user = await createUser(testDb.db, { email: freshEmail(), verified: false });
      const good = makeEmailConfirmationKey(user.id, TEST_SECRET_KEY);
      const notFound = { detail: byLanguage('Страница не найдена.', 'Not found.')[language] };
      for (const key of [
        'garbage',
        `${good.slice(0, -2)}xx`,
        makeEmailConfirmationKey(user.id, TEST_SECRET_KEY, Date.now() - 3 * DAY_MS - 60_000),
        makeEmailConfirmationKey(user.id, 'another-secret-key-0123456789abcdef'),
        makeEmailConfirmationKey(999_999, TEST_SECRET_KEY),
      ]) {
        expectAnswer(await post(language, url, { key }), language, 404, notFound);
      }
    });
  });

  describe('2b. POST /api/auth/registration/resend-email/', () => {
    const url = '/api/auth/registration/resend-email/';

    it.each(LANGUAGES)(
      '%s: 200 whether or not the address exists; mail only to unverified accounts',
      async (language) => {
        const ok = { detail: byLanguage('ок', 'ok')[language] };
        await app.mailer.idle();
        const before = await accountRowCounts(testDb.db);
        expectAnswer(await post(language, url, { email: 'UNVERIFIED@example.com' }), language, 200, ok);
        expectAnswer(await post(language, url, { email: freshEmail('nobody') }), language, 200, ok);
        expectAnswer(await post(language, url, { email: verified.email }), language, 200, ok);
        await app.mailer.idle();
        expect((await accountRowCounts(testDb.db)).outbox).toBe(before.outbox + 1);
      },
    );

    it.each(LANGUAGES)('%s: 400 invalid e-mail', async (language) => {
      expectAnswer(await post(language, url, { email: 'nope' }), language, 400, {
        email: [byLanguage('Введите правильный адрес электронной почты.', 'Enter a valid email address.')[language]],
      });
    });
  });

  describe('3. POST /api/auth/login/', () => {
    const url = '/api/auth/login/';
    const unable = byLanguage(
      { non_field_errors: ['Невозможно войти в систему с указанными учётными данными.'] },
      { non_field_errors: ['Unable to log in with provided credentials.'] },
    );

    it.each(LANGUAGES)('%s: 200 with a new 40-hex key per login, username ignored', async (language) => {
      const one = await post(language, url, { username: '', email: verified.email, password: PASSWORD });
      const two = await post(language, url, {
        username: 'whatever',
        email: 'VERIFIED@example.com',
        password: PASSWORD,
      });
      for (const response of [one, two]) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toMatch(/^\{"key":"[0-9a-f]{40}"\}$/);
        expect(response.headers['content-language']).toBe(language);
      }
      expect(one.json().key).not.toBe(two.json().key);
      for (const key of [one.json().key, two.json().key]) {
        expect((await app.inject({ url: '/api/users/', headers: tokenHeader(key) })).statusCode).toBe(200);
      }
    });

    it.each(LANGUAGES)('%s: 400 password required', async (language) => {
      expectAnswer(await post(language, url, { email: verified.email }), language, 400, {
        password: [byLanguage('Обязательное поле.', 'This field is required.')[language]],
      });
    });

    it.each(LANGUAGES)('%s: 400 invalid e-mail', async (language) => {
      expectAnswer(await post(language, url, { email: 'nope', password: PASSWORD }), language, 400, {
        email: [byLanguage('Введите правильный адрес электронной почты.', 'Enter a valid email address.')[language]],
      });
    });

    it.each(LANGUAGES)('%s: 400 Must include "email" and "password"', async (language) => {
      const body = {
        non_field_errors: [
          byLanguage('Должно включать "email" и "password".', 'Must include "email" and "password".')[language],
        ],
      };
      expectAnswer(await post(language, url, { password: PASSWORD }), language, 400, body);
      expectAnswer(await post(language, url, { username: 'jane', email: '', password: PASSWORD }), language, 400, body);
    });

    it.each(LANGUAGES)('%s: 400 Unable to log in: wrong password, unknown address, inactive user', async (language) => {
      expectAnswer(
        await post(language, url, { email: verified.email, password: 'wrong password' }),
        language,
        400,
        unable[language],
      );
      expectAnswer(
        await post(language, url, { email: freshEmail(), password: PASSWORD }),
        language,
        400,
        unable[language],
      );
      expectAnswer(
        await post(language, url, { email: inactive.email, password: PASSWORD }),
        language,
        400,
        unable[language],
      );
      // Unverified, wrong password: the generic answer, the address's state is not revealed.
      expectAnswer(
        await post(language, url, { email: unverified.email, password: 'wrong' }),
        language,
        400,
        unable[language],
      );
    });

    it.each(LANGUAGES)('%s: 400 E-mail is not verified (only after the password was right)', async (language) => {
      const before = await accountRowCounts(testDb.db);
      expectAnswer(await post(language, url, { email: unverified.email, password: PASSWORD }), language, 400, {
        non_field_errors: [byLanguage('E-mail не подтверждён.', 'E-mail is not verified.')[language]],
      });
      expect((await accountRowCounts(testDb.db)).tokens).toBe(before.tokens);
    });
  });

  describe('4. POST /api/auth/logout/', () => {
    it.each(LANGUAGES)('%s: 200 revokes that token only; 200 without a token; 401 for a dead one', async (language) => {
      const loggedOut = { detail: byLanguage('Успешно вышли.', 'Successfully logged out.')[language] };
      const key = await login(app, verified.email, PASSWORD);
      const other = await login(app, verified.email, PASSWORD);
      expectAnswer(await post(language, '/api/auth/logout/', undefined, tokenHeader(key)), language, 200, loggedOut);
      expect((await app.inject({ url: '/api/users/', headers: tokenHeader(key) })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/users/', headers: tokenHeader(other) })).statusCode).toBe(200);
      expectAnswer(await post(language, '/api/auth/logout/'), language, 200, loggedOut);
      expectAnswer(
        await post(language, '/api/auth/logout/', {}, tokenHeader(key)),
        language,
        401,
        { detail: byLanguage('Недопустимый токен.', 'Invalid token.')[language] },
        { 'www-authenticate': 'Token' },
      );
    });
  });

  describe('5. POST /api/auth/password/reset/', () => {
    const url = '/api/auth/password/reset/';

    it.each(LANGUAGES)(
      '%s: 200 the same for known, unknown and inactive addresses; mail only to the known',
      async (language) => {
        const sent = {
          detail: byLanguage(
            'Письмо с инструкциями по восстановлению пароля выслано.',
            'Password reset e-mail has been sent.',
          )[language],
        };
        await app.mailer.idle();
        const before = await accountRowCounts(testDb.db);
        expectAnswer(await post(language, url, { email: 'Verified@Example.com' }), language, 200, sent);
        expectAnswer(await post(language, url, { email: freshEmail('nobody') }), language, 200, sent);
        expectAnswer(await post(language, url, { email: inactive.email }), language, 200, sent);
        await app.mailer.idle();
        expect((await accountRowCounts(testDb.db)).outbox).toBe(before.outbox + 1);
        const [mail] = await testDb.db.query<{ recipient: string }>(
          'SELECT recipient FROM outbox ORDER BY id DESC LIMIT 1',
        );
        expect(mail?.recipient).toBe(verified.email);
      },
    );

    it.each(LANGUAGES)('%s: 400 missing or malformed e-mail', async (language) => {
      expectAnswer(await post(language, url, {}), language, 400, {
        email: [byLanguage('Обязательное поле.', 'This field is required.')[language]],
      });
      expectAnswer(await post(language, url, { email: 'a@b' }), language, 400, {
        email: [byLanguage('Введите правильный адрес электронной почты.', 'Enter a valid email address.')[language]],
      });
    });
  });

  describe('6. POST /api/auth/password/reset/confirm/', () => {
    const url = '/api/auth/password/reset/confirm/';
    const NEW_PASSWORD = 'a brand new passphrase';

    it.each(LANGUAGES)('%s: 200, then every old token and the link itself are dead', async (language) => {
      const user = await createUser(testDb.db, { email: freshEmail(), password: PASSWORD });
      const key = await login(app, user.email, PASSWORD);
      const [fresh] = await testDb.db.query<{ last_login: Date; password_hash: string }>(
        'SELECT last_login, password_hash FROM users WHERE id = $1',
        [user.id],
      );
      const subject = {
        id: user.id,
        passwordHash: fresh?.password_hash as string,
        lastLogin: new Date(fresh?.last_login as Date),
        email: user.email,
      };
      const token = makeResetToken(subject, TEST_SECRET_KEY);
      const body = { uid: toBase36(user.id), token, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD };
      expectAnswer(await post(language, url, body), language, 200, {
        detail: byLanguage('Пароль изменён на новый.', 'Password has been reset with the new password.')[language],
      });
      expect((await app.inject({ url: '/api/users/', headers: tokenHeader(key) })).statusCode).toBe(401);
      expectAnswer(await post(language, url, body), language, 400, { token: ['Invalid value'] });
      await login(app, user.email, NEW_PASSWORD);
    });

    it.each(LANGUAGES)('%s: 400 all four required, in DRF order', async (language) => {
      const required = byLanguage('Обязательное поле.', 'This field is required.')[language];
      const response = await post(language, url, {});
      expectAnswer(response, language, 400, {
        new_password1: [required],
        new_password2: [required],
        uid: [required],
        token: [required],
      });
    });

    it.each(LANGUAGES)('%s: 400 uid Invalid value (English in ru too)', async (language) => {
      for (const uid of ['zzzzzz', '!!', '0']) {
        const response = await post(language, url, {
          uid,
          token: 'x-y',
          new_password1: NEW_PASSWORD,
          new_password2: NEW_PASSWORD,
        });
        expectAnswer(response, language, 400, { uid: ['Invalid value'] });
      }
    });

    it.each(LANGUAGES)('%s: 400 token Invalid value for bad, expired or stale tokens', async (language) => {
      const subject = { id: verified.id, passwordHash: verified.passwordHash, lastLogin: null, email: verified.email };
      const [current] = await testDb.db.query<{ last_login: Date | null; password_hash: string }>(
        'SELECT last_login, password_hash FROM users WHERE id = $1',
        [verified.id],
      );
      const live = {
        ...subject,
        passwordHash: current?.password_hash as string,
        lastLogin: current?.last_login ? new Date(current.last_login) : null,
      };
      for (const token of [
        'garbage',
        makeResetToken(live, TEST_SECRET_KEY, Date.now() - 3 * DAY_MS - 60_000),
        makeResetToken({ ...live, lastLogin: new Date(Date.UTC(2020, 0, 1)) }, TEST_SECRET_KEY),
        makeResetToken(live, 'another-secret-key-0123456789abcdef'),
      ]) {
        const response = await post(language, url, {
          uid: toBase36(verified.id),
          token,
          new_password1: NEW_PASSWORD,
          new_password2: NEW_PASSWORD,
        });
        expectAnswer(response, language, 400, { token: ['Invalid value'] });
      }
    });

    it.each(LANGUAGES)('%s: 400 mismatch under new_password2, then validators there', async (language) => {
      const user = await createUser(testDb.db, { email: freshEmail('reset'), password: PASSWORD });
      const token = makeResetToken(
        { id: user.id, passwordHash: user.passwordHash, lastLogin: null, email: user.email },
        TEST_SECRET_KEY,
      );
      const base = { uid: toBase36(user.id), token };
      expectAnswer(
        await post(language, url, { ...base, new_password1: NEW_PASSWORD, new_password2: 'something else' }),
        language,
        400,
        {
          new_password2: [
            byLanguage('Введенные пароли не совпадают.', 'The two password fields didn’t match.')[language],
          ],
        },
      );
      expectAnswer(
        await post(language, url, { ...base, new_password1: user.email, new_password2: user.email }),
        language,
        400,
        {
          new_password2: [
            byLanguage(
              'Введённый пароль слишком похож на адрес электронной почты.',
              'The password is too similar to the email address.',
            )[language],
          ],
        },
      );
      expectAnswer(
        await post(language, url, { ...base, new_password1: '1234567', new_password2: '1234567' }),
        language,
        400,
        {
          new_password2: byLanguage(
            [
              'Введённый пароль слишком короткий. Он должен содержать как минимум 8 символов.',
              'Введённый пароль слишком широко распространён.',
              'Введённый пароль состоит только из цифр.',
            ],
            [
              'This password is too short. It must contain at least 8 characters.',
              'This password is too common.',
              'This password is entirely numeric.',
            ],
          )[language],
        },
      );
    });
  });

  describe('7. GET /api/users/', () => {
    it.each(LANGUAGES)('%s: 200 the signed-in user, not cached', async (language) => {
      const staff = await createUser(testDb.db, {
        email: freshEmail('staff'),
        staff: true,
        permissions: ['pages.view_page', 'pages.add_page'],
        language: 'en',
      });
      const key = await login(app, staff.email);
      const response = await send(language, { url: '/api/users/', headers: tokenHeader(key) });
      expectAnswer(response, language, 200, {
        pk: staff.id,
        email: staff.email,
        premission: ['pages.view_page', 'pages.add_page'],
        is_superuser: false,
        language: 'en',
        subscribed: true,
        date_joined: staff.dateJoined.toISOString(),
        balance: 0,
        currency: 'RUB',
      });
      expect(response.headers['cache-control']).toBe('no-store');
      // The trailing slash is optional, and the scheme word's case does not matter.
      for (const authorization of [`token ${key}`, `TOKEN ${key}`, `Token  ${key} `]) {
        expect((await app.inject({ url: '/api/users', headers: { authorization } })).statusCode).toBe(200);
      }
    });

    it.each(LANGUAGES)('%s: 401 + WWW-Authenticate for every kind of missing or bad credentials', async (language) => {
      const inactiveUser = await createUser(testDb.db, { email: freshEmail('soon-inactive') });
      const inactiveKey = await login(app, inactiveUser.email);
      await testDb.db.query('UPDATE users SET is_active = false WHERE id = $1', [inactiveUser.id]);
      const liveKey = await login(app, verified.email, PASSWORD);
      const cases: [Record<string, string>, string, string][] = [
        [{}, 'Учетные данные не были предоставлены.', 'Authentication credentials were not provided.'],
        [
          { authorization: `Bearer ${liveKey}` },
          'Учетные данные не были предоставлены.',
          'Authentication credentials were not provided.',
        ],
        // The cookie the SSR reads is never a credential for the API (no CSRF).
        [
          { cookie: `accessToken=${liveKey}` },
          'Учетные данные не были предоставлены.',
          'Authentication credentials were not provided.',
        ],
        [{ authorization: 'Token 0123456789abcdef0123456789abcdef01234567' }, 'Недопустимый токен.', 'Invalid token.'],
        [{ authorization: `Token ${liveKey.toUpperCase()}` }, 'Недопустимый токен.', 'Invalid token.'],
        [
          { authorization: 'Token' },
          'Недопустимый заголовок токена. Не предоставлены учетные данные.',
          'Invalid token header. No credentials provided.',
        ],
        [
          { authorization: 'Token a b' },
          'Недопустимый заголовок токена. Токен не должен содержать пробелов.',
          'Invalid token header. Token string should not contain spaces.',
        ],
        [{ authorization: `Token ${inactiveKey}` }, 'Пользователь неактивен или удален.', 'User inactive or deleted.'],
      ];
      for (const [headers, ru, en] of cases) {
        const response = await send(language, { url: '/api/users/', headers });
        expectAnswer(
          response,
          language,
          401,
          { detail: byLanguage(ru, en)[language] },
          { 'www-authenticate': 'Token' },
        );
      }
    });
  });

  describe('8. GET /api/users/unsubscribe', () => {
    it.each(LANGUAGES)(
      '%s: 200 {"result":"ok"}, idempotent; 404 for a bad token; 400 without one',
      async (language) => {
        const user = await createUser(testDb.db, { email: freshEmail('reader') });
        const token = makeUnsubscribeToken(user.id, TEST_SECRET_KEY);
        for (let i = 0; i < 2; i++) {
          const response = await send(language, { url: `/api/users/unsubscribe?token=${encodeURIComponent(token)}` });
          expectAnswer(response, language, 200, { result: 'ok' });
        }
        const [row] = await testDb.db.query<{ subscribed: boolean }>('SELECT subscribed FROM users WHERE id = $1', [
          user.id,
        ]);
        expect(row?.subscribed).toBe(false);
        expectAnswer(await send(language, { url: '/api/users/unsubscribe/?token=forged:token' }), language, 404, {
          detail: byLanguage('Страница не найдена.', 'Not found.')[language],
        });
        expectAnswer(await send(language, { url: '/api/users/unsubscribe' }), language, 400, {
          token: [byLanguage('Обязательное поле.', 'This field is required.')[language]],
        });
      },
    );
  });

  describe('wire format', () => {
    it.each(LANGUAGES)('%s: malformed JSON is 400 JSON parse error', async (language) => {
      const response = await send(language, {
        method: 'POST',
        url: '/api/auth/login/',
        payload: '{"email": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^JSON parse error - /);
      expect(response.headers['content-language']).toBe(language);
    });

    it.each(LANGUAGES)('%s: a wrong method is 405 with Allow', async (language) => {
      const text = byLanguage('Метод "GET" не разрешен.', 'Method "GET" not allowed.')[language];
      for (const url of [
        '/api/auth/login/',
        '/api/auth/logout/',
        '/api/auth/registration/',
        '/api/auth/registration/verify-email/',
        '/api/auth/registration/resend-email/',
        '/api/auth/password/reset/',
        '/api/auth/password/reset/confirm/',
      ]) {
        expectAnswer(await send(language, { method: 'GET', url }), language, 405, { detail: text }, { allow: 'POST' });
      }
      const put = await send(language, { method: 'PUT', url: '/api/users/' });
      expectAnswer(
        put,
        language,
        405,
        { detail: byLanguage('Метод "PUT" не разрешен.', 'Method "PUT" not allowed.')[language] },
        // PATCH: the user page's mailing switch.
        { allow: 'GET, HEAD, PATCH' },
      );
    });

    it.each(LANGUAGES)('%s: an unknown /api path is a JSON 404', async (language) => {
      expectAnswer(await send(language, { url: '/api/auth/nope/' }), language, 404, {
        detail: byLanguage('Страница не найдена.', 'Not found.')[language],
      });
    });

    it('takes form-encoded and multipart bodies on the auth endpoints, and both path forms', async () => {
      const form = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: `email=${encodeURIComponent(verified.email)}&password=${encodeURIComponent(PASSWORD)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(200);
      const boundary = '----test-boundary';
      const multipartBody = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="email"',
        '',
        verified.email,
        `--${boundary}`,
        'Content-Disposition: form-data; name="password"',
        '',
        PASSWORD,
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const multipartResponse = await app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: multipartBody,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(multipartResponse.statusCode).toBe(200);
      expect(multipartResponse.json().key).toMatch(/^[0-9a-f]{40}$/);
      const formErrors = await app.inject({
        method: 'POST',
        url: '/api/auth/registration/',
        payload: 'email=&password1=k9%23Vt',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      });
      expect(formErrors.json()).toEqual({
        email: ['This field may not be blank.'],
        password1: ['This password is too short. It must contain at least 8 characters.'],
        password2: ['This field is required.'],
      });
    });
  });

  describe('throttling (ours)', () => {
    let limited: FastifyInstance;
    beforeAll(async () => {
      limited = await buildTestApp({ db: testDb.db, env: { SECRET_KEY: TEST_SECRET_KEY, RATE_LIMITS: 'on' } });
    });
    afterAll(() => limited.close());

    it.each(LANGUAGES)('%s: 429 with DRF’s Throttled body and Retry-After', async (language) => {
      const address = language === 'ru' ? '10.0.0.1' : '10.0.0.2';
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: freshEmail(), password: 'x' },
          remoteAddress: address,
          headers: LANGUAGE_HEADERS[language],
        });
      for (let i = 0; i < 20; i++) expect((await attempt()).statusCode).toBe(400);
      const response = await attempt();
      const wait = Number(response.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      const unit = wait === 1 ? 'second' : 'seconds';
      expectAnswer(
        response,
        language,
        429,
        {
          detail: byLanguage(
            `Запрос был проигнорирован. Expected available in ${wait} ${unit}.`,
            `Request was throttled. Expected available in ${wait} ${unit}.`,
          )[language],
        },
        { 'retry-after': String(wait) },
      );
    });
  });
});
