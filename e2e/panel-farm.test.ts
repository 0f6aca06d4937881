// The panel's Farm section as staff use it, in Chromium against the production build: the seeded demo farm's eight
// modems of host `local`, filtered by country; a new farm host whose agent token is shown once (and works with the
// agent API, until a new one replaces it); a modem on it, put in maintenance. In Russian at 1280 px and in English
// at 375 px; every screen without horizontal overflow, its actions in reach, no serious or critical axe violation,
// and shot at 1280 and 375 px in ru and en (e2e/screenshots/, git-ignored).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, root, startSite, type RunningSite } from '../scripts/site-process.ts';
import { createUser } from '../server/test/accounts.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { expectActionsInReach, expectNoSeriousViolations, settle } from './support.ts';

const PASSWORD = 'Farm-staff-2026';
const BOSS = 'farm-boss@example.com';
type Language = 'ru' | 'en';
type Viewport = { readonly width: number; readonly height: number };
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 375, height: 740 } as const;

const TEXT = {
  ru: {
    menu: 'Ферма',
    hostsTab: 'Хосты',
    country: 'Страна',
    kazakhstan: 'Казахстан',
    sim1Place: ['Россия', 'Москва', 'МТС'],
    addHost: 'Добавить хост',
    addModem: 'Добавить модем',
    name: 'Название',
    publicHost: 'Публичный адрес',
    firstPort: 'Первый порт',
    lastPort: 'Последний порт',
    host: 'Хост',
    key: 'Ключ',
    countryCode: 'Код страны',
    city: 'Город по-английски',
    cityRu: 'Город по-русски',
    operator: 'Оператор по-английски',
    operatorRu: 'Оператор по-русски',
    save: 'Сохранить',
    created: 'Создано',
    tokenWarning: 'Скопируйте токен сейчас: больше он показан не будет.',
    tokenDone: 'Токен сохранён',
    maintenance: 'На обслуживании',
    maintenanceOn: 'Модем переведён на обслуживание',
    maintenanceTag: 'на обслуживании',
    offline: 'не в сети',
    never: 'никогда',
  },
  en: {
    menu: 'Farm',
    hostsTab: 'Hosts',
    country: 'Country',
    kazakhstan: 'Kazakhstan',
    sim1Place: ['Russia', 'Moscow', 'MTS'],
    addHost: 'Add host',
    addModem: 'Add modem',
    name: 'Name',
    publicHost: 'Public address',
    firstPort: 'First port',
    lastPort: 'Last port',
    host: 'Host',
    key: 'Key',
    countryCode: 'Country code',
    city: 'City in English',
    cityRu: 'City in Russian',
    operator: 'Operator in English',
    operatorRu: 'Operator in Russian',
    save: 'Save',
    created: 'Created',
    tokenWarning: 'Copy the token now: it will not be shown again.',
    tokenDone: "I've saved the token",
    maintenance: 'Maintenance',
    maintenanceOn: 'The modem is in maintenance',
    maintenanceTag: 'maintenance',
    offline: 'offline',
    never: 'never',
  },
} as const;

let browser: Browser;
let site: RunningSite;
let data: PreparedData | undefined;
let session: string;
beforeAll(async () => {
  data = await prepareDataDir('panel-farm-e2e', async (db) => {
    await createUser(db, { email: BOSS, password: PASSWORD, superuser: true, staff: true });
  });
  // No agent runs beside this site (`npm start` adds the demo one): the seeded modems stay offline.
  site = await startSite({ dataDir: data.dataDir });
  browser = await launchBrowser();
  // One sign-in for the file, kept as its cookie: sign-ins count against the per-address login limit.
  const response = await fetch(`${site.url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BOSS, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  session = ((await response.json()) as { key: string }).key;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  data?.remove();
});

const prefixOf = (language: Language) => (language === 'en' ? '/en' : '');

async function signedIn(viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'accessToken', value: session, url: site.url }]);
  return context.newPage();
}

async function api<T>(path: string, init: RequestInit = {}, status = 200): Promise<T> {
  const response = await fetch(`${site.url}${path}`, {
    ...init,
    headers: { Authorization: `Token ${session}`, 'Content-Type': 'application/json', ...init.headers },
  });
  expect(response.status, `${init.method ?? 'GET'} ${path}: ${await response.clone().text()}`).toBe(status);
  return (await response.json()) as T;
}

/** What the agent API answers a token: 200 with the host's configuration, or 401. */
const agentStatus = async (token: string) =>
  (await fetch(`${site.url}/api/agent/config/`, { headers: { Authorization: `Bearer ${token}` } })).status;

const rows = (page: Page) => page.locator('.ant-table-row');
/** Every message on screen: an earlier toast ("Created") may still be showing when the next one arrives. */
const toasts = async (page: Page) =>
  (await page.locator('[role="status"], [role="alert"]').allTextContents()).join('\n');
const loaded = async (page: Page) => {
  await expect.poll(() => page.locator('.ant-table-row, .ant-table-placeholder').count()).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
};

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option-content')
    .getByText(option, { exact: true })
    .click();
}

/**
 * Waits for the dialog's opening motion only: behind it, the Save button's loading icon can stay in its leaving
 * motion (width 0, still spinning) until the page is used again, which is not what is being checked.
 */
async function settleDialog(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.ant-modal-root'),
            ).length,
      ),
    )
    .toBe(0);
}

interface Modem {
  id: number;
  name: string;
  country: string;
  status: string;
  host: { id: number; name: string };
}
interface Page_<T> {
  count: number;
  results: T[];
}

describe.each([
  ['ru', DESKTOP],
  ['en', PHONE],
] as const)('the Farm section in %s', (language, viewport) => {
  const text = TEXT[language];
  const prefix = prefixOf(language);
  const hostName = `e2e-${language}`;

  it("lists the seeded demo farm's eight modems and filters them by country", async () => {
    const page = await signedIn(viewport);
    await page.goto(`${site.url}${prefix}/panel`);
    if (viewport === PHONE) await page.goto(`${site.url}${prefix}/panel/farm`);
    else await page.getByRole('menuitem', { name: text.menu }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/panel/farm`);
    await loaded(page);
    // The eight of `local` (the other language's run adds a modem of its own, keyed usb0).
    const seeded = (key: string | RegExp) => rows(page).filter({ has: page.getByText(key, { exact: true }) });
    await expect.poll(() => seeded(/^sim-[1-8]$/).count()).toBe(8);
    const first = seeded('sim-1');
    expect(await first.textContent()).toContain(text.offline);
    if (viewport === DESKTOP) {
      expect(await first.textContent()).toContain('local');
      expect(await first.textContent()).toContain(text.never);
      // Where it is, in the panel's language (#49): the country by its name, the city and operator as its readers do.
      for (const name of text.sim1Place) expect(await first.textContent()).toContain(name);
    }

    // Countries by their names in the panel's language (#49); the URL keeps the code.
    await choose(page, page.getByRole('combobox', { name: text.country }), text.kazakhstan);
    await expect.poll(() => new URL(page.url()).searchParams.get('country')).toBe('KZ');
    await expect.poll(() => seeded(/^sim-[1-8]$/).count()).toBe(3);
    for (const key of ['sim-6', 'sim-7', 'sim-8']) expect(await seeded(key).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expectActionsInReach(page, `modems filtered, ${language}`);
    await page.context().close();
  });

  it('adds a farm host and shows its agent token once; a new token replaces it', async () => {
    const page = await signedIn(viewport);
    await page.goto(`${site.url}${prefix}/panel/farm`);
    await page.getByRole('tab', { name: text.hostsTab }).click();
    await loaded(page);
    await expect.poll(() => rows(page).filter({ hasText: 'local' }).count()).toBe(1);
    await page.getByRole('button', { name: text.addHost }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/panel/farm/hosts/add`);
    await page.getByLabel(text.name, { exact: true }).fill(hostName);
    await page.getByLabel(text.publicHost, { exact: true }).fill(`${hostName}.farm.example.com`);
    await page.getByLabel(text.firstPort, { exact: true }).fill(language === 'ru' ? '31000' : '32000');
    await page.getByLabel(text.lastPort, { exact: true }).fill(language === 'ru' ? '31999' : '32999');
    await page.getByRole('button', { name: text.save }).click();

    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(text.tokenWarning);
    const token = (await dialog.locator('pre').first().innerText()).trim();
    expect(token).toMatch(/^\S{20,}$/);
    // The settings to paste on the host: this site's address and the token.
    expect(await dialog.locator('pre').nth(1).textContent()).toBe(`AGENT_API_URL=${site.url}\nAGENT_TOKEN=${token}`);
    await settleDialog(page);
    await expectActionsInReach(page, `token dialog, ${language}`);
    const folder = resolve(root, 'e2e/screenshots');
    mkdirSync(folder, { recursive: true });
    await page.screenshot({
      path: resolve(folder, `panel-farm-token-${language}-${viewport.width}.png`),
      animations: 'disabled',
    });
    expect(await agentStatus(token)).toBe(200);

    await dialog.getByRole('button', { name: text.tokenDone }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^${prefix}/panel/farm/hosts/\\d+$`));
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.content()).not.toContain(token);
    // Shown once: the host's screen, reloaded, has no token in it.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(hostName);
    expect(await page.content()).not.toContain(token);

    await page
      .getByRole('button', { name: language === 'ru' ? 'Новый токен' : 'New token' })
      .first()
      .click();
    await page
      .locator('.ant-popover')
      .getByRole('button', { name: language === 'ru' ? 'Новый токен' : 'New token' })
      .click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const renewed = (await dialog.locator('pre').first().innerText()).trim();
    expect(renewed).not.toBe(token);
    expect(await agentStatus(token)).toBe(401);
    expect(await agentStatus(renewed)).toBe(200);
    await dialog.getByRole('button', { name: text.tokenDone }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.context().close();
  });

  it('adds a modem on the new host and puts it in maintenance', async () => {
    const page = await signedIn(viewport);
    await page.goto(`${site.url}${prefix}/panel/farm/modems/add`);
    await expect.poll(() => page.getByLabel(text.name, { exact: true }).isVisible()).toBe(true);
    await choose(page, page.getByRole('combobox', { name: text.host }), hostName);
    await page.getByLabel(text.name, { exact: true }).fill(`Almaty Tele2 ${language}`);
    await page.getByLabel(text.key, { exact: true }).fill('usb0');
    await page.getByLabel(text.countryCode, { exact: true }).fill('kz');
    await page.getByLabel(text.city, { exact: true }).fill('Almaty');
    await page.getByLabel(text.cityRu, { exact: true }).fill('Алматы');
    await page.getByLabel(text.operator, { exact: true }).fill('Tele2');
    await page.getByLabel(text.operatorRu, { exact: true }).fill('Tele2');
    await page.getByRole('button', { name: text.save }).click();
    await expect.poll(() => toasts(page)).toContain(text.created);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^${prefix}/panel/farm/modems/\\d+$`));
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    const created = await api<Modem>(`/api/panel/farm/modems/${id}/`);
    expect(created).toMatchObject({ country: 'KZ', status: 'offline', host: { name: hostName } });

    // The new modem's own page, loaded and still: a switch pressed while it loads would be reset by it.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(`Almaty Tele2 ${language}`);
    await settle(page);
    await page.getByRole('switch', { name: text.maintenance }).click();
    await expect.poll(() => toasts(page)).toContain(text.maintenanceOn);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(text.maintenanceTag);
    expect((await api<Modem>(`/api/panel/farm/modems/${id}/`)).status).toBe('maintenance');
    await settle(page);
    await expectActionsInReach(page, `modem edit, ${language}`);

    // In the list: filtered by its country, with its new status.
    await page.goto(`${site.url}${prefix}/panel/farm?country=KZ`);
    await loaded(page);
    const row = rows(page).filter({ hasText: `Almaty Tele2 ${language}` });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(text.maintenanceTag);
    const all = await api<Page_<Modem>>('/api/panel/farm/modems/?country=KZ');
    expect(all.results.map((modem) => modem.name)).toContain(`Almaty Tele2 ${language}`);
    await page.context().close();
  });
});

describe.each(['ru', 'en'] as const)('the Farm screens in %s', (language) => {
  it('have no serious or critical axe violation, keep their actions in reach, and are shot at 1280 and 375 px', async () => {
    const folder = resolve(root, 'e2e/screenshots');
    mkdirSync(folder, { recursive: true });
    const prefix = prefixOf(language);
    const [modem] = (await api<Page_<Modem>>('/api/panel/farm/modems/?search=sim-3')).results;
    for (const viewport of [DESKTOP, PHONE]) {
      const file = (name: string) => resolve(folder, `${name}-${language}-${viewport.width}.png`);
      const page = await signedIn(viewport);
      const screens = [
        ['panel-farm-modems', '/panel/farm'],
        ['panel-farm-hosts', '/panel/farm?tab=hosts'],
        ['panel-farm-modem-edit', `/panel/farm/modems/${modem?.id}`],
        ['panel-farm-host-add', '/panel/farm/hosts/add'],
      ] as const;
      for (const [name, path] of screens) {
        await page.goto(`${site.url}${prefix}${path}`);
        if (path.includes('?') || path === '/panel/farm') await loaded(page);
        else await expect.poll(() => page.locator('.ant-form-item').count()).toBeGreaterThan(3);
        await expectNoSeriousViolations(page);
        await expectActionsInReach(page, `${name}, ${language}, ${viewport.width} px`);
        await page.screenshot({ path: file(name), fullPage: true, animations: 'disabled' });
      }
      await page.context().close();
    }
  });
});
