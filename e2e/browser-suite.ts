// One browser and one site for a test file, and pages from one browser context per window size, so the site's
// immutable assets come from the HTTP cache after the first page. Each test starts with no open page and no cookie
// (no remembered language, which would send / to /en).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export interface BrowserSuite {
  readonly site: RunningSite;
  /** A page of a context the suite created (AxeBuilder needs one, not browser.newPage()). */
  newPage(viewport: Viewport): Promise<Page>;
}

/** Registers the file's hooks; read `site` inside tests. `initScript` runs in every page before the site's code. */
export function browserSuite(options: { initScript?: string } = {}): BrowserSuite {
  let browser: Browser | undefined;
  const contexts = new Map<string, BrowserContext>();
  const suite = {
    site: undefined as unknown as RunningSite,
    async newPage(viewport: Viewport): Promise<Page> {
      const key = `${viewport.width}x${viewport.height}`;
      let context = contexts.get(key);
      if (!context) {
        if (!browser) throw new Error('browserSuite: newPage() before the suite started');
        context = await browser.newContext({ viewport });
        if (options.initScript) await context.addInitScript({ content: options.initScript });
        contexts.set(key, context);
      }
      return context.newPage();
    },
  };
  beforeAll(async () => {
    [browser, suite.site] = await Promise.all([launchBrowser(), startSite()]);
  });
  afterAll(async () => {
    await browser?.close();
    await suite.site?.stop();
  });
  afterEach(async () => {
    for (const context of contexts.values()) {
      for (const page of context.pages()) await page.close();
      await context.clearCookies();
    }
  });
  return suite;
}
