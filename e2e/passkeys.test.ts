// Passkeys (issue #48) in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain, a platform
// authenticator that verifies its user): a customer adds a passkey on /user by keyboard alone, signs out, and signs in
// with it without the password; then, with the password, the passkey is the second step. The site's PUBLIC_URL is
// http://localhost:<port>: a passkey's relying party is a host name, never an address. Every new screen is
// axe-checked and shot at 1280 and 375 px in Russian and English (e2e/screenshots/, git-ignored).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBrowser, root, startSite, type RunningSite } from '../scripts/site-process.ts';
import { createUser } from '../server/test/accounts.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { DESKTOP, expectNoSeriousViolations, PHONE, settle, type Viewport } from './support.ts';

const PASSWORD = 'Passkey-2026';
const LANGUAGES = ['ru', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const VIEWPORTS = [DESKTOP, PHONE] as const;

const TEXT = {
  ru: {
    prefix: '',
    card: 'Ключи доступа',
    add: 'Добавить ключ доступа',
    name: 'Название',
    password: 'Текущий пароль',
    list: 'Ваши ключи доступа',
    added: 'Ключ доступа добавлен',
    signOut: 'Выйти',
    menu: 'Меню',
    signIn: 'Войти',
    passkey: 'Использовать ключ доступа',
    email: 'E-mail',
    loginPassword: 'Пароль',
    usePasskey: 'Использовать ключ доступа',
  },
  en: {
    prefix: '/en',
    card: 'Passkeys',
    add: 'Add a passkey',
    name: 'Name',
    password: 'Current password',
    list: 'Your passkeys',
    added: 'The passkey was added',
    signOut: 'Sign out',
    menu: 'Menu',
    signIn: 'Sign in',
    passkey: 'Use a passkey instead',
    email: 'E-mail',
    loginPassword: 'Password',
    usePasskey: 'Use a passkey',
  },
} as const;

const customer = (language: Language, viewport: Viewport) => `passkey-${language}-${viewport.width}@example.com`;

let browser: Browser;
let site: RunningSite;
let url: string;
let data: PreparedData | undefined;
const folder = resolve(root, 'e2e/screenshots');

beforeAll(async () => {
  data = await prepareDataDir('passkeys-e2e', async (db) => {
    for (const language of LANGUAGES) {
      for (const viewport of VIEWPORTS) {
        await createUser(db, { email: customer(language, viewport), password: PASSWORD, language });
      }
    }
  });
  const port = await freePort();
  url = `http://localhost:${port}`;
  // Each test signs in three times from this one address: the login's 20 per minute, counted over 6 s here.
  site = await startSite({ dataDir: data.dataDir, port, env: { PUBLIC_URL: url, RATE_LIMIT_WINDOW_SCALE: '0.1' } });
  browser = await launchBrowser();
  mkdirSync(folder, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  data?.remove();
});

/** A platform authenticator on the page that verifies its user (a fingerprint, say) and answers at once. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signInWithPassword(page: Page, language: Language, email: string) {
  const text = TEXT[language];
  await page.goto(`${url}${text.prefix}/#login`);
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByLabel(text.email, { exact: true }).isVisible()).toBe(true);
  await dialog.getByLabel(text.email, { exact: true }).fill(email);
  await dialog.getByLabel(text.loginPassword, { exact: true }).fill(PASSWORD);
  await page.keyboard.press('Enter');
  return dialog;
}

const signedIn = (context: BrowserContext) =>
  expect
    .poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'accessToken' && cookie.value))
    .toBe(true);

describe('a customer with a passkey', () => {
  for (const language of LANGUAGES) {
    for (const viewport of VIEWPORTS) {
      it(`adds one on /user, signs out and signs in with it alone (${language}, ${viewport.width} px)`, async () => {
        const text = TEXT[language];
        const email = customer(language, viewport);
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const authenticator = await virtualAuthenticator(context, page);

        // Signed in with the password (no factor yet), then to the own page.
        await signInWithPassword(page, language, email);
        await expect.poll(() => page.getByRole('dialog').count(), { message: 'signed in' }).toBe(0);
        await signedIn(context);
        await page.goto(`${url}${text.prefix}/user`);
        const card = page.getByRole('region', { name: text.card });
        const add = card.getByRole('button', { name: text.add });
        await expect.poll(() => add.isVisible()).toBe(true);

        // By keyboard: the button, the name (focused as the form opens), Tab, the password, Enter.
        await add.focus();
        await page.keyboard.press('Enter');
        const name = card.getByLabel(text.name, { exact: true });
        await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
        await settle(page);
        await expectNoSeriousViolations(page);
        await card.screenshot({ path: resolve(folder, `passkey-add-${language}-${viewport.width}.png`) });
        await page.keyboard.type('Laptop');
        await page.keyboard.press('Tab');
        await expect
          .poll(() =>
            card.getByLabel(text.password, { exact: true }).evaluate((input) => input === document.activeElement),
          )
          .toBe(true);
        await page.keyboard.type(PASSWORD);
        await page.keyboard.press('Enter');
        const list = card.getByRole('list', { name: text.list });
        await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
        expect(await list.textContent()).toContain('Laptop');
        expect(await authenticator.credentials()).toHaveLength(1);
        await settle(page);
        await expectNoSeriousViolations(page);
        if (viewport === PHONE) {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        }
        await card.screenshot({ path: resolve(folder, `passkey-list-${language}-${viewport.width}.png`) });

        // Signed out (on a phone the button is in the menu).
        const signOut = page.getByRole('button', { name: text.signOut }).first();
        if (!(await signOut.isVisible())) await page.getByRole('button', { name: text.menu }).first().click();
        await signOut.click();
        await expect
          .poll(async () => (await context.cookies()).some((c) => c.name === 'accessToken' && c.value))
          .toBe(false);

        // The sign-in dialog, the passkey button, no password.
        await page.goto(`${url}${text.prefix}/#login`);
        const dialog = page.getByRole('dialog');
        const passkey = dialog.getByRole('button', { name: text.passkey });
        await expect.poll(() => passkey.isVisible()).toBe(true);
        await settle(page);
        await expectNoSeriousViolations(page);
        await page.screenshot({
          path: resolve(folder, `passkey-login-${language}-${viewport.width}.png`),
          animations: 'disabled',
        });
        await passkey.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByRole('dialog').count(), { message: 'signed in' }).toBe(0);
        await signedIn(context);
        await page.goto(`${url}${text.prefix}/user`);
        await expect.poll(() => page.locator('main').textContent()).toContain(email);

        // With the password, the passkey is now the second step.
        await context.clearCookies();
        const second = await signInWithPassword(page, language, email);
        const use = second.getByRole('button', { name: text.usePasskey });
        await expect.poll(() => use.isVisible()).toBe(true);
        await settle(page);
        await expectNoSeriousViolations(page);
        await page.screenshot({
          path: resolve(folder, `passkey-second-step-${language}-${viewport.width}.png`),
          animations: 'disabled',
        });
        await use.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByRole('dialog').count(), { message: 'signed in' }).toBe(0);
        await signedIn(context);
        await context.close();
      });
    }
  }
});
