// What the end-to-end files share: the API as a test drives it beside the browser (sign-in, staff calls), pages of a
// signed-in account, waiting for motion to end, the axe check, and the layout checks every screen gets.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningSite } from '../scripts/site-process.ts';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 740 } as const;
export type Viewport = { readonly width: number; readonly height: number };

/** Signs in through the API and answers the token; fails the test on anything but 200. */
export async function apiLogin(site: RunningSite, email: string, password: string): Promise<string> {
  const response = await fetch(`${site.url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, `login of ${email}`).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

/** A call with a token, as the panel or a customer's client makes it; fails the test unless it succeeds. */
export async function apiCall<T>(
  site: RunningSite,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: { Authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * A page in a context of its own signed in by the token cookie, as a browser coming back to the site is; the
 * context is added to `contexts` for the file to close.
 */
export async function signedInPage(
  browser: Browser,
  site: RunningSite,
  token: string,
  contexts: BrowserContext[],
  viewport: Viewport = DESKTOP,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  await context.addCookies([{ name: 'accessToken', value: token, url: site.url }]);
  return context.newPage();
}

/**
 * A staff member's page on the panel's home, signed in by the token cookie as a browser coming back to the site is:
 * for tests whose subject is not the sign-in (e2e/panel.test.ts drives the panel's sign-in form). Its context is
 * closed with the browser.
 */
export async function panelPage(
  browser: Browser,
  site: RunningSite,
  email: string,
  password: string,
  prefix: '' | '/en' = '',
  viewport: Viewport = DESKTOP,
): Promise<Page> {
  const token = await apiLogin(site, email, password);
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'accessToken', value: token, url: site.url }]);
  const page = await context.newPage();
  await page.goto(`${site.url}${prefix}/panel`);
  return page;
}

/**
 * A server-rendered page's scripts have taken it over: React owns the header the server sent. Before that, the page
 * reads and links as plain HTML (a click is a full page load), since its scripts start only after the first paint.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('#root header') ?? {}).some((key) => key.startsWith('__reactFiber')),
      ),
    )
    .toBe(true);
}

/** Text as people read it: Intl's no-break and thin spaces as plain ones. */
export const plain = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').replace(/\s/g, ' ');

/** Nothing moving that will end: a dialog animating in, a toast fading out (antd's click ripple, pure decoration, aside). */
export async function settle(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .getAnimations()
          // An endless animation (a spinner) never settles; waiting on it would only time out. antd's button can even
          // leave its loading icon behind when `loading` flips back within its leave motion.
          .filter(
            (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
          )
          .map((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            const name = (animation as CSSAnimation).animationName ?? 'transition';
            return `${name} on ${target?.getAttribute('class') ?? target?.tagName ?? '?'}`;
          })
          // antd's click ripple can stay "running" without end; it changes nothing axe or a screenshot looks at.
          .filter((name) => !name.includes('ant-wave')),
      ),
    )
    .toEqual([]);
}

/**
 * No serious or critical axe violation once the page has settled, the rich-text editor included (its frame is
 * titled by its field, #28).
 */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  await settle(page);
  // A rich-text editor part-way through starting is not what anyone uses: its content and skin load, and the label
  // TinyMCE puts on the frame's body goes (TinyEditor), as it finishes. Judged once every editor on the page has.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('.tox-tinymce')].filter((editor) => {
              const body = editor.querySelector('iframe')?.contentDocument?.body;
              return (
                !body?.classList.contains('mce-content-body') ||
                body.hasAttribute('aria-label') ||
                editor.querySelector('.tox-statusbar__resize-handle:not([aria-valuenow])') !== null
              );
            }).length,
        ),
      { message: 'every rich-text editor started' },
    )
    .toBe(0);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  const report = blocking
    .map((violation) =>
      [`${violation.id} (${violation.impact}): ${violation.help}`, ...violation.nodes.map((n) => `  ${n.html}`)].join(
        '\n',
      ),
    )
    .join('\n');
  expect(
    blocking.map((violation) => violation.id),
    `axe at ${page.url()}:\n${report}`,
  ).toEqual([]);
}

/**
 * The page does not scroll sideways (a wide table scrolls inside its own box), and every button on it can be
 * reached: inside the window once scrolled to.
 */
export async function expectActionsInReach(
  page: Page,
  what: string,
  // The public layout keeps its phone menu (a dialog) parked outside the window while closed.
  buttons = 'main button:visible, [role="dialog"] button:visible',
): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
  for (const button of await page.locator(buttons).all()) {
    await button.scrollIntoViewIfNeeded();
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
    const box = (await button.boundingBox()) ?? { x: -1, width: 0 };
    expect(box.x, `${what}: ${name}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what}: ${name}`).toBeLessThanOrEqual(width + 0.5);
  }
}

/**
 * Waits until a toast says `expected` (an earlier toast may still be fading out). The toaster is one of the page's
 * polite live regions (a chart's caption is another): any of them saying it will do.
 */
export async function expectToast(page: Page, expected: string | RegExp): Promise<void> {
  const said = async () =>
    (await page.locator('[aria-live="polite"]').allTextContents()).some((text) =>
      typeof expected === 'string' ? text.includes(expected) : expected.test(text),
    );
  await expect.poll(said, { timeout: 15_000, message: `a toast saying ${String(expected)}` }).toBe(true);
}

/**
 * Texts on the page that are cut where a reader sees them: an element whose own text overflows a box that hides
 * the overflow (an ellipsis included). Text in something that scrolls sideways (a table's scroller) can be read, and
 * text hidden on purpose (visually hidden labels, a closed menu) is not looked at.
 */
export function clippedTexts(page: Page, within = 'body'): Promise<string[]> {
  return page.locator(within).evaluate((root) => {
    const hidden = (element: Element) =>
      element.closest('[aria-hidden="true"], [inert]') !== null ||
      getComputedStyle(element).clip !== 'auto' ||
      element.getBoundingClientRect().width < 2;
    const cuts = (value: string) => value === 'hidden' || value === 'clip';
    return [...root.querySelectorAll('*')]
      .filter((element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()))
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          ((cuts(style.overflowX) || style.textOverflow === 'ellipsis') &&
            element.scrollWidth > element.clientWidth + 1) ||
          (cuts(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
        );
      })
      .filter((element) => !hidden(element))
      .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 60)}"`);
  });
}
