// #49 in Chromium against the production build: staff typed "150,5" into a balance adjustment and the customer got
// 1 505 ₽. Typed with a decimal comma in Russian and a decimal point in English, the adjustment is confirmed with the
// amount as read (150,50 ₽ / RUB 150.50) and the balance grows by exactly that; an ambiguous amount is refused on the
// field, with nothing asked and nothing credited.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAmountText } from '@proxy/contract/money';
import { launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';
import { createUser } from '../server/test/accounts.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { apiCall, apiLogin, panelPage, plain } from './support.ts';

const PASSWORD = 'Money-staff-2026';
const STAFF = {
  email: 'money-staff@example.com',
  staff: true,
  permissions: [
    'users.view_user',
    'users.change_balance',
    'payments.view_paymentmethod',
    'payments.change_paymentmethod',
  ],
};
const CUSTOMER = { email: 'money-customer@example.com' };
/** The balance of the report: 3 100 ₽. */
const START = 310_000;

let browser: Browser;
let site: RunningSite;
let data: PreparedData | undefined;
let customerId = 0;
let customerToken = '';
let staffToken = '';
/** A manual payment method per language, its fee 0 %: the fee percent is typed into each. */
const methodIds: Record<'ru' | 'en', number> = { ru: 0, en: 0 };
beforeAll(async () => {
  data = await prepareDataDir('panel-money-e2e', async (db) => {
    await createUser(db, { ...STAFF, password: PASSWORD });
    customerId = (await createUser(db, { ...CUSTOMER, password: PASSWORD })).id;
    await db.query('UPDATE users SET balance = $1 WHERE id = $2', [START, customerId]);
    for (const language of ['ru', 'en'] as const) {
      const [method] = await db.query<{ id: number }>(
        `INSERT INTO payment_methods (code, name_ru, name_en, kind, provider, settings)
         VALUES ($1, $2, $2, 'fiat', 'manual', '{"address": "Счёт 40817810000000000049"}') RETURNING id`,
        [`e2e_fee_${language}`, `Перевод ${language}`],
      );
      methodIds[language] = Number(method?.id);
    }
  });
  site = await startSite({ dataDir: data.dataDir });
  browser = await launchBrowser();
  customerToken = await apiLogin(site, CUSTOMER.email, PASSWORD);
  staffToken = await apiLogin(site, STAFF.email, PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  data?.remove();
});

const balance = async () => (await apiCall<{ balance: number }>(site, customerToken, 'GET', '/api/users/')).balance;

const WORDS = {
  ru: { amount: /^Сумма, /, reason: 'Причина', adjust: 'Скорректировать баланс', confirm: 'Скорректировать' },
  en: { amount: /^Amount, /, reason: 'Reason', adjust: 'Adjust balance', confirm: 'Adjust' },
} as const;

/** Staff on the customer's account page in the panel, in the language asked. */
async function accountPage(language: 'ru' | 'en'): Promise<Page> {
  const prefix = language === 'en' ? '/en' : '';
  const page = await panelPage(browser, site, STAFF.email, PASSWORD, prefix);
  await page.goto(`${site.url}${prefix}/panel/users/${customerId}`);
  await page.getByRole('button', { name: WORDS[language].adjust }).waitFor();
  return page;
}

async function typeAdjustment(page: Page, language: 'ru' | 'en', amount: string): Promise<void> {
  const words = WORDS[language];
  await page.getByLabel(words.amount).fill(amount);
  await page.getByLabel(words.reason, { exact: true }).fill(`#49 ${amount}`);
  await page.getByRole('button', { name: words.adjust }).click();
}

describe('a balance adjustment typed with a decimal comma or point (#49)', () => {
  it.each([
    ['ru', '150,5', 'Зачислить 150,50 ₽ на баланс money-customer@example.com. Баланс станет 3 250,50 ₽.'],
    ['en', '150.5', 'Add RUB 150.50 to the balance of money-customer@example.com. The balance becomes RUB 3,401.'],
  ] as const)('%s: "%s" is confirmed as read and credits exactly 150.50', async (language, amount, confirmation) => {
    const page = await accountPage(language);
    const before = await balance();
    await typeAdjustment(page, language, amount);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => plain(dialog)).toContain(confirmation);
    await dialog.getByRole('button', { name: WORDS[language].confirm }).click();
    await expect.poll(balance).toBe(before + 15_050);
    await page.context().close();
  });

  it.each([
    ['ru', '1.000,5', /^Введите сумму вида 150,50 или 150\.50/],
    ['en', '1,000', /^At most two digits after the decimal point or comma/],
  ] as const)('%s: "%s" is refused on the field, with nothing asked or credited', async (language, amount, error) => {
    // What the field refuses is what the contract refuses: the test would prove nothing about a readable amount.
    expect(readAmountText(amount)).toHaveProperty('problem');
    const page = await accountPage(language);
    const before = await balance();
    await typeAdjustment(page, language, amount);
    const field = page.getByLabel(WORDS[language].amount);
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const described = page.locator(`#${(await field.getAttribute('aria-describedby')) ?? ''}`);
    expect(await plain(described)).toMatch(error);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await balance()).toBe(before);
    await page.context().close();
  });
});

/** What the API holds as the method's fee percent. */
const feeOf = async (language: 'ru' | 'en') =>
  (await apiCall<{ id: number; fee_percent: number }[]>(site, staffToken, 'GET', '/api/panel/payment-methods/')).find(
    (method) => method.id === methodIds[language],
  )?.fee_percent;

const FEE = {
  ru: { field: 'Комиссия, %', save: 'Сохранить', shown: 'комиссия 2,5 %' },
  en: { field: 'Fee, %', save: 'Save', shown: 'fee 2.5%' },
} as const;

/** Staff on the payment method's edit screen in the panel, in the language asked. */
async function methodPage(language: 'ru' | 'en'): Promise<Page> {
  const prefix = language === 'en' ? '/en' : '';
  const page = await panelPage(browser, site, STAFF.email, PASSWORD, prefix);
  await page.goto(`${site.url}${prefix}/panel/payment/${methodIds[language]}`);
  await page.getByLabel(FEE[language].field, { exact: true }).waitFor();
  return page;
}

describe("a payment method's fee percent typed with a decimal comma or point (#49)", () => {
  // In this order: the refusals first, while each method's fee is still 0.
  it.each([
    ['ru', '1.000,5', /^Введите число вида 2,5 или 2\.5/],
    ['en', '1.000,5', /^Enter a number like 2\.5 or 2,5/],
  ] as const)('%s: "%s" is refused on the field and nothing is saved', async (language, typed, error) => {
    const page = await methodPage(language);
    const field = page.getByLabel(FEE[language].field, { exact: true });
    await field.fill(typed);
    await page.getByRole('button', { name: FEE[language].save }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const described = page.locator(`#${(await field.getAttribute('aria-describedby')) ?? ''}`);
    expect(await plain(described)).toMatch(error);
    expect(await field.inputValue()).toBe(typed);
    expect(await feeOf(language)).toBe(0);
    await page.context().close();
  });

  it.each([
    ['ru', '2,5'],
    ['en', '2.5'],
  ] as const)('%s: "%s" is saved as 2.5 % and shown so in the list', async (language, typed) => {
    const page = await methodPage(language);
    await page.getByLabel(FEE[language].field, { exact: true }).fill(typed);
    await page.getByRole('button', { name: FEE[language].save }).click();
    await expect.poll(() => feeOf(language)).toBe(2.5);
    const prefix = language === 'en' ? '/en' : '';
    await page.goto(`${site.url}${prefix}/panel/payment`);
    const row = page.locator('tr').filter({ has: page.getByRole('link', { name: `Перевод ${language}` }) });
    await expect.poll(() => plain(row)).toContain(FEE[language].shown);
    await page.context().close();
  });
});
