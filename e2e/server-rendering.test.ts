// The public pages rendered on the server (README, "Server rendering"): their content in the first byte, hydrated in
// place in Chromium without a hydration error, one visitor's session never in another's page, a remote redeployed or
// broken on the server without a restart, and the server's memory flat over many redeploys.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingService } from '../server/domains/billing/index.ts';
import { NO_SCRIPT } from '../server/lib/html.ts';
import { createUser } from '../server/test/accounts.ts';
import { launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { apiCall, apiLogin, DESKTOP, hydrated, PHONE } from './support.ts';

const PASSWORD = 'correct horse battery';
/** Two customers with balances no page shows by chance: each must see only their own. */
const CUSTOMERS = {
  first: { email: 'first-ssr@example.com', balance: 777_700, shown: /7[ ,]777/ },
  second: { email: 'second-ssr@example.com', balance: 333_300, shown: /3[ ,]333/ },
} as const;

const STAFF = 'editor-ssr@example.com';

const HEADLINE = { ru: 'Приватные мобильные прокси 4G/LTE', en: 'Private 4G/LTE mobile proxies' } as const;
const PRICE = { ru: '3 900 ₽', en: 'RUB 3,900' } as const;
const ABOUT = {
  ru: 'Мы держим собственную ферму 4G/LTE-модемов',
  en: 'We run our own farm of 4G/LTE modems',
} as const;

const OPEN_MENU = { ru: 'Открыть меню', en: 'Open the menu' } as const;
const SKIP = { ru: 'Перейти к содержанию', en: 'Skip to content' } as const;
/** The auth dialog's title (its accessible name) for each hash that opens it. */
const AUTH_HEADINGS = {
  ru: { login: 'Вход', registration: 'Регистрация' },
  en: { login: 'Sign in', registration: 'Create an account' },
} as const;

/** The public routes of the issue, each in both languages: home, both content page forms, the list, downloads, 404. */
const ROUTES = [
  { path: '/', status: 200 },
  { path: '/about', status: 200 },
  { path: '/page/about', status: 200 },
  { path: '/page', status: 200 },
  { path: '/downloads', status: 200 },
  { path: '/no-such-page', status: 404 },
] as const;

let site: RunningSite;
let browser: Browser;
let data: PreparedData | undefined;
const tokens: Record<keyof typeof CUSTOMERS, string> = { first: '', second: '' };

beforeAll(async () => {
  data = await prepareDataDir('ssr-e2e', async (db) => {
    const billing = billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://testserver' });
    await createUser(db, { email: STAFF, password: PASSWORD, superuser: true, staff: true });
    for (const customer of Object.values(CUSTOMERS)) {
      const user = await createUser(db, { email: customer.email, password: PASSWORD });
      await billing.post({
        userId: user.id,
        kind: 'adjustment',
        amount: customer.balance,
        currency: 'RUB',
        reason: 'test money',
      });
    }
  });
  // A copy of the build: the tests below redeploy and break remotes in it.
  site = await startSite({ copyDist: true, dataDir: data.dataDir });
  browser = await launchBrowser();
  tokens.first = await apiLogin(site, CUSTOMERS.first.email, PASSWORD);
  tokens.second = await apiLogin(site, CUSTOMERS.second.email, PASSWORD);
  // The render worker starts with the server; on a loaded machine the first pages may go out before it is up.
  for (const giveUp = Date.now() + 30_000; Date.now() < giveUp;) {
    if ((await serverText('/')).root.includes(HEADLINE.ru)) break;
    await new Promise((done) => setTimeout(done, 250));
  }
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  data?.remove();
});

const prefixOf = (language: 'ru' | 'en') => (language === 'en' ? '/en' : '');

/** The markup of `#root` in the HTML the server answers, as text (tags dropped, spaces plain). */
async function serverText(path: string, token?: string): Promise<{ status: number; root: string; html: string }> {
  const response = await fetch(`${site.url}${path}`, token ? { headers: { cookie: `accessToken=${token}` } } : {});
  const html = await response.text();
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script id="app-state"/.exec(html)?.[1] ?? '';
  return {
    status: response.status,
    html,
    root: root
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' '),
  };
}

describe.each(['ru', 'en'] as const)('in %s', (language) => {
  const prefix = prefixOf(language);

  it('answers the home page with its headline and a plan price, and a content page with its body, in the HTML', async () => {
    const home = await serverText(`${prefix}/`);
    expect(home.status).toBe(200);
    expect(home.root).toContain(HEADLINE[language]);
    expect(home.root).toContain(PRICE[language].replace(/\s/g, ' '));
    const about = await serverText(`${prefix}/about`);
    expect(about.root).toContain(ABOUT[language]);
    // Strict CSP: nothing inline runs; the router's state travels as data.
    expect(about.html).not.toMatch(/<script(?![^>]*type="application\/json")(?![^>]*\bsrc=)[^>]*>/);
    expect(about.html).toContain('<script id="app-router" type="application/json">');
  });

  it('shows the page styled with scripts off, from the document alone: content and stylesheets are in it', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}${prefix}/`);
    const headline = page.getByRole('heading', { level: 1 });
    expect(await headline.textContent()).toBe(HEADLINE[language]);
    // The shell's rule (body margin) and the hero's (its title's margin), painted before any stylesheet request.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    expect(await headline.evaluate((element) => getComputedStyle(element).marginBottom)).toBe('20px');
    expect(requested.filter((path) => path.endsWith('.css'))).toEqual([]);
    expect(await page.locator('style[data-href^="/remotes/marketing/"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('opens its menu with scripts off at 375 px, and a page the browser renders says it needs scripts', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${site.url}${prefix}/`);
    const menu = page.locator('header nav');
    expect(await menu.isVisible()).toBe(false);
    await page.locator(`header summary[aria-label="${OPEN_MENU[language]}"]`).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').count()).toBeGreaterThan(2);
    // A customer's page is the browser's to render: without scripts it says so instead of staying blank.
    await page.goto(`${site.url}${prefix}/home`);
    expect(await page.locator('body').innerText()).toContain(NO_SCRIPT[language]);
    await context.close();
  });

  it('opens the sign-in dialog from #login and #registration on a server-rendered page, with no hydration error', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    for (const [hash, heading] of Object.entries(AUTH_HEADINGS[language])) {
      await page.goto(`${site.url}${prefix}/about#${hash}`);
      await expect.poll(() => page.getByRole('dialog', { name: heading }).count()).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has a skip link as the first Tab stop, which takes the focus to the page', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${site.url}${prefix}/about`);
    await hydrated(page);
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => [document.activeElement?.tagName, document.activeElement?.textContent]);
    expect(await focused()).toEqual(['A', SKIP[language]]);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab goes on from the page, past the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await context.close();
  });

  it('starts its scripts after the first paint, not beside the document', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${site.url}${prefix}/`);
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/(main|react\.[0-9a-f]+)\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(timing.scripts).toHaveLength(2);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint);
    // And they ran: the page is hydrated.
    await hydrated(page);
    await context.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it.each(ROUTES)(`hydrates $path in place at ${viewport.width} px, with no hydration error`, async (route) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        // The 404 page's own document status is reported as a failed load; it is the answer the test expects.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // The server's nodes as the document arrived, before any script ran.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { serverNodes: Element[] }).serverNodes = [
            ...document.querySelectorAll('#root header, #root main, #root h1, #root footer'),
          ];
        });
      });
      const response = await page.goto(`${site.url}${prefix}${route.path === '/' && prefix ? '' : route.path}`);
      expect(response?.status()).toBe(route.status);
      // Hydrated in place: React took over the very nodes the server sent (a mismatch would have replaced them).
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const nodes = (window as unknown as { serverNodes?: Element[] }).serverNodes ?? [];
              return (
                nodes.length >= 4 &&
                nodes.every(
                  (node) => node.isConnected && Object.keys(node).some((key) => key.startsWith('__reactFiber')),
                )
              );
            }),
          { timeout: 20_000 },
        )
        .toBe(true);
      // Interactive: the language switch is a router link now.
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('per-request state', () => {
  it("never shows one visitor's session in another's page, however their requests interleave", async () => {
    const visits = Array.from({ length: 24 }, (_, index) => {
      const who = (['first', 'second', 'anonymous'] as const)[index % 3] as 'first' | 'second' | 'anonymous';
      const language = index % 2 === 0 ? 'ru' : 'en';
      // `/page` asks the API while rendering: requests overlap inside the renderer.
      const path = `${prefixOf(language)}${index % 4 < 2 ? '/page' : '/'}`;
      return { who, language, path };
    });
    const ask = ({ who, path }: (typeof visits)[number]) =>
      serverText(path, who === 'anonymous' ? undefined : tokens[who]);
    const pages = await Promise.all(visits.map(ask));
    // A page not rendered within the renderer's deadline (300 ms) goes out for the browser to render, as it should on a
    // loaded machine, and then carries nobody's session: those visits are made again, all at once, until each came
    // rendered, so every visit's isolation is checked on a page that was really rendered among others.
    for (let wave = 0; wave < 10 && pages.some((page) => page.root === ''); wave += 1) {
      const again = visits.flatMap((visit, index) => (pages[index]?.root === '' ? [index] : []));
      const answers = await Promise.all(again.map((index) => ask(visits[index] as (typeof visits)[number])));
      again.forEach((index, at) => (pages[index] = answers[at] as (typeof pages)[number]));
    }
    visits.forEach(({ who, language }, index) => {
      const { root } = pages[index] as { root: string };
      // The language switch names the other language: the page is in its own.
      expect(root, `visit ${index}`).toContain(language === 'en' ? 'Русская версия' : 'English version');
      for (const [name, customer] of Object.entries(CUSTOMERS)) {
        if (name === who) expect(root, `visit ${index}`).toMatch(customer.shown);
        else expect(root, `visit ${index}`).not.toMatch(customer.shown);
      }
      const signIn = language === 'en' ? 'Sign in' : 'Войти';
      if (who === 'anonymous') expect(root).toContain(signIn);
      else expect(root).not.toContain(signIn);
    });
  });
});

describe('content edits', () => {
  it("are in the server's HTML on the next request", async () => {
    const staff = await apiLogin(site, STAFF, PASSWORD);
    const { results } = await apiCall<{ results: { id: number; slug: string }[] }>(
      site,
      staff,
      'GET',
      '/api/panel/pages/?page_size=100',
    );
    const about = results.find((page) => page.slug === 'about');
    expect(about).toBeDefined();
    const path = `/api/panel/pages/${about?.id}/`;
    try {
      await apiCall(site, staff, 'PATCH', path, { title_ru: 'О сервисе сегодня' });
      expect((await serverText('/about')).root).toContain('О сервисе сегодня');
    } finally {
      await apiCall(site, staff, 'PATCH', path, { title_ru: 'О сервисе' });
    }
    expect((await serverText('/about')).root).not.toContain('О сервисе сегодня');
  });
});

describe('a remote on the server', () => {
  const remotesFile = () => join(site.distDir, 'remotes.json');
  const serverBuild = () => join(site.distDir, 'remotes/marketing/server/routes.cjs');

  it("still serves the page, rendered by the browser, when the remote's server build throws", async () => {
    const original = readFileSync(serverBuild(), 'utf8');
    try {
      writeFileSync(serverBuild(), 'throw new Error("broken server build");\n');
      const broken = await serverText('/about');
      expect(broken.status).toBe(200);
      expect(broken.root).toBe('');
      const page = await browser.newPage();
      await page.goto(`${site.url}/about`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('О сервисе');
      await page.close();

      // A build that loads but throws while rendering a page: the same.
      writeFileSync(
        serverBuild(),
        original.replace(/(function HomePage\(\) \{)/, '$1 throw new Error("broken page");'),
      );
      const home = await serverText('/');
      expect(home.status).toBe(200);
      expect(home.root).toBe('');
    } finally {
      writeFileSync(serverBuild(), original);
    }
    // Repaired: rendered again, with no restart.
    await expect.poll(async () => (await serverText('/about')).root, { timeout: 20_000 }).toContain(ABOUT.ru);
  });

  it('keeps the server memory flat over 50 redeploys', { timeout: 300_000 }, async () => {
    const remotes = readFileSync(remotesFile(), 'utf8');
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${site.child.pid}/status`, 'utf8'))?.[1]) * 1024;
    const samples: number[] = [];
    try {
      for (let swap = 1; swap <= 50; swap += 1) {
        // A new version each time (remotes.json rewritten, the server build touched): a new worker each time.
        writeFileSync(serverBuild(), `${readFileSync(serverBuild(), 'utf8')}\n// ${swap}\n`);
        // Rendered by the new version's worker (on a loaded machine it may take its first requests to start).
        await expect
          .poll(async () => (await serverText('/about')).root, { timeout: 20_000, message: `swap ${swap}` })
          .toContain(ABOUT.ru);
        if (swap === 10 || swap === 50) samples.push(rss());
      }
    } finally {
      writeFileSync(remotesFile(), remotes);
    }
    const [atTen, atFifty] = samples as [number, number];
    // The old workers' heaps are gone: forty more versions add no more than noise.
    expect(atFifty - atTen).toBeLessThan(40 * 1024 * 1024);
  });
});
