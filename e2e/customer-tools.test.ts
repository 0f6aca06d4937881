// What a customer does with a proxy beyond using it (#29) and from their own scripts (#30), end to end in Chromium
// against the production build and the real farm agent: on the proxy page they check it now, change its login (the
// old one refused by the agent, the new one carrying traffic) and reboot its modem (back with a new address the echo
// server sees); on /user they make an API key, see it once, use it with curl to list and rotate their proxies, and
// revoke it (401 at once); they move the proxy to another place keeping its login and password, link Telegram and ask
// the bot for /status and /rotate (a local server that speaks the Bot API), and set a webhook whose signed deliveries
// a local receiver checks. In Russian at 1280 px and in English at 375 px.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billingService } from '../server/domains/billing/index.ts';
import { createUser } from '../server/test/accounts.ts';
import { startFakeTelegram, type FakeTelegram } from '../server/test/telegram-server.ts';
import {
  buyProxy,
  farmSuite,
  type ProxyCredentials,
  proxyUrlOf,
  shoot,
  throughProxy,
  widerThanViewport,
} from './farm-suite.ts';
import { apiCall, apiLogin, DESKTOP, expectToast, PHONE, plain } from './support.ts';

const PASSWORD = 'Customer-tools-2026';
const CUSTOMER = { ru: 'tools-ru@example.com', en: 'tools-en@example.com' } as const;

const TEXT = {
  ru: {
    viewport: DESKTOP,
    checkNow: 'Проверить сейчас',
    works: 'Работает',
    checkCommand: 'Команда проверки',
    changeLogin: 'Изменить',
    newLogin: 'Новый логин',
    saveLogin: 'Сохранить логин',
    loginChanged: 'Логин изменён. Прежний больше не работает.',
    reboot: 'Перезагрузить модем',
    rebootConfirm: 'Перезагрузить',
    rebooting: 'Перезагружается…',
    rebootBack: /Модем снова в сети\. Новый IP: /,
    keyName: 'Название ключа',
    scopes: ['Читать прокси', 'Менять IP'],
    createKey: 'Создать ключ',
    keySaved: 'Я сохранил ключ',
    revoke: 'Отозвать',
    revoked: 'Ключ отозван',
    apiKeys: 'API-ключи',
    moveOpen: 'Перенести в другое место',
    move: /^Перенести( за .+)?$/,
    moved: 'Прокси перенесён: ',
    linkTelegram: 'Привязать Telegram',
    linked: 'Привязан чат ',
    webhook: 'Вебхук',
    webhookUrl: 'Адрес вебхука',
    saveUrl: 'Сохранить адрес',
    secretSaved: 'Я сохранил(а) его',
    sendTest: 'Отправить тест',
    deliveries: 'Доставки',
    delivered: 'Доставлено',
    refresh: 'Обновить',
    trial: /^Взять бесплатный тест на 2 часа$/,
    orderTitle: 'Заказ прокси',
  },
  en: {
    viewport: PHONE,
    checkNow: 'Check now',
    works: 'Works',
    checkCommand: 'Check command',
    changeLogin: 'Change',
    newLogin: 'New login',
    saveLogin: 'Save login',
    loginChanged: 'Login changed. The old one no longer works.',
    reboot: 'Reboot modem',
    rebootConfirm: 'Reboot',
    rebooting: 'Rebooting…',
    rebootBack: /The modem is back\. New IP: /,
    keyName: 'Key name',
    scopes: ['Read proxies', 'Change IP'],
    createKey: 'Create key',
    keySaved: 'I have saved it',
    revoke: 'Revoke',
    revoked: 'The key has been revoked',
    apiKeys: 'API keys',
    moveOpen: 'Move to another place',
    move: /^Move( for .+)?$/,
    moved: 'The proxy moved: ',
    linkTelegram: 'Link Telegram',
    linked: 'Linked to ',
    webhook: 'Webhook',
    webhookUrl: 'Webhook URL',
    saveUrl: 'Save URL',
    secretSaved: 'I have saved it',
    sendTest: 'Send test',
    deliveries: 'Deliveries',
    delivered: 'Delivered',
    refresh: 'Refresh',
    trial: /^Take a free trial for 2 hours$/,
    orderTitle: 'Order proxies',
  },
} as const;

const BOT_TOKEN = '123456789:AAE2eTestTokenForTheCustomerToolsSuite';
const CHAT = { ru: 7001, en: 7002 } as const;

// The local Bot API server starts before the site (this hook is registered first), which is told its address.
const siteEnv: Record<string, string> = {};
let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram();
  telegram.addBot(BOT_TOKEN, 'proxymob_e2e_bot');
  siteEnv.TELEGRAM_API_URL = telegram.url;
});
afterAll(async () => {
  await telegram?.close();
});

const farm = farmSuite({
  name: 'customer-tools-e2e',
  staff: { email: 'tools-staff@example.com', password: PASSWORD },
  seed: async (db) => {
    const billing = billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: '' });
    for (const [language, email] of Object.entries(CUSTOMER)) {
      const user = await createUser(db, { email, password: PASSWORD, language: language as 'ru' | 'en' });
      await billing.post({ userId: user.id, kind: 'adjustment', amount: 1_000_000, currency: 'RUB', reason: 'e2e' });
    }
  },
  env: siteEnv,
  // A reboot is over in about a second here, as a rotation is.
  agentEnv: { AGENT_SIMULATOR_REBOOT_MS: '800-1200' },
});

// Staff set the bot up in the panel, as they would with a token from @BotFather, and switch a two-hour trial on
// everywhere the farm has modems.
beforeAll(async () => {
  await apiCall(farm.site, farm.staffToken, 'PUT', '/api/panel/telegram/', { token: BOT_TOKEN });
  const trial = await apiCall<{ place_choices: { country: string; city: string; operator: string }[] }>(
    farm.site,
    farm.staffToken,
    'GET',
    '/api/panel/farm/settings/trial/',
  );
  await apiCall(farm.site, farm.staffToken, 'PUT', '/api/panel/farm/settings/trial/', {
    enabled: true,
    minutes: 120,
    places: trial.place_choices.map(({ country, city, operator }) => ({ country, city, operator })),
    per_address_per_day: 10,
    min_free_stock: 1,
  });
});

/** A webhook receiver that keeps what it got and whether each signature checked out with `secret`. */
interface Receiver {
  readonly url: string;
  secret: string;
  readonly got: { event: string; signed: boolean }[];
  close(): void;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { url: '', secret: '', got: [] as { event: string; signed: boolean }[], close: () => undefined };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const header = String(request.headers['x-webhook-signature'] ?? '');
      const [, t = '', v1 = ''] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
      const expected = createHmac('sha256', receiver.secret).update(`${t}.${body}`).digest('hex');
      receiver.got.push({ event: (JSON.parse(body) as { event: string }).event, signed: v1 === expected });
      response.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => void server.close();
  return receiver;
}

/** `curl` against the site's customer API with a key: the status and the JSON answer. */
async function curlApi(key: string, method: string, path: string): Promise<{ status: number; body: unknown }> {
  const child = spawn('curl', [
    '-sS',
    '--max-time',
    '10',
    '-X',
    method,
    '-H',
    `Authorization: Bearer ${key}`,
    '-w',
    '\n%{http_code}',
    `${farm.site.url}${path}`,
  ]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await once(child, 'exit');
  const lines = out.split('\n');
  const status = Number(lines.pop());
  return { status, body: JSON.parse(lines.join('\n')) as unknown };
}

describe.each(['ru', 'en'] as const)('a customer looks after a proxy and scripts it, in %s', (language) => {
  const text = TEXT[language];
  const prefix = language === 'en' ? '/en' : '';
  let token: string;
  let page: Page;
  let proxyId: number;
  let proxyUrl: string;

  beforeAll(async () => {
    token = await apiLogin(farm.site, CUSTOMER[language], PASSWORD);
    ({ proxyId, proxyUrl } = await buyProxy(farm, token));
    page = await farm.signedIn(token, text.viewport);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(page, `customer-tools-${language}-failed-${task.name.slice(0, 40)}`);
  });

  it('checks the proxy now: it works, seen with an address, and the check command is beside the connection', async () => {
    await expect.poll(async () => (await throughProxy(farm, proxyUrl)).status, { message: farm.agentLog }).toBe(200);
    await page.goto(`${farm.site.url}${prefix}/ip/${proxyId}`);
    await page.getByRole('button', { name: text.checkNow }).click();
    await expect.poll(() => plain(page.locator('main')), { timeout: 30_000 }).toContain(text.works);
    const command = await plain(page.getByText(/^curl -x /));
    expect(command).toContain('/api/ip/');
    expect(await page.getByText(text.checkCommand).count()).toBeGreaterThan(0);
    // The button waits out its cooldown.
    await expect.poll(() => page.getByRole('button', { name: text.checkNow }).isDisabled()).toBe(true);
    expect(await widerThanViewport(page)).toEqual([]);
  });

  it('changes the login: the agent refuses the old one within seconds and carries the new one', async () => {
    const login = `${language}shop${Date.now() % 100_000}`;
    await page.getByRole('button', { name: text.changeLogin }).first().click();
    await page.getByLabel(text.newLogin).fill(login);
    await page.getByRole('button', { name: text.saveLogin }).click();
    await expectToast(page, text.loginChanged);
    const url = new URL(proxyUrl);
    const oldUrl = proxyUrl;
    url.username = login;
    proxyUrl = url.toString().replace(/\/$/, '');
    await expect.poll(async () => (await throughProxy(farm, oldUrl)).status, { message: farm.agentLog }).toBe(407);
    await expect.poll(async () => (await throughProxy(farm, proxyUrl)).status, { message: farm.agentLog }).toBe(200);
    expect(await plain(page.locator('main'))).toContain(login);
  });

  it('reboots the modem: "rebooting" until it is back, then a new address carries traffic', async () => {
    const before = (await throughProxy(farm, proxyUrl)).body;
    await page.getByRole('button', { name: text.reboot }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.rebootConfirm, exact: true }).click();
    await expect.poll(() => plain(page.locator('main'))).toContain(text.rebooting);
    await expect.poll(() => plain(page.locator('main')), { timeout: 30_000 }).toMatch(text.rebootBack);
    await expect
      .poll(async () => (await throughProxy(farm, proxyUrl)).body, { message: farm.agentLog, timeout: 30_000 })
      .not.toBe(before);
    expect((await throughProxy(farm, proxyUrl)).status).toBe(200);
    await shoot(page, `customer-tools-${language}-proxy-page`);
  });

  it('makes an API key shown once, lists and rotates with it from curl, and revokes it', async () => {
    await page.goto(`${farm.site.url}${prefix}/user`);
    const card = page.getByRole('region', { name: text.apiKeys });
    await card.getByLabel(text.keyName).fill(`script ${language}`);
    for (const scope of text.scopes) await card.getByLabel(scope).check();
    await card.getByRole('button', { name: text.createKey }).click();
    const secret = await plain(page.locator('#api-key-secret'));
    expect(secret).toMatch(/^mpk_/);
    await page.getByRole('button', { name: text.keySaved }).click();
    await expect.poll(() => page.locator('#api-key-secret').count()).toBe(0);
    expect(await plain(page.locator('main'))).not.toContain(secret);

    const list = await curlApi(secret, 'GET', '/api/v1/proxies/');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(`"id":${proxyId}`);
    const rotated = await curlApi(secret, 'POST', `/api/v1/proxies/${proxyId}/rotate/`);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    // The key may not buy: that scope was not ticked.
    expect((await curlApi(secret, 'GET', '/api/v1/balance/')).status).toBe(403);

    await page.reload();
    await card.getByRole('button', { name: text.revoke }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: text.revoke }).click();
    await expectToast(page, text.revoked);
    const after = await curlApi(secret, 'GET', '/api/v1/proxies/');
    expect(after.status).toBe(401);
    await shoot(page, `customer-tools-${language}-user-page`);
    expect(await widerThanViewport(page)).toEqual([]);
  });

  it('moves the proxy to another place: the same login and password carry traffic from a new address', async () => {
    await page.goto(`${farm.site.url}${prefix}/ip/${proxyId}`);
    const before = (await throughProxy(farm, proxyUrl)).body;
    await page.getByRole('button', { name: text.moveOpen }).click();
    const dialog = page.getByRole('dialog');
    // The first place offered in each list: the current place is not among them. (A select inside its label takes
    // its options' words into the label's text, so the lists are found by their ids.)
    for (const id of ['#move-country', '#move-city', '#move-operator']) {
      const select = dialog.locator(id);
      await expect.poll(() => select.locator('option:not([value=""])').count()).toBeGreaterThan(0);
      const value = await select.locator('option:not([value=""])').first().getAttribute('value');
      await select.selectOption(value ?? '');
    }
    await dialog.getByRole('button', { name: text.move }).click();
    await expectToast(page, text.moved);
    await expect
      .poll(async () => (await throughProxy(farm, proxyUrl)).body, { message: farm.agentLog, timeout: 30_000 })
      .not.toBe(before);
    expect((await throughProxy(farm, proxyUrl)).status).toBe(200);
    expect(await widerThanViewport(page)).toEqual([]);
  });

  it('links Telegram with a one-time code, and the bot answers /status and /rotate for the account', async () => {
    await page.goto(`${farm.site.url}${prefix}/user`);
    await page.getByRole('button', { name: text.linkTelegram }).click();
    const command = await plain(page.locator('#telegram-command'));
    expect(command).toMatch(/^\/start \S+$/);
    telegram.queueMessage(BOT_TOKEN, CHAT[language], command, { username: `customer_${language}` });
    await expect.poll(() => plain(page.locator('main')), { timeout: 20_000 }).toContain(text.linked);
    const answers = () => telegram.sent.filter((message) => message.chat_id === CHAT[language]);
    telegram.queueMessage(BOT_TOKEN, CHAT[language], '/status');
    await expect
      .poll(() => answers().some((message) => message.text.includes(`${proxyId}`)), { timeout: 20_000 })
      .toBe(true);
    const before = answers().length;
    telegram.queueMessage(BOT_TOKEN, CHAT[language], `/rotate ${proxyId}`);
    await expect.poll(() => answers().length, { timeout: 20_000 }).toBeGreaterThan(before);
  });

  it('sets a webhook, sends a test and sees it delivered and signed with the secret shown once', async () => {
    const receiver = await startReceiver();
    try {
      const card = page.getByRole('region', { name: text.webhook, exact: true });
      await card.getByLabel(text.webhookUrl).fill(receiver.url);
      await card.getByRole('button', { name: text.saveUrl }).click();
      receiver.secret = await plain(page.locator('#webhook-secret'));
      expect(receiver.secret).not.toBe('');
      await card.getByRole('button', { name: text.secretSaved }).click();
      await card.getByRole('button', { name: text.sendTest }).click();
      await expect.poll(() => receiver.got.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(receiver.got.every((delivery) => delivery.signed)).toBe(true);
      const log = card.getByRole('table', { name: text.deliveries });
      await expect
        .poll(
          async () => {
            await card.getByRole('button', { name: text.refresh }).click();
            return plain(log);
          },
          { timeout: 20_000 },
        )
        .toContain(text.delivered);
      await shoot(page, `customer-tools-${language}-notifications`);
      expect(await widerThanViewport(page)).toEqual([]);
    } finally {
      receiver.close();
    }
  });

  it('takes the free trial from the order page, once, and it carries traffic', async () => {
    await page.goto(`${farm.site.url}${prefix}/order`);
    await page.getByRole('button', { name: text.trial }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^${prefix}/ip/\\d+$`));
    const trialId = Number(new URL(page.url()).pathname.split('/').pop());
    const trial = await apiCall<ProxyCredentials>(farm.site, token, 'GET', `/api/proxies/${trialId}/`);
    await expect
      .poll(async () => (await throughProxy(farm, proxyUrlOf(trial))).status, { message: farm.agentLog })
      .toBe(200);
    // Once per account: the order page no longer offers it.
    await page.goto(`${farm.site.url}${prefix}/order`);
    await expect.poll(() => plain(page.locator('main'))).toContain(text.orderTitle);
    expect(await page.getByRole('button', { name: text.trial }).count()).toBe(0);
  });
});
