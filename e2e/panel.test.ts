// The panel frame as staff meet it: sign-in at /panel/login, the dark drawer with the user's e-mail and a menu cut to
// their permissions, the drawer toggle, Exit; a section this site does not deploy (501, "not here yet" inside the
// panel) beside an unknown panel address (404); and a customer who is refused the panel. Also: no serious or critical
// axe-core violation on the sign-in page and the frame, and screenshots of both for review (e2e/screenshots/,
// git-ignored) at 1280 and 375 px in Russian and English. The home's dashboard (#33) with seeded activity: each
// widget's figures open their filtered lists, and staff without payment rights get no money widget.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, root, startSite, type RunningSite } from '../scripts/site-process.ts';
import type { Db } from '../server/db/db.ts';
import { createUser } from '../server/test/accounts.ts';
import { createFarm } from '../server/test/orders.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { apiLogin, expectNoSeriousViolations, settle } from './support.ts';

const PASSWORD = 'Panel-staff-2026';
const USERS = {
  boss: { email: 'boss@example.com', superuser: true, staff: true },
  editor: { email: 'editor@example.com', staff: true, permissions: ['pages.view_page', 'pages.change_page'] },
  customer: { email: 'customer@example.com' },
  farmer: { email: 'farmer@example.com', staff: true, permissions: ['farm.view_modem', 'farm.view_agenthost'] },
} as const;
/** The dashboard's seeded activity (#33): a paid top-up today, a pending invoice, a farm host with one modem down. */
const PLACE = { country: 'KZ', city: 'Almaty', operator: 'Beeline' } as const;
let dashboardHostId = 0;

async function seedActivity(db: Db): Promise<void> {
  const payer = await createUser(db, { email: 'payer@example.com', password: PASSWORD });
  await db.query(
    `INSERT INTO payment_methods (code, name_ru, name_en, kind, provider) VALUES ('dash', 'Тест', 'Test', 'crypto', 'manual')`,
  );
  await db.query(
    `INSERT INTO invoices (user_id, method_id, provider, amount, currency, expires_at)
     SELECT $1, id, 'manual', 150000, 'RUB', now() + interval '1 hour' FROM payment_methods WHERE code = 'dash'`,
    [payer.id],
  );
  await db.query('UPDATE users SET balance = 250000 WHERE id = $1', [payer.id]);
  await db.query(
    `INSERT INTO ledger_entries (user_id, kind, amount, currency, balance_after, reference)
     VALUES ($1, 'topup', 250000, 'RUB', 250000, 'invoice:e2e')`,
    [payer.id],
  );
  dashboardHostId = (await createFarm(db, PLACE, { online: 2, offline: 1 })).hostId;
}

let browser: Browser;
let site: RunningSite;
let data: PreparedData | undefined;
beforeAll(async () => {
  data = await prepareDataDir('panel-e2e', async (db) => {
    for (const user of Object.values(USERS)) await createUser(db, { ...user, password: PASSWORD });
    await seedActivity(db);
  });
  // Users is left out of this site's deployment: the undeployed-section pages below are seen through it.
  site = await startSite({ dataDir: data.dataDir, undeploy: ['panel-users'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  data?.remove();
});

async function signIn(page: Page, email: string, prefix = ''): Promise<void> {
  await page.goto(`${site.url}${prefix}/panel/login`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel(prefix ? 'Password' : 'Пароль', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: prefix ? 'Sign in' : 'Войти' }).click();
}

/** The labels of the panel menu, as a sighted user reads them (the icons are decoration). */
const menuItems = (page: Page) => page.getByRole('menu').locator('.ant-menu-title-content').allTextContents();

describe('the panel frame', () => {
  it('sends a signed-out visitor from the panel to its sign-in page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${site.url}/panel`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/panel/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Вход в панель управления' }).isVisible()).toBe(true);
    await page.close();
  });

  it('shows a superuser every section, the e-mail in the drawer, and a toggle that shrinks it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, USERS.boss.email);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/panel');
    await expect
      .poll(() => menuItems(page))
      .toEqual(['Сайт', 'Пользователи', 'Обновления', 'Страницы', 'Способы оплаты', 'Ферма', 'Выход']);
    const drawer = page.locator('.ant-layout-sider');
    expect(await drawer.textContent()).toContain(USERS.boss.email);
    const wide = (await drawer.boundingBox())?.width ?? 0;
    await page.getByRole('button', { name: 'Свернуть или развернуть меню' }).click();
    await expect.poll(async () => (await drawer.boundingBox())?.width ?? 0).toBeLessThan(wide);
    await page.getByRole('button', { name: 'Свернуть или развернуть меню' }).click();
    await expect.poll(async () => (await drawer.boundingBox())?.width ?? 0).toBe(wide);
    await page.close();
  });

  it('shows a staff member with one permission only that section, in English too', async () => {
    const page = await browser.newPage();
    await signIn(page, USERS.editor.email, '/en');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/panel');
    await expect.poll(() => menuItems(page)).toEqual(['Site', 'Pages', 'Exit']);
    expect(await page.locator('main').textContent()).toContain('Welcome, editor@example.com');
    await page.close();
  });

  it('tells a customer the panel is not for them, and refuses the panel route with 403', async () => {
    const page = await browser.newPage();
    await signIn(page, USERS.customer.email);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('У вашей учётной записи нет доступа к панели управления.');
    expect(new URL(page.url()).pathname).toBe('/panel/login');
    const response = await page.goto(`${site.url}/panel`);
    // The document's status is the page's: a permission error, worded as one (no "check the address").
    expect(response?.status()).toBe(403);
    await expect.poll(() => page.locator('body').textContent()).toContain('У вас нет прав на просмотр этой страницы.');
    expect(await page.locator('body').textContent()).toContain('Эта часть сайта — для сотрудников с доступом к ней.');
    expect(await page.locator('body').textContent()).not.toContain('Проверьте адрес');
    expect(await page.getByRole('menu').count()).toBe(0);
    await page.close();
  });

  it('Exit goes to the site, ends the session and removes the token cookie', async () => {
    const page = await browser.newPage();
    await signIn(page, USERS.boss.email);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/panel');
    const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value ?? '';
    expect(await cookie()).toMatch(/^[0-9a-f]{40}$/);
    const token = await cookie();
    await page.getByRole('menuitem', { name: 'Выход' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(cookie).toBe('');
    await expect.poll(() => page.getByRole('link', { name: 'Войти' }).first().isVisible()).toBe(true);
    // The token itself is dead on the server, not just forgotten by the browser.
    const me = await fetch(`${site.url}/api/users/`, { headers: { Authorization: `Token ${token}` } });
    expect(me.status).toBe(401);
    await page.close();
  });
});

type Language = 'ru' | 'en';
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 375, height: 740 } as const;
const TEXT = {
  ru: {
    heading: 'Вход в панель управления',
    menu: ['Сайт', 'Пользователи', 'Обновления', 'Страницы', 'Способы оплаты', 'Ферма', 'Выход'],
    notDeployed: 'Этого раздела пока нет',
    notDeployedText: 'Он ещё не развёрнут на этом сайте. Остальные разделы работают как обычно.',
    forbidden: 'У вас нет прав на просмотр этой страницы.',
  },
  en: {
    heading: 'Sign in to the control panel',
    menu: ['Site', 'Users', 'Updates', 'Pages', 'Payment methods', 'Farm', 'Exit'],
    notDeployed: 'This section is not here yet',
    notDeployedText: 'It has not been deployed on this site. The other sections work as usual.',
    forbidden: 'You do not have permission to open this page.',
  },
} as const;
const prefixOf = (language: Language) => (language === 'en' ? '/en' : '');

/** The sign-in page, fully drawn, in a fresh context of its own (AxeBuilder needs one the test created). */
async function openLogin(language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${site.url}${prefixOf(language)}/panel/login`);
  await expect.poll(() => page.getByRole('heading', { name: TEXT[language].heading }).isVisible()).toBe(true);
  return page;
}

/** The superuser's panel frame, every menu item drawn. */
async function openFrame(language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, USERS.boss.email, prefixOf(language));
  await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefixOf(language)}/panel`);
  await expect.poll(() => page.getByRole('menu').getByRole('menuitem').count()).toBe(TEXT[language].menu.length);
  return page;
}

/** No element reaches past the right edge of the window: nothing to scroll sideways to, nothing cut off. */
async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
  const sticking = await page.evaluate((limit) => {
    const out: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (
        box.width > 0 &&
        box.height > 0 &&
        box.right > limit + 0.5 &&
        getComputedStyle(element).visibility !== 'hidden'
      )
        out.push(`${element.tagName.toLowerCase()}.${String(element.className)} right=${Math.round(box.right)}`);
    }
    return out;
  }, width);
  expect(sticking, what).toEqual([]);
}

describe.each(['ru', 'en'] as const)('the panel in %s', (language) => {
  it('has no serious or critical axe violation on the sign-in page or the frame', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const login = await openLogin(language, viewport);
      await expectNoSeriousViolations(login);
      await login.context().close();
      const frame = await openFrame(language, viewport);
      await expectNoSeriousViolations(frame);
      await frame.context().close();
    }
  });

  it('fits a 375 px phone and is shot at 1280 and 375 px for review', async () => {
    const folder = resolve(root, 'e2e/screenshots');
    mkdirSync(folder, { recursive: true });
    for (const viewport of [DESKTOP, PHONE]) {
      const file = (name: string) => resolve(folder, `${name}-${language}-${viewport.width}.png`);
      const login = await openLogin(language, viewport);
      await settle(login);
      if (viewport === PHONE) await expectNoOverflow(login, `sign-in page, ${language}`);
      await login.screenshot({ path: file('panel-login'), fullPage: true, animations: 'disabled' });
      await login.context().close();

      const frame = await openFrame(language, viewport);
      await settle(frame);
      expect(await menuItems(frame)).toEqual(TEXT[language].menu);
      if (viewport === PHONE) await expectNoOverflow(frame, `panel frame, ${language}`);
      await frame.screenshot({ path: file('panel'), fullPage: true, animations: 'disabled' });
      if (viewport === PHONE) {
        // On a phone the drawer starts shrunk; opened, it must still leave the page usable.
        await frame
          .getByRole('button', {
            name: language === 'en' ? 'Collapse or expand the menu' : 'Свернуть или развернуть меню',
          })
          .click();
        await settle(frame);
        expect(await frame.locator('.ant-layout-sider').textContent()).toContain(USERS.boss.email);
        await expectNoOverflow(frame, `panel frame with the drawer open, ${language}`);
        await frame.screenshot({ path: file('panel-drawer'), fullPage: true, animations: 'disabled' });
      }
      await frame.context().close();
    }
  });
});

/**
 * One sign-in per account for the tests below, kept as its cookie: every sign-in counts against the per-address
 * login limit (20 a minute), which the tests around these spend most of.
 */
const sessions = new Map<string, Promise<string>>();
function sessionOf(email: string): Promise<string> {
  let session = sessions.get(email);
  if (!session) {
    session = fetch(`${site.url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }).then(async (response) => ((await response.json()) as { key: string }).key);
    sessions.set(email, session);
  }
  return session;
}

async function openSignedIn(email: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'accessToken', value: await sessionOf(email), url: site.url }]);
  return context.newPage();
}

describe.each(['ru', 'en'] as const)('a panel section this site does not deploy, in %s', (language) => {
  // This site does not deploy Users' remote (panel-users): its menu item leads here.
  it('answers 501 and says so inside the panel at 1280 and 375 px; an unknown panel address stays a 404', async () => {
    const folder = resolve(root, 'e2e/screenshots');
    mkdirSync(folder, { recursive: true });
    for (const viewport of [DESKTOP, PHONE]) {
      const frame = await openSignedIn(USERS.boss.email, viewport);
      const what = `${language}, ${viewport.width} px`;
      const response = await frame.goto(`${site.url}${prefixOf(language)}/panel/users`);
      expect(response?.status(), what).toBe(501);
      expect(await frame.locator('meta[name="robots"]').getAttribute('content'), what).toBe('noindex');
      const heading = frame.getByRole('heading', { name: TEXT[language].notDeployed });
      await expect.poll(() => heading.isVisible(), { message: what }).toBe(true);
      expect(await frame.locator('main').textContent(), what).toContain(TEXT[language].notDeployedText);
      // Inside the panel: its menu is there to go on with, and none of the public site's footer.
      await expect.poll(() => menuItems(frame), { message: what }).toEqual(TEXT[language].menu);
      expect(await frame.locator('footer').count(), what).toBe(0);
      await settle(frame);
      if (viewport === PHONE) await expectNoOverflow(frame, `undeployed section, ${what}`);
      await frame.screenshot({
        path: resolve(folder, `panel-not-deployed-${language}-${viewport.width}.png`),
        fullPage: true,
        animations: 'disabled',
      });

      const unknown = await frame.goto(`${site.url}${prefixOf(language)}/panel/whatever`);
      expect(unknown?.status(), what).toBe(404);
      await expect
        .poll(() => frame.locator('main').textContent(), { message: what })
        .toContain('This page could not be found');
      expect(await frame.getByRole('heading', { name: TEXT[language].notDeployed }).count(), what).toBe(0);
      await frame.context().close();
    }
  });

  it('refuses it to a customer with 403, and sends a visitor to the sign-in as any panel page does', async () => {
    const page = await openSignedIn(USERS.customer.email, DESKTOP);
    expect((await page.goto(`${site.url}${prefixOf(language)}/panel/users`))?.status()).toBe(403);
    await expect.poll(() => page.locator('body').textContent()).toContain(TEXT[language].forbidden);
    await page.context().clearCookies();
    expect((await page.goto(`${site.url}${prefixOf(language)}/panel/users`))?.status()).toBe(200);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefixOf(language)}/panel/login`);
    await page.context().close();
  });
});

describe('the panel at its breakpoints (spec §9)', () => {
  it('starts with the drawer shrunk at 959 px and narrower, and opens it over the page at 599 px and narrower', async () => {
    const drawer = (page: Page) => page.locator('.ant-layout-sider');
    const toggle = (page: Page) => page.getByRole('button', { name: 'Свернуть или развернуть меню' });
    const expected: readonly [width: number, startsShrunk: boolean, overPage: boolean][] = [
      [960, false, false],
      [959, true, false],
      [600, true, false],
      [599, true, true],
    ];
    for (const [width, startsShrunk, overPage] of expected) {
      const page = await openFrame('ru', { width, height: 800 });
      const what = `${width} px`;
      await expect
        .poll(async () => (await drawer(page).boundingBox())?.width, { message: what })
        .toBe(startsShrunk ? 64 : 240);
      if (startsShrunk) await toggle(page).click();
      await expect.poll(async () => (await drawer(page).boundingBox())?.width, { message: what }).toBe(240);
      await settle(page);
      // Over the page: the page keeps its place beside the shrunk drawer; otherwise the open drawer pushes it.
      const pageLeft = (await page.locator('main').boundingBox())?.x;
      expect(pageLeft, what).toBe(overPage ? 64 : 240);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
      if (overPage) {
        // A tap on the dimmed page beside the drawer shrinks it again.
        await page.mouse.click(width - 20, 400);
        await expect.poll(async () => (await drawer(page).boundingBox())?.width, { message: what }).toBe(64);
      }
      await page.context().close();
    }
  });
});

describe('the dashboard on the panel home (#33)', () => {
  const folder = resolve(root, 'e2e/screenshots');
  // The sales figures open the Users section's lists of every customer's orders and proxies, a section the file's
  // site leaves undeployed: a site of this describe's own deploys it, with two customers' served proxies.
  const HOLDERS = ['holder-a@example.com', 'holder-b@example.com'] as const;
  let sales: { site: RunningSite; data: PreparedData } | undefined;
  beforeAll(async () => {
    const salesData = await prepareDataDir('panel-sales-e2e', async (db) => {
      await createUser(db, { ...USERS.boss, password: PASSWORD });
      const { hostId, modemIds } = await createFarm(db, PLACE, { online: 2, portMin: 30_000 });
      for (const [index, email] of HOLDERS.entries()) {
        const holder = await createUser(db, { email, password: PASSWORD });
        await db.query(
          `INSERT INTO proxies (owner_id, modem_id, host_id, http_port, socks_port, login, password, rotate_token,
                                rotate_token_hash, expires_at)
           VALUES ($1, $2, $3, $4, $4 + 1, $5, 'secret-e2e', rpad($5, 24, 'x'), encode(sha256($5::bytea), 'hex'),
                   now() + interval '20 days')`,
          [holder.id, modemIds[index] ?? 0, hostId, 30_000 + index * 2, `holder${index}`],
        );
      }
    });
    sales = { data: salesData, site: await startSite({ dataDir: salesData.dataDir }) };
  });
  afterAll(async () => {
    await sales?.site.stop();
    sales?.data.remove();
  });

  it('in Russian at 1280 px: the widgets with the seeded activity, each figure opening its filtered list', async () => {
    mkdirSync(folder, { recursive: true });
    const page = await openSignedIn(USERS.boss.email, DESKTOP);
    await page.goto(`${site.url}/panel`);
    const invoices = page.getByRole('link', { name: /Неоплаченные счета/ });
    await expect.poll(() => invoices.isVisible()).toBe(true);
    expect(await invoices.textContent()).toContain('1');
    const card = (title: string) => page.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });
    for (const title of ['Деньги', 'Продажи', 'Ферма', 'Механизмы']) {
      await expect.poll(() => card(title).count(), { message: title }).toBe(1);
    }
    await settle(page);
    await page.screenshot({
      path: resolve(folder, 'panel-dashboard-ru-1280.png'),
      fullPage: true,
      animations: 'disabled',
    });

    await invoices.click();
    await expect
      .poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`)
      .toBe('/panel/payment?tab=invoices&status=pending');
    await expect.poll(() => page.locator('main').textContent()).toContain('payer@example.com');

    await page.goto(`${site.url}/panel`);
    const offline = page.getByRole('link', { name: 'Не в сети: 1' });
    await expect.poll(() => offline.isVisible()).toBe(true);
    await offline.click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?status=offline&host=${dashboardHostId}`);
    await expect.poll(() => page.locator('main tbody tr.ant-table-row').count()).toBe(1);
    expect(await page.locator('main tbody').textContent()).toContain('Modem 2');

    await page.goto(`${site.url}/panel`);
    const queued = page.getByRole('link', { name: /Писем в очереди/ });
    await expect.poll(() => queued.isVisible()).toBe(true);
    await queued.click();
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=alerts&kind=outbox_backlog');
    await expect.poll(() => page.getByRole('heading', { name: 'История тревог' }).isVisible()).toBe(true);
    await page.context().close();

    // A sales figure opens the proxies tab filtered as it counts: as many rows as the figure says, with their owners.
    const salesSite = sales?.site as RunningSite;
    const token = await apiLogin(salesSite, USERS.boss.email, PASSWORD);
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addCookies([{ name: 'accessToken', value: token, url: salesSite.url }]);
    const home = await context.newPage();
    await home.goto(`${salesSite.url}/panel`);
    const active = home.getByRole('link', { name: /Активные прокси/ });
    await expect.poll(() => active.isVisible()).toBe(true);
    expect(await active.textContent()).toContain(String(HOLDERS.length));
    await active.click();
    await expect.poll(() => new URL(home.url()).pathname).toBe('/panel/users');
    expect(Object.fromEntries(new URL(home.url()).searchParams)).toEqual({
      tab: 'proxies',
      status: 'active,expiring',
      ordering: 'expires_at',
    });
    await expect.poll(() => home.getByRole('tab', { name: 'Прокси', selected: true }).isVisible()).toBe(true);
    await expect.poll(() => home.locator('main tbody tr.ant-table-row').count()).toBe(HOLDERS.length);
    for (const email of HOLDERS) expect(await home.locator('main tbody').textContent()).toContain(email);
    await context.close();
  });

  it('in English at 375 px: fits the phone, and the free stock of a place opens its modems', async () => {
    mkdirSync(folder, { recursive: true });
    const page = await openSignedIn(USERS.boss.email, PHONE);
    await page.goto(`${site.url}/en/panel`);
    // The country by its name (#49), in the panel's language.
    const stock = page.getByRole('link', { name: /Kazakhstan, Almaty, Beeline/ });
    await expect.poll(() => stock.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: /Open invoices/ }).isVisible()).toBe(true);
    await settle(page);
    await expectNoOverflow(page, 'dashboard, en');
    // At rest a chart's legend names its lines: no "Time" and no colon waiting for a value under the pointer (#49).
    const legend = page.locator('.u-legend').first();
    await legend.waitFor();
    expect(await legend.innerText()).not.toContain('Time');
    const colons = await legend
      .locator('th')
      .evaluateAll((cells) => cells.filter((cell) => getComputedStyle(cell, '::after').content !== 'none').length);
    expect(colons, 'legend labels followed by a colon').toBe(0);
    await page.screenshot({
      path: resolve(folder, 'panel-dashboard-en-375.png'),
      fullPage: true,
      animations: 'disabled',
    });
    expect(await stock.textContent()).toContain('2');
    await stock.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/panel/farm');
    expect(new URL(page.url()).search).toBe('?status=online&country=KZ&operator=Beeline');
    await expect.poll(() => page.locator('main tbody tr.ant-table-row').count()).toBe(2);
    await page.context().close();
  });

  it('shows staff without payment rights no money widget, and the API refuses it to them', async () => {
    const page = await openSignedIn(USERS.farmer.email, DESKTOP);
    await page.goto(`${site.url}/panel`);
    await expect.poll(() => page.getByRole('link', { name: 'Не в сети: 1' }).isVisible()).toBe(true);
    expect(await page.getByText('Деньги', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Механизмы', { exact: true }).count()).toBe(0);
    const money = await fetch(`${site.url}/api/panel/dashboard/money/`, {
      headers: { authorization: `Token ${await sessionOf(USERS.farmer.email)}` },
    });
    expect(money.status).toBe(403);
    await page.context().close();
  });
});
