// Topping up through a payment gateway in Chromium against the production build (issues #11, #27): staff set up a
// BTCPay Server method and a NOWPayments one through the API (local servers that speak each one's documented API, as
// the real ones are unreachable here); a customer picks one in the top-up dialog and is sent to the gateway's checkout
// for the total in the site currency; paying there brings them back to /user, which waits for the gateway's signed
// webhook and then shows the invoice paid and the new balance — credited once, however often the webhook comes.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelPaymentMethod } from '@proxy/contract/schemas/billing';
import { launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';
import { createUser } from '../server/test/accounts.ts';
import { startFakeBtcpay, webhookDelivery, type FakeBtcpay } from '../server/test/btcpay-server.ts';
import { ipnDelivery, startFakeNowpayments, type FakeNowpayments } from '../server/test/nowpayments-server.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';

const PASSWORD = 'Gateway-e2e-2026';
const BOSS = 'gateway-boss@example.com';
const BUYER = 'gateway-buyer@example.com';
const CRYPTO_BUYER = 'gateway-crypto-buyer@example.com';

let browser: Browser;
let site: RunningSite;
let gateway: FakeBtcpay;
let nowpayments: FakeNowpayments;
let data: PreparedData | undefined;
let methodId: number;
let nowpaymentsId: number;
const contexts: BrowserContext[] = [];

async function apiLogin(email: string): Promise<string> {
  const response = await fetch(`${site.url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status, `login of ${email}`).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

beforeAll(async () => {
  data = await prepareDataDir('gateway-e2e', async (db) => {
    await createUser(db, { email: BOSS, password: PASSWORD, superuser: true, staff: true });
    await createUser(db, { email: BUYER, password: PASSWORD });
    await createUser(db, { email: CRYPTO_BUYER, password: PASSWORD });
  });
  gateway = await startFakeBtcpay();
  nowpayments = await startFakeNowpayments();
  site = await startSite({ dataDir: data.dataDir });
  browser = await launchBrowser();
  const staff = { Authorization: `Token ${await apiLogin(BOSS)}`, 'content-type': 'application/json' };
  const created = await fetch(`${site.url}/api/panel/payment-methods/`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({
      code: 'e2e_btcpay',
      name_ru: 'Биткоин через BTCPay',
      name_en: 'Bitcoin via BTCPay',
      kind: 'crypto',
      provider: 'btcpay',
      settings: { server_url: gateway.url, store_id: gateway.storeId },
      secrets: { api_key: gateway.apiKey, webhook_secret: gateway.webhookSecret },
    }),
  });
  expect(created.status).toBe(201);
  methodId = ((await created.json()) as PanelPaymentMethod).id;
  const hosted = await fetch(`${site.url}/api/panel/payment-methods/`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({
      code: 'e2e_nowpayments',
      name_ru: 'Криптовалюта через NOWPayments',
      name_en: 'Crypto via NOWPayments',
      kind: 'crypto',
      provider: 'nowpayments',
      settings: { server_url: nowpayments.url },
      secrets: { api_key: nowpayments.apiKey, webhook_secret: nowpayments.ipnSecret },
    }),
  });
  expect(hosted.status).toBe(201);
  nowpaymentsId = ((await hosted.json()) as PanelPaymentMethod).id;
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
  await gateway?.close();
  await nowpayments?.close();
  data?.remove();
});

/** Text as people read it: Intl's no-break and thin spaces as plain ones. */
const plain = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').replace(/\s/g, ' ');

const deliver = (body: string, headers: Record<string, string>) =>
  fetch(`${site.url}/api/payments/btcpay/${methodId}/webhook/`, { method: 'POST', headers, body });

describe('a top-up through BTCPay Server', () => {
  let page: Page;

  it('sends the customer to the checkout for the total, and back to /user, which waits for the webhook', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    await context.addCookies([{ name: 'accessToken', value: await apiLogin(BUYER), url: site.url }]);
    page = await context.newPage();
    await page.goto(`${site.url}/en/#topup`);
    const dialog = page.getByRole('dialog', { name: 'Top up the balance' });
    await dialog.getByRole('radio', { name: /Bitcoin via BTCPay/ }).check();
    await dialog.getByLabel('Amount to top up').fill('1500');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    // The gateway's own page, for the total in the site's currency.
    await expect.poll(() => page.url()).toMatch(new RegExp(`^${gateway.url}/i/`));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pay 1500.00 RUB');
    const remote = gateway.latest();
    expect(remote.metadata).toMatchObject({ orderId: expect.stringMatching(/^invoice-\d+$/) });
    const invoiceId = Number(String(remote.metadata.orderId).replace('invoice-', ''));

    // Paying sends the customer back before the webhook arrives: the page says it waits.
    await page.getByRole('link', { name: 'Pay' }).click();
    await expect.poll(() => page.url()).toBe(`${site.url}/en/user?invoice=${invoiceId}`);
    const result = page.getByRole('status').filter({ hasText: `Invoice no. ${invoiceId}` });
    await expect.poll(() => plain(result)).toContain('We are waiting for the payment system to confirm the payment.');

    // A forged webhook changes nothing; the signed one (delivered twice) credits once.
    const forged = webhookDelivery(gateway, remote.id, 'InvoiceSettled', undefined, 'wrong-secret');
    expect((await deliver(forged.body, forged.headers)).status).toBe(403);
    const delivery = webhookDelivery(gateway, remote.id, 'InvoiceSettled');
    expect((await deliver(delivery.body, delivery.headers)).status).toBe(200);
    expect(await (await deliver(delivery.body, delivery.headers)).json()).toEqual({ result: 'replay' });

    await expect
      .poll(() => plain(result), { timeout: 15_000 })
      .toContain('Payment received: the balance is topped up by RUB 1,500.');
    await expect
      .poll(() => plain(page.getByRole('banner').getByRole('link', { name: /^Balance/ })))
      .toBe('Balance RUB 1,500');
  });
});

describe('a top-up through NOWPayments', () => {
  it('sends the customer to the hosted invoice, whose signed callback credits once; forged ones change nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    contexts.push(context);
    await context.addCookies([{ name: 'accessToken', value: await apiLogin(CRYPTO_BUYER), url: site.url }]);
    const page = await context.newPage();
    await page.goto(`${site.url}/#topup`);
    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    await dialog.getByRole('radio', { name: /Криптовалюта через NOWPayments/ }).check();
    await dialog.getByLabel('Сумма пополнения').fill('2500');
    await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();

    // NOWPayments' own page, for the total in the site's currency, naming our invoice and our callback URL.
    await expect.poll(() => page.url()).toMatch(new RegExp(`^${nowpayments.url}/payment/\\?iid=\\d+$`));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pay 2500 RUB');
    const remote = nowpayments.latest();
    const invoiceId = Number(remote.order_id);
    expect(remote.ipn_callback_url).toBe(`${site.url}/api/payments/nowpayments/${nowpaymentsId}/webhook/`);

    // Paying sends the customer back, and NOWPayments posts its callback: the page shows the balance credited.
    await page.getByRole('link', { name: 'Pay' }).click();
    await expect.poll(() => page.url()).toBe(`${site.url}/user?invoice=${invoiceId}`);
    const result = page.getByRole('status').filter({ hasText: `Счёт № ${invoiceId}` });
    await expect
      .poll(() => plain(result), { timeout: 15_000 })
      .toContain('Оплата получена: баланс пополнен на 2 500 ₽.');
    await expect.poll(() => nowpayments.callbacks).toEqual([{ status: 200, body: { result: 'applied' } }]);

    // NOWPayments re-sends the same callback: a replay; a forged one is refused; the balance moved once.
    const [payment] = [...nowpayments.payments.values()];
    if (!payment) throw new Error('the fake NOWPayments made no payment');
    expect(await nowpayments.notify(payment)).toEqual({ status: 200, body: { result: 'replay' } });
    const forged = ipnDelivery(nowpayments, { ...payment, price_amount: 25_000 }, 'not-the-ipn-secret');
    const refused = await fetch(`${site.url}/api/payments/nowpayments/${nowpaymentsId}/webhook/`, {
      method: 'POST',
      headers: forged.headers,
      body: forged.body,
    });
    expect(refused.status).toBe(403);
    await page.reload();
    await expect
      .poll(() => plain(page.getByRole('banner').getByRole('link', { name: /^Баланс/ })))
      .toBe('Баланс 2 500 ₽');
  });
});
