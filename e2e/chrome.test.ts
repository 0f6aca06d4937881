// The public site chrome as a visitor meets it in Chromium: the content-managed header menu and its submenu, anchor
// links, the 375 px slide-in menu and its `#menu` deep link, the language switch and its cookie, the navigation
// progress bar, the toasts, the error pages with their document status, no sideways scrolling on a phone, and
// screenshots of the main screens for review (e2e/screenshots/, git-ignored).
// Spec: docs/spec.md §2, §4, §8, §9. One site on embedded PGlite serves every test.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Response, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/site-process.ts';
import { browserSuite, type Viewport } from './browser-suite.ts';
import { hydrated } from './support.ts';

type Language = 'ru' | 'en';
const LANGUAGES: readonly Language[] = ['ru', 'en'];
const prefixOf = (language: Language): string => (language === 'en' ? '/en' : '');

/** The demo menu of server/db/seed-menu.ts in document order (children right after their parent). */
const MENU: Record<Language, readonly (readonly [name: string, link: string])[]> = {
  ru: [
    ['Преимущества', '#features'],
    ['О сервисе', '/about'],
    ['Помощь', '/page'],
    ['Вопросы и ответы', '/faq'],
    ['Условия использования', '/terms'],
    ['Скачать', '/downloads'],
    ['Контакты', '/contacts'],
  ],
  en: [
    ['Why us', '#features'],
    ['About', '/about'],
    ['Help', '/page'],
    ['FAQ', '/faq'],
    ['Terms of service', '/terms'],
    ['Downloads', '/downloads'],
    ['Contacts', '/contacts'],
  ],
};

/** The pages the demo places in the footer (`menu: 'footer'`), in the page list's order. */
const FOOTER: Record<Language, readonly (readonly [name: string, link: string])[]> = {
  ru: [
    ['Контакты', '/contacts'],
    ['Пользовательское соглашение', '/terms'],
  ],
  en: [
    ['Contacts', '/contacts'],
    ['Terms of service', '/terms'],
  ],
};

const TEXT = {
  ru: {
    nav: 'Главное меню',
    footerNav: 'Страницы сайта',
    apiDocs: 'API для разработчиков',
    features: 'Преимущества',
    about: 'О сервисе',
    help: 'Помощь',
    faq: 'Вопросы и ответы',
    terms: 'Условия использования',
    contacts: 'Контакты',
    signIn: 'Войти',
    signUp: 'Регистрация',
    switchTo: 'English version',
    switchCode: 'EN',
    openMenu: 'Открыть меню',
    closeMenu: 'Закрыть меню',
    tagline: 'C нами мобильные прокси - это просто',
    homeTitle: 'Приватные мобильные прокси 4G/LTE',
    pagesTitle: 'Справка и документы',
    errorHint: 'Проверьте адрес или начните с главной страницы.',
    password: 'Пароль',
    badLogin: 'Невозможно войти в систему с указанными учётными данными.',
    closeToast: 'Закрыть',
  },
  en: {
    nav: 'Main menu',
    footerNav: 'Site pages',
    apiDocs: 'API for developers',
    features: 'Why us',
    about: 'About',
    help: 'Help',
    faq: 'FAQ',
    terms: 'Terms of service',
    contacts: 'Contacts',
    signIn: 'Sign in',
    signUp: 'Sign up',
    switchTo: 'Русская версия',
    switchCode: 'RU',
    openMenu: 'Open the menu',
    closeMenu: 'Close the menu',
    tagline: 'With us, mobile proxies are simple',
    homeTitle: 'Private 4G/LTE mobile proxies',
    pagesTitle: 'Help and documents',
    errorHint: 'Check the address or start again from the home page.',
    password: 'Password',
    badLogin: 'Unable to log in with provided credentials.',
    closeToast: 'Close',
  },
} as const;

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 375, height: 740 } as const;
const GREEN = 'rgb(34, 197, 94)'; // #22c55e
const RED = 'rgb(239, 68, 68)'; // #ef4444
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const FAQ_API = '**/api/pages/faq/**';

/**
 * Records, in the page, when the progress bar changes state and when a toast comes and goes, so the tests can check
 * timings and "never appeared" without sampling. A string, so no transpiler helper ends up in the browser.
 */
const RECORDER = `
(() => {
  const rec = { clicks: [], progress: [], toasts: [] };
  window.__chrome = rec;
  document.addEventListener('click', () => rec.clicks.push(performance.now()), true);
  let lastState = 'none';
  let toast = null;
  const observer = new MutationObserver(() => {
    const now = performance.now();
    const bar = document.querySelector('[role="progressbar"]');
    const state = bar ? bar.getAttribute('data-state') : 'none';
    if (state !== lastState) {
      lastState = state;
      const style = bar ? getComputedStyle(bar) : null;
      rec.progress.push({ state, at: now, color: style ? style.backgroundColor : '', height: style ? style.height : '' });
    }
    const current = document.querySelector('[aria-live="polite"] [role="alert"], [aria-live="polite"] [role="status"]');
    if (current !== toast) {
      const last = rec.toasts[rec.toasts.length - 1];
      if (last && last.gone === undefined) last.gone = now;
      toast = current;
      if (current) rec.toasts.push({ role: current.getAttribute('role'), text: current.textContent, at: now });
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
})();
`;

interface Recorded {
  clicks: number[];
  progress: { state: string; at: number; color: string; height: string }[];
  toasts: { role: string; text: string; at: number; gone?: number }[];
}

const recorded = (page: Page): Promise<Recorded> =>
  page.evaluate(() => (window as unknown as { __chrome: Recorded }).__chrome);

const suite = browserSuite({ initScript: RECORDER });
const newPage = (viewport: Viewport = DESKTOP) => suite.newPage(viewport);

/** Opens `path`, waits until the page's heading rendered, and returns the document's response. */
async function visit(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(`${suite.site.url}${path}`);
  await page.locator('main h1').waitFor();
  // The menus, the hash links and the language switch are the scripts' (a server-rendered page starts them after it
  // has painted).
  await hydrated(page);
  return response;
}

const h1 = (page: Page) => page.locator('main h1').textContent();
const pathOf = (page: Page) => new URL(page.url()).pathname;
const hashOf = (page: Page) => new URL(page.url()).hash;
const header = (page: Page) => page.locator('header');
const headerNav = (page: Page, language: Language) =>
  header(page).getByRole('navigation', { name: TEXT[language].nav });
const mobileMenu = (page: Page, language: Language) => page.getByRole('dialog', { name: TEXT[language].nav });

/** Where #features sits below the top of the window, rounded to whole pixels (null when not on the page). */
const featuresTop = (page: Page) =>
  page.evaluate(() => {
    const element = document.getElementById('features');
    return element ? Math.round(element.getBoundingClientRect().top) : null;
  });

const pageTitles = new Map<string, string>();
/** A content page's title as the API gives it (what its h1 shows). */
async function pageTitle(slug: string, language: Language): Promise<string> {
  const key = `${slug}:${language}`;
  if (!pageTitles.has(key)) {
    const response = await fetch(`${suite.site.url}/api/pages/${slug}/`, { headers: { 'Accept-Language': language } });
    expect(response.status, key).toBe(200);
    pageTitles.set(key, ((await response.json()) as { title: string }).title);
  }
  return pageTitles.get(key) as string;
}

/** The title the server puts in the first document of `path` (what a reload shows). */
async function serverTitle(path: string): Promise<string> {
  const html = await (await fetch(`${suite.site.url}${path}`)).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  expect(title, path).toBeDefined();
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
  return (title as string).replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
}

/** Hovers the desktop "Help" item so its submenu opens, then follows one of the children. */
async function followSubmenu(page: Page, language: Language, name: string): Promise<void> {
  const nav = headerNav(page, language);
  await nav.getByRole('link', { name: TEXT[language].help, exact: true }).hover();
  await nav.getByRole('link', { name, exact: true }).click();
}

/** The darkest colour channel (0–255) of a PNG screenshot, decoded by the browser itself. */
function darkestChannel(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let darkest = 255;
    for (let k = 0; k < data.length; k += 4)
      darkest = Math.min(darkest, data[k] ?? 255, data[k + 1] ?? 255, data[k + 2] ?? 255);
    return darkest;
  }, png.toString('base64'));
}

/** A client-side navigation, as a link of the router would do it. */
async function navigateInPage(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function delay(route: Route, ms: number): Promise<void> {
  await new Promise((done) => setTimeout(done, ms));
  await route.continue();
}

describe('desktop header (1280 px)', () => {
  it.each(LANGUAGES)(
    'shows the brand, the content-managed menu, account links, the language switch and the footer (%s)',
    async (language) => {
      const text = TEXT[language];
      const prefix = prefixOf(language);
      const page = await newPage();
      await visit(page, `${prefix}/`);
      expect(await h1(page)).toBe(text.homeTitle);
      expect(await page.getAttribute('html', 'lang')).toBe(language);

      const brand = header(page).getByRole('link', { name: 'ProxyMob' });
      expect(await brand.isVisible()).toBe(true);
      expect(await brand.getAttribute('href')).toBe(prefix || '/');

      // Every link, the Help submenu's (hidden until hovered) included; the hidden ones are out of the a11y tree.
      const links = headerNav(page, language).locator('a');
      expect(await links.allTextContents()).toEqual(MENU[language].map(([name]) => name));
      const children: readonly string[] = [TEXT[language].faq, TEXT[language].terms];
      expect(await headerNav(page, language).getByRole('link').allTextContents()).toEqual(
        MENU[language].map(([name]) => name).filter((name) => !children.includes(name)),
      );
      const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));
      expect(hrefs).toEqual(MENU[language].map(([, link]) => (link.startsWith('#') ? link : `${prefix}${link}`)));

      const signIn = header(page).getByRole('link', { name: text.signIn, exact: true });
      const signUp = header(page).getByRole('link', { name: text.signUp, exact: true });
      expect(await signIn.isVisible()).toBe(true);
      expect(await signIn.getAttribute('href')).toBe('#login');
      expect(await signUp.isVisible()).toBe(true);
      expect(await signUp.getAttribute('href')).toBe('#registration');

      const switcher = header(page).getByRole('link', { name: text.switchTo, exact: true });
      expect(await switcher.isVisible()).toBe(true);
      expect(await switcher.locator('[aria-hidden="true"]').textContent()).toBe(text.switchCode);
      // Below 1263 px only: the burger is hidden on a desktop.
      expect(await header(page).getByRole('button', { name: text.openMenu }).isVisible()).toBe(false);

      const footer = await page.locator('footer').textContent();
      expect(footer).toContain(text.tagline);
      expect(footer).toContain(`© ${new Date().getFullYear()} ProxyMob`);
      // The pages staff placed in the footer, linked in the page's language.
      const footerNav = page.locator('footer').getByRole('navigation', { name: text.footerNav });
      expect(await footerNav.getByRole('link').allTextContents()).toEqual([
        ...FOOTER[language].map(([name]) => name),
        text.apiDocs,
      ]);
      expect(
        await footerNav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual([...FOOTER[language].map(([, link]) => `${prefix}${link}`), `${prefix}/api-docs`]);

      // The header stays at the top while the page scrolls.
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect((await header(page).boundingBox())?.y).toBe(0);
    },
  );

  it('opens the Help submenu on hover, and its links and the top items navigate to their pages', async () => {
    const text = TEXT.ru;
    const page = await newPage();
    await visit(page, '/');
    const nav = headerNav(page, 'ru');
    const faq = nav.getByRole('link', { name: text.faq, exact: true });
    expect(await faq.isVisible()).toBe(false);
    await nav.getByRole('link', { name: text.help, exact: true }).hover();
    await expect.poll(() => faq.isVisible()).toBe(true);
    await faq.click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('faq', 'ru'));
    expect(pathOf(page)).toBe('/faq');

    await followSubmenu(page, 'ru', text.terms);
    await expect.poll(() => h1(page)).toBe(await pageTitle('terms', 'ru'));
    expect(pathOf(page)).toBe('/terms');

    await nav.getByRole('link', { name: text.about, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('about', 'ru'));
    expect(pathOf(page)).toBe('/about');

    await nav.getByRole('link', { name: text.help, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(text.pagesTitle);
    expect(pathOf(page)).toBe('/page');

    await nav.getByRole('link', { name: text.contacts, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('contacts', 'ru'));
    expect(pathOf(page)).toBe('/contacts');
  });

  it('keeps the language in the English menu links', async () => {
    const text = TEXT.en;
    const page = await newPage();
    await visit(page, '/en/about');
    await followSubmenu(page, 'en', text.faq);
    await expect.poll(() => h1(page)).toBe(await pageTitle('faq', 'en'));
    expect(pathOf(page)).toBe('/en/faq');
  });

  it('scrolls #features to 64 px below the top, on the home page and from another page', async () => {
    // Short enough a window that the section can reach the top of it.
    const page = await newPage({ width: 1280, height: 480 });
    await visit(page, '/');
    const features = headerNav(page, 'ru').getByRole('link', { name: TEXT.ru.features, exact: true });
    expect(await featuresTop(page)).toBeGreaterThan(200);
    await features.click();
    await expect.poll(() => featuresTop(page)).toBeOneOf([63, 64, 65]);
    expect(pathOf(page)).toBe('/');

    await headerNav(page, 'ru').getByRole('link', { name: TEXT.ru.about, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('about', 'ru'));
    await features.click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect.poll(() => featuresTop(page), { timeout: 10_000 }).toBeOneOf([63, 64, 65]);
    expect(await h1(page)).toBe(TEXT.ru.homeTitle);
  });
});

describe('document title', () => {
  /** After each step: the tab's title is the expected one, and the one a reload of that address would get. */
  async function expectTitle(page: Page, expected: string): Promise<void> {
    await expect.poll(() => page.title(), { message: pathOf(page) }).toBe(expected);
    expect(await serverTitle(pathOf(page)), `first document of ${pathOf(page)}`).toBe(expected);
  }

  it('follows client-side navigation and the language switch, as a reload would title the page', async () => {
    const seo: Record<string, string> = {};
    for (const slug of ['about', 'faq']) {
      for (const language of LANGUAGES) {
        const response = await fetch(`${suite.site.url}/api/pages/${slug}/`, {
          headers: { 'Accept-Language': language },
        });
        const page = (await response.json()) as { title: string; seo_title: string };
        // The seed gives every page an SEO title unlike its heading, so the test tells the two apart.
        expect(page.seo_title).not.toBe(page.title);
        seo[`${slug}:${language}`] = page.seo_title;
      }
    }
    const home = (await (await fetch(`${suite.site.url}/api/home/`)).json()) as { seo_title: string };
    const page = await newPage();
    // The first document is a content page: its title, put there by the server, must not outlive the page.
    await visit(page, '/about');
    await expectTitle(page, seo['about:ru'] as string);
    await header(page).getByRole('link', { name: 'ProxyMob' }).click();
    await expect.poll(() => h1(page)).toBe(TEXT.ru.homeTitle);
    // The home page is titled by its CMS row.
    await expectTitle(page, home.seo_title);

    const nav = headerNav(page, 'ru');
    await nav.getByRole('link', { name: TEXT.ru.about, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('about', 'ru'));
    await expectTitle(page, seo['about:ru'] as string);

    await nav.getByRole('link', { name: TEXT.ru.help, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(TEXT.ru.pagesTitle);
    await expectTitle(page, 'Помощь — ProxyMob');

    await followSubmenu(page, 'ru', TEXT.ru.faq);
    await expect.poll(() => h1(page)).toBe(await pageTitle('faq', 'ru'));
    await expectTitle(page, seo['faq:ru'] as string);

    await header(page).getByRole('link', { name: TEXT.ru.switchTo, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('faq', 'en'));
    await expectTitle(page, seo['faq:en'] as string);

    await headerNav(page, 'en').getByRole('link', { name: TEXT.en.about, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('about', 'en'));
    await expectTitle(page, seo['about:en'] as string);

    await page.goBack();
    await expect.poll(() => h1(page)).toBe(await pageTitle('faq', 'en'));
    await expectTitle(page, seo['faq:en'] as string);

    // The 404 page is titled as such, never by the previous page; the home page has its CMS one.
    const homeEn = (await (
      await fetch(`${suite.site.url}/api/home/`, { headers: { 'Accept-Language': 'en' } })
    ).json()) as {
      seo_title: string;
    };
    await navigateInPage(page, '/en/nope');
    await expect.poll(() => h1(page)).toBe('404 Not Found');
    await expectTitle(page, 'Page not found — ProxyMob');
    await header(page).getByRole('link', { name: 'ProxyMob' }).click();
    await expect.poll(() => h1(page)).toBe(TEXT.en.homeTitle);
    await expectTitle(page, homeEn.seo_title);

    // And a reload gives the very title the click led to.
    await navigateInPage(page, '/en/faq');
    await expect.poll(() => page.title()).toBe(seo['faq:en']);
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await page.title()).toBe(seo['faq:en']);
    expect(await page.locator('title').count()).toBeGreaterThanOrEqual(1);
  });
});

describe('mobile menu (375 px)', () => {
  /** The panel's left edge: 0 when slid in, -265 when slid out. */
  const panelLeft = (page: Page) =>
    page.locator('#mobile-menu').evaluate((element) => element.getBoundingClientRect().left);

  async function expectOpen(page: Page, language: Language): Promise<void> {
    await expect.poll(() => mobileMenu(page, language).isVisible()).toBe(true);
    await expect.poll(() => panelLeft(page)).toBe(0);
    expect((await mobileMenu(page, language).boundingBox())?.width).toBe(265);
    expect(hashOf(page)).toBe('#menu');
  }

  async function expectClosed(page: Page, language: Language): Promise<void> {
    await expect.poll(() => mobileMenu(page, language).count()).toBe(0);
    await expect.poll(() => panelLeft(page)).toBe(-265);
    expect(hashOf(page)).toBe('');
    expect(page.url()).not.toContain('#');
  }

  it.each(LANGUAGES)(
    'hides the header menu behind a burger that opens the 265 px menu; its close button closes it (%s)',
    async (language) => {
      const text = TEXT[language];
      const page = await newPage(PHONE);
      await visit(page, `${prefixOf(language)}/about`);
      expect(await headerNav(page, language).isVisible()).toBe(false);
      expect(await header(page).getByRole('link', { name: text.signIn, exact: true }).isVisible()).toBe(false);
      expect(await mobileMenu(page, language).count()).toBe(0);

      await header(page).getByRole('button', { name: text.openMenu }).click();
      await expectOpen(page, language);
      const menu = mobileMenu(page, language);
      expect(await menu.getByRole('navigation', { name: text.nav }).getByRole('link').allTextContents()).toEqual(
        MENU[language].map(([name]) => name),
      );
      // The footer's pages too, under the main menu, but for those the menu already lists (#49: "Контакты" twice).
      expect(await menu.getByRole('navigation', { name: text.footerNav }).getByRole('link').allTextContents()).toEqual(
        FOOTER[language]
          .filter(([, link]) => !MENU[language].some(([, inMenu]) => inMenu === link))
          .map(([name]) => name),
      );
      expect(await menu.getByRole('link', { name: text.signIn, exact: true }).isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: text.signUp, exact: true }).isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: text.switchTo, exact: true }).isVisible()).toBe(true);
      // Focus moves into the menu.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(text.closeMenu);

      await menu.getByRole('button', { name: text.closeMenu }).click();
      await expectClosed(page, language);
      expect(pathOf(page)).toBe(`${prefixOf(language)}/about`);
    },
  );

  it('opens from the #menu deep link; Escape and a click on the backdrop close it and clear the hash', async () => {
    const page = await newPage(PHONE);
    await visit(page, '/about#menu');
    await expectOpen(page, 'ru');
    await page.keyboard.press('Escape');
    await expectClosed(page, 'ru');

    await header(page).getByRole('button', { name: TEXT.ru.openMenu }).click();
    await expectOpen(page, 'ru');
    await page.mouse.click(340, 400); // right of the 265 px panel: the backdrop
    await expectClosed(page, 'ru');
    expect(pathOf(page)).toBe('/about');
  });

  it('is a modal dialog that keeps Tab inside and gives the focus back to the burger when it closes', async () => {
    const page = await newPage(PHONE);
    await visit(page, '/about');
    const burger = header(page).getByRole('button', { name: TEXT.ru.openMenu });
    await burger.click();
    await expectOpen(page, 'ru');
    const menu = mobileMenu(page, 'ru');
    expect(await menu.getAttribute('aria-modal')).toBe('true');
    // Not a complementary landmark at the same time (axe: landmark roles must not be overridden).
    expect(await menu.evaluate((element) => element.tagName)).not.toBe('ASIDE');
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return {
          inMenu: Boolean(element?.closest('#mobile-menu')),
          label: element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '',
        };
      });
    await expect.poll(focused).toEqual({ inMenu: true, label: TEXT.ru.closeMenu });
    // Shift+Tab from the first control goes round to the last one (the language switch), Tab back to the first.
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toEqual({ inMenu: true, label: TEXT.ru.switchTo });
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ inMenu: true, label: TEXT.ru.closeMenu });
    // Every control in between is reachable, and Tab never leaves the menu.
    const reached: string[] = [];
    for (let k = 0; k < 12; k++) {
      await page.keyboard.press('Tab');
      const now = await focused();
      expect(now.inMenu, `Tab ${k + 1}`).toBe(true);
      reached.push(now.label);
    }
    expect(reached).toEqual(expect.arrayContaining([TEXT.ru.about, TEXT.ru.signIn, TEXT.ru.switchTo]));

    await page.keyboard.press('Escape');
    await expectClosed(page, 'ru');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(TEXT.ru.openMenu);
  });

  it('closes on an anchor link and scrolls #features to 70 px below the top, on the home page and from another page', async () => {
    const page = await newPage(PHONE);
    await visit(page, '/#menu');
    await expectOpen(page, 'ru');
    await mobileMenu(page, 'ru').getByRole('link', { name: TEXT.ru.features, exact: true }).click();
    await expectClosed(page, 'ru');
    await expect.poll(() => featuresTop(page)).toBeOneOf([69, 70, 71]);

    await visit(page, '/about#menu');
    await expectOpen(page, 'ru');
    await mobileMenu(page, 'ru').getByRole('link', { name: TEXT.ru.features, exact: true }).click();
    await expectClosed(page, 'ru');
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect.poll(() => featuresTop(page), { timeout: 10_000 }).toBeOneOf([69, 70, 71]);
  });

  it.each(LANGUAGES)('navigates with its items and closes (%s)', async (language) => {
    const text = TEXT[language];
    const prefix = prefixOf(language);
    const page = await newPage(PHONE);
    await visit(page, `${prefix}/`);
    const burger = header(page).getByRole('button', { name: text.openMenu });

    await burger.click();
    await expectOpen(page, language);
    await mobileMenu(page, language)
      .getByRole('navigation', { name: text.nav })
      .getByRole('link', { name: text.terms, exact: true })
      .click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('terms', language));
    expect(pathOf(page)).toBe(`${prefix}/terms`);
    await expectClosed(page, language);

    await burger.click();
    await expectOpen(page, language);
    await mobileMenu(page, language).getByRole('link', { name: text.about, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('about', language));
    expect(pathOf(page)).toBe(`${prefix}/about`);
    await expectClosed(page, language);
  });

  it('is not on the page until first opened, and paints nothing of itself, not even its shadow, once closed', async () => {
    const page = await newPage(PHONE);
    await visit(page, '/about');
    // Its code loads with the first opening (the home page's first paint leaves it out).
    expect(await page.locator('#mobile-menu').count()).toBe(0);
    await header(page).getByRole('button', { name: TEXT.ru.openMenu }).click();
    await expectOpen(page, 'ru');
    await page.keyboard.press('Escape');
    await expectClosed(page, 'ru');
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expect.poll(() => panelLeft(page)).toBe(-265);
      // The page's white margin along the left edge, halfway down the window, as the visitor sees it.
      const png = await page.screenshot({ clip: { x: 0, y: 400, width: 16, height: 8 }, animations: 'disabled' });
      expect(await darkestChannel(page, png), `${viewport.width} px`).toBeGreaterThanOrEqual(250);
    }
  });
});

describe('language switch', () => {
  /** Each case: the Russian URL, its English twin, and what the page's h1 says in each language. */
  const cases: readonly { name: string; ru: string; en: string; title: (language: Language) => Promise<string> }[] = [
    { name: 'home', ru: '/', en: '/en', title: async (language) => TEXT[language].homeTitle },
    {
      name: 'about',
      ru: '/about?ref=menu',
      en: '/en/about?ref=menu',
      title: (language) => pageTitle('about', language),
    },
    {
      name: 'content page',
      ru: '/page/faq#payment',
      en: '/en/page/faq#payment',
      title: (language) => pageTitle('faq', language),
    },
    { name: '404 page', ru: '/nope', en: '/en/nope', title: async () => '404 Not Found' },
  ];

  async function languageCookie(page: Page) {
    return (await page.context().cookies()).find((cookie) => cookie.name === 'i18n_redirected');
  }

  async function expectLanguage(page: Page, language: Language, url: string, title: string): Promise<void> {
    await expect.poll(() => page.url()).toBe(`${suite.site.url}${url}`);
    await expect.poll(() => h1(page)).toBe(title);
    // <html lang> and the cookie follow the URL's language just after the page renders.
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe(language);
    await expect.poll(async () => (await languageCookie(page))?.value).toBe(language);
    expect(await page.locator('footer').textContent()).toContain(TEXT[language].tagline);
    const other = TEXT[language === 'ru' ? 'en' : 'ru'];
    expect(await header(page).getByRole('link', { name: other.switchTo }).count()).toBe(0);
    const cookie = await languageCookie(page);
    expect(cookie?.path).toBe('/');
    // 365 days (spec §9), give or take the test's own run time.
    expect(Math.abs((cookie?.expires ?? 0) - Date.now() / 1000 - YEAR_SECONDS)).toBeLessThan(600);
  }

  it.each(cases)('switches the $name to English and back, keeping the page, query and hash', async (entry) => {
    const page = await newPage();
    await visit(page, entry.ru);
    await expectLanguage(page, 'ru', entry.ru, await entry.title('ru'));

    await header(page).getByRole('link', { name: TEXT.ru.switchTo, exact: true }).click();
    await expectLanguage(page, 'en', entry.en, await entry.title('en'));
    if (entry.name === '404 page') {
      expect(await page.locator('main').textContent()).toContain(TEXT.en.errorHint);
      expect(await page.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/en');
    }

    await header(page).getByRole('link', { name: TEXT.en.switchTo, exact: true }).click();
    await expectLanguage(page, 'ru', entry.ru, await entry.title('ru'));
  });

  it('shows the header menu of the new language after a switch', async () => {
    const page = await newPage();
    await visit(page, '/about');
    await header(page).getByRole('link', { name: TEXT.ru.switchTo, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('about', 'en'));
    // The same list the server embeds in a document loaded at /en/about.
    await expect
      .poll(() => headerNav(page, 'en').locator('a').allTextContents(), { timeout: 3_000 })
      .toEqual(MENU.en.map(([name]) => name));

    await header(page).getByRole('link', { name: TEXT.en.switchTo, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('about', 'ru'));
    await expect
      .poll(() => headerNav(page, 'ru').locator('a').allTextContents(), { timeout: 3_000 })
      .toEqual(MENU.ru.map(([name]) => name));
  });

  it('sends the current language as Accept-Language with every API call', async () => {
    const page = await newPage();
    const calls: { path: string; language: string | undefined }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/'))
        calls.push({ path: url.pathname, language: request.headers()['accept-language'] });
    });
    await visit(page, '/about');
    // The page opened came in the document, rendered on the server: the browser did not ask for it.
    expect(calls.map((call) => call.path)).not.toContain('/api/pages/about/');
    await followSubmenu(page, 'ru', TEXT.ru.faq);
    await expect.poll(() => h1(page)).toBe(await pageTitle('faq', 'ru'));
    const russian = calls.splice(0);
    expect(russian.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/pages/faq/']));
    expect(russian.filter((call) => call.language !== 'ru')).toEqual([]);

    await header(page).getByRole('link', { name: TEXT.ru.switchTo, exact: true }).click();
    await expect.poll(() => h1(page)).toBe(await pageTitle('faq', 'en'));
    await navigateInPage(page, '/en/page');
    await expect.poll(() => h1(page)).toBe(TEXT.en.pagesTitle);
    const english = calls.splice(0);
    expect(english.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/pages/faq/', '/api/pages/']));
    expect(english.filter((call) => call.language !== 'en')).toEqual([]);
  });

  it('sends a visitor who chose English from / to /en with a 302, and leaves the others at /', async () => {
    const redirected = await fetch(`${suite.site.url}/?from=ad`, {
      redirect: 'manual',
      headers: { cookie: 'i18n_redirected=en' },
    });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/en?from=ad');
    for (const cookie of [undefined, 'i18n_redirected=ru']) {
      const response = await fetch(`${suite.site.url}/`, {
        redirect: 'manual',
        headers: cookie ? { cookie } : {},
      });
      expect(response.status, String(cookie)).toBe(200);
    }

    // In the browser: the cookie the switch sets brings the visitor back to the English home page.
    const page = await newPage();
    await visit(page, '/about');
    await header(page).getByRole('link', { name: TEXT.ru.switchTo, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/en/about');
    await expect.poll(async () => (await languageCookie(page))?.value).toBe('en');
    const home = await visit(page, '/');
    expect(home?.request().redirectedFrom()?.url()).toBe(`${suite.site.url}/`);
    expect(pathOf(page)).toBe('/en');
    expect(await h1(page)).toBe(TEXT.en.homeTitle);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });
});

describe('navigation progress bar', () => {
  async function startOnAbout(): Promise<Page> {
    const page = await newPage();
    await visit(page, '/about');
    return page;
  }

  it('shows a 2 px green bar at the top while a slow navigation runs, then removes it', async () => {
    const page = await startOnAbout();
    await page.route(FAQ_API, (route) => delay(route, 1200));
    await followSubmenu(page, 'ru', TEXT.ru.faq);

    const bar = page.getByRole('progressbar');
    await expect.poll(() => bar.getAttribute('data-state')).toBe('running');
    const box = await bar.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, height: 2 });
    expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(GREEN);
    await expect.poll(() => bar.getAttribute('aria-valuenow')).not.toBe('0');

    await expect.poll(() => h1(page)).toBe(await pageTitle('faq', 'ru'));
    await expect.poll(() => bar.count()).toBe(0);

    const { clicks, progress } = await recorded(page);
    const clickedAt = clicks[clicks.length - 1] as number;
    expect(progress.map((entry) => entry.state)).toEqual(['running', 'done', 'none']);
    // Not before the 200 ms throttle.
    expect((progress[0]?.at ?? 0) - clickedAt).toBeGreaterThanOrEqual(190);
    expect(progress[0]).toMatchObject({ color: GREEN, height: '2px' });
  });

  it('turns red when the navigation fails', async () => {
    const page = await startOnAbout();
    await page.route(FAQ_API, async (route) => {
      await new Promise((done) => setTimeout(done, 600));
      await route.fulfill({ status: 500, json: { detail: 'Server error' } });
    });
    await followSubmenu(page, 'ru', TEXT.ru.faq);

    const bar = page.getByRole('progressbar');
    await expect.poll(() => bar.getAttribute('data-state')).toBe('failed');
    expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(RED);
    expect((await bar.boundingBox())?.height).toBe(2);
    await expect.poll(() => h1(page)).toBe('An error occurred');
    await expect.poll(() => bar.count(), { timeout: 5_000 }).toBe(0);

    const { progress } = await recorded(page);
    expect(progress.map((entry) => entry.state)).toEqual(['running', 'failed', 'none']);
    expect(progress[0]?.color).toBe(GREEN);
    expect(progress[1]?.color).toBe(RED);
  });

  it('does not appear for a navigation faster than 200 ms', async () => {
    const page = await startOnAbout();
    // The page's data answered at once, so the navigation's speed does not depend on the machine's load.
    const response = await fetch(`${suite.site.url}/api/pages/faq/`, { headers: { 'Accept-Language': 'ru' } });
    const body = (await response.json()) as unknown;
    await page.route(FAQ_API, (route) => route.fulfill({ status: 200, json: body }));
    await followSubmenu(page, 'ru', TEXT.ru.faq);
    await expect.poll(() => h1(page)).toBe(await pageTitle('faq', 'ru'));
    // Past the throttle: a bar that was going to show would have shown by now.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 400)));
    expect((await recorded(page)).progress).toEqual([]);
  });
});

describe('toasts', () => {
  /** Tries to sign in with an address nobody registered: the API refuses, an error toast says so. */
  async function failSignIn(page: Page, language: Language): Promise<void> {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail', { exact: true }).fill(`nobody-${Date.now()}-${Math.random()}@example.com`);
    await dialog.getByLabel(TEXT[language].password, { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: TEXT[language].signIn }).click();
  }

  async function closeToast(page: Page, language: Language): Promise<void> {
    const region = page.locator('[aria-live="polite"]');
    const toast = region.getByRole('alert');
    await failSignIn(page, language);
    await expect.poll(() => toast.textContent()).toBe(TEXT[language].badLogin);
    await region.getByRole('button', { name: TEXT[language].closeToast }).click();
    await expect.poll(() => toast.count()).toBe(0);
    const { toasts } = await recorded(page);
    const last = toasts[toasts.length - 1];
    expect(last).toMatchObject({ role: 'alert', text: TEXT[language].badLogin });
    // Gone well before the 3 s time-out.
    expect((last?.gone ?? Infinity) - (last?.at ?? 0)).toBeLessThan(2500);
    // The dialog stays open for another try.
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
  }

  it('hides an error toast by itself after 3 s, and closes one at once with its close button', async () => {
    const page = await newPage();
    await visit(page, '/#login');
    await failSignIn(page, 'ru');
    const toast = page.locator('[aria-live="polite"]').getByRole('alert');
    await expect.poll(() => toast.textContent()).toBe(TEXT.ru.badLogin);
    expect(await toast.isVisible()).toBe(true);
    await expect.poll(() => toast.count(), { timeout: 6_000 }).toBe(0);

    const { toasts } = await recorded(page);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ role: 'alert', text: TEXT.ru.badLogin });
    const shown = (toasts[0]?.gone ?? 0) - (toasts[0]?.at ?? 0);
    expect(shown).toBeGreaterThanOrEqual(2900);
    expect(shown).toBeLessThan(3600);

    await closeToast(page, 'ru');
    expect((await recorded(page)).toasts).toHaveLength(2);
  });

  it('closes a toast with its close button in English', async () => {
    const page = await newPage();
    await visit(page, '/en#login');
    await closeToast(page, 'en');
    expect((await recorded(page)).toasts).toHaveLength(1);
  });
});

describe('error pages', () => {
  it.each(['/nope', '/en/nope', '/page/nope', '/a/b/c'])(
    'answers %s with a 404 document and the 404 page inside the layout',
    async (path) => {
      const raw = await fetch(`${suite.site.url}${path}`);
      expect(raw.status).toBe(404);
      expect(raw.headers.get('content-type')).toContain('text/html');

      const page = await newPage();
      const response = await visit(page, path);
      expect(response?.status()).toBe(404);
      expect(await h1(page)).toBe('404 Not Found');
      expect(await page.locator('main').textContent()).toContain('This page could not be found');
      const language: Language = path.startsWith('/en') ? 'en' : 'ru';
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      const home = page.getByRole('link', { name: 'Home page' });
      expect(await home.getAttribute('href')).toBe(language === 'en' ? '/en' : '/');
      expect(await headerNav(page, language).locator('a').count()).toBe(MENU[language].length);
      expect(await page.locator('footer').textContent()).toContain(TEXT[language].tagline);

      await home.click();
      await expect.poll(() => h1(page)).toBe(TEXT[language].homeTitle);
    },
  );

  it.each(LANGUAGES)(
    'shows "An error occurred" when a page\'s data answers 500 on a client-side navigation (%s)',
    async (language) => {
      const prefix = prefixOf(language);
      const page = await newPage();
      await visit(page, `${prefix}/about`);
      await page.route(FAQ_API, (route) => route.fulfill({ status: 500, json: { detail: 'Server error' } }));
      await followSubmenu(page, language, TEXT[language].faq);
      await expect.poll(() => h1(page)).toBe('An error occurred');
      expect(pathOf(page)).toBe(`${prefix}/faq`);
      const main = await page.locator('main').textContent();
      expect(main).toContain('500');
      expect(main).not.toContain('404 Not Found');
      expect(await page.locator('footer').textContent()).toContain(TEXT[language].tagline);
      await page.getByRole('link', { name: 'Home page' }).click();
      await expect.poll(() => h1(page)).toBe(TEXT[language].homeTitle);
    },
  );

  it('shows "An error occurred" when the data of a page the browser renders, opened directly, answers 500', async () => {
    const page = await newPage();
    // The API reference renders in the browser only (a content page comes rendered from the server with its data).
    await page.route('**/api/v1/openapi.json', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Server error' } }),
    );
    const response = await visit(page, '/api-docs');
    // The document itself is fine (the page exists); the browser's call for its data failed.
    expect(response?.status()).toBe(200);
    expect(await h1(page)).toBe('An error occurred');
    expect(await page.locator('main').textContent()).toContain('500');
  });
});

describe('breakpoints (spec §9)', () => {
  it('switches the public layout exactly at 1263, 559 and 400 px', async () => {
    const page = await newPage();
    await visit(page, '/nope');
    const state = async () => ({
      burger: await header(page).getByRole('button', { name: TEXT.ru.openMenu }).isVisible(),
      homeButton: await page
        .getByRole('link', { name: 'Home page' })
        .evaluate((element) => getComputedStyle(element).display),
      headerPadding: await header(page)
        .locator(':scope > div')
        .evaluate((element) => getComputedStyle(element).paddingLeft),
    });
    const expected: readonly [width: number, burger: boolean, homeButton: string, headerPadding: string][] = [
      [1263, false, 'inline-block', '20px'],
      [1262, true, 'inline-block', '20px'],
      [560, true, 'inline-block', '20px'],
      [559, true, 'block', '20px'],
      [401, true, 'block', '20px'],
      [400, true, 'block', '12px'],
    ];
    for (const [width, burger, homeButton, headerPadding] of expected) {
      await page.setViewportSize({ width, height: 800 });
      expect(await state(), `${width} px`).toEqual({ burger, homeButton, headerPadding });
    }
  });
});

describe('phone layout (375 px)', () => {
  it('never scrolls sideways', async () => {
    const pages: readonly (readonly [path: string, title: () => Promise<string> | string])[] = [
      ['/', () => TEXT.ru.homeTitle],
      ['/about', () => pageTitle('about', 'ru')],
      ['/page', () => TEXT.ru.pagesTitle],
      ['/nope', () => '404 Not Found'],
      ['/en', () => TEXT.en.homeTitle],
      ['/en/about', () => pageTitle('about', 'en')],
      ['/en/page', () => TEXT.en.pagesTitle],
      ['/en/nope', () => '404 Not Found'],
    ];
    const page = await newPage(PHONE);
    await visit(page, '/');
    // The first page loads from the server, the rest render in place (the same pages, without the reloads' cost).
    for (const [path, title] of pages) {
      if (path !== '/') await navigateInPage(page, path);
      await expect.poll(() => h1(page), { message: path }).toBe(await title());
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });
});

describe('screenshots for review', () => {
  const folder = resolve(root, 'e2e/screenshots');
  beforeAll(() => mkdirSync(folder, { recursive: true }));

  /** The page at 1280 × 800, then at 375 × 740 (the layout is CSS media queries: a resize is a phone's view). */
  async function shoot(page: Page, file: (width: number) => string, fullPage: boolean): Promise<void> {
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: file(DESKTOP.width), fullPage, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await expect.poll(() => header(page).locator('button[aria-controls="mobile-menu"]').isVisible()).toBe(true);
    await page.screenshot({ path: file(PHONE.width), fullPage, animations: 'disabled' });
  }

  it.each(LANGUAGES)(
    'home, about, the list of pages, the 404 page and the auth dialog in %s at 1280 and 375 px',
    async (language) => {
      const prefix = prefixOf(language);
      const page = await newPage();
      const file = (name: string) => (width: number) => resolve(folder, `${name}-${language}-${width}.png`);

      await visit(page, `${prefix}/`);
      expect(await h1(page)).toBe(TEXT[language].homeTitle);
      await shoot(page, file('home'), true);

      await page.setViewportSize(DESKTOP);
      await navigateInPage(page, `${prefix}/about`);
      await expect.poll(() => h1(page)).toBe(await pageTitle('about', language));
      await shoot(page, file('about'), true);

      await page.setViewportSize(DESKTOP);
      await navigateInPage(page, `${prefix}/page`);
      await expect.poll(() => h1(page)).toBe(TEXT[language].pagesTitle);
      await shoot(page, file('pages'), true);

      await page.setViewportSize(DESKTOP);
      await navigateInPage(page, `${prefix}/nope`);
      await expect.poll(() => h1(page)).toBe('404 Not Found');
      await shoot(page, file('404'), true);

      await page.setViewportSize(PHONE);
      await navigateInPage(page, `${prefix}/about#menu`);
      await expect
        .poll(() => page.locator('#mobile-menu').evaluate((element) => element.getBoundingClientRect().left))
        .toBe(0);
      await page.screenshot({ path: file('menu')(PHONE.width), animations: 'disabled' });

      await page.setViewportSize(DESKTOP);
      await navigateInPage(page, language === 'en' ? '/en#login' : '/#login');
      await expect.poll(() => h1(page)).toBe(TEXT[language].homeTitle);
      const password = page.getByRole('dialog').getByLabel(TEXT[language].password, { exact: true });
      await expect.poll(() => password.isVisible()).toBe(true);
      await shoot(page, file('login'), false);
      expect(await password.isVisible()).toBe(true);
    },
  );
});
