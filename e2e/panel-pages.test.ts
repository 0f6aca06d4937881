// The panel's Pages section as staff use it, in Chromium against the production build: a page's body edited in
// TinyMCE with an uploaded picture and the public page following, the home page's blocks reordered, a plan's
// price changed and the price table following, the same in English, a viewer who may only look, and a server field
// error on the slug. Also: no serious or critical axe violation on the list and edit screens, and screenshots at
// 1280 and 375 px in ru and en (e2e/screenshots/, git-ignored).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatPrice } from '@proxy/contract/money';
import { launchBrowser, root, startSite, type RunningSite } from '../scripts/site-process.ts';
import { createUser } from '../server/test/accounts.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { apiLogin, expectNoSeriousViolations, signedInPage, type Viewport } from './support.ts';

const PASSWORD = 'Pages-staff-2026';
const USERS = {
  editor: {
    email: 'pages-editor@example.com',
    staff: true,
    permissions: ['pages.view_page', 'pages.add_page', 'pages.change_page', 'pages.delete_page'],
  },
  viewer: { email: 'pages-viewer@example.com', staff: true, permissions: ['pages.view_page'] },
} as const;
type Language = 'ru' | 'en';
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 375, height: 740 } as const;

let browser: Browser;
let site: RunningSite;
let data: PreparedData | undefined;
let picture: string;
const contexts: BrowserContext[] = [];
// One editor's page and one visitor's page for the whole file, as a person keeps one tab open: a context and a
// sign-in per test cost CPU the checks do not need (#44). Each test goes to the address it starts from; the editor
// is the same staff member in ru and en, as the language is the address's.
let editorPage: Page;
let visitor: Page;
beforeAll(async () => {
  data = await prepareDataDir('panel-pages-e2e', async (db) => {
    for (const user of Object.values(USERS)) await createUser(db, { ...user, password: PASSWORD });
  });
  picture = join(data.scratch, 'modem-farm.png');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .png()
    .toFile(picture);
  site = await startSite({ dataDir: data.dataDir });
  browser = await launchBrowser();
  editorPage = await signedIn(USERS.editor.email);
  visitor = await browser.newPage();
  contexts.push(visitor.context());
});
// Each test's visitor comes with no remembered language: a visit to /en remembers English, and sends / there.
beforeEach(async () => {
  await visitor.context().clearCookies();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
  data?.remove();
});

const prefixOf = (language: Language): '' | '/en' => (language === 'en' ? '/en' : '');

/** A staff member's page, signed in by the token cookie (the panel's sign-in form is e2e/panel.test.ts's subject). */
const signedIn = async (email: string, viewport: Viewport = DESKTOP) =>
  signedInPage(browser, site, await apiLogin(site, email, PASSWORD), contexts, viewport);

/** The API as the signed-in page sees it (its token cookie), for what a test needs to know but not to click. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'accessToken')?.value ?? '';
  const response = await fetch(`${site.url}${path}`, { headers: { Authorization: `Token ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface Row {
  id: number;
  slug: string;
  home: boolean;
}
const pageBySlug = async (page: Page, slug: string) =>
  (await apiGet<{ results: Row[] }>(page, `/api/panel/pages/?search=${slug}`)).results.find((row) => row.slug === slug)
    ?.id as number;

/** Waits for the TinyMCE editor of a form field to be ready, and answers its editing area. */
async function editorBody(page: Page, fieldId: string) {
  const frame = page.frameLocator(`#${fieldId}_ifr`);
  await expect.poll(() => frame.locator('body[contenteditable="true"]').count(), { timeout: 30_000 }).toBe(1);
  return frame.locator('body');
}

const toast = (page: Page) => page.locator('[role="status"], [role="alert"]').first();

describe('editing content in the panel', () => {
  it("edits a page's Russian body in TinyMCE with an uploaded picture, and the public page shows both", async () => {
    const page = editorPage;
    // The site's CSP must let the self-hosted editor load its scripts, skins and editing iframe.
    const refused: string[] = [];
    const listenForRefusals = (message: ConsoleMessage) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    };
    page.on('console', listenForRefusals);
    await page.goto(`${site.url}/panel`);
    await page.getByRole('menuitem', { name: 'Страницы' }).click();
    await page.getByRole('searchbox', { name: 'Найти' }).fill('about');
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?search=about');
    const id = await pageBySlug(page, 'about');
    await page.locator(`a[href="/panel/page/${id}"]`).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/panel/page/${id}`);

    const body = await editorBody(page, `page-${id}_body_ru`);
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Новый абзац из панели: фото нашей фермы модемов.');
    // The picture goes in through TinyMCE's own image dialog, uploaded by the contract's upload helper.
    const editor = page.locator('.tox-tinymce').first();
    await editor.getByRole('button', { name: 'Вставить/изменить изображение' }).click();
    const dialog = page.locator('.tox-dialog');
    await dialog.getByRole('tab', { name: 'Загрузить' }).click();
    await dialog.locator('input[type="file"]').setInputFiles(picture);
    // Uploaded, the dialog shows the General tab with the picture's site-relative URL filled in.
    const source = dialog.getByLabel('Адрес', { exact: true });
    await expect
      .poll(() => source.inputValue(), { timeout: 20_000 })
      .toMatch(/^\/api\/users\/images\/\d+-960x0\.webp$/);
    await dialog.getByLabel('Альтернативное описание').fill('Стойка с модемами');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => body.locator('img').count()).toBe(1);

    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Сохранено');
    expect(refused).toEqual([]);
    page.off('console', listenForRefusals);

    await visitor.goto(`${site.url}/about`);
    const main = visitor.locator('main');
    await expect.poll(() => main.textContent()).toContain('Новый абзац из панели: фото нашей фермы модемов.');
    const image = main.getByRole('img', { name: 'Стойка с модемами' });
    expect(await image.getAttribute('src')).toMatch(/^\/api\/users\/images\/\d+-960x0\.webp$/);
    await expect.poll(() => image.count()).toBe(1);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960);
  });

  it('reorders two home blocks, and the home page follows', async () => {
    const page = editorPage;
    await page.goto(`${site.url}/panel/page`);
    await page.getByRole('link', { name: 'Мобильные прокси 4G/LTE' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Блоки' }).isVisible()).toBe(true);
    // Block 2 (features) goes below block 3 (steps).
    await page.getByRole('button', { name: 'Опустить ниже: блок 2 (Преимущества)' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Порядок сохранён');
    await expect.poll(() => page.getByRole('button', { name: 'Опустить ниже: блок 2 (Шаги)' }).count()).toBe(1);

    await visitor.goto(`${site.url}/`);
    const top = async (name: string) =>
      (await visitor.getByRole('heading', { name, exact: true }).boundingBox())?.y ?? Number.NaN;
    await expect.poll(() => visitor.getByRole('heading', { name: 'Как начать за 5 минут' }).count()).toBe(1);
    expect(await top('Как начать за 5 минут')).toBeLessThan(await top('Почему выбирают нас'));
    await visitor.goto(`${site.url}/en`);
    await expect.poll(() => visitor.getByRole('heading', { name: 'Start in 5 minutes' }).count()).toBe(1);
    expect(await top('Start in 5 minutes')).toBeLessThan(await top('Why customers choose us'));
  });

  it("edits a plan's price, and the price table on the home page follows", async () => {
    const page = editorPage;
    await page.goto(`${site.url}/panel/page?tab=plans`);
    const plans = await apiGet<{ id: number; title_ru: string; currency: 'RUB' | 'USD' | 'EUR' }[]>(
      page,
      '/api/panel/plans/',
    );
    const plan = plans[0] as (typeof plans)[number];
    await page.getByRole('button', { name: `Изменить: ${plan.title_ru}` }).click();
    const price = page.getByLabel('Цена', { exact: true });
    await price.fill('1234');
    await page.locator('.ant-drawer').getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Сохранено');
    await expect
      .poll(() => page.locator('.ant-table').textContent())
      .toContain(formatPrice(123_400, plan.currency, 'ru'));

    await visitor.goto(`${site.url}/`);
    await expect
      .poll(() => visitor.locator('#prices').textContent())
      .toContain(formatPrice(123_400, plan.currency, 'ru'));
  });

  it('does the same in /en with the English fields', async () => {
    const page = editorPage;
    const id = await pageBySlug(page, 'contacts');
    await page.goto(`${site.url}/en/panel/page/${id}`);
    await page.getByRole('tab', { name: 'English' }).first().click();
    const body = await editorBody(page, `page-${id}_body_en`);
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Written in the panel in English.');
    await page.getByLabel('Title', { exact: true }).last().fill('Contacts and support');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Saved');

    await page.goto(`${site.url}/en/panel/page?tab=plans`);
    const plans = await apiGet<{ title_ru: string; title_en: string }[]>(page, '/api/panel/plans/');
    const second = plans[1] as (typeof plans)[number];
    await page.getByRole('button', { name: `Edit ${second.title_en || second.title_ru}` }).click();
    await page.getByLabel('Name (English)', { exact: true }).fill('Fortnight special');
    await page.getByLabel('Price', { exact: true }).fill('19.5');
    await page.locator('.ant-drawer').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Saved');

    await visitor.goto(`${site.url}/en/contacts`);
    await expect.poll(() => visitor.locator('main').textContent()).toContain('Written in the panel in English.');
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Contacts and support');
    await visitor.goto(`${site.url}/en`);
    const prices = visitor.locator('#prices');
    await expect.poll(() => prices.textContent()).toContain('Fortnight special');
    const plan = await apiGet<{ currency: 'RUB' | 'USD' | 'EUR' }[]>(page, '/api/panel/plans/');
    expect(await prices.textContent()).toContain(formatPrice(1950, (plan[1] as { currency: 'RUB' }).currency, 'en'));
  });

  it('shows a viewer without the change permission no create, save or delete controls', async () => {
    const page = await signedIn(USERS.viewer.email);
    await page.goto(`${site.url}/panel/page`);
    await expect.poll(() => page.getByRole('link', { name: 'Мобильные прокси 4G/LTE' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Создать страницу' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Удалить/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Мобильные прокси 4G/LTE' }).click();
    await expect.poll(() => page.getByText('Вы можете просматривать эту страницу, но не изменять её.').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: /^Открыть: блок 1/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Удалить/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Опустить ниже/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Добавить блок' }).count()).toBe(0);
    expect(await page.getByLabel('Адрес (slug)').isDisabled()).toBe(true);
    await page.goto(`${site.url}/panel/page?tab=plans`);
    await expect.poll(() => page.getByRole('button', { name: /^Открыть: / }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Добавить тариф' }).count()).toBe(0);
    await page.context().close();
  });

  it("puts the server's duplicate-slug error on the slug field and in the error toast", async () => {
    const page = editorPage;
    await page.goto(`${site.url}/panel/page`);
    await page.getByRole('button', { name: 'Создать страницу' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/panel/page/add');
    await page.getByLabel('Адрес (slug)').fill('faq');
    await page.getByLabel('Заголовок', { exact: true }).first().fill('Ещё одни вопросы');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const slugItem = page.locator('.ant-form-item').filter({ has: page.getByLabel('Адрес (slug)') });
    await expect.poll(() => slugItem.locator('.ant-form-item-explain-error').textContent()).toMatch(/\S/);
    const message = (await slugItem.locator('.ant-form-item-explain-error').textContent()) ?? '';
    expect(await page.getByRole('alert').textContent()).toContain(message);
    expect(new URL(page.url()).pathname).toBe('/panel/page/add');
  });
});

describe.each(['ru', 'en'] as const)('the Pages screens in %s', (language) => {
  it('have no serious or critical axe violation, and are shot at 1280 and 375 px for review', async () => {
    const folder = resolve(root, 'e2e/screenshots');
    mkdirSync(folder, { recursive: true });
    for (const viewport of [DESKTOP, PHONE]) {
      const file = (name: string) => resolve(folder, `${name}-${language}-${viewport.width}.png`);
      const page = editorPage;
      await page.setViewportSize(viewport);
      const prefix = prefixOf(language);

      await page.goto(`${site.url}${prefix}/panel/page`);
      await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(3);
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: file('panel-pages-list'), fullPage: true, animations: 'disabled' });

      for (const tab of ['plans', 'menu'] as const) {
        await page.goto(`${site.url}${prefix}/panel/page?tab=${tab}`);
        await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(1);
        await expectNoSeriousViolations(page);
        await page.screenshot({ path: file(`panel-pages-${tab}`), fullPage: true, animations: 'disabled' });
      }

      const home = (await apiGet<{ results: Row[] }>(page, '/api/panel/pages/')).results.find((row) => row.home);
      await page.goto(`${site.url}${prefix}/panel/page/${home?.id}`);
      await editorBody(page, `page-${home?.id}_body_ru`);
      // The editor itself too: its editing frame is named by the field's label (#28, axe `frame-title`).
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: file('panel-page-edit'), fullPage: true, animations: 'disabled' });

      await page.getByRole('button', { name: language === 'en' ? /^Edit block 2/ : /^Изменить: блок 2/ }).click();
      await expect.poll(() => page.locator('.ant-drawer .ant-form-item').count()).toBeGreaterThan(3);
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: file('panel-block-edit'), animations: 'disabled' });
    }
    await editorPage.setViewportSize(DESKTOP);
  });
});
