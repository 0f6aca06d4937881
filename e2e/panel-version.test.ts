// Releases end to end (#16), in Chromium against the production build: staff upload an Android build in the panel's
// Updates section (ru, 1280 px) — the size and SHA-256 the server computed while streaming are shown — and publish it;
// the apps' updater endpoint answers it, the file downloads whole and resumes with Range to the same checksum, and
// the public downloads page shows it (en, 375 px). Axe-clean, every action in reach, shot for review.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, root, startSite, type RunningSite } from '../scripts/site-process.ts';
import { createUser } from '../server/test/accounts.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import {
  apiLogin,
  DESKTOP,
  expectActionsInReach,
  expectNoSeriousViolations,
  PHONE,
  plain,
  signedInPage,
} from './support.ts';

const PASSWORD = 'Releases-e2e-2026';
const STAFF = 'releases-staff@example.com';
const BUILD = randomBytes(3 * 1024 * 1024 + 123);
const SHA256 = createHash('sha256').update(BUILD).digest('hex');

let browser: Browser;
let site: RunningSite;
let data: PreparedData | undefined;
let staff: Page;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  data = await prepareDataDir('releases-e2e', async (db) => {
    await createUser(db, { email: STAFF, password: PASSWORD, superuser: true, staff: true });
  });
  site = await startSite({ dataDir: data.dataDir });
  browser = await launchBrowser();
  staff = await signedInPage(browser, site, await apiLogin(site, STAFF, PASSWORD), contexts, DESKTOP);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
  data?.remove();
});
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await shoot(staff, 'releases-failed');
});

async function shoot(page: Page, name: string): Promise<void> {
  const folder = resolve(root, 'e2e/screenshots');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: resolve(folder, `${name}.png`), fullPage: true, animations: 'disabled' });
}

interface Latest {
  versionCode: number;
  versionName: string;
  url: string;
  size: number | null;
  sha256: string | null;
  forced: boolean;
}

describe('a release from the panel to the apps and the downloads page', () => {
  let latest: Latest;

  it('uploads a build in the panel, shows its size and SHA-256, and publishes it (ru, 1280 px)', async () => {
    await staff.goto(`${site.url}/panel/version/add`);
    await staff.getByLabel('Название версии').fill('3.0.0');
    await staff.getByLabel('Код версии').fill('300');
    await staff.locator('input[type="file"]').setInputFiles({
      name: 'proxymob-3.0.0.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: BUILD,
    });
    await expect.poll(() => staff.getByText(SHA256, { exact: true }).count()).toBeGreaterThan(0);
    expect(await plain(staff.locator('main'))).toContain('proxymob-3.0.0.apk');
    await staff.getByRole('switch', { name: 'Опубликован' }).click();
    await expectNoSeriousViolations(staff);
    await expectActionsInReach(staff, 'release form, ru', 'main button:visible');
    await shoot(staff, 'releases-form-ru-1280');
    await staff.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => new URL(staff.url()).pathname).toMatch(/^\/panel\/version\/\d+$/);

    await staff.goto(`${site.url}/panel/version`);
    const row = staff.locator('.ant-table-row').filter({ hasText: '3.0.0' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await plain(row)).toContain('Опубликован');
    await shoot(staff, 'releases-list-ru-1280');
  });

  it("answers the apps' updater, and the file downloads whole and resumes with Range", async () => {
    const response = await fetch(`${site.url}/api/versions/latest?platform=android&channel=stable`);
    expect(response.status).toBe(200);
    latest = (await response.json()) as Latest;
    expect(latest).toMatchObject({ versionCode: 300, versionName: '3.0.0', size: BUILD.length, sha256: SHA256 });
    const etag = response.headers.get('etag') as string;
    const again = await fetch(`${site.url}/api/versions/latest?platform=android&channel=stable`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);

    const whole = await fetch(latest.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain('proxymob-3.0.0.apk');
    const body = Buffer.from(await whole.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(SHA256);

    // A download cut off after its first MiB goes on from there.
    const cut = 1024 * 1024;
    const rest = await fetch(latest.url, { headers: { Range: `bytes=${cut}-` } });
    expect(rest.status).toBe(206);
    const resumed = Buffer.concat([body.subarray(0, cut), Buffer.from(await rest.arrayBuffer())]);
    expect(createHash('sha256').update(resumed).digest('hex')).toBe(SHA256);
  });

  it('shows it on the public downloads page (en, 375 px)', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    contexts.push(context);
    const visitor = await context.newPage();
    await visitor.goto(`${site.url}/en/downloads`);
    const android = visitor.locator('main article, main section, main li').filter({ hasText: 'Version 3.0.0' }).first();
    await expect.poll(() => android.count()).toBe(1);
    expect(await plain(android)).toContain(SHA256);
    const link = android.getByRole('link', { name: 'Download for Android' });
    expect(await link.getAttribute('href')).toBe(latest.url);
    const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(visitor);
    await expectActionsInReach(visitor, 'downloads, en', 'main a:visible, main button:visible');
    await shoot(visitor, 'releases-downloads-en-375');
  });
});
