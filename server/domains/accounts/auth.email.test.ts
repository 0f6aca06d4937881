// The account e-mails end to end through a real SMTP server (scripts/smtp-sink.ts): the right language, links that
// work once, and no password, login key or link token left in the database or the logs.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../../../scripts/smtp-sink.ts';
import { passwordResetEmail, withMailingFooter } from './emails.ts';
import { makeUnsubscribeToken } from '../../lib/signing.ts';
import { EN, freshEmail, login, RU, TEST_SECRET_KEY, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';

const PASSWORD = 'Lorem ipsum dolor 42';
const NEW_PASSWORD = 'Sit amet consectetur 7';

function linkParams(mail: SinkMessage): URLSearchParams {
  const link = /http:\/\/testserver\/(?:en\/)?\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in: ${mail.text}`);
  expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
  return new URL(link).searchParams;
}

describe.each(BACKENDS)('account e-mails over SMTP on $name', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let sink: SmtpSink;
  const logs: string[] = [];
  /** Every secret the flows handled: none may be found in the database or the logs. */
  const secrets = new Set<string>([PASSWORD, NEW_PASSWORD]);

  const post = (url: string, payload: unknown, headers: Record<string, string> = EN) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });
  const mailTo = (email: string, subject: RegExp) =>
    sink.waitFor((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));

  beforeAll(async () => {
    sink = await startSmtpSink();
    testDb = await openSeededDb(backend);
    app = await buildTestApp({
      db: testDb.db,
      env: { SECRET_KEY: TEST_SECRET_KEY, SMTP_URL: sink.url, MAIL_FROM: 'Proxy <robot@testserver>' },
      logger: {
        level: 'trace',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logs.push(String(chunk));
            done();
          },
        }),
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await sink.close();
  });

  it('registration sends a confirmation in the request language whose link confirms the address', async () => {
    const email = freshEmail('jane');
    expect(
      (await post('/api/auth/registration/', { email, password1: PASSWORD, password2: PASSWORD })).statusCode,
    ).toBe(201);
    const mail = await mailTo(email, /^Confirm your e-mail address/);
    expect(mail.from).toBe('"Proxy" <robot@testserver>');
    expect(mail.text).toContain(`The address ${email} was used to register`);
    // An English-speaking account's link opens the English site.
    expect(mail.text).toContain('http://testserver/en/?email_key=');
    const key = linkParams(mail).get('email_key') as string;
    expect(key).toMatch(/^[\w-]+:[0-9A-Za-z]+:[\w-]+$/);
    secrets.add(key);

    expect((await post('/api/auth/login/', { email, password: PASSWORD })).json()).toEqual({
      non_field_errors: ['E-mail is not verified.'],
    });
    expect((await post('/api/auth/registration/verify-email/', { key }, RU)).json()).toEqual({ detail: 'ок' });
    secrets.add(await login(app, email, PASSWORD));
  });

  it('writes to a Russian registrant in Russian, and resends on request', async () => {
    const email = freshEmail('ivan');
    await post('/api/auth/registration/', { email, password1: PASSWORD, password2: PASSWORD }, RU);
    const first = await mailTo(email, /^Подтвердите адрес электронной почты/);
    expect(first.text).toContain('Здравствуйте!');
    expect(first.headers.get('content-language')).toBe('ru');
    await post('/api/auth/registration/resend-email/', { email: email.toUpperCase() }, EN);
    await sink.waitFor((m) => m !== first && m.to.includes(email));
    secrets.add(linkParams(first).get('email_key') as string);
  });

  it('sends a reset link that works once and logs every device out', async () => {
    const email = freshEmail('reset');
    await post('/api/auth/registration/', { email, password1: PASSWORD, password2: PASSWORD });
    const confirmation = linkParams(await mailTo(email, /^Confirm/)).get('email_key') as string;
    await post('/api/auth/registration/verify-email/', { key: confirmation });
    const oldKey = await login(app, email, PASSWORD);
    secrets.add(oldKey).add(confirmation);

    expect((await post('/api/auth/password/reset/', { email: email.toUpperCase() })).statusCode).toBe(200);
    const mail = await mailTo(email, /^Password reset/);
    const params = linkParams(mail);
    const uid = params.get('uid') as string;
    const token = params.get('token') as string;
    expect(token).toMatch(/^[0-9a-z]+-[0-9a-f]{32}$/);
    secrets.add(token);

    const body = { uid, token, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD };
    expect((await post('/api/auth/password/reset/confirm/', body)).statusCode).toBe(200);
    expect((await post('/api/auth/password/reset/confirm/', body)).json()).toEqual({ token: ['Invalid value'] });
    expect((await app.inject({ url: '/api/users/', headers: tokenHeader(oldKey) })).statusCode).toBe(401);
    expect((await post('/api/auth/login/', { email, password: PASSWORD })).statusCode).toBe(400);
    secrets.add(await login(app, email, NEW_PASSWORD));
  });

  it('a reset link dies when the user logs in before using it', async () => {
    const email = freshEmail('stale');
    await post('/api/auth/registration/', { email, password1: PASSWORD, password2: PASSWORD });
    const key = linkParams(await mailTo(email, /^Confirm/)).get('email_key') as string;
    await post('/api/auth/registration/verify-email/', { key });
    await post('/api/auth/password/reset/', { email });
    const params = linkParams(await mailTo(email, /^Password reset/));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // last_login has whole seconds
    secrets
      .add(await login(app, email, PASSWORD))
      .add(key)
      .add(params.get('token') as string);
    const response = await post('/api/auth/password/reset/confirm/', {
      uid: params.get('uid'),
      token: params.get('token'),
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(response.json()).toEqual({ token: ['Invalid value'] });
  });

  it('mailings carry an unsubscribe link that unsubscribes', async () => {
    const email = freshEmail('reader');
    await post('/api/auth/registration/', { email, password1: PASSWORD, password2: PASSWORD }, RU);
    const [user] = await testDb.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    const unsubscribeToken = makeUnsubscribeToken(user?.id as number, TEST_SECRET_KEY);
    const content = withMailingFooter(
      { subject: 'Новости', text: 'Текст рассылки\n', html: '<html><body><p>Текст рассылки</p></body></html>' },
      { language: 'ru', publicUrl: 'http://testserver', siteName: 'ProxyMob', unsubscribeToken },
    );
    app.mailer.send({ kind: 'mailing', userId: user?.id ?? null, to: email, language: 'ru', content, secrets: [] });
    const mail = await mailTo(email, /^Новости$/);
    expect(mail.text).toContain('Отписаться:');
    const token = linkParams(mail).get('unsubscribe') as string;
    const response = await app.inject(`/api/users/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(response.json()).toEqual({ result: 'ok' });
    const [row] = await testDb.db.query<{ subscribed: boolean }>('SELECT subscribed FROM users WHERE email = $1', [
      email,
    ]);
    expect(row?.subscribed).toBe(false);
  });

  it('records every mail in the outbox, links redacted', async () => {
    await app.mailer.idle();
    const rows = await testDb.db.query<{ kind: string; status: string; body_text: string }>(
      "SELECT kind, status, body_text FROM outbox WHERE kind <> 'mailing'",
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      expect(row.body_text).toMatch(/\?(email_key|uid=\d+&token)=?\[redacted\]|\?uid=[0-9a-z]+&token=\[redacted\]/);
    }
  });

  it('keeps passwords, login keys and link tokens out of the database and the logs', async () => {
    await app.mailer.idle();
    expect(secrets.size).toBeGreaterThanOrEqual(10);
    const tables = ['users', 'auth_tokens', 'outbox'];
    const dump: string[] = [];
    for (const table of tables) {
      const rows = await testDb.db.query<{ row: unknown }>(`SELECT row_to_json(t)::text AS row FROM ${table} t`);
      dump.push(...rows.map((r) => String(r.row)));
    }
    const database = dump.join('\n');
    const log = logs.join('');
    expect(log).toContain('"msg":"logged in"'); // the capture works
    for (const secret of secrets) {
      expect(database).not.toContain(secret);
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });

  it('renders the reset mail in both languages with the link in text and HTML', () => {
    // The link opens the site in the e-mail's language; the mail is titled and signed with the brand, not a host.
    for (const [language, home, signature] of [
      ['ru', 'https://site.example/', 'Команда ProxyMob'],
      ['en', 'https://site.example/en/', 'The ProxyMob team'],
    ] as const) {
      const content = passwordResetEmail({
        language,
        publicUrl: 'https://site.example',
        siteName: 'ProxyMob',
        uid: '1',
        token: 'tok-en',
      });
      expect(content.text).toContain(`${home}?uid=1&token=tok-en`);
      expect(content.html).toContain(`href="${home}?uid=1&amp;token=tok-en"`);
      expect(content.html).toContain(`lang="${language}"`);
      expect(content.subject).toMatch(/ — ProxyMob$/);
      expect(content.text).toContain(signature);
      expect(content.text).not.toContain('site.example\n');
    }
  });
});

describe('account e-mails of a site named by SITE_NAME', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    testDb = await openSeededDb(BACKENDS[0] as (typeof BACKENDS)[number]);
    // No MAIL_FROM: the sender is the site's name at noreply@ the public host.
    app = await buildTestApp({
      db: testDb.db,
      env: { SECRET_KEY: TEST_SECRET_KEY, SMTP_URL: sink.url, SITE_NAME: 'Acme Proxies' },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await sink.close();
  });

  it.each([
    [
      'en',
      EN,
      'Confirm your e-mail address — Acme Proxies',
      'register an account on Acme Proxies.',
      'The Acme Proxies team',
    ],
    [
      'ru',
      RU,
      'Подтвердите адрес электронной почты — Acme Proxies',
      'при регистрации на Acme Proxies.',
      'Команда Acme Proxies',
    ],
  ] as const)(
    'titles, words and signs the %s confirmation with it, and sends it in its name',
    async (_language, headers, subject, line, signature) => {
      const email = freshEmail('acme');
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/registration/',
        payload: { email, password1: PASSWORD, password2: PASSWORD },
        headers,
      });
      expect(response.statusCode).toBe(201);
      const mail = await sink.waitFor((m) => m.to.includes(email.toLowerCase()));
      expect(mail.subject).toBe(subject);
      expect(mail.from).toBe('"Acme Proxies" <noreply@testserver>');
      expect(mail.text).toContain(line);
      expect(mail.text).toContain(signature);
      expect(mail.html).toContain(signature);
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain('ProxyMob');
      expect(mail.text).not.toMatch(/testserver(:\d+)?\n/);
    },
  );
});
