// The content-managed home page as a visitor meets it in Chromium, in Russian and English: every block type from the
// seeded content, the price carousel, the FAQ accordion, the tabs by keyboard, the video behind its poster, images
// at the size the layout needs, and no layout shift while images and data load.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';
import { hydrated } from './support.ts';

const TEXT = {
  ru: {
    hero: 'Приватные мобильные прокси 4G/LTE',
    stock: 'В наличии сейчас',
    soldOut: 'Все модемы разобраны — новые появляются каждый день',
    features: 'Почему выбирают нас',
    steps: 'Как начать за 5 минут',
    prices: 'Тарифы',
    month: '3 900 ₽',
    perMonth: 'за 30 дней',
    popular: 'Популярный',
    tabs: 'Всё под рукой в личном кабинете',
    secondTab: 'Смена IP',
    secondTabTitle: 'Новый адрес по ссылке или по таймеру',
    video: 'Подключение за две минуты',
    play: 'Смотреть видео: Подключение за две минуты',
    faq: 'Вопросы и ответы',
    question: 'Есть ли ограничения по трафику?',
    answer: 'Вы платите за срок аренды модема',
    news: 'Новости',
    newsDate: '10 ноября 2026 г.',
    richText: 'Мобильные прокси для работы, а не для галочки',
    next: 'Следующие тарифы',
  },
  en: {
    hero: 'Private 4G/LTE mobile proxies',
    stock: 'In stock right now',
    soldOut: 'All taken — new modems appear daily',
    features: 'Why customers choose us',
    steps: 'Start in 5 minutes',
    prices: 'Plans',
    month: 'RUB 3,900',
    perMonth: 'for 30 days',
    popular: 'Most popular',
    tabs: 'Everything at hand in your account',
    secondTab: 'IP rotation',
    secondTabTitle: 'A new address by link or on a timer',
    video: 'Connected in two minutes',
    play: 'Play the video: Connected in two minutes',
    faq: 'Questions and answers',
    question: 'Is traffic limited?',
    answer: 'You pay for the rental period of the modem',
    news: 'News',
    newsDate: 'November 10, 2026',
    richText: 'Mobile proxies built for work',
    next: 'Next plans',
  },
} as const;

let browser: Browser;
let site: RunningSite;
beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({});
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Layout shifts not caused by input, summed as CLS counts them (one session window is enough for a page this long). */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const win = window as unknown as { __cls: number };
    win.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) win.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe.each(['ru', 'en'] as const)('the home page in %s', (language) => {
  const text = TEXT[language];
  const prefix = language === 'en' ? '/en' : '';

  it('shows every block type of the seeded content, in order, without layout shift', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await watchLayoutShift(page);
    const stockRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/stock/') stockRequests.push(request.url());
    });
    const response = await page.goto(`${site.url}${prefix}/`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text.hero);
    // No agent here, so no stock: the strip says so from the data embedded in the document, without asking the API.
    const strip = page.getByRole('region', { name: text.stock });
    expect(await strip.getByText(text.soldOut).isVisible()).toBe(true);
    expect(stockRequests).toEqual([]);
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      text.stock,
      text.features,
      text.steps,
      text.prices,
      text.tabs,
      text.video,
      text.faq,
      text.news,
      text.richText,
    ]);
    // Steps are a real ordered list; news dates read in the page's language.
    expect(await page.locator('#steps ol > li').count()).toBe(4);
    expect(await page.locator('#news time').first().textContent()).toBe(text.newsDate);

    // Images come from the resize endpoint with a srcset and their own box size, and they load.
    // The hero's picture, not the stock strip's payment icons beside it in the same section.
    const hero = page.locator('section').first().locator('img[fetchpriority="high"]');
    expect(await hero.getAttribute('srcset')).toMatch(/\/api\/users\/images\/\d+-320x0\.webp 320w/);
    expect(Number(await hero.getAttribute('width'))).toBeGreaterThan(0);
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The browser picked a rendition near the displayed size, never the 1920 one for a 520 px box.
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toContain('1920x0');

    // Scroll through so every lazy image loads, then measure the shift.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        // A frame at each stop: lazy images are asked for when a rendered frame finds them near the window.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
    });
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.02);
    await page.close();
  });

  it('shows the plans in the price carousel, which scrolls on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${site.url}${prefix}/#prices`);
    await hydrated(page);
    const plans = page.locator('#prices li h3');
    await expect.poll(() => plans.count()).toBe(4);
    const month = page.locator('#prices ul').first().locator(':scope > li', { hasText: text.perMonth });
    expect(await month.textContent()).toContain(text.month.replace(/\s/g, '\u00a0'));
    expect(await month.textContent()).toContain(text.popular);
    const track = page.locator('#prices ul').first();
    const before = await track.evaluate((element) => element.scrollLeft);
    await page.getByRole('button', { name: text.next }).click();
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before);
    // No horizontal overflow of the page itself at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('opens a FAQ answer, switches tabs by keyboard, and plays the video only when asked', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const mediaRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/')) mediaRequests.push(request.url());
    });
    await page.goto(`${site.url}${prefix}/`);
    // The details open without scripts; the tabs and the video need them.
    await hydrated(page);

    const question = page.locator('#faq details', { hasText: text.question });
    expect(await question.evaluate((element: HTMLDetailsElement) => element.open)).toBe(false);
    await question.locator('summary').click();
    expect(await question.evaluate((element: HTMLDetailsElement) => element.open)).toBe(true);
    expect(await question.textContent()).toContain(text.answer);

    const firstTab = page.getByRole('tab').first();
    await firstTab.focus();
    await page.keyboard.press('ArrowRight');
    const second = page.getByRole('tab', { name: text.secondTab });
    expect(await second.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(text.secondTab);
    expect(await page.getByRole('tabpanel').textContent()).toContain(text.secondTabTitle);
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    expect(await firstTab.getAttribute('aria-selected')).toBe('true');

    expect(mediaRequests).toEqual([]);
    await page.getByRole('button', { name: text.play }).click();
    const video = page.locator('#video video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0);
    expect(mediaRequests[0]).toContain('/media/demo/connect.mp4');
    expect(await video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
    await page.close();
  });

  it('renders the first visit from the data embedded in the document, and loads it on a later visit', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const homeCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/home/')) homeCalls.push(request.url());
    });
    await page.goto(`${site.url}${prefix}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text.hero);
    expect(homeCalls).toEqual([]);
    // Client-side visits later ask the API: the embedded copy served the first render only.
    await hydrated(page);
    await page.locator(`header a[href="${prefix}/about"]`).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/about`);
    await page
      .locator(`header a[href="${prefix || '/'}"]`)
      .first()
      .click();
    await expect.poll(() => homeCalls.length).toBe(1);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text.hero);
    await page.close();
  });

  it('scrolls to a block from a hero button', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.url}${prefix}/`);
    await page.locator('section').first().getByRole('link').first().click();
    await expect
      .poll(() => page.locator('#prices').evaluate((element) => Math.round(element.getBoundingClientRect().top)))
      .toBeLessThan(100);
    await page.close();
  });
});
