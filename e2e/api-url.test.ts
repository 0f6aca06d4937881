// The API's base URL is configurable (spec §7): a site started with API_URL sends its pages' API calls to another
// origin, and that API, started with the site's origin in CORS_ORIGINS, answers them. Checked in Chromium, which
// enforces both the site's CSP (connect-src) and CORS: a missing header on either side fails the calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSuperuser } from '../scripts/createsuperuser.ts';
import { freePort, launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';

const EMAIL = 'boss@example.com';
const PASSWORD = 'Long-enough-passphrase-2026';

let browser: Browser;
let site: RunningSite;
let api: RunningSite;
/** The API deployment's database: its own here (in production both share one), with a staff account in it. */
const apiData = mkdtempSync(join(tmpdir(), 'api-url-'));

beforeAll(async () => {
  const sitePort = await freePort();
  // A port is free only when asked: the second ask may hand back the first.
  let apiPort = await freePort();
  while (apiPort === sitePort) apiPort = await freePort();
  const siteOrigin = `http://127.0.0.1:${sitePort}`;
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const created = await createSuperuser(['--email', EMAIL, '--password', PASSWORD], { DATA_DIR: apiData });
  expect(created.code).toBe(0);
  [browser, api, site] = await Promise.all([
    launchBrowser(),
    startSite({ port: apiPort, dataDir: apiData, env: { CORS_ORIGINS: siteOrigin } }),
    startSite({ port: sitePort, env: { API_URL: apiOrigin } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), api?.stop()]);
  rmSync(apiData, { recursive: true, force: true });
});

const isApiCall = (url: URL) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/users/images/');

/** Every API call the page makes, by origin, and those the browser refused (CORS, CSP) or could not make. */
function recordApiCalls(page: Page): { origins: string[]; failed: string[] } {
  const calls = { origins: [] as string[], failed: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isApiCall(url)) calls.origins.push(url.origin);
  });
  page.on('requestfailed', (request) => {
    // A navigation cancels what the page before it still had in flight: not a refusal.
    if (isApiCall(new URL(request.url())) && request.failure()?.errorText !== 'net::ERR_ABORTED') {
      calls.failed.push(request.url());
    }
  });
  return calls;
}

describe('a site whose API lives on another origin', () => {
  it("loads a page's data and signs in through the other origin, in the browser", async () => {
    const page = await (await browser.newContext()).newPage();
    const calls = recordApiCalls(page);
    await page.goto(`${site.url}/en/page`);
    // The list of pages is loaded by the page (not embedded in the document): from the API's origin.
    await expect.poll(() => page.getByRole('link', { name: 'About us' }).count()).toBeGreaterThan(0);

    await page.goto(`${site.url}/en/#login`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail', { exact: true }).fill(EMAIL);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'My account' }).first().isVisible()).toBe(true);

    expect(calls.failed).toEqual([]);
    expect(calls.origins.length).toBeGreaterThanOrEqual(3);
    expect(new Set(calls.origins)).toEqual(new Set([api.url]));
  });
});
