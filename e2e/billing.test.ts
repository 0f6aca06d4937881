// The customer's side of money in Chromium against the production build (issue #11): staff add a manual payment
// method through the API; a customer opens the top-up dialog from the header, is refused an amount under the
// method's minimum, sees the fee and the total, creates the invoice and gets the way to pay it (instructions, the
// address, its QR code); staff mark it paid through the API, and the open dialog says so by itself, the header's
// balance follows, and /user lists the invoice and the ledger line. Also: the gateway's return address tells the
// invoice's outcome, /user/{id} is a 404, a visitor gets no dialog, and no serious or critical axe violation on the
// dialog and /user at 1280 and 375 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, PanelPaymentMethod, PaymentMethodInput } from '@proxy/contract/schemas/billing';
import { launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';
import { createUser } from '../server/test/accounts.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { expectNoSeriousViolations, plain } from './support.ts';

const PASSWORD = 'Billing-e2e-2026';
const USERS = {
  boss: { email: 'billing-boss@example.com', superuser: true, staff: true },
  buyer: { email: 'billing-buyer@example.com' },
} as const;
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 375, height: 740 } as const;
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const USDT: PaymentMethodInput = {
  // Beside the demo methods a fresh site seeds (server/db/seed-payments.ts).
  code: 'e2e_usdt',
  name_ru: 'Тестовый USDT',
  name_en: 'Test USDT',
  icon: null,
  kind: 'crypto',
  provider: 'manual',
  settings: { address: ADDRESS, server_url: '', store_id: '' },
  secrets: {},
  min_amount: 50_000,
  fee_percent: 2.5,
  instructions_ru: '<p>Переведите <strong>точную сумму</strong> в сети TRON.</p>',
  instructions_en: '<p>Send <strong>the exact total</strong> on the TRON network.</p>',
  active: true,
};

let browser: Browser;
let site: RunningSite;
let data: PreparedData | undefined;
let staffToken: string;
let methodId: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  data = await prepareDataDir('billing-e2e', async (db) => {
    for (const user of Object.values(USERS)) await createUser(db, { ...user, password: PASSWORD });
  });
  site = await startSite({ dataDir: data.dataDir });
  browser = await launchBrowser();
  staffToken = await apiLogin(USERS.boss.email);
  methodId = (await staffApi<PanelPaymentMethod>('POST', '/api/panel/payment-methods/', USDT)).id;
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
  data?.remove();
});

async function apiLogin(email: string): Promise<string> {
  const response = await fetch(`${site.url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status, `login of ${email}`).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

/** What staff do through the API (the panel's own screens are another remote's e2e). */
async function staffApi<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: { Authorization: `Token ${staffToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A page of a customer signed in by the token cookie, as a browser coming back to the site is. */
async function signedInPage(email: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  await context.addCookies([{ name: 'accessToken', value: await apiLogin(email), url: site.url }]);
  return context.newPage();
}

describe('topping up the balance', () => {
  let page: Page;
  let invoiceId: number;

  it('opens the top-up dialog from the header and shows the method staff added, with its terms', async () => {
    page = await signedInPage(USERS.buyer.email);
    await page.goto(`${site.url}/`);
    const header = page.getByRole('banner');
    const balance = header.getByRole('link', { name: /^Баланс/ });
    await expect.poll(() => plain(balance)).toBe('Баланс 0 ₽');
    expect(await balance.getAttribute('href')).toBe('/user');
    await header.getByRole('link', { name: 'Пополнить' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#topup');

    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    const usdt = dialog.getByRole('radio', { name: /Тестовый USDT/ });
    await usdt.check();
    expect(await plain(usdt.locator('xpath=ancestor::label'))).toContain('от 500 ₽ · комиссия 2,5 %');
    await expectNoSeriousViolations(page);
  });

  it("refuses an amount under the method's minimum on the field", async () => {
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByLabel('Сумма пополнения');
    await amount.fill('100');
    await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    expect(await plain(page.locator('#topup-amount-help'))).toBe('Минимальная сумма для этого способа — 500 ₽');
  });

  it('shows the fee and the total, creates the invoice and shows how to pay it', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Сумма пополнения').fill('1000');
    await expect.poll(() => plain(dialog.locator('dl'))).toContain('К оплате1 025 ₽');
    await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();

    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#invoice-\d+$/);
    invoiceId = Number(new URL(page.url()).hash.replace('#invoice-', ''));
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Ожидает оплаты');
    expect(await plain(dialog.getByText(/^Оплатите 1/))).toBe('Оплатите 1 025 ₽');
    expect(await dialog.locator('strong', { hasText: 'точную сумму' }).count()).toBe(1);
    expect(await dialog.getByLabel('Адрес для оплаты').textContent()).toBe(ADDRESS);
    // The QR code is the server's SVG data URL, drawn by the browser (the CSP allows data: images).
    const qr = dialog.getByRole('img', { name: 'QR-код адреса' });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    await dialog.getByLabel('ID транзакции или номер квитанции').fill('e2e-tx-0001');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Сохранено' }).count()).toBe(1);
    const invoice = await staffApi<{ customer_reference: string; total: number }>(
      'GET',
      `/api/panel/invoices/${invoiceId}/`,
    );
    expect(invoice).toMatchObject({ customer_reference: 'e2e-tx-0001', total: 102_500 });
    await expectNoSeriousViolations(page);
  });

  it('says paid by itself once staff mark it paid, and the header shows the new balance', async () => {
    await staffApi('POST', `/api/panel/invoices/${invoiceId}/paid/`, { reason: '' });
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Оплачен');
    expect(await plain(dialog.getByText(/^Баланс пополнен/))).toBe('Баланс пополнен на 1 000 ₽.');
    await expect
      .poll(() => plain(page.getByRole('banner').getByRole('link', { name: /^Баланс/ })))
      .toBe('Баланс 1 000 ₽');
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('');
  });

  it('lists the invoice and the ledger line on /user, with the history filters in the URL', async () => {
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Баланс/ })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');
    const balanceCard = page.getByRole('region', { name: 'Баланс', exact: true });
    await expect.poll(() => plain(balanceCard)).toContain('1 000 ₽');
    const invoices = page.getByRole('region', { name: 'Счета на пополнение' });
    await expect
      .poll(() => plain(invoices.getByRole('row').nth(1)))
      .toMatch(new RegExp(`^${invoiceId}.*Тестовый USDT1 000 ₽ОплаченОткрыть$`));
    const ledger = page.getByRole('region', { name: 'История баланса' });
    await expect
      .poll(() => plain(ledger.getByRole('row').nth(1)))
      .toMatch(new RegExp(`ПополнениеСчёт № ${invoiceId}\\+1 000 ₽1 000 ₽$`));
    await expectNoSeriousViolations(page);

    // A click changes the URL, and the box follows the URL (not check(): it wants the state at once).
    await ledger.getByRole('checkbox', { name: 'Покупка' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?kind=purchase');
    await expect.poll(() => ledger.getByText('По этим фильтрам ничего не найдено.').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => ledger.getByRole('checkbox', { name: 'Покупка' }).isChecked()).toBe(true);
    await ledger.getByRole('button', { name: 'Сбросить фильтры' }).click();
    await expect.poll(() => ledger.getByRole('row').count()).toBe(2);
  });

  it('tells a customer the gateway sent back what became of the invoice, in English too, on a phone', async () => {
    const phone = await signedInPage(USERS.buyer.email, PHONE);
    await phone.goto(`${site.url}/en/user?invoice=${invoiceId}`);
    await expect
      .poll(() => plain(phone.getByRole('status').filter({ hasText: `Invoice no. ${invoiceId}` })))
      .toContain('Payment received: the balance is topped up by RUB 1,000.');
    // The phone header keeps the balance in sight; the menu spells it out.
    await expect
      .poll(() => plain(phone.getByRole('banner').getByRole('link', { name: /^Balance/ })))
      .toBe('Balance RUB 1,000');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolations(phone);
  });

  it('reopens a pending invoice from /user in the dialog', async () => {
    const created = await fetch(`${site.url}/api/invoices/`, {
      method: 'POST',
      headers: {
        Authorization: `Token ${await apiLogin(USERS.buyer.email)}`,
        'content-type': 'application/json',
        'Idempotency-Key': `e2e-${Date.now()}`,
      },
      body: JSON.stringify({
        method: methodId,
        amount: 60_000,
      }),
    });
    expect(created.status).toBe(201);
    const pending = (await created.json()) as Invoice;
    await page.goto(`${site.url}/user`);
    const invoices = page.getByRole('region', { name: 'Счета на пополнение' });
    await invoices.getByRole('link', { name: 'Оплатить' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#invoice-${pending.id}`);
    const dialog = page.getByRole('dialog', { name: `Счёт № ${pending.id}` });
    await expect.poll(() => dialog.getByLabel('Адрес для оплаты').textContent()).toBe(ADDRESS);
  });
});

describe('the user page and the dialog for others', () => {
  it('answers /user/{id} with the 404 page until staff get that page', async () => {
    const page = await signedInPage(USERS.buyer.email);
    await page.goto(`${site.url}/user/5`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Not Found');
  });

  it('opens no dialog for a visitor', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${site.url}/#topup`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('dialog', { name: 'Пополнение баланса' }).count()).toBe(0);
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Баланс/ })
        .count(),
    ).toBe(0);
  });
});
