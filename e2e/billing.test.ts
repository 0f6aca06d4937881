// The customer's side of money in Chromium against the production build (issue #11): staff add a manual payment
// method through the API; a customer opens the top-up dialog from the header, is refused an amount under the
// method's minimum, sees the fee and the total, creates the invoice and gets the way to pay it (instructions, the
// address, its QR code); staff mark it paid through the API, and the open dialog says so by itself, the header's
// balance follows, and /user lists the invoice and the ledger line. Also: the gateway's return address tells the
// invoice's outcome, /user/{id} is a 404, a visitor gets no dialog, and no serious or critical axe violation on the
// dialog and /user at 1280 and 375 px. Crypto top-ups (issue #27): a method asking for USDT at a rate staff set shows
// the exact amount with its unique tail, its QR code decodes to the address and that amount, both copy buttons copy,
// staff find the invoice by the amount and mark it paid with the transaction id; a method whose rate is stale is shown
// unavailable, with why.
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
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
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

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
  max_amount: null,
  asset: null,
  asset_decimals: 0,
  rate_source: 'staff',
  rate: null,
  rate_url: '',
  rate_path: '',
  rate_max_age_minutes: 1440,
};

/** USDT on Ethereum at a rate staff type: its QR code is an EIP-681 transfer carrying the address and the amount. */
const USDT_ERC20: PaymentMethodInput = {
  ...USDT,
  code: 'e2e_usdt_erc20',
  name_ru: 'USDT по курсу',
  name_en: 'USDT at a rate',
  settings: { address: ETH_ADDRESS, server_url: '', store_id: '' },
  fee_percent: 0,
  asset: 'USDT-ERC20',
  asset_decimals: 4,
  rate: '95.50',
  rate_max_age_minutes: 60,
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
    // A method whose rate staff set two days ago and allowed an hour: stale from the start.
    await db.query(
      `INSERT INTO payment_methods (code, name_ru, name_en, kind, provider, settings, asset, asset_decimals, rate,
                                    rate_at, rate_max_age_minutes)
       VALUES ('e2e_stale', 'Биткоин по старому курсу', 'Bitcoin at an old rate', 'crypto', 'manual',
               '{"address": "bc1qstale"}', 'BTC', 8, 9000000, now() - interval '2 days', 60)`,
    );
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

/** What the QR code image decodes to, read from a screenshot of it as a phone's camera would. */
async function decodeQr(image: Locator): Promise<string | null> {
  const { data, info } = await sharp(await image.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('crypto top-ups at a rate staff set (issue #27)', () => {
  let rateMethod: PanelPaymentMethod;

  beforeAll(async () => {
    rateMethod = await staffApi<PanelPaymentMethod>('POST', '/api/panel/payment-methods/', USDT_ERC20);
    expect(rateMethod.rate_set_by?.email).toBe(USERS.boss.email);
  });

  /** Opens the dialog, chooses the rated method, asks for `typed` and answers the invoice's exact amount. */
  async function topUp(page: Page, typed: string, texts: { readonly method: RegExp; readonly submit: string }) {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: texts.method }).check();
    await dialog.locator('#topup-amount').fill(typed);
    await dialog.getByRole('button', { name: texts.submit }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#invoice-\d+$/);
    return Number(new URL(page.url()).hash.replace('#invoice-', ''));
  }

  it('ru at 1280: the exact USDT amount with its tail, a QR code of address and amount, both copy buttons', async () => {
    const page = await signedInPage(USERS.buyer.email);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.goto(`${site.url}/user#topup`);
    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    const rated = dialog.getByRole('radio', { name: /USDT по курсу/ });
    await expect.poll(() => plain(rated.locator('xpath=ancestor::label'))).toContain('1 USDT = 95,50 ₽');
    // The stale one is there, with why, and cannot be chosen.
    const stale = dialog.getByRole('radio', { name: /Биткоин по старому курсу/ });
    expect(await stale.isDisabled()).toBe(true);
    expect(await plain(stale.locator('xpath=ancestor::label'))).toContain('сейчас недоступен: курс устарел');
    await rated.check();
    await dialog.locator('#topup-amount').fill('10000');
    // 10 000 ₽ at 95,50 ₽ = 104.71204… USDT, rounded up: the estimate; the invoice adds its tail.
    await expect.poll(() => plain(dialog.locator('dl'))).toContain('≈ 104.7121 USDT');

    const invoiceId = await topUp(page, '10000', { method: /USDT по курсу/, submit: 'Перейти к оплате' });
    // The dialog is now the invoice's, under its own title.
    const invoice = page.getByRole('dialog', { name: `Счёт № ${invoiceId}` });
    const exact = invoice.getByLabel('Отправьте ровно');
    await expect.poll(() => exact.textContent()).toBe('104.7122 USDT');
    expect(await plain(invoice)).toMatch(/Курс 1 USDT = 95,50 ₽, зафиксирован с .+ до /);
    const qr = invoice.getByRole('img', { name: 'QR-код с адресом и суммой' });
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // EIP-681: a transfer of 104.7122 USDT (6-decimal units) to the address, on Tether's contract.
    expect(await decodeQr(qr)).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${ETH_ADDRESS}&uint256=104712200`,
    );
    await invoice.getByRole('button', { name: 'Копировать сумму' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('104.7122');
    await invoice.getByRole('button', { name: 'Копировать адрес' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(ETH_ADDRESS);
    await expectNoSeriousViolations(page);

    // Staff paste the amount a deposit came with into the panel's search: one invoice, this one; they mark it paid
    // with the amount that arrived and the transaction id.
    const txid = '0xe2e0000000000000000000000000000000000000000000000000000000000001';
    const staff = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    contexts.push(staff.context());
    await staff.goto(`${site.url}/panel/login`);
    await staff.getByLabel('E-mail', { exact: true }).fill(USERS.boss.email);
    await staff.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await staff.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => new URL(staff.url()).pathname).toBe('/panel');
    await staff.goto(`${site.url}/panel/payment?tab=invoices&search=104.7122`);
    // antd's table has a hidden measuring row: only the data rows count.
    const rows = staff.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('104.7122 USDT');
    await staff.getByRole('button', { name: `Зачислить: счёт ${invoiceId}` }).click();
    const confirm = staff.getByRole('dialog');
    expect(await confirm.getByLabel('Получено в активе').inputValue()).toBe('104.7122');
    await confirm.getByLabel('ID транзакции').fill(txid);
    await confirm.getByRole('button', { name: 'Отметить оплаченным' }).click();
    await expect.poll(() => rows.first().locator('.ant-tag').textContent()).toBe('Оплачен');
    const paid = await staffApi<{ paid_asset_amount: string; paid_txid: string }>(
      'GET',
      `/api/panel/invoices/${invoiceId}/`,
    );
    expect(paid).toMatchObject({ paid_asset_amount: '104.7122', paid_txid: txid });
    await expect.poll(() => invoice.getByRole('status').textContent()).toBe('Оплачен');
  });

  it('en at 375: the next invoice of the same amount gets the next tail, and its QR code says so', async () => {
    // The first invoice is paid, and its amount stays held (a second deposit of it still names that invoice, #43):
    // another customer's invoice takes the next tail, and the next one of the same amount the tail after.
    const other = await fetch(`${site.url}/api/invoices/`, {
      method: 'POST',
      headers: {
        Authorization: `Token ${await apiLogin(USERS.boss.email)}`,
        'content-type': 'application/json',
        'Idempotency-Key': `e2e-tail-${Date.now()}`,
      },
      body: JSON.stringify({ method: rateMethod.id, amount: 1_000_000 }),
    });
    expect(((await other.json()) as Invoice).asset?.amount).toBe('104.7123');

    const phone = await signedInPage(USERS.buyer.email, PHONE);
    await phone.goto(`${site.url}/en/user#topup`);
    const dialog = phone.getByRole('dialog', { name: 'Top up the balance' });
    await expect
      .poll(() => plain(dialog.getByRole('radio', { name: /Bitcoin at an old rate/ }).locator('xpath=ancestor::label')))
      .toContain('unavailable now: the exchange rate is out of date');
    const invoiceId = await topUp(phone, '10000', { method: /USDT at a rate/, submit: 'Continue to payment' });
    const invoice = phone.getByRole('dialog', { name: `Invoice no. ${invoiceId}` });
    const exact = invoice.getByLabel('Send exactly');
    await expect.poll(() => exact.textContent()).toBe('104.7124 USDT');
    const qr = invoice.getByRole('img', { name: 'QR code with the address and the amount' });
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await qr.scrollIntoViewIfNeeded();
    expect(await decodeQr(qr)).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${ETH_ADDRESS}&uint256=104712400`,
    );
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolations(phone);
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
