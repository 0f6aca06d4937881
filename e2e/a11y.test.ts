// Accessibility of the public site chrome, checked with axe-core in Chromium: the home page, a content page, the
// list of pages, the 404 page, the auth dialog and the open mobile menu, in Russian and English. A violation of
// impact "serious" or "critical" fails the test, with each rule and the elements it found listed.
// Then a customer with the keyboard alone (#49): a top-up up to its invoice and an order on /order, every stop on
// screen with a focus ring; focus kept (never dropped to the page's body) after a dialog closes, after a row action
// on /ip, after signing in from the auth dialog and after a language switch; and the proxy page's whitelist inside its
// card on a 375 px phone whatever the visitor's address.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingService } from '../server/domains/billing/index.ts';
import { createUser } from '../server/test/accounts.ts';
import { browserSuite, type Viewport } from './browser-suite.ts';
import { buyProxy, farmSuite, widerThanViewport } from './farm-suite.ts';
import { apiLogin, clippedTexts, expectActionsInReach, expectToast, hydrated } from './support.ts';

type Language = 'ru' | 'en';
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 375, height: 740 } as const;
const BLOCKING = new Set(['serious', 'critical']);

const suite = browserSuite();
const newPage = (viewport: Viewport) => suite.newPage(viewport);

/** Waits for transitions and animations (a dialog fading in, a panel sliding) so colours are measured at rest. */
async function settle(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length),
    )
    .toBe(0);
}

function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}`,
        ...violation.nodes.map(
          (node) => `  ${node.target.join(' ')}: ${node.html}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  expect(
    blocking.map((violation) => violation.id),
    `axe found serious or critical violations at ${page.url()}:\n${describeViolations(blocking)}`,
  ).toEqual([]);
}

interface Target {
  readonly name: string;
  readonly path: string;
  readonly viewport: { width: number; height: number };
  readonly ready: (page: Page, language: Language) => Promise<void>;
}

const heading = async (page: Page) => {
  await page.locator('main h1').waitFor();
};

const TARGETS: readonly Target[] = [
  { name: 'home page', path: '/', viewport: DESKTOP, ready: heading },
  { name: 'content page /about', path: '/about', viewport: DESKTOP, ready: heading },
  { name: 'list of pages /page', path: '/page', viewport: DESKTOP, ready: heading },
  { name: '404 page', path: '/nope', viewport: DESKTOP, ready: heading },
  {
    name: 'auth dialog (#login)',
    path: '/#login',
    viewport: DESKTOP,
    ready: async (page, language) => {
      await heading(page);
      const password = page.getByRole('dialog').getByLabel(language === 'en' ? 'Password' : 'Пароль', { exact: true });
      await expect.poll(() => password.isVisible()).toBe(true);
    },
  },
  {
    name: 'mobile menu open (375 px, #menu)',
    path: '/#menu',
    viewport: PHONE,
    ready: async (page, language) => {
      await heading(page);
      const menu = page.getByRole('dialog', { name: language === 'en' ? 'Main menu' : 'Главное меню' });
      await expect.poll(() => menu.isVisible()).toBe(true);
    },
  },
];

/** '/about' → '/en/about', '/' → '/en', '/#login' → '/en#login' in English; Russian has no prefix. */
function localize(path: string, language: Language): string {
  if (language === 'ru') return path;
  return path.startsWith('/#') || path === '/' ? `/en${path.slice(1)}` : `/en${path}`;
}

describe.each(['ru', 'en'] as const)('in %s', (language) => {
  it.each(TARGETS)('the $name has no serious or critical axe violation', async (target) => {
    const page = await newPage(target.viewport);
    await page.goto(`${suite.site.url}${localize(target.path, language)}`);
    await target.ready(page, language);
    await settle(page);
    expect(await page.getAttribute('html', 'lang')).toBe(language);
    await expectNoSeriousViolations(page);
  });
});

describe('during a slow navigation', () => {
  it('the progress bar has no serious or critical axe violation', async () => {
    const page = await newPage(DESKTOP);
    await page.goto(`${suite.site.url}/about`);
    await heading(page);
    await hydrated(page);
    // The page's data takes its time, so the bar stays up while axe looks at it.
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    await page.route('**/api/pages/faq/**', async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    await page.evaluate(() => {
      window.history.pushState({}, '', '/faq');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.getByRole('progressbar').getAttribute('data-state')).toBe('running');
    try {
      const results = await new AxeBuilder({ page }).include('[role="progressbar"]').analyze();
      const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
      expect(
        blocking.map((violation) => violation.id),
        `axe found serious or critical violations on the progress bar:\n${describeViolations(blocking)}`,
      ).toEqual([]);
    } finally {
      release();
    }
  });
});

const KEYBOARD_PASSWORD = 'Keyboard-e2e-2026';
const KEYBOARD_CUSTOMER = 'keyboard-customer@example.com';

/**
 * Where focus is, as the key just pressed left it: on screen, and drawn with a ring — the element's own outline or
 * shadow, or that of what draws it (a radio drawn as a chip rings its label; antd rings the frame of its field).
 */
async function expectFocusShown(page: Page, step: string): Promise<void> {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) {
      return { name: 'the page body', onScreen: false, ring: false };
    }
    const frame = element.closest('label, .ant-input-affix-wrapper, .ant-input-number, .ant-select');
    const drawn = (target: Element, shadow: boolean) => {
      const style = getComputedStyle(target);
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (shadow && style.boxShadow !== 'none')
      );
    };
    const box = (frame ?? element).getBoundingClientRect();
    return {
      name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`,
      onScreen:
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.right > 0 &&
        box.top < innerHeight &&
        box.left < innerWidth,
      // A chip's label keeps a shadow while checked, focused or not: only its outline is the ring.
      ring: drawn(element, true) || (frame !== null && drawn(frame, !frame.matches('label'))),
    };
  });
  expect(focus.onScreen, `${step}: ${focus.name} is on screen`).toBe(true);
  expect(focus.ring, `${step}: ${focus.name} shows that it has focus`).toBe(true);
}

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses `key` until `target` has focus, every stop on the way on screen and ringed. */
async function pressUntil(page: Page, target: Locator, step: string, key = 'Tab', most = 60): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let press = 1; press <= most; press += 1) {
    await page.keyboard.press(key);
    await expectFocusShown(page, `${step}, ${key} ${press}`);
    if (await hasFocus(target)) return;
  }
  throw new Error(`${step}: ${most} presses of ${key} never reached it`);
}

/** What has focus, for a message: its tag and name, or the body. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return `${element.tagName.toLowerCase()} ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}`;
  });

describe('with the keyboard alone (#49)', () => {
  const farm = farmSuite({
    name: 'a11y-keyboard-e2e',
    staff: { email: 'keyboard-staff@example.com', password: KEYBOARD_PASSWORD },
    seed: async (db) => {
      const customer = await createUser(db, { email: KEYBOARD_CUSTOMER, password: KEYBOARD_PASSWORD, language: 'ru' });
      const billing = billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: '' });
      await billing.post({
        userId: customer.id,
        kind: 'adjustment',
        amount: 5_000_000,
        currency: 'RUB',
        reason: 'e2e',
      });
    },
  });
  let token = '';
  let proxyId = 0;
  beforeAll(async () => {
    token = await apiLogin(farm.site, KEYBOARD_CUSTOMER, KEYBOARD_PASSWORD);
    const free = await freeModems();
    ({ proxyId } = await buyProxy(farm, token));
    await buyProxy(farm, token);
    // The stock is cached for a few seconds: /order starts from the stock as it is after these two.
    const deadline = Date.now() + 15_000;
    while ((await freeModems()) !== free - 2) {
      if (Date.now() > deadline) throw new Error('the stock never showed the two proxies bought');
      await new Promise((done) => setTimeout(done, 250));
    }
  });
  const freeModems = async () => {
    const answer = (await (await fetch(`${farm.site.url}/api/stock/`)).json()) as { stock: { free: number }[] };
    return answer.stock.reduce((sum, place) => sum + place.free, 0);
  };

  it('tops up up to the invoice and orders a proxy, every stop on screen with a focus ring (ru, 1280 px)', async () => {
    const page = await farm.signedIn(token, DESKTOP);
    await page.goto(`${farm.site.url}/ip`);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Мои IP' }).waitFor();

    // The top-up: the header's link opens the dialog on the amount; the method is a radio group (arrow keys).
    const topUp = page.locator('header').getByRole('link', { name: 'Пополнить' });
    await pressUntil(page, topUp, 'to the top-up');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    const amount = dialog.getByLabel('Сумма пополнения');
    await expect.poll(() => hasFocus(amount), { message: 'the dialog opens on the amount' }).toBe(true);
    await expectFocusShown(page, 'the amount');
    const methods = dialog.getByRole('radio');
    await pressUntil(page, methods.first(), 'back to the first method', 'Shift+Tab', 5);
    await page.keyboard.press('ArrowRight');
    await expectFocusShown(page, 'the next method');
    await expect.poll(() => methods.nth(1).isChecked()).toBe(true);
    await pressUntil(page, amount, 'to the amount');
    await page.keyboard.type('1500');
    await pressUntil(page, dialog.getByRole('button', { name: 'Перейти к оплате' }), 'to the payment');
    await page.keyboard.press('Enter');
    const invoice = page.getByRole('dialog', { name: /^Счёт № \d+$/ });
    await expect.poll(() => invoice.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => invoice.textContent()).toMatch(/1\s500/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), {
        message: 'focus goes on to the invoice, in the dialog',
      })
      .toBe(true);
    await expectFocusShown(page, 'the invoice');
    // Closed, it gives focus back to the link that opened it.
    await page.keyboard.press('Escape');
    await expect.poll(() => invoice.count()).toBe(0);
    await expect.poll(() => hasFocus(topUp), { message: 'focus back on the top-up link' }).toBe(true);
    await expectFocusShown(page, 'back on the top-up link');

    // The order: the customer bar's link, then country, city, operator and period as radio groups.
    await pressUntil(page, page.getByRole('link', { name: 'Заказать', exact: true }), 'to the order page');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/order');
    const country = page.getByRole('group', { name: 'Страна' });
    await country.waitFor();
    await pressUntil(page, country.getByRole('radio', { checked: true }), 'to the country');
    await page.keyboard.press('ArrowRight');
    await expectFocusShown(page, 'the other country');
    for (const group of ['Город', 'Оператор', 'Срок']) {
      await pressUntil(
        page,
        page.getByRole('group', { name: group }).getByRole('radio', { checked: true }),
        `to ${group}`,
      );
    }
    // The button waits for the quote of the place just chosen (out of the Tab order until then).
    const pay = page.getByRole('button', { name: /^Оплатить с баланса/ });
    await expect.poll(() => pay.isEnabled(), { message: 'the quote came' }).toBe(true);
    await pressUntil(page, pay, 'to the payment');
    await page.keyboard.press('Enter');
    const done = page.getByRole('heading', { name: /^Заказ № \d+ оплачен$/ });
    await expect.poll(() => done.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => hasFocus(done), { message: 'the paid order takes focus' }).toBe(true);
    await expectFocusShown(page, 'the paid order');
  });

  it("keeps focus after /ip's row actions and its dialogs, never on the page's body (ru, 1280 px)", async () => {
    const page = await farm.signedIn(token, DESKTOP);
    await page.goto(`${farm.site.url}/ip`);
    await hydrated(page);
    const rows = page.locator('main tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const row = rows.first();

    // A change of IP: the button says it is busy, and keeps focus throughout.
    const rotate = row.getByRole('button', { name: /^Сменить IP/ });
    await rotate.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rotate.textContent()).toBe('Сменить IP');
    expect(await hasFocus(rotate), `after a change of IP: ${await focusedName(page)}`).toBe(true);

    // Auto-renew switched from the keyboard keeps focus while it saves and after.
    const autoRenew = row.getByRole('switch');
    const before = await autoRenew.getAttribute('aria-checked');
    await autoRenew.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => autoRenew.getAttribute('aria-busy')).toBe('false');
    expect(await autoRenew.getAttribute('aria-checked')).not.toBe(before);
    expect(await hasFocus(autoRenew), `after auto-renew: ${await focusedName(page)}`).toBe(true);

    // A dialog closed with Escape gives focus back to the button that opened it.
    const renew = row.getByRole('button', { name: /^Продлить/ });
    await renew.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await hasFocus(renew), `after the dialog: ${await focusedName(page)}`).toBe(true);

    // Renewing the selection clears it, and the bar whose button opened the dialog goes: focus goes to the list.
    await row.getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    const bulk = page.getByRole('button', { name: 'Продлить выбранные' });
    await pressUntil(page, bulk, 'to the bulk renewal', 'Shift+Tab', 20);
    await page.keyboard.press('Enter');
    await pressUntil(page, dialog.getByRole('button', { name: /^Оплатить/ }), 'to the renewal', 'Tab', 10);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Прокси продлён');
    await expect.poll(() => bulk.count()).toBe(0);
    await expect.poll(() => focusedName(page), { message: 'focus on the list once its bar is gone' }).toBe('h1 Мои IP');
  });

  it('keeps focus after a sign-in from the dialog and after a language switch', async () => {
    const context = await farm.browser.newContext({ viewport: DESKTOP });
    farm.contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${farm.site.url}/about`);
    await hydrated(page);
    const signIn = page.locator('header').getByRole('link', { name: 'Войти' });
    await signIn.focus();
    await page.keyboard.press('Enter');
    const email = page.getByRole('dialog').getByLabel('E-mail');
    await expect.poll(() => hasFocus(email)).toBe(true);
    await page.keyboard.type(KEYBOARD_CUSTOMER);
    await page.keyboard.press('Tab');
    await page.keyboard.type(KEYBOARD_PASSWORD);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.locator('header').getByRole('link', { name: 'Пополнить' }).count()).toBe(1);
    // The "Sign in" that opened the dialog is gone: focus stays on the page, not back on its body at the top.
    await expect.poll(() => focusedName(page)).not.toBe('body');

    const english = page.locator('header').getByRole('link', { name: /English version/ });
    await english.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/about');
    await page.locator('main h1').waitFor();
    await expect.poll(() => focusedName(page)).not.toBe('body');
    await expectFocusShown(page, 'after the language switch');
  });

  it("keeps the proxy page's whitelist inside its card on a 375 px phone, even for an IPv6 visitor (#49)", async () => {
    const page = await farm.signedIn(token, PHONE);
    // The visitor's address as the server saw it comes with the page; an IPv6 one is the longest a button shows.
    await page.route(`**/ip/${proxyId}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(
        '"ip":"127.0.0.1"',
        '"ip":"2a02:6b8:b010:a4fc:1234:5678:9abc:def0"',
      );
      await route.fulfill({ response, body });
    });
    await page.goto(`${farm.site.url}/ip/${proxyId}`);
    await hydrated(page);
    const mine = page.getByRole('button', { name: /2a02:6b8:b010:a4fc:1234:5678:9abc:def0/ });
    await expect.poll(() => mine.count(), { message: "the visitor's IPv6 address offered" }).toBe(1);
    const outside = await page.locator('#whitelist-title').evaluate((title) => {
      let card = title.parentElement as HTMLElement;
      while (card.parentElement && getComputedStyle(card).borderLeftStyle === 'none') card = card.parentElement;
      const edge = card.getBoundingClientRect();
      return [...(title.closest('form')?.querySelectorAll('*') ?? [])]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < edge.left - 0.5 || box.right > edge.right + 0.5);
        })
        .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 40)}"`);
    });
    expect(outside, 'whitelist controls outside their card').toEqual([]);
    expect(await widerThanViewport(page)).toEqual([]);
    await expectActionsInReach(page, 'proxy page, ru, 375 px');
  });

  it('shows /home\'s nearest expiries whole on a 375 px phone: no place cut to "Россия · B…" beside its term (#49)', async () => {
    const page = await farm.signedIn(token, PHONE);
    await page.goto(`${farm.site.url}/home`);
    await hydrated(page);
    await expect.poll(() => page.locator('main a[href^="/ip/"]').count()).toBeGreaterThanOrEqual(2);
    expect(await clippedTexts(page, 'main'), 'texts cut on /home, ru, 375 px').toEqual([]);
    expect(await widerThanViewport(page)).toEqual([]);
  });

  it("keeps each column's name whole in /user's tables on a 375 px phone, beside however long a value (#49)", async () => {
    const page = await farm.signedIn(token, PHONE);
    await page.goto(`${farm.site.url}/en/user`);
    await hydrated(page);
    await expect.poll(() => page.locator('main td[data-label="What"]').count()).toBeGreaterThan(0);
    // On a phone each cell is a line with its column's name before the value: no name may be cut inside a word, even
    // beside a value longer than any the seeded data has (a long city and carrier).
    const broken = await page.locator('main td[data-label]').evaluateAll((cells) => {
      for (const cell of cells) cell.append(' Kazakhstan, Ust-Kamenogorsk Beeline-Kazakhstan');
      const ruler = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      return cells
        .filter((cell) => cell.getBoundingClientRect().width > 0)
        .filter((cell) => {
          const label = getComputedStyle(cell, '::before');
          ruler.font = `${label.fontWeight} ${label.fontSize} ${label.fontFamily}`;
          // Where a line may break: between words and after a hyphen ("E-mail").
          const words = (cell.getAttribute('data-label') ?? '').split(/[\s-]+/);
          const widest = Math.max(...words.map((word) => ruler.measureText(word).width));
          return parseFloat(label.width) < widest - 0.5;
        })
        .map((cell) => `${cell.getAttribute('data-label')}: ${cell.textContent?.trim().slice(0, 40)}`);
    });
    expect(broken, 'column names broken inside a word').toEqual([]);
  });
});
