// The panel's Payments section as staff use it, in Chromium against the production build: a manual payment method
// created with an uploaded icon, seen in the list and moved up; the customer picking it (icon and all) in the top-up
// dialog and making an invoice; staff marking it paid from the Invoices tab, and the customer's open dialog, header
// balance and ledger following; a viewer who may only look. Also: no serious or critical axe violation on the section's screens, and screenshots at 1280 and 375 px
// in ru and en (e2e/screenshots/, git-ignored).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '@proxy/contract/money';
import { launchBrowser, root, startSite, type RunningSite } from '../scripts/site-process.ts';
import { createUser } from '../server/test/accounts.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { clippedTexts, expectNoSeriousViolations, panelPage, type Viewport } from './support.ts';

const PASSWORD = 'Payments-staff-2026';
const USERS = {
  cashier: {
    email: 'payments-cashier@example.com',
    staff: true,
    permissions: [
      'payments.view_paymentmethod',
      'payments.add_paymentmethod',
      'payments.change_paymentmethod',
      'payments.delete_paymentmethod',
      'payments.view_invoice',
      'payments.change_invoice',
      'payments.view_promocode',
      'payments.add_promocode',
      'payments.change_promocode',
      'payments.delete_promocode',
    ],
  },
  viewer: {
    email: 'payments-viewer@example.com',
    staff: true,
    permissions: ['payments.view_paymentmethod', 'payments.view_invoice', 'payments.view_promocode'],
  },
  customer: { email: 'payments-customer@example.com', staff: false, permissions: [] },
} as const;
type Language = 'ru' | 'en';
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 375, height: 740 } as const;

let browser: Browser;
let site: RunningSite;
let data: PreparedData | undefined;
let icon: string;
beforeAll(async () => {
  data = await prepareDataDir('panel-payment-e2e', async (db) => {
    for (const user of Object.values(USERS)) await createUser(db, { ...user, password: PASSWORD });
  });
  icon = join(data.scratch, 'wallet.png');
  await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 38, g: 161, b: 123 } } })
    .png()
    .toFile(icon);
  site = await startSite({ dataDir: data.dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  data?.remove();
});

const prefixOf = (language: Language): '' | '/en' => (language === 'en' ? '/en' : '');

const signedIn = (email: string, language: Language = 'ru', viewport: Viewport = DESKTOP) =>
  panelPage(browser, site, email, PASSWORD, prefixOf(language), viewport);

/** A call to the API with a token: the staff page's cookie, or a customer's key. */
async function apiCall<T>(token: string, path: string, init: RequestInit = {}, status = 200): Promise<T> {
  const response = await fetch(`${site.url}${path}`, {
    ...init,
    headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json', ...init.headers },
  });
  expect(response.status, `${init.method ?? 'GET'} ${path}: ${await response.clone().text()}`).toBe(status);
  return (await response.json()) as T;
}

const tokenOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'accessToken')?.value ?? '';

/** Logs the customer in through the API, as the site's login form does, and answers the key. */
async function customerKey(): Promise<string> {
  const response = await fetch(`${site.url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: USERS.customer.email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

interface Method {
  id: number;
  code: string;
  name_ru: string;
  name_en: string;
}
const methodsOf = async (page: Page) => apiCall<Method[]>(await tokenOf(page), '/api/panel/payment-methods/');

const toast = (page: Page) => page.locator('[role="status"], [role="alert"]').first();

describe('payments in the panel', () => {
  let created: Method;

  it('creates a manual method with an uploaded icon, shows it in the list and moves it up', async () => {
    const page = await signedIn(USERS.cashier.email);
    await page.getByRole('menuitem', { name: 'Способы оплаты' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/panel/payment');
    await page.getByRole('button', { name: 'Добавить способ оплаты' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/panel/payment/add');

    await page.getByLabel('Код', { exact: true }).fill('e2e_wire');
    await page.getByLabel('Название', { exact: true }).first().fill('Перевод по реквизитам');
    await page.locator('#method-create_icon').setInputFiles(icon);
    const preview = page.locator('img[src^="/api/users/images/"]');
    await expect.poll(() => preview.count(), { timeout: 20_000 }).toBe(1);
    await page.getByLabel('Описание картинки (alt)').fill('Кошелёк');
    await page.getByLabel('Мин. пополнение, ₽', { exact: true }).fill('100');
    await page.getByLabel('Комиссия, %', { exact: true }).fill('1.5');
    await page.getByLabel('Адрес кошелька или реквизиты').fill('Счёт 40817810000000000001, ООО «Прокси»');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Создано');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/panel\/payment\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));

    const before = await methodsOf(page);
    created = before.find((method) => method.id === id) as Method;
    expect(created).toMatchObject({ code: 'e2e_wire', name_ru: 'Перевод по реквизитам' });
    expect(before.at(-1)?.id).toBe(id);

    await page.getByRole('link', { name: '← Все способы оплаты' }).click();
    const row = page.locator('tr').filter({ has: page.getByRole('link', { name: 'Перевод по реквизитам' }) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('e2e_wire');
    expect(await row.textContent()).toContain(formatPrice(10_000, 'RUB', 'ru'));
    const thumbnail = row.locator('img');
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/api\/users\/images\/\d+-32x32\.webp$/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);

    await page.getByRole('button', { name: 'Поднять выше: Перевод по реквизитам' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Порядок сохранён');
    const after = await methodsOf(page);
    expect(after.findIndex((method) => method.id === id)).toBe(before.length - 2);
    // The list shows the saved order: the method is now second to last.
    await expect
      .poll(() =>
        page
          .locator('.ant-table-row')
          .nth(before.length - 2)
          .textContent(),
      )
      .toContain('Перевод по реквизитам');
    await page.context().close();
  });

  it("is the customer's to pay with in the top-up dialog; marked paid from the Invoices tab, the customer's header and ledger follow", async () => {
    expect(created).toBeDefined();
    // The customer, signed in on the site, sees the method staff just made — with its icon — and tops up with it.
    const key = await customerKey();
    const shop = await browser.newContext({ viewport: DESKTOP });
    await shop.addCookies([{ name: 'accessToken', value: key, url: site.url }]);
    const customer = await shop.newPage();
    await customer.goto(`${site.url}/#topup`);
    const topUp = customer.getByRole('dialog', { name: 'Пополнение баланса' });
    const choice = topUp.getByRole('radio', { name: /Перевод по реквизитам/ });
    await choice.check();
    const label = choice.locator('xpath=ancestor::label');
    await expect
      .poll(() => label.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await topUp.getByLabel('Сумма пополнения').fill('1500');
    await topUp.getByRole('button', { name: 'Перейти к оплате' }).click();
    await expect.poll(() => new URL(customer.url()).hash).toMatch(/^#invoice-\d+$/);
    const invoiceId = Number(new URL(customer.url()).hash.replace('#invoice-', ''));
    // The dialog is now the invoice's.
    const invoiceView = customer.getByRole('dialog', { name: `Счёт № ${invoiceId}` });
    await expect.poll(() => invoiceView.getByRole('status').textContent()).toBe('Ожидает оплаты');
    expect(await invoiceView.getByLabel('Адрес для оплаты').textContent()).toBe(
      'Счёт 40817810000000000001, ООО «Прокси»',
    );
    const invoice = await apiCall<{ total: number }>(key, `/api/invoices/${invoiceId}/`);

    const page = await signedIn(USERS.cashier.email);
    await page.goto(`${site.url}/panel/payment?tab=invoices`);
    const row = page.locator('tr').filter({ has: page.getByRole('cell', { name: String(invoiceId), exact: true }) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(USERS.customer.email);
    expect(await row.textContent()).toContain('Ожидает оплаты');
    expect(await row.textContent()).toContain(formatPrice(invoice.total, 'RUB', 'ru'));

    await page.getByRole('button', { name: `Зачислить: счёт ${invoiceId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Причина (необязательно)').fill('Платёж пришёл на расчётный счёт');
    await dialog.getByRole('button', { name: 'Отметить оплаченным' }).click();
    await expect.poll(() => toast(page).textContent()).toContain(`Счёт ${invoiceId} оплачен`);
    await expect.poll(() => row.locator('.ant-tag').textContent()).toBe('Оплачен');
    expect(await page.getByRole('button', { name: `Зачислить: счёт ${invoiceId}` }).count()).toBe(0);

    // Reloaded from the server: paid, and by whom.
    await page.reload();
    await expect.poll(() => row.locator('.ant-tag').textContent()).toBe('Оплачен');
    await page.context().close();

    // The customer's open dialog learns it by itself; the header balance and the ledger show the top-up.
    const plain = async (locator: { textContent(): Promise<string | null> }) =>
      ((await locator.textContent()) ?? '').replace(/\s/g, ' ');
    await expect.poll(() => invoiceView.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Оплачен');
    await expect
      .poll(() => plain(customer.getByRole('banner').getByRole('link', { name: /^Баланс/ })))
      .toBe('Баланс 1 500 ₽');
    await invoiceView.getByRole('button', { name: 'Готово' }).click();
    await customer.goto(`${site.url}/user`);
    const ledger = customer.getByRole('region', { name: 'История баланса' });
    await expect
      .poll(() => plain(ledger.getByRole('row').nth(1)))
      .toMatch(new RegExp(`ПополнениеСчёт № ${invoiceId}.*\\+1 500 ₽`));
    await shop.close();
  });

  it('shows a viewer the section with no add, move, delete or settling controls', async () => {
    const page = await signedIn(USERS.viewer.email, 'en');
    await page.goto(`${site.url}/en/panel/payment`);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(1);
    expect(await page.getByRole('button', { name: 'Add payment method' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Move|Delete)/ }).count()).toBe(0);
    await page.goto(`${site.url}/en/panel/payment?tab=invoices`);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /^(Mark paid|Cancel invoice)/ }).count()).toBe(0);
    const [first] = await methodsOf(page);
    await page.goto(`${site.url}/en/panel/payment/${first?.id}`);
    await expect.poll(() => page.getByText('You can view this payment method but not change it.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByLabel('Code', { exact: true }).isDisabled()).toBe(true);
    await page.context().close();
  });
});

describe.each(['ru', 'en'] as const)('the Payments screens in %s', (language) => {
  it('have no serious or critical axe violation, and are shot at 1280 and 375 px for review', async () => {
    const folder = resolve(root, 'e2e/screenshots');
    mkdirSync(folder, { recursive: true });
    for (const viewport of [DESKTOP, PHONE]) {
      const file = (name: string) => resolve(folder, `${name}-${language}-${viewport.width}.png`);
      const page = await signedIn(USERS.cashier.email, language, viewport);
      const prefix = prefixOf(language);
      for (const tab of ['methods', 'invoices', 'promo'] as const) {
        await page.goto(`${site.url}${prefix}/panel/payment${tab === 'methods' ? '' : `?tab=${tab}`}`);
        // Loaded: rows, or the empty list's text (no promo codes yet), and no spinner.
        await expect.poll(() => page.locator('.ant-table-row, .ant-table-placeholder').count()).toBeGreaterThan(0);
        await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
        await expectNoSeriousViolations(page);
        await page.screenshot({ path: file(`panel-payment-${tab}`), fullPage: true, animations: 'disabled' });
      }
      const methods = await methodsOf(page);
      await page.goto(`${site.url}${prefix}/panel/payment/${methods[0]?.id}`);
      await expect.poll(() => page.locator('.ant-form-item').count()).toBeGreaterThan(5);
      // The instructions' editor loads after the form: judged with it.
      await expect.poll(() => page.locator('.tox-tinymce').count()).toBeGreaterThan(0);
      await expectNoSeriousViolations(page);
      expect(
        await clippedTexts(page, '#panel-main'),
        `texts cut on the method's screen, ${language}, ${viewport.width} px`,
      ).toEqual([]);
      await page.screenshot({ path: file('panel-payment-edit'), fullPage: true, animations: 'disabled' });
      await page.context().close();
    }
  });
});
