// Ordering and the customer's IPs end to end (#13), in Chromium against the production build, with the real farm
// agent (the simulator: its modems are loopback addresses) serving the seeded host `local`: a new customer registers,
// tops up (a manual method, staff mark the invoice paid), orders two proxies with a promo code, finds them on /ip with
// the filters, opens one, curls through it to a local echo server, changes its IP and sees the echo server see the new
// address, regenerates the password and finds the old one refused, and exports the list as txt. In Russian at
// 1280 px and in English at 375 px, axe-clean, every action in reach, and shot (e2e/screenshots/). Another customer
// gets 404 for the proxy; a visitor is asked to sign in. Then a customer hands a proxy to another (#14): the offer in
// Russian at 1280 px, the recipient's e-mail and acceptance in English at 375 px, the sender's credentials refused by
// the agent and the recipient's new ones carrying traffic. And staff manage a customer (#15): found by e-mail in the
// panel (ru, 1280 px) and given the Pages permission, the customer reaches the panel with Pages alone (en, 375 px);
// a balance adjustment with a reason shows in the customer's ledger; a block signs them out and stops their proxy.
// A customer signs out their other device, moves their e-mail through the link sent to the new address (the old one
// is told) and changes their password on /user (ru, 1280 px).
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSite } from '../scripts/site-process.ts';
import type { SmtpSink } from '../scripts/smtp-sink.ts';
import { billingService } from '../server/domains/billing/index.ts';
import { createUser } from '../server/test/accounts.ts';
import {
  buyProxy as buyProxyOf,
  farmSuite,
  type ProxyCredentials,
  proxyUrlOf,
  shoot,
  throughProxy as throughProxyOf,
  widerThanViewport,
} from './farm-suite.ts';
import {
  apiCall,
  apiLogin,
  DESKTOP,
  expectActionsInReach,
  expectNoSeriousViolations,
  hydrated,
  PHONE,
  plain,
  signedInPage,
  type Viewport,
} from './support.ts';

const PASSWORD = 'Ordering-e2e-2026';
const STAFF = 'ordering-staff@example.com';
const OTHER = 'ordering-other@example.com';
// The transfer: a Russian-speaking sender with money, an English-speaking recipient.
const SENDER = 'transfer-sender@example.com';
const RECIPIENT = 'transfer-recipient@example.com';
// The customer staff manage (#15): English-speaking, with money for a proxy.
const MANAGED = 'managed-customer@example.com';
// The customer who looks after their own account on /user (#15): devices, e-mail, password.
const MOVER = 'moving-customer@example.com';
const PROMO = 'E2E10';

type Language = 'ru' | 'en';
const TEXT = {
  ru: {
    email: 'E-mail',
    password: 'Пароль',
    password2: 'Повторите пароль',
    register: 'Зарегистрироваться',
    signIn: 'Войти',
    topUp: 'Пополнить',
    topUpDialog: 'Пополнение баланса',
    method: /USDT/,
    amount: 'Сумма пополнения',
    toPayment: 'Перейти к оплате',
    paid: 'Оплачен',
    done: 'Готово',
    quantity: 'Количество прокси',
    promo: 'Промокод',
    pay: 'Оплатить с баланса',
    orderPaid: /^Заказ № \d+ оплачен$/,
    allIps: 'Перейти в «Мои IP»',
    ipsTitle: 'Мои IP',
    filters: 'Фильтры',
    expired: 'Истёк',
    noMatch: 'Нет прокси, подходящих под фильтры',
    reset: 'Сбросить фильтры',
    show: 'Показать',
    rotateNow: 'Сменить IP сейчас',
    newIp: 'Новый IP: ',
    regenerate: 'Новый пароль',
    regenerateConfirm: 'Сменить пароль',
    passwordChanged: 'Пароль изменён. Старый больше не работает.',
    selectPage: 'Выбрать все прокси на странице',
    selectRow: /^Выбрать (?!все)/,
    txt: 'Скачать TXT',
    format: 'Формат строки подключения',
    notFound: 'This page could not be found',
    openMenu: 'Открыть меню',
    customerNav: 'Разделы кабинета',
    renew: 'Продлить',
    topUpLink: 'Пополнить',
    transferred: 'передан',
    // The customer menu's links, where each leads, and the tab's title there (shared/src/titles.ts).
    walk: [
      ['Личный кабинет', '/home', 'Личный кабинет'],
      ['Мои IP', '/ip', 'Мои IP'],
      ['Заказать', '/order', 'Заказ прокси'],
      ['Передачи', '/ip/transfer', 'Передача прокси'],
      ['Профиль и баланс', '/user', 'Профиль'],
    ],
    proxyName: (id: number) => `Прокси №${id}`,
    history: 'История',
    ledger: 'История баланса',
  },
  en: {
    email: 'E-mail',
    password: 'Password',
    password2: 'Repeat the password',
    register: 'Sign up',
    signIn: 'Sign in',
    topUp: 'Top up',
    topUpDialog: 'Top up the balance',
    method: /USDT/,
    amount: 'Amount to top up',
    toPayment: 'Continue to payment',
    paid: 'Paid',
    done: 'Done',
    quantity: 'Number of proxies',
    promo: 'Promo code',
    pay: 'Pay from balance',
    orderPaid: /^Order № \d+ is paid$/,
    allIps: 'Go to My IPs',
    ipsTitle: 'My IPs',
    filters: 'Filters',
    expired: 'Expired',
    noMatch: 'No proxies match these filters',
    reset: 'Reset filters',
    show: 'Show',
    rotateNow: 'Change IP now',
    newIp: 'New IP: ',
    regenerate: 'New password',
    regenerateConfirm: 'Set a new password',
    passwordChanged: 'New password set. The old one no longer works.',
    selectPage: 'Select every proxy on this page',
    selectRow: /^Select (?!every)/,
    txt: 'Download TXT',
    format: 'Connection string format',
    notFound: 'This page could not be found',
    openMenu: 'Open the menu',
    customerNav: 'Account sections',
    renew: 'Renew',
    topUpLink: 'Top up',
    transferred: 'transferred',
    walk: [
      ['My account', '/home', 'Account'],
      ['My IPs', '/ip', 'My IPs'],
      ['Order', '/order', 'Order proxies'],
      ['Transfers', '/ip/transfer', 'Proxy transfers'],
      ['Profile & balance', '/user', 'Profile'],
    ],
    proxyName: (id: number) => `Proxy #${id}`,
    history: 'History',
    ledger: 'Balance history',
  },
} as const;

/**
 * What each language's customer orders: a place with two modems of one operator in the seeded farm; the operator as
 * the page names it (`operatorName`, Russian on a Russian page, #49) and as the URL's filter does (`operator`).
 */
const ORDER = {
  ru: {
    period: 7,
    country: 'Россия',
    city: 'Москва',
    operator: 'MTS',
    operatorName: 'МТС',
    topUp: 3_000,
    viewport: DESKTOP,
  },
  en: {
    period: 1,
    country: 'Russia',
    city: 'Moscow',
    operator: 'Beeline',
    operatorName: 'Beeline',
    topUp: 1_000,
    viewport: PHONE,
  },
} as const satisfies Record<Language, { viewport: Viewport } & Record<string, unknown>>;

const farm = farmSuite({
  name: 'ordering-e2e',
  staff: { email: STAFF, password: PASSWORD },
  seed: async (db) => {
    await createUser(db, { email: OTHER, password: PASSWORD });
    const sender = await createUser(db, { email: SENDER, password: PASSWORD, language: 'ru' });
    await createUser(db, { email: RECIPIENT, password: PASSWORD, language: 'en' });
    const managed = await createUser(db, { email: MANAGED, password: PASSWORD, language: 'en' });
    await createUser(db, { email: MOVER, password: PASSWORD, language: 'ru' });
    const billing = billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: '' });
    for (const userId of [sender.id, managed.id]) {
      await billing.post({ userId, kind: 'adjustment', amount: 1_000_000, currency: 'RUB', reason: 'e2e money' });
    }
    await db.query(`INSERT INTO promo_codes (code, kind, value) VALUES ($1, 'percent', 10)`, [PROMO]);
  },
});
// The suite's parts under the names the tests below use, once its hooks have started them.
let browser: Browser;
let site: RunningSite;
let sink: SmtpSink;
let staffToken: string;
const contexts = farm.contexts;
beforeAll(() => {
  ({ browser, site, sink, staffToken } = farm);
});
const throughProxy = (proxy: string) => throughProxyOf(farm, proxy);
const buyProxy = (token: string) => buyProxyOf(farm, token);

function linkIn(text: string, parameter: string): string {
  const match = new RegExp(`https?://\\S*[?&]${parameter}=[^\\s"<>]+`).exec(text);
  if (!match) throw new Error(`No ${parameter} link in:\n${text}`);
  return match[0];
}

describe.each(['ru', 'en'] as const)('a customer orders and uses proxies, in %s', (language) => {
  const text = TEXT[language];
  const order = ORDER[language];
  const prefix = language === 'en' ? '/en' : '';
  const email = `ordering-${language}-${Date.now()}@example.com`;
  let page: Page;
  let proxyId: number;
  let proxyUrl: string;
  let firstIp: string;

  beforeAll(async () => {
    const context = await browser.newContext({ viewport: order.viewport, acceptDownloads: true });
    contexts.push(context);
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    // What the page showed when a step failed, for whoever reads the failure (e2e/screenshots/ is git-ignored).
    if (task.result?.state === 'fail') await shoot(page, `ordering-failed-${language}`);
  });

  it("registers from a plan's order button, confirms the address and lands on /order with that plan (#28)", async () => {
    // A new visitor pressing a plan's "Order" is asked to register, not to sign in.
    await page.goto(`${site.url}${prefix}/`);
    await hydrated(page);
    await page.locator(`main a[href="${prefix}/order?period=${order.period}"]`).first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#registration');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.email, { exact: true }).fill(email);
    await dialog.getByLabel(text.password, { exact: true }).fill(PASSWORD);
    await dialog.getByLabel(text.password2, { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: text.register }).click();
    // The login form registration switches to has the address filled in…
    await expect.poll(() => new URL(page.url()).hash).toBe('#login');
    await expect.poll(() => dialog.getByLabel(text.email, { exact: true }).inputValue()).toBe(email);
    const mail = await sink.waitFor((message) => message.to.includes(email), 15_000);
    await page.goto(linkIn(mail.text, 'email_key').replace(/^https?:\/\/[^/]+/, site.url));
    // …and so has the one the confirmation link opens.
    await expect.poll(() => new URL(page.url()).hash).toBe('#login');
    await expect.poll(() => dialog.getByLabel(text.email, { exact: true }).inputValue()).toBe(email);
    await dialog.getByLabel(text.password, { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: text.signIn }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/order`);
    expect(new URL(page.url()).searchParams.get('period')).toBe(String(order.period));
  });

  it('tops up with a manual method that staff mark paid', async () => {
    await page.goto(`${site.url}${prefix}/#topup`);
    const dialog = page.getByRole('dialog', { name: text.topUpDialog });
    await dialog.getByRole('radio', { name: text.method }).check();
    await dialog.getByLabel(text.amount).fill(String(order.topUp));
    await dialog.getByRole('button', { name: text.toPayment }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#invoice-\d+$/);
    const invoiceId = Number(new URL(page.url()).hash.replace('#invoice-', ''));
    await apiCall(site, staffToken, 'POST', `/api/panel/invoices/${invoiceId}/paid/`, { reason: '' });
    // The dialog is named after the invoice now.
    const invoice = page.getByRole('dialog');
    await expect.poll(() => invoice.getByRole('status').filter({ hasText: text.paid }).count()).toBeGreaterThan(0);
    await invoice.getByRole('button', { name: text.done }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('orders two proxies with a promo code, the period chosen from the price table link', async () => {
    await page.goto(`${site.url}${prefix}/order?period=${order.period}`);
    const form = page.locator('main');
    await form.getByRole('radio', { name: new RegExp(order.country) }).check();
    await form.getByRole('radio', { name: new RegExp(`^${order.city}`) }).check();
    await form.getByRole('radio', { name: new RegExp(`^${order.operatorName}`) }).check();
    await form.getByLabel(text.quantity, { exact: true }).fill('2');
    await form.getByLabel(text.promo, { exact: true }).fill(PROMO);
    const summary = page.locator('aside');
    // The quote the server made: two proxies for the period, 10 % off.
    await expect.poll(() => plain(summary)).toMatch(new RegExp(PROMO));
    await expectNoSeriousViolations(page);
    await expectActionsInReach(page, `order, ${language}`, 'main button:visible');
    await shoot(page, `ordering-order-${language}-${order.viewport.width}`);
    await form.getByRole('button', { name: text.pay }).click();
    await expect.poll(() => page.getByRole('heading', { name: text.orderPaid }).count()).toBe(1);
    await page.getByRole('link', { name: text.allIps }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/ip`);
  });

  it('lists both on /ip, and the filters work through the URL', async () => {
    await expect.poll(() => page.getByRole('heading', { name: text.ipsTitle, level: 1 }).count()).toBe(1);
    const rows = page.locator('main').getByRole('checkbox', { name: text.selectRow });
    await expect.poll(() => rows.count()).toBe(2);
    await page.goto(`${site.url}${prefix}/ip?operator=${order.operator}`);
    await expect.poll(() => rows.count()).toBe(2);
    // Folded on a phone (#28): unfolded first.
    const fold = page.locator('main button[aria-controls="ip-filters"]');
    if ((await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
    // A click on a filter goes into the URL, and the list follows it.
    await page.getByRole('group', { name: text.filters }).getByRole('checkbox', { name: text.expired }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('expired');
    await expect.poll(() => page.getByText(text.noMatch).isVisible()).toBe(true);
    await page.getByRole('status').getByRole('button', { name: text.reset }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => rows.count()).toBe(2);
    await expectNoSeriousViolations(page);
    await expectActionsInReach(page, `ip list, ${language}`, 'main button:visible');
    await shoot(page, `ordering-ip-list-${language}-${order.viewport.width}`);
  });

  it('opens a proxy and carries traffic through it with the credentials shown', async () => {
    await page.locator('main a[href*="/ip/"]:not([href*="/ip/transfer"])').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^${prefix}/ip/\\d+$`));
    proxyId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('button', { name: text.show }).click();
    // The ready-to-paste http:// string is the one a tool takes.
    proxyUrl =
      (await page
        .getByText(/^http:\/\/.+@127\.0\.0\.1:\d+$/)
        .first()
        .textContent()) ?? '';
    expect(proxyUrl).toMatch(/^http:\/\/[^:]+:[^@]+@127\.0\.0\.1:\d+$/);
    const first = await throughProxy(proxyUrl);
    expect(first.status, farm.agentLog).toBe(200);
    firstIp = first.body;
    expect(firstIp).toMatch(/^127\.\d+\.\d+\.\d+$/);
    await expectNoSeriousViolations(page);
    await expectActionsInReach(page, `proxy page, ${language}`, 'main button:visible');
    await shoot(page, `ordering-proxy-${language}-${order.viewport.width}`);
  });

  it('changes the IP now, and the echo server sees the new address', async () => {
    await page.getByRole('button', { name: text.rotateNow }).click();
    await expect.poll(() => page.getByText(text.newIp).count()).toBeGreaterThan(0);
    const newIp = ((await page.getByText(text.newIp).first().textContent()) ?? '').replace(text.newIp, '').trim();
    expect(newIp).not.toBe(firstIp);
    await expect.poll(async () => (await throughProxy(proxyUrl)).body).toBe(newIp);
  });

  it('regenerates the password: the old one is refused, the new one works', async () => {
    await page.getByRole('button', { name: text.regenerate }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.regenerateConfirm }).click();
    await expect.poll(() => page.getByText(text.passwordChanged).count()).toBeGreaterThan(0);
    await expect.poll(async () => (await throughProxy(proxyUrl)).status).toBe(407);
    const fresh =
      (await page
        .getByText(/^http:\/\/.+@127\.0\.0\.1:\d+$/)
        .first()
        .textContent()) ?? '';
    expect(fresh).not.toBe(proxyUrl);
    await expect.poll(async () => (await throughProxy(fresh)).status).toBe(200);
  });

  it('exports the list as txt, one host:port:login:password line per proxy', async () => {
    await page.goto(`${site.url}${prefix}/ip`);
    const rows = page.locator('main').getByRole('checkbox', { name: text.selectRow });
    await expect.poll(() => rows.count()).toBe(2);
    if (order.viewport === DESKTOP) await page.getByRole('checkbox', { name: text.selectPage }).check();
    // One by one on a phone, where the cards have no table header with "select all".
    else for (const row of await rows.all()) await row.check();
    await page.getByRole('combobox', { name: text.format }).selectOption({ label: 'host:port:login:password' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text.txt }).click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^127\.0\.0\.1:\d+:[^:]+:.+$/);
  });

  it('reaches every customer page from the customer menu, the current one marked and each titled (#28)', async () => {
    for (const [name, path, title] of text.walk) {
      if (order.viewport === PHONE) {
        await page.getByRole('button', { name: text.openMenu }).click();
        // At the top of the mobile menu, above the fold.
        const link = page.getByRole('dialog').getByRole('navigation', { name: text.customerNav }).getByRole('link', {
          name,
          exact: true,
        });
        const box = await link.boundingBox();
        expect(box && box.y + box.height <= order.viewport.height, name).toBe(true);
        await link.click();
      } else {
        await page.getByRole('navigation', { name: text.customerNav }).getByRole('link', { name, exact: true }).click();
      }
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}${path}`);
      await expect.poll(() => page.title()).toBe(`${title} — ProxyMob`);
      // Marked in the bar's menu, and on a phone in the mobile menu's too (closed now). A desktop visit never opens
      // the mobile menu, so its code never loads there.
      const current = page.locator(`nav[aria-label="${text.customerNav}"] a[aria-current="page"]`);
      expect(await current.allTextContents()).toEqual(order.viewport === PHONE ? [name, name] : [name]);
      await shoot(page, `customer-menu-${language}-${order.viewport.width}-${path.replace(/\//g, '_')}`);
    }
    // The dashboard's "History" lands at the history, at the bottom of /user.
    await page.goto(`${site.url}${prefix}/home`);
    await page.locator('main').getByRole('link', { name: text.history, exact: true }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#history');
    await expect.poll(() => page.getByRole('heading', { name: text.ledger }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('heading', { name: text.ledger }).evaluate((h) => h.getBoundingClientRect().top))
      .toBeLessThan(order.viewport.height);
    // A proxy's page is titled by the proxy's one name.
    await page.goto(`${site.url}${prefix}/ip/${proxyId}`);
    await expect.poll(() => page.title()).toBe(`${text.proxyName(proxyId)} — ProxyMob`);
    expect(await plain(page.locator('main h1'))).toBe(text.proxyName(proxyId));
  });

  it('gives focus back to what opened each dialog: renew, new password, top-up (#28)', async () => {
    const focusedIs = (selector: string) =>
      page.evaluate((target) => document.activeElement === document.querySelector(target), selector);
    const main = page.locator('main');
    for (const [opener, name] of [
      ['renew', text.renew],
      ['regenerate', text.regenerate],
    ] as const) {
      const button = main.getByRole('button', { name, exact: true });
      await button.evaluate((element) => element.setAttribute('data-opener', ''));
      await button.click();
      await expect.poll(() => page.getByRole('dialog').count(), { message: opener }).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count(), { message: opener }).toBe(0);
      await expect.poll(() => focusedIs('[data-opener]'), { message: opener }).toBe(true);
      await button.evaluate((element) => element.removeAttribute('data-opener'));
    }
    // After a confirmation too: the new password.
    await main.getByRole('button', { name: text.regenerate, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.regenerateConfirm }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(text.regenerate);
    // The balance card's top-up (the shell's dialog, opened by its hash).
    await page.goto(`${site.url}${prefix}/user`);
    const topUp = page.locator('main a[href$="#topup"]').first();
    await topUp.evaluate((element) => element.setAttribute('data-opener', ''));
    await topUp.click();
    await expect.poll(() => page.getByRole('dialog', { name: text.topUpDialog }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => focusedIs('[data-opener]')).toBe(true);
  });

  it('fits /ip and /ip/{id} into the viewport: nothing sticks out sideways (#28)', async () => {
    for (const path of ['/ip', `/ip/${proxyId}`]) {
      await page.goto(`${site.url}${prefix}${path}`);
      await page.locator('main h1').waitFor();
      await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
      expect(await widerThanViewport(page), path).toEqual([]);
    }
  });

  it('shows another customer a 404 for that proxy, and asks a visitor to sign in', async () => {
    const otherToken = await apiLogin(site, OTHER, PASSWORD);
    const other = await signedInPage(browser, site, otherToken, contexts, order.viewport);
    await other.goto(`${site.url}${prefix}/ip/${proxyId}`);
    await expect.poll(() => other.getByText(text.notFound).count()).toBe(1);
    const response = await fetch(`${site.url}/api/proxies/${proxyId}/`, {
      headers: { Authorization: `Token ${otherToken}` },
    });
    expect(response.status).toBe(404);

    const visitor = await (await browser.newContext({ viewport: order.viewport })).newPage();
    await visitor.goto(`${site.url}${prefix}/ip/${proxyId}`);
    await expect.poll(() => visitor.getByRole('dialog').getByRole('button', { name: text.signIn }).count()).toBe(1);
    await visitor.context().close();
  });
});

describe('a customer hands a proxy to another customer', () => {
  let sender: Page;
  let recipient: Page;
  let senderToken: string;
  let recipientToken: string;
  let proxyId: number;
  let senderUrl: string;

  beforeAll(async () => {
    senderToken = await apiLogin(site, SENDER, PASSWORD);
    recipientToken = await apiLogin(site, RECIPIENT, PASSWORD);
    sender = await signedInPage(browser, site, senderToken, contexts, DESKTOP);
    recipient = await signedInPage(browser, site, recipientToken, contexts, PHONE);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      await shoot(sender, 'transfer-failed-sender');
      await shoot(recipient, 'transfer-failed-recipient');
    }
  });

  it("buys a proxy that carries traffic with the sender's credentials", async () => {
    ({ proxyId, proxyUrl: senderUrl } = await buyProxy(senderToken));
    await expect.poll(async () => (await throughProxy(senderUrl)).status, { message: farm.agentLog }).toBe(200);
  });

  it("offers it from the proxy page by the recipient's e-mail (ru, 1280 px)", async () => {
    await sender.goto(`${site.url}/ip/${proxyId}`);
    await sender.getByRole('link', { name: 'Передать другому клиенту' }).click();
    await expect.poll(() => new URL(sender.url()).pathname).toBe(`/ip/transfer/${proxyId}`);
    await sender.getByLabel('E-mail получателя').fill(RECIPIENT);
    await sender.getByLabel('Сообщение получателю (необязательно)').fill('Держи, пользуйся');
    await sender.getByRole('button', { name: 'Предложить прокси' }).click();
    await expect.poll(() => sender.getByText('Предложение отправлено').count()).toBeGreaterThan(0);
    expect(await plain(sender.locator('main'))).toContain(`Если ${RECIPIENT} принадлежит нашему клиенту`);
    await expectNoSeriousViolations(sender);
    await expectActionsInReach(sender, 'transfer offer, ru', 'main button:visible');
    await shoot(sender, 'transfer-offer-ru-1280');
  });

  it('e-mails the recipient in English, who accepts on the incoming list (en, 375 px)', async () => {
    const mail = await sink.waitFor((message) => message.to.includes(RECIPIENT), 15_000);
    expect(mail.text).toContain(SENDER);
    const link = /https?:\/\/\S*\/en\/ip\/transfer\b\S*/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    await recipient.goto((link as string).replace(/^https?:\/\/[^/]+/, site.url));
    const row = recipient.locator('main li, main tr').filter({ hasText: SENDER }).first();
    await expect.poll(() => row.count()).toBe(1);
    expect(await plain(row)).toContain('Pending');
    await expectNoSeriousViolations(recipient);
    await shoot(recipient, 'transfer-incoming-en-375');
    await row.getByRole('button', { name: 'Accept' }).click();
    await recipient.getByRole('dialog').getByRole('button', { name: 'Accept the proxy' }).click();
    await expect.poll(() => recipient.getByText('Done: the proxy is yours now.').count()).toBeGreaterThan(0);
    await expectNoSeriousViolations(recipient);
    await expectActionsInReach(recipient, 'transfers, en', 'main button:visible');
    await shoot(recipient, 'transfer-accepted-en-375');
  });

  it("refuses the sender's credentials at the agent, carries the recipient's new ones", async () => {
    await expect.poll(async () => (await throughProxy(senderUrl)).status).toBe(407);
    const taken = await apiCall<ProxyCredentials & { auto_renew: boolean }>(
      site,
      recipientToken,
      'GET',
      `/api/proxies/${proxyId}/`,
    );
    expect(taken.auto_renew).toBe(false);
    const recipientUrl = proxyUrlOf(taken);
    expect(recipientUrl).not.toBe(senderUrl);
    const through = await throughProxy(recipientUrl);
    expect(through.status, farm.agentLog).toBe(200);
    expect(through.body).toMatch(/^127\.\d+\.\d+\.\d+$/);

    const gone = await fetch(`${site.url}/api/proxies/${proxyId}/`, {
      headers: { Authorization: `Token ${senderToken}` },
    });
    expect(gone.status).toBe(404);
    for (const token of [senderToken, recipientToken]) {
      const ledger = await apiCall<{ results: { kind: string; amount: number }[] }>(
        site,
        token,
        'GET',
        '/api/ledger/?kind=transfer',
      );
      expect(ledger.results.map((entry) => [entry.kind, entry.amount])).toEqual([['transfer', 0]]);
    }
    await recipient.getByRole('link', { name: 'Open proxy' }).first().click();
    await expect.poll(() => new URL(recipient.url()).pathname).toBe(`/en/ip/${proxyId}`);
  });

  it("shows the proxy as given away in the sender's order history, without a link to it (#28)", async () => {
    await sender.goto(`${site.url}/user`);
    const orders = sender.getByRole('region', { name: 'История заказов' });
    await expect.poll(() => plain(orders)).toContain(TEXT.ru.transferred);
    expect(await orders.locator(`a[href="/ip/${proxyId}"]`).count()).toBe(0);
    await shoot(sender, 'transfer-sender-orders-ru-1280');
  });
});

describe('staff manage a customer: permissions, balance, block (#15)', () => {
  const REASON = 'Compensation for the outage on 24 November';
  let staff: Page;
  let customer: Page;
  let customerToken: string;
  let customerId: number;
  let proxyUrl: string;

  /** The labels of the panel menu, as a sighted user reads them (the icons are decoration). */
  const menuItems = (page: Page) => page.getByRole('menu').locator('.ant-menu-title-content').allTextContents();

  beforeAll(async () => {
    customerToken = await apiLogin(site, MANAGED, PASSWORD);
    staff = await signedInPage(browser, site, staffToken, contexts, DESKTOP);
    const context = await browser.newContext({ viewport: PHONE });
    contexts.push(context);
    customer = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      await shoot(staff, 'people-failed-staff');
      await shoot(customer, 'people-failed-customer');
    }
  });

  it('the customer has a proxy that carries traffic', async () => {
    ({ proxyUrl } = await buyProxy(customerToken));
    await expect.poll(async () => (await throughProxy(proxyUrl)).status, { message: farm.agentLog }).toBe(200);
  });

  it('staff find the customer by e-mail and make them staff with pages.view_page (ru, 1280 px)', async () => {
    await staff.goto(`${site.url}/panel/users`);
    // Every column in sight at 1280 px with the side menu open, Balance and Proxies too: nothing to scroll (#28).
    await expect.poll(() => staff.locator('main tbody tr').filter({ hasText: '@' }).count()).toBeGreaterThan(3);
    const table = staff.locator('main .ant-table-content');
    expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
    expect(await staff.locator('main thead th').allTextContents()).toEqual(
      expect.arrayContaining(['E-mail', 'Статус', 'Регистрация', 'Последний вход', 'Баланс', 'Прокси']),
    );
    await staff.getByPlaceholder('E-mail').fill('managed-customer');
    await staff.getByRole('button', { name: 'Найти' }).click();
    await expect.poll(() => new URL(staff.url()).searchParams.get('search')).toBe('managed-customer');
    // The rows that hold an account (antd's table has a measuring row of its own).
    const rows = staff.locator('main tbody tr').filter({ hasText: '@' });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await plain(rows.first())).toContain('1');
    await expectNoSeriousViolations(staff);
    await shoot(staff, 'people-list-ru-1280');

    await rows.first().getByRole('link', { name: MANAGED }).click();
    await expect.poll(() => new URL(staff.url()).pathname).toMatch(/^\/panel\/users\/\d+$/);
    customerId = Number(new URL(staff.url()).pathname.split('/').pop());
    await staff.getByRole('switch', { name: 'Персонал' }).click();
    await staff.getByRole('checkbox', { name: 'Просмотр страниц', exact: true }).check();
    await staff.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => staff.getByText('Сохранено').count()).toBeGreaterThan(0);
    const saved = await apiCall<{ is_staff: boolean; permissions: string[] }>(
      site,
      staffToken,
      'GET',
      `/api/panel/users/${customerId}/`,
    );
    expect(saved).toMatchObject({ is_staff: true, permissions: ['pages.view_page'] });
    await expectNoSeriousViolations(staff);
    await expectActionsInReach(staff, 'panel user, ru', 'main button:visible');
    await shoot(staff, 'people-user-ru-1280');
  });

  it('the customer, signed in, reaches the panel with only Pages in the menu (en, 375 px)', async () => {
    // Signed in by the token cookie: the panel's sign-in form is e2e/panel.test.ts's subject, the menu is this one's.
    await customer.context().addCookies([{ name: 'accessToken', value: customerToken, url: site.url }]);
    await customer.goto(`${site.url}/en/panel`);
    await expect.poll(() => new URL(customer.url()).pathname).toBe('/en/panel');
    await expect.poll(() => menuItems(customer)).toEqual(['Site', 'Pages', 'Exit']);
    // The Users section is not theirs: the page answers 403.
    expect((await customer.goto(`${site.url}/en/panel/users`))?.status()).toBe(403);
  });

  it('staff adjust the balance with a reason, and the customer sees the entry in their ledger', async () => {
    const before = (await apiCall<{ balance: number }>(site, customerToken, 'GET', '/api/users/')).balance;
    await staff.getByLabel(/^Сумма/).fill('250');
    await staff.getByLabel('Причина').fill(REASON);
    await staff.getByRole('button', { name: 'Скорректировать баланс' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Скорректировать' }).click();
    await expect.poll(() => staff.getByText(/^Баланс скорректирован/).count()).toBeGreaterThan(0);
    const after = (await apiCall<{ balance: number }>(site, customerToken, 'GET', '/api/users/')).balance;
    expect(after - before).toBe(25_000);

    await customer.goto(`${site.url}/en/user`);
    const history = customer.getByRole('region', { name: 'Balance history' });
    await expect.poll(() => plain(history)).toContain(REASON);
    expect(await plain(history)).toContain('+RUB 250');
    await expectNoSeriousViolations(customer);
    await shoot(customer, 'people-ledger-en-375');
  });

  it('staff block the customer: signed out everywhere, and their proxy stops at the agent', async () => {
    await staff.getByRole('button', { name: 'Заблокировать' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Заблокировать' }).click();
    await expect.poll(() => staff.locator('main').getByText('Заблокирован').count()).toBeGreaterThan(0);

    const me = await fetch(`${site.url}/api/users/`, { headers: { Authorization: `Token ${customerToken}` } });
    expect(me.status).toBe(401);
    // The user page they had open is for the signed-in: reloaded, it sends them home to the sign-in form.
    await customer.reload();
    await expect.poll(() => new URL(customer.url()).hash).toBe('#login');
    expect(new URL(customer.url()).pathname).toBe('/en');
    await expect.poll(async () => (await throughProxy(proxyUrl)).status, { message: farm.agentLog }).not.toBe(200);
    const login = await fetch(`${site.url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: MANAGED, password: PASSWORD }),
    });
    expect(login.status).toBe(400);
    await shoot(staff, 'people-blocked-ru-1280');
  });
});

describe('a customer looks after their own account on /user (#15)', () => {
  const NEW_EMAIL = 'moved-customer@example.com';
  const NEW_PASSWORD = 'Moved-and-renewed-2027';
  let page: Page;
  let other: string;

  beforeAll(async () => {
    page = await signedInPage(browser, site, await apiLogin(site, MOVER, PASSWORD), contexts, DESKTOP);
    // A second device, signed in through the API.
    other = await apiLogin(site, MOVER, PASSWORD);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(page, 'own-account-failed');
  });

  it('lists both devices, this one marked, and signs the other out', async () => {
    await page.goto(`${site.url}/user`);
    const devices = page.getByRole('region', { name: 'Устройства со входом' });
    await expect.poll(() => devices.getByText('Это устройство').count()).toBe(1);
    await page.getByRole('button', { name: 'Выйти на всех других устройствах' }).click();
    await expect.poll(() => page.getByText('Выход выполнен на 1 устройстве').count()).toBeGreaterThan(0);
    const gone = await fetch(`${site.url}/api/users/`, { headers: { Authorization: `Token ${other}` } });
    expect(gone.status).toBe(401);
    await expectNoSeriousViolations(page);
    await shoot(page, 'own-account-ru-1280');
  });

  it('moves the e-mail through the link sent to the new address, and tells the old one', async () => {
    const card = page.getByRole('region', { name: 'Адрес почты' });
    await card.getByLabel('Новый e-mail').fill(NEW_EMAIL);
    await card.getByLabel('Текущий пароль').fill(PASSWORD);
    await card.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expect.poll(() => plain(card)).toContain(`Мы отправили ссылку на ${NEW_EMAIL}`);

    const mail = await sink.waitFor((message) => message.to.includes(NEW_EMAIL), 15_000);
    await page.goto(linkIn(mail.text, 'email_change').replace(/^https?:\/\/[^/]+/, site.url));
    await expect.poll(() => page.getByText(`Адрес почты изменён на ${NEW_EMAIL}`).count()).toBeGreaterThan(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');
    expect(page.url()).not.toContain('email_change');
    await expect.poll(() => plain(page.locator('main'))).toContain(NEW_EMAIL);
    const notice = await sink.waitFor((message) => message.to.includes(MOVER), 15_000);
    expect(notice.text).toContain(NEW_EMAIL);
  });

  it('changes the password: the old one no longer signs in, the new one does', async () => {
    const card = page.getByRole('region', { name: 'Пароль' });
    await card.getByLabel('Текущий пароль').fill(PASSWORD);
    await card.getByLabel('Новый пароль', { exact: true }).fill(NEW_PASSWORD);
    await card.getByLabel('Новый пароль ещё раз').fill(NEW_PASSWORD);
    await card.getByRole('button', { name: 'Сменить пароль' }).click();
    await expect
      .poll(() => page.getByText('Пароль изменён. На всех остальных устройствах выполнен выход.').count())
      .toBeGreaterThan(0);
    const login = (password: string) =>
      fetch(`${site.url}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: NEW_EMAIL, password }),
      });
    expect((await login(PASSWORD)).status).toBe(400);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });
});
