// Becoming a customer and coming back, as a visitor does it in Chromium, with a local SMTP sink catching the mail:
// register → confirmation link → log in → reload stays signed in → log out; recovery → link → new password → log in;
// a used link; the unsubscribe link, and a bad one that leads through sign-in to the user page's mailing switch; the
// same journey in English.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backends, launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';
import { startSmtpSink } from '../scripts/smtp-sink.ts';
import { makeUnsubscribeToken } from '../server/lib/signing.ts';
import { expectToast, settle } from './support.ts';

const SECRET_KEY = 'e2e-secret-key-that-is-long-enough-0123456789';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

const TEXT = {
  ru: {
    signIn: 'Войти',
    signUp: 'Регистрация',
    submitRegistration: 'Зарегистрироваться',
    email: 'E-mail',
    password: 'Пароль',
    password2: 'Повторите пароль',
    newPassword: 'Новый пароль',
    newPassword2: 'Повторите новый пароль',
    savePassword: 'Сохранить пароль',
    forgot: 'Забыли пароль?',
    sendLink: 'Отправить ссылку',
    signOut: 'Выйти',
    cabinet: 'Личный кабинет',
    registered: 'Письмо с подтверждением выслано.',
    confirmed: 'Email успешно активирован',
    resetSent: 'Письмо с инструкциями по восстановлению пароля выслано.',
    changed: 'Пароль изменен',
    stale: 'Токен устарел, отправьте запрос повторно',
    unsubscribed: 'Вы успешно отписаны от рассылки',
    badUnsubscribeSignIn:
      'Ссылка для отписки не сработала: возможно, она обрезана. Войдите, и отписаться можно будет в профиле, в блоке «Рассылка».',
    badUnsubscribeHere:
      'Ссылка для отписки не сработала: возможно, она обрезана. Отписаться можно здесь, в блоке «Рассылка».',
    mailing: 'Рассылка',
    notReceiving: 'Вы не получаете новости сервиса по e-mail.',
    receiving: 'Вы получаете новости сервиса по e-mail.',
    subscribe: 'Подписаться',
    unsubscribe: 'Отписаться',
    shortPassword: 'Длина пароля должна быть не менее 8 символов',
    badLogin: 'Невозможно войти в систему с указанными учётными данными.',
  },
  en: {
    signIn: 'Sign in',
    signUp: 'Sign up',
    submitRegistration: 'Sign up',
    email: 'E-mail',
    password: 'Password',
    password2: 'Repeat the password',
    newPassword: 'New password',
    newPassword2: 'Repeat the new password',
    savePassword: 'Save the password',
    forgot: 'Forgot your password?',
    sendLink: 'Send the link',
    signOut: 'Sign out',
    cabinet: 'My account',
    registered: 'Verification e-mail sent.',
    confirmed: 'Email successfully confirmed',
    resetSent: 'Password reset e-mail has been sent.',
    changed: 'Password changed',
    stale: 'The link has expired, please request a new one',
    unsubscribed: 'You have unsubscribed from the mailing list',
    badUnsubscribeSignIn:
      'This unsubscribe link did not work: it may have been cut short. Sign in to unsubscribe in your profile, under “Mailing list”.',
    badUnsubscribeHere:
      'This unsubscribe link did not work: it may have been cut short. You can unsubscribe here, under “Mailing list”.',
    mailing: 'Mailing list',
    notReceiving: "You do not receive the service's news by e-mail.",
    receiving: "You receive the service's news by e-mail.",
    subscribe: 'Subscribe',
    unsubscribe: 'Unsubscribe',
    shortPassword: 'The password must be at least 8 characters long',
    badLogin: 'Unable to log in with provided credentials.',
  },
} as const;

let browser: Browser;
let sink: Sink;
beforeAll(async () => {
  browser = await launchBrowser();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await browser?.close();
  await sink?.close();
});

function linkIn(text: string, parameter: string): string {
  const match = new RegExp(`https?://\\S*[?&]${parameter}=[^\\s"<>]+`).exec(text);
  if (!match) throw new Error(`No ${parameter} link in:\n${text}`);
  return match[0];
}

describe.each(backends)('accounts on $name', ({ name, databaseUrl }) => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ ownDatabaseOn: databaseUrl, env: { SMTP_URL: sink.url, SECRET_KEY } });
  });
  afterAll(async () => {
    await site?.stop();
  });

  describe.each(['ru', 'en'] as const)('in %s', (language) => {
    const text = TEXT[language];
    const prefix = language === 'en' ? '/en' : '';
    // Unique per backend and run: the SMTP sink is shared by both backends, and an address reused across them
    // would hand this run the other database's confirmation link.
    const email = `buyer-${name}-${language}-${Date.now()}@example.com`;
    const password = 'Mobile-proxy-2026';
    const newPassword = 'Rotate-my-IP-2027';
    let page: Page;
    beforeAll(async () => {
      page = await browser.newPage();
    });
    afterAll(async () => {
      await page.close();
    });
    afterEach(async ({ task }) => {
      if (task.result?.state !== 'fail') return;
      // CI keeps only the log: what the page showed and what the server said, for whoever reads a failure there.
      const shown = await page
        .evaluate(() => ({ url: location.href, body: document.body.innerText.slice(0, 2000) }))
        .catch((error: unknown) => ({ url: page.url(), body: String(error) }));
      console.error(`${task.name} failed on ${name} in ${language} at ${shown.url}:\n${shown.body}`);
      console.error(`site output (tail):\n${site.output().slice(-4000)}`);
    });

    it('registers, checking the form on submit first', async () => {
      await page.goto(`${site.url}${prefix}/#registration`);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.email, { exact: true }).fill(email);
      await dialog.getByLabel(text.password, { exact: true }).fill('short');
      await dialog.getByLabel(text.password2, { exact: true }).fill('short');
      await dialog.getByRole('button', { name: text.submitRegistration }).click();
      await expect.poll(() => dialog.textContent()).toContain(text.shortPassword);

      await dialog.getByLabel(text.password, { exact: true }).fill(password);
      await dialog.getByLabel(text.password2, { exact: true }).fill(password);
      await dialog.getByRole('button', { name: text.submitRegistration }).click();
      await expectToast(page, text.registered);
      // Successful registration switches to the login form.
      await expect.poll(() => new URL(page.url()).hash).toBe('#login');
    });

    it('refuses to log in before the address is confirmed, then confirms it from the e-mail link', async () => {
      const mail = await sink.waitFor((message) => message.to.includes(email), 15_000);
      const link = linkIn(mail.text, 'email_key');
      await page.goto(link.replace(/^https?:\/\/[^/]+/, site.url));
      await expectToast(page, text.confirmed);
      // The key left the address bar at once; the login form is open on the home page.
      await expect.poll(() => new URL(page.url()).hash).toBe('#login');
      expect(new URL(page.url()).pathname).toBe(prefix || '/');
      expect(page.url()).not.toContain('email_key');
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    });

    it('logs in, stays signed in after a reload, and logs out', async () => {
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.email, { exact: true }).fill(email);
      await dialog.getByLabel(text.password, { exact: true }).fill('wrong-password-1');
      await dialog.getByRole('button', { name: text.signIn }).click();
      await expectToast(page, text.badLogin);

      await dialog.getByLabel(text.password, { exact: true }).fill(password);
      await dialog.getByRole('button', { name: text.signIn }).click();
      // The dialog closes by itself once signed in.
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => page.getByRole('link', { name: text.cabinet }).first().isVisible()).toBe(true);

      // Signed in from the first paint: the server embedded the session, so the page never shows the visitor's
      // "sign in" link, not even for a moment.
      await page.evaluate((signIn) => {
        sessionStorage.setItem('watch-sign-in', signIn);
      }, text.signIn);
      await page.addInitScript(() => {
        const label = sessionStorage.getItem('watch-sign-in');
        new MutationObserver(() => {
          const links = [...document.querySelectorAll('a')];
          if (links.some((link) => link.textContent === label)) sessionStorage.setItem('saw-sign-in', 'yes');
        }).observe(document, { subtree: true, childList: true });
      });
      await page.reload();
      await expect.poll(() => page.getByRole('link', { name: text.cabinet }).first().isVisible()).toBe(true);
      expect(await page.evaluate(() => sessionStorage.getItem('saw-sign-in'))).toBeNull();
      await page.getByRole('link', { name: text.cabinet }).first().click();
      await expect.poll(() => page.locator('main').textContent()).toContain(email);

      await page.getByRole('button', { name: text.signOut }).first().click();
      await expect.poll(() => page.getByRole('link', { name: text.signIn }).first().isVisible()).toBe(true);
      await page.reload();
      await expect.poll(() => page.getByRole('link', { name: text.signIn }).first().isVisible()).toBe(true);
    });

    it('recovers the password from the e-mail link, refuses the used link, and logs in with the new one', async () => {
      await page.goto(`${site.url}${prefix}/#login`);
      const dialog = page.getByRole('dialog');
      // The dialog open and still before it is used: on a loaded CI runner the recovery form once went back to the
      // login form between the click and the next step (not reproduced since); a click on a settled dialog is what
      // a person makes.
      await expect.poll(() => dialog.getByRole('button', { name: text.forgot }).isVisible()).toBe(true);
      await settle(page);
      await dialog.getByRole('button', { name: text.forgot }).click();
      await expect.poll(() => dialog.getByRole('button', { name: text.sendLink }).isVisible()).toBe(true);
      await dialog.getByLabel(text.email, { exact: true }).fill(email);
      await dialog.getByRole('button', { name: text.sendLink }).click();
      await expectToast(page, text.resetSent);

      const mail = await sink.waitFor((message) => message.to.includes(email) && /uid=/.test(message.text), 15_000);
      const link = linkIn(mail.text, 'uid').replace(/^https?:\/\/[^/]+/, site.url);
      await page.goto(link);
      expect(page.url()).not.toContain('token=');
      await dialog.getByLabel(text.newPassword, { exact: true }).fill(newPassword);
      await dialog.getByLabel(text.newPassword2, { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: text.savePassword }).click();
      await expectToast(page, text.changed);

      await page.goto(link);
      await dialog.getByLabel(text.newPassword, { exact: true }).fill(newPassword);
      await dialog.getByLabel(text.newPassword2, { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: text.savePassword }).click();
      await expectToast(page, text.stale);

      await page.goto(`${site.url}${prefix}/#login`);
      await dialog.getByLabel(text.email, { exact: true }).fill(email);
      await dialog.getByLabel(text.password, { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: text.signIn }).click();
      await expect.poll(() => page.getByRole('link', { name: text.cabinet }).first().isVisible()).toBe(true);
      await page.getByRole('button', { name: text.signOut }).first().click();
    });

    it('unsubscribes from the mailing with the link a mailing carries', async () => {
      // Mailings are sent from the panel (a later step); their footer link is made exactly like this.
      const login = await fetch(`${site.url}/api/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: newPassword }),
      });
      const { key } = (await login.json()) as { key: string };
      const me = await fetch(`${site.url}/api/users/`, { headers: { Authorization: `Token ${key}` } });
      const { pk, subscribed } = (await me.json()) as { pk: number; subscribed: boolean };
      expect(subscribed).toBe(true);
      const link = `${site.url}${prefix}/?unsubscribe=${encodeURIComponent(makeUnsubscribeToken(pk, SECRET_KEY))}`;
      await page.goto(link);
      await expectToast(page, text.unsubscribed);
      expect(page.url()).not.toContain('unsubscribe=');
      const after = await fetch(`${site.url}/api/users/`, { headers: { Authorization: `Token ${key}` } });
      expect(((await after.json()) as { subscribed: boolean }).subscribed).toBe(false);
    });

    it('leads a bad unsubscribe link through sign-in to the mailing switch on the user page', async () => {
      // One API session for the checks below: a sign-in per poll would spend the address's login budget (rate
      // limits are on here), and the page's own sign-in must not be the one refused.
      const login = await fetch(`${site.url}/api/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: newPassword }),
      });
      const { key } = (await login.json()) as { key: string };
      const subscribed = async () => {
        const me = await fetch(`${site.url}/api/users/`, { headers: { Authorization: `Token ${key}` } });
        return ((await me.json()) as { subscribed: boolean }).subscribed;
      };
      // A link a mail client cut short: signed out, the message says what to do and the sign-in form is open.
      await page.goto(`${site.url}${prefix}/?unsubscribe=MTc6`);
      await expectToast(page, text.badUnsubscribeSignIn);
      expect(page.url()).not.toContain('unsubscribe=');
      await expect.poll(() => new URL(page.url()).hash).toBe('#login');
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByRole('button', { name: text.signIn }).isVisible()).toBe(true);
      await settle(page);
      await dialog.getByLabel(text.email, { exact: true }).fill(email);
      await dialog.getByLabel(text.password, { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: text.signIn }).click();
      // Signed in (the dialog closes), the visitor is on the user page, at the switch (the previous test unsubscribed
      // them). Two steps, so a failure says which of them did not happen.
      await expect.poll(() => page.getByRole('dialog').count(), { message: 'signed in' }).toBe(0);
      await expect
        .poll(() => new URL(page.url()).pathname, { message: 'taken to the user page' })
        .toBe(`${prefix}/user`);
      const mailing = page.getByRole('region', { name: text.mailing });
      await expect.poll(() => mailing.textContent()).toContain(text.notReceiving);
      await mailing.getByRole('button', { name: text.subscribe }).click();
      await expect.poll(() => mailing.textContent()).toContain(text.receiving);
      expect(await subscribed()).toBe(true);

      // Signed in already: straight to the user page, where the link's job is one click.
      await page.goto(`${site.url}${prefix}/?unsubscribe=MTc6`);
      await expectToast(page, text.badUnsubscribeHere);
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/user`);
      await page.getByRole('region', { name: text.mailing }).getByRole('button', { name: text.unsubscribe }).click();
      await expectToast(page, text.unsubscribed);
      await expect.poll(subscribed).toBe(false);
      await page.getByRole('button', { name: text.signOut }).first().click();
    });
  });
});
