// Accessibility of the public site chrome, checked with axe-core in Chromium: the home page, a content page, the
// list of pages, the 404 page, the auth dialog and the open mobile menu, in Russian and English. A violation of
// impact "serious" or "critical" fails the test, with each rule and the elements it found listed.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, type Viewport } from './browser-suite.ts';
import { hydrated } from './support.ts';

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
