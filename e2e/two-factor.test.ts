// Two-factor sign-in (issue #48) as people meet it, on a site with STAFF_TWO_FACTOR=required: a customer sets up an
// authenticator on /user (the code computed here from the key the page shows, as the app would), keeps the recovery
// codes, and signs in again with the password and then a code, by keyboard alone; a staff account without a factor
// signing in at /panel/login is sent to set one up before the panel opens, and the panel opens once it has. Every
// new screen is axe-checked and shot at 1280 and 375 px in Russian and English (e2e/screenshots/, git-ignored).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, root, startSite, type RunningSite } from '../scripts/site-process.ts';
import { createUser } from '../server/test/accounts.ts';
import { hotp, timeStep } from '../server/domains/accounts/totp.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { apiCall, apiLogin, DESKTOP, expectNoSeriousViolations, PHONE, settle, type Viewport } from './support.ts';

const PASSWORD = 'Two-factor-2026';
const LANGUAGES = ['ru', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const VIEWPORTS = [DESKTOP, PHONE] as const;

const TEXT = {
  ru: {
    prefix: '',
    card: 'Двухфакторная аутентификация',
    start: 'Подключить приложение-аутентификатор',
    firstCode: '6-значный код из приложения',
    turnOn: 'Включить',
    codes: 'Резервные коды',
    saved: 'Я сохранил коды',
    email: 'E-mail',
    password: 'Пароль',
    signIn: 'Войти',
    code: 'Код',
    required: 'Для учётных записей сотрудников двухфакторная аутентификация обязательна',
  },
  en: {
    prefix: '/en',
    card: 'Two-factor authentication',
    start: 'Set up an authenticator app',
    firstCode: 'The 6-digit code the app shows',
    turnOn: 'Turn on',
    codes: 'Recovery codes',
    saved: 'I have saved them',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    code: 'Code',
    required: 'Staff accounts must have two-factor authentication',
  },
} as const;

/** One customer per language and width, each enrolled once; one staff member. */
const customer = (language: Language, viewport: Viewport) => `customer-${language}-${viewport.width}@example.com`;
const STAFF = 'staff-2fa@example.com';
/** A customer without a second factor who tops up, for staff to mark paid. */
const PAYER = 'payer-2fa@example.com';
let payerId = 0;

let browser: Browser;
let site: RunningSite;
let data: PreparedData | undefined;
const folder = resolve(root, 'e2e/screenshots');

beforeAll(async () => {
  data = await prepareDataDir('two-factor-e2e', async (db) => {
    for (const language of LANGUAGES) {
      for (const viewport of VIEWPORTS) {
        await createUser(db, { email: customer(language, viewport), password: PASSWORD, language });
      }
    }
    await createUser(db, { email: STAFF, password: PASSWORD, staff: true, superuser: true });
    payerId = (await createUser(db, { email: PAYER, password: PASSWORD, language: 'ru' })).id;
  });
  site = await startSite({ dataDir: data.dataDir, env: { STAFF_TWO_FACTOR: 'required' } });
  browser = await launchBrowser();
  mkdirSync(folder, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  data?.remove();
});

/** Nothing to scroll sideways to on a phone. */
async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
}

/**
 * Sets up the authenticator on the open /user page as a person does: the key read off the page, the app's code typed
 * back. Answers the key.
 */
async function enrolOnPage(page: Page, language: Language, viewport?: Viewport): Promise<string> {
  const text = TEXT[language];
  const card = page.getByRole('region', { name: text.card });
  await card.getByRole('button', { name: text.start }).click();
  const secretBox = card.locator('#two-factor-secret');
  await expect.poll(() => secretBox.isVisible()).toBe(true);
  const secret = (await secretBox.textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The QR code, as the app scans it.
  expect(await card.locator('img[src^="data:image/svg+xml;base64,"]').count()).toBe(1);
  if (viewport) {
    await settle(page);
    await expectNoSeriousViolations(page);
    if (viewport === PHONE) await expectNoOverflow(page, `two-factor enrolment, ${language}`);
    await card.screenshot({ path: resolve(folder, `two-factor-enrol-${language}-${viewport.width}.png`) });
  }
  await card.getByLabel(text.firstCode).fill(hotp(secret, timeStep(Date.now())));
  await card.getByRole('button', { name: text.turnOn, exact: true }).click();
  const codes = card.getByRole('list', { name: text.codes });
  await expect.poll(() => codes.getByRole('listitem').count()).toBe(10);
  if (viewport) {
    await settle(page);
    await expectNoSeriousViolations(page);
    await card.screenshot({ path: resolve(folder, `two-factor-codes-${language}-${viewport.width}.png`) });
  }
  // The key is off the page for good once it is on.
  expect(await page.locator('main').textContent()).not.toContain(secret);
  await card.getByRole('button', { name: text.saved }).click();
  return secret;
}

describe('a customer with an authenticator', () => {
  for (const language of LANGUAGES) {
    for (const viewport of VIEWPORTS) {
      it(`enrols on /user and signs in with the password and a code (${language}, ${viewport.width} px)`, async () => {
        const text = TEXT[language];
        const email = customer(language, viewport);
        const context = await browser.newContext({ viewport });
        await context.addCookies([
          { name: 'accessToken', value: await apiLogin(site, email, PASSWORD), url: site.url },
        ]);
        const page = await context.newPage();
        await page.goto(`${site.url}${text.prefix}/user`);
        const secret = await enrolOnPage(page, language, viewport);
        await context.close();

        // A browser that was never signed in: the password, then the second step, by keyboard alone.
        const fresh = await browser.newContext({ viewport });
        const visitor = await fresh.newPage();
        await visitor.goto(`${site.url}${text.prefix}/#login`);
        const dialog = visitor.getByRole('dialog');
        await expect.poll(() => dialog.getByLabel(text.email, { exact: true }).isVisible()).toBe(true);
        await dialog.getByLabel(text.email, { exact: true }).fill(email);
        await dialog.getByLabel(text.password, { exact: true }).fill(PASSWORD);
        await visitor.keyboard.press('Enter');
        const code = dialog.getByLabel(text.code, { exact: true });
        await expect.poll(() => code.isVisible()).toBe(true);
        await settle(visitor);
        // The code field has the focus: typing the code and Enter is all it takes.
        await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
        await expectNoSeriousViolations(visitor);
        if (viewport === PHONE) await expectNoOverflow(visitor, `second step, ${language}`);
        // The dialog as it is seen: the window, not the whole home page under it.
        await visitor.screenshot({
          path: resolve(folder, `two-factor-login-${language}-${viewport.width}.png`),
          animations: 'disabled',
        });
        // The enrolment used this step's code; the next step's is within the window and was never used.
        await visitor.keyboard.type(hotp(secret, timeStep(Date.now()) + 1));
        await visitor.keyboard.press('Enter');
        await expect.poll(() => visitor.getByRole('dialog').count(), { message: 'signed in' }).toBe(0);
        // Signed in: the own page opens with the account on it (on a phone the header's link is in its menu).
        await expect
          .poll(async () => (await fresh.cookies()).some((cookie) => cookie.name === 'accessToken' && cookie.value))
          .toBe(true);
        await visitor.goto(`${site.url}${text.prefix}/user`);
        await expect.poll(() => visitor.locator('main').textContent()).toContain(email);
        await fresh.close();
      });
    }
  }
});

describe('staff without a second factor (STAFF_TWO_FACTOR=required)', () => {
  it('are sent to set one up before the panel opens, the panel opens once they have, and money asks again', async () => {
    // A context of its own, not `browser.newPage()`: axe opens a page beside this one to finish its run.
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${site.url}/panel/login`);
    await page.getByLabel('E-mail', { exact: true }).fill(STAFF);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');
    expect(new URL(page.url()).hash).toBe('#two-factor');
    const card = page.getByRole('region', { name: TEXT.ru.card });
    await expect.poll(() => card.getByRole('status').textContent()).toContain(TEXT.ru.required);
    await settle(page);
    await card.screenshot({ path: resolve(folder, 'two-factor-staff-required-ru-1280.png') });
    // The panel's API is shut meanwhile, whatever the browser does.
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'accessToken')?.value ?? '';
    const refused = await fetch(`${site.url}/api/panel/users/`, { headers: { Authorization: `Token ${token}` } });
    expect(refused.status).toBe(403);

    const secret = await enrolOnPage(page, 'ru');
    await page.goto(`${site.url}/panel`);
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/panel');

    // Step-up: this login proved no factor (it began with the password alone, before the enrolment), so marking an
    // invoice paid asks for a code first, then goes through.
    const method = await apiCall<{ id: number }>(site, token, 'POST', '/api/panel/payment-methods/', {
      code: 'usdt_e2e',
      name_ru: 'USDT',
      kind: 'crypto',
      provider: 'manual',
      settings: { address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
      instructions_ru: '<p>Переведите</p>',
    });
    await apiCall(site, token, 'PATCH', `/api/panel/payment-methods/${method.id}/`, { active: true });
    const payer = await apiLogin(site, PAYER, PASSWORD);
    const invoice = await apiCall<{ id: number }>(site, payer, 'POST', '/api/invoices/', {
      method: method.id,
      amount: 70_000,
    });
    await page.goto(`${site.url}/panel/payment?tab=invoices`);
    const markPaid = page.getByRole('button', { name: `Зачислить: счёт ${invoice.id}` });
    await expect.poll(() => markPaid.isVisible()).toBe(true);
    await markPaid.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отметить оплаченным' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Подтвердите, что это вы' });
    await expect.poll(() => stepUp.isVisible()).toBe(true);
    const code = stepUp.getByLabel('Код из приложения или резервный код');
    await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
    await settle(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: resolve(folder, 'step-up-ru-1280.png'), animations: 'disabled' });
    // The enrolment used this step's code: the next one, typed, and Enter.
    await page.keyboard.type(hotp(secret, timeStep(Date.now()) + 1));
    await page.keyboard.press('Enter');
    await expect.poll(() => stepUp.count()).toBe(0);
    await expect
      .poll(async () => (await apiCall<{ status: string }>(site, payer, 'GET', `/api/invoices/${invoice.id}/`)).status)
      .toBe('paid');
    const history = await apiCall<{ results: { action: string; changes: Record<string, unknown> }[] }>(
      site,
      token,
      'GET',
      `/api/panel/users/${payerId}/audit/`,
    );
    expect(history.results[0]).toMatchObject({ action: 'invoice_paid', changes: { step_up: 'totp' } });
    await context.close();
  });
});
