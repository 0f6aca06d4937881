// The public first paint as a cold visitor's Chromium fetches it: no antd until the auth dialog is opened (and then
// the dialog works, in both languages), compressed documents and the cache policy of every file it loads.
// Byte budgets are not asserted here: `npm run bench` measures them (speed targets stay out of timed tests).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtDist, launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const TEXT = {
  ru: { prefix: '', signIn: 'Войти', email: 'E-mail', password: 'Пароль', badLogin: 'Невозможно войти в систему' },
  en: { prefix: '/en', signIn: 'Sign in', email: 'E-mail', password: 'Password', badLogin: 'Unable to log in' },
} as const;

/** The files of the shell's shared antd (and its style engine), as the shell's build lists them. */
function antdFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(builtDist, 'shell', 'mf-manifest.json'), 'utf8')) as {
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const files = manifest.shared
    .filter((shared) => shared.name === 'antd' || shared.name === '@ant-design/cssinjs')
    .flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async]);
  expect(files.length).toBeGreaterThan(0);
  return files;
}

const fileName = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

let browser: Browser;
let site: RunningSite;
beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A fresh context (cold cache) on `path`, recording every response; resolves once the page has settled. */
async function coldVisit(path: string): Promise<{ page: Page; responses: Response[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  await page.locator('h1').waitFor();
  return { page, responses };
}

describe.each(['ru', 'en'] as const)('the auth dialog in %s', (language) => {
  const text = TEXT[language];

  it('loads antd only when #login opens it, and then signs in (or refuses) as before', async () => {
    const antd = antdFiles();
    const { page, responses } = await coldVisit(`${text.prefix}/`);
    try {
      const scriptsBefore = responses.filter((r) => r.request().resourceType() === 'script').map((r) => r.url());
      expect(scriptsBefore.length).toBeGreaterThan(0);
      expect(scriptsBefore.filter((url) => antd.includes(fileName(url)))).toEqual([]);
      const countBefore = responses.length;

      await page.getByRole('banner').getByRole('link', { name: text.signIn }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.email, { exact: true }).waitFor();
      expect(new URL(page.url()).hash).toBe('#login');
      const scriptsAfter = responses
        .slice(countBefore)
        .filter((r) => r.request().resourceType() === 'script')
        .map((r) => fileName(r.url()));
      // The check above can see antd: here it arrives, with the dialog.
      expect(scriptsAfter.filter((name) => antd.includes(name)).length).toBeGreaterThan(0);

      await dialog.getByLabel(text.email, { exact: true }).fill(`nobody-${language}-${Date.now()}@example.com`);
      await dialog.getByLabel(text.password, { exact: true }).fill('not-the-password-1');
      await dialog.getByRole('button', { name: text.signIn }).click();
      await expect
        .poll(async () => (await page.locator('[aria-live="polite"]').textContent()) ?? '', { timeout: 15_000 })
        .toContain(text.badLogin);
    } finally {
      await page.context().close();
    }
  });
});

describe('a cold visit', () => {
  it('gets the document compressed, entry files and manifests revalidated, and every other file immutable', async () => {
    const { page, responses } = await coldVisit('/about');
    try {
      const document = responses.find((r) => r.request().resourceType() === 'document');
      expect(document?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
      expect(document?.headers()['cache-control']).toBe('private, no-cache');

      const files = responses.filter((r) => r.url().startsWith(site.url) && r.request().resourceType() !== 'document');
      const names = files.map((r) => new URL(r.url()).pathname);
      for (const entry of ['/main.js', '/remotes.json', '/remotes/marketing/remoteEntry.js']) {
        expect(names).toContain(entry);
      }
      // remotes.json names the manifest; the shell goes straight to the remoteEntry.js beside it, one request fewer.
      expect(names).not.toContain('/remotes/marketing/mf-manifest.json');
      // A manifest is still an entry file (deploy tools read it): revalidated, never cached as immutable.
      const manifest = await fetch(`${site.url}/remotes/marketing/mf-manifest.json`);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      // The HTML's preload hints are used, not fetched a second time by the code that needs them.
      for (const hinted of [
        '/remotes.json',
        ...names.filter((name) => /^\/(react|router|i18n|jotai|contract)\./.test(name)),
      ]) {
        expect(
          names.filter((name) => name === hinted),
          hinted,
        ).toHaveLength(1);
      }
      expect(names.filter((name) => /^\/(react|router|i18n|jotai|contract)\./.test(name))).toHaveLength(5);
      for (const response of files) {
        const path = new URL(response.url()).pathname;
        if (path.startsWith('/api/')) continue;
        const revalidated =
          /^\/(main\.(js|css)|after-paint\.js|remotes\.json|favicon\.svg)$|\/(remoteEntry\.js|mf-manifest\.json)$/;
        expect(response.headers()['cache-control'], path).toBe(revalidated.test(path) ? 'no-cache' : IMMUTABLE);
        // Built files are sent as their brotli sibling (the build makes one for every file worth compressing).
        const onDisk = path.startsWith('/remotes/') ? join(builtDist, path) : join(builtDist, 'shell', path);
        if (existsSync(`${onDisk}.br`)) expect(response.headers()['content-encoding'], path).toBe('br');
      }
      expect(files.filter((r) => r.headers()['content-encoding'] === 'br').length).toBeGreaterThan(3);
      // Hashed files are the bulk of what a visitor downloads: a repeat visit revalidates only the few entries.
      expect(files.filter((r) => r.headers()['cache-control'] === IMMUTABLE).length).toBeGreaterThan(3);
    } finally {
      await page.context().close();
    }
  });
});
