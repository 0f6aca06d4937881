// Stored pages cannot run script (issue: "an XSS corpus test proves stored pages cannot run script when rendered in
// Chromium"). Every vector of server/test/xss-corpus.ts is stored the way the panel stores it (through sanitizeHtml),
// eleven to a page, each in a container of its own after a line of harmless text; the page is opened in Chromium and
// every element hovered and focused; the test watches for a dialog, the `window.__xss` sentinel, requests leaving the
// site, navigation and frames, and checks the harmless text around each attack is still shown. A vector's script
// reports its own number (the alert's text, the sentinel's value), so each vector is judged on its own as well as by
// what its page did.
//
// The site's CSP alone already blocks inline handlers, so the browser runs with CSP bypassed: what is proven here is
// the sanitizer. Two unsanitized canaries show the detection works; one more shows the CSP holds on its own too.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';
import { sanitizeHtml } from '../server/lib/sanitize.ts';
import { XSS_CORPUS, type XssVector } from '../server/test/xss-corpus.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';

const marker = (name: string) => `Safe text before ${name}`;

/** Vectors to a page: enough that a page load is not the cost of each, few enough that a failing page is read. */
const PER_PAGE = 11;
const BATCHES: readonly (readonly XssVector[])[] = Array.from(
  { length: Math.ceil(XSS_CORPUS.length / PER_PAGE) },
  (_, index) => XSS_CORPUS.slice(index * PER_PAGE, (index + 1) * PER_PAGE),
);
const batchSlug = (index: number) => `xss-batch-${index}`;

/** Unsanitized bodies that do run script when nothing stops them; each reports 1, as a vector would its number. */
const CANARIES = {
  'canary-sentinel': { name: 'canary-sentinel', html: '<img src="/no-such-image.png" onerror="window.__xss=1">' },
  'canary-alert': { name: 'canary-alert', html: '<img src="/no-such-image.png" onerror="alert(1)">' },
} as const;

/** A page body: each vector in a container of its own, named for it, after its line of harmless text. */
const bodyOf = (vectors: readonly { name: string; html: string }[]) =>
  vectors.map(({ name, html }) => `<div data-vector="${name}"><p>${marker(name)}</p>${html}</div>`).join('');

let browser: Browser;
let site: RunningSite;
let data: PreparedData | undefined;
beforeAll(async () => {
  const pages: [string, string][] = [
    ...BATCHES.map((vectors, index): [string, string] => [
      batchSlug(index),
      bodyOf(vectors.map(({ name, html }) => ({ name, html: sanitizeHtml(html) }))),
    ]),
    ...Object.entries(CANARIES).map(([slug, canary]): [string, string] => [slug, bodyOf([canary])]),
  ];
  data = await prepareDataDir('xss-e2e', async (db) => {
    for (const [slug, body] of pages) {
      await db.query('INSERT INTO pages (slug, title_ru, body_ru, published) VALUES ($1, $2, $3, true)', [
        slug,
        slug,
        body,
      ]);
    }
  });
  site = await startSite({ dataDir: data.dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  data?.remove();
});

interface Observed {
  readonly dialogs: string[];
  readonly offsite: string[];
  readonly navigations: string[];
}

/** A tab that records every dialog, request to another origin and main-frame navigation. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; observed: Observed }> {
  const page = await context.newPage();
  const observed: Observed = { dialogs: [], offsite: [], navigations: [] };
  page.on('dialog', (dialog) => {
    observed.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(`${site.url}/`)) observed.offsite.push(request.url());
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) observed.navigations.push(frame.url());
  });
  // Nothing leaves the machine even if something tried.
  await page.route(
    (url) => url.origin !== new URL(site.url).origin,
    (route) => route.abort(),
  );
  return { page, observed };
}

/** What one vector's container holds once poked. */
interface Contained {
  readonly text: string;
  /** Attributes that could run or load something, as the browser resolved them. */
  readonly dangerous: string[];
  /** Frames, objects and embeds inside it. */
  readonly frames: number;
}

interface Opened {
  readonly url: string;
  readonly sentinel: unknown;
  readonly frames: number;
  readonly observed: Observed;
  readonly vectors: Readonly<Record<string, Contained>>;
}

/**
 * Opens a stored page in a tab of its own, pokes every element of every vector's container the way a visitor's
 * pointer and keyboard would, lets what that queued run, and reports the page and each container.
 */
async function open(context: BrowserContext, slug: string, names: readonly string[]): Promise<Opened> {
  const { page, observed } = await watchedPage(context);
  try {
    const url = `${site.url}/${slug}`;
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    for (const name of names)
      await page
        .locator('main article p', { hasText: marker(name) })
        .first()
        .waitFor();
    await page.evaluate(() => {
      for (const element of document.querySelectorAll('[data-vector] *')) {
        for (const type of ['mouseover', 'mouseenter', 'pointerenter', 'pointerover', 'focus', 'focusin']) {
          element.dispatchEvent(new Event(type, { bubbles: type !== 'focus' && type !== 'mouseenter' }));
        }
        if (element instanceof HTMLElement) element.focus();
      }
    });
    // Handlers on loads and errors fire when the bodies' images settle, as tasks the next frames come after.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    const seen = await page.evaluate(() => {
      const vectors: Record<string, Contained> = {};
      for (const container of document.querySelectorAll('[data-vector]')) {
        const dangerous: string[] = [];
        for (const element of container.querySelectorAll('*')) {
          for (const attribute of element.attributes) {
            if (/^on/i.test(attribute.name)) dangerous.push(`${element.localName} ${attribute.name}`);
          }
          const urls = [
            element instanceof HTMLAnchorElement ? element.href : null,
            element instanceof HTMLImageElement ? element.currentSrc || element.src : null,
          ];
          for (const url of urls) {
            if (url && !['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(url).protocol)) {
              dangerous.push(`${element.localName} ${url}`);
            }
          }
        }
        vectors[container.getAttribute('data-vector') ?? ''] = {
          text: container.textContent ?? '',
          dangerous,
          frames: container.querySelectorAll('iframe, frame, object, embed').length,
        };
      }
      return {
        url: location.href,
        sentinel: (window as unknown as Record<string, unknown>).__xss,
        frames: window.frames.length,
        vectors,
      };
    });
    return { ...seen, observed };
  } finally {
    await page.close();
  }
}

describe('stored page bodies in Chromium', () => {
  let context: BrowserContext;
  /** Each page opened once, by the first of its vectors' tests. */
  const opened = new Map<number, Promise<Opened>>();
  const openBatch = (index: number) => {
    let result = opened.get(index);
    if (!result) {
      result = open(context, batchSlug(index), BATCHES[index]?.map((vector) => vector.name) ?? []);
      opened.set(index, result);
    }
    return result;
  };
  beforeAll(async () => {
    context = await browser.newContext({ bypassCSP: true });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('detects script that does run, and names the vector (the unsanitized canaries, CSP bypassed)', async () => {
    const sentinel = await open(context, 'canary-sentinel', ['canary-sentinel']);
    expect(sentinel.sentinel).toBe(1);
    expect(sentinel.vectors['canary-sentinel']?.dangerous).toEqual(['img onerror']);
    const alert = await open(context, 'canary-alert', ['canary-alert']);
    await expect.poll(() => alert.observed.dialogs).toEqual(['alert: 1']);
  });

  it('puts every vector on a page, once', () => {
    expect(BATCHES.flat().map((vector) => vector.name)).toEqual(XSS_CORPUS.map((vector) => vector.name));
    expect(BATCHES.length).toBeGreaterThan(1);
  });

  it.each(XSS_CORPUS.map((vector) => [vector.name, vector] as const))('%s runs no script', async (name, vector) => {
    const index = BATCHES.findIndex((vectors) => vectors.includes(vector));
    const page = await openBatch(index);
    const url = `${site.url}/${batchSlug(index)}`;
    // This vector's own doing: its number never reported, nothing live left in its container, its text kept.
    expect(page.observed.dialogs).not.toContain(`alert: ${vector.id}`);
    expect(page.sentinel).not.toBe(vector.id);
    const contained = page.vectors[name];
    expect(contained?.dangerous).toEqual([]);
    expect(contained?.frames).toBe(0);
    expect(contained?.text).toContain(marker(name));
    if (vector.keep) expect(contained?.text).toContain(vector.keep);
    // And its page's: whichever vector of it did these, none may.
    expect(page.observed.dialogs).toEqual([]);
    expect(page.sentinel).toBeUndefined();
    expect(page.observed.offsite).toEqual([]);
    expect(page.frames).toBe(0);
    expect(page.url).toBe(url);
    // The app may re-announce its own URL (history.replaceState); it must never go anywhere else.
    expect([...new Set(page.observed.navigations)]).toEqual([url]);
  });
});

describe('the content security policy on its own', () => {
  it('stops even an unsanitized handler', async () => {
    const context = await browser.newContext();
    try {
      const result = await open(context, 'canary-sentinel', ['canary-sentinel']);
      expect(result.vectors['canary-sentinel']?.dangerous).toEqual(['img onerror']);
      expect(result.sentinel).toBeUndefined();
      const alert = await open(context, 'canary-alert', ['canary-alert']);
      expect(alert.observed.dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
