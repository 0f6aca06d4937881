// The platform foundation as a visitor and an operator meet it: content pages in both languages, the 404 document,
// a remote that is down, a remote redeployed on its own, and a second server refused on the same data directory.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, launchBrowser, root, startSite, stopProcess, type RunningSite } from '../scripts/site-process.ts';
import { hydrated } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function pageTitle(site: RunningSite, slug: string, language: 'ru' | 'en'): Promise<string> {
  const response = await fetch(`${site.url}/api/pages/${slug}/`, { headers: { 'Accept-Language': language } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { title: string }).title;
}

describe.each(backends)('site on $name', ({ databaseUrl }) => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ ownDatabaseOn: databaseUrl });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('shows /about in Russian and /en/about in English', async () => {
    const ruTitle = await pageTitle(site, 'about', 'ru');
    const enTitle = await pageTitle(site, 'about', 'en');
    expect(ruTitle).not.toBe(enTitle);
    const page = await browser.newPage();
    const response = await page.goto(`${site.url}/about`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toBe(ruTitle);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(await page.locator('footer').textContent()).toContain('C нами мобильные прокси - это просто');

    const english = await page.goto(`${site.url}/en/about`);
    expect(english?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toBe(enTitle);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.close();
  });

  it('lists the published pages at /page and opens one from the list', async () => {
    const faqTitle = await pageTitle(site, 'faq', 'ru');
    const page = await browser.newPage();
    await page.goto(`${site.url}/page`);
    await page.getByRole('link', { name: faqTitle }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(faqTitle);
    expect(new URL(page.url()).pathname).toBe('/page/faq');
    await page.close();
  });

  it('answers an unknown path with a 404 document that says so', async () => {
    for (const path of ['/nope', '/en/nope', '/page/nope', '/a/b/c']) {
      const raw = await fetch(`${site.url}${path}`);
      expect(raw.status, path).toBe(404);
      const page = await browser.newPage();
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect
        .poll(() => page.locator('main').textContent(), { timeout: 10_000 })
        .toContain('This page could not be found');
      expect(await page.locator('main').textContent()).toContain('404 Not Found');
      expect(await page.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe(
        path.startsWith('/en') ? '/en' : '/',
      );
      await page.close();
    }
  });

  it('shows the 404 page when a client-side navigation reaches an unknown slug', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/about`);
    await page.locator('h1').waitFor();
    await hydrated(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/missing-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.locator('main').textContent()).toContain('This page could not be found');
    await page.close();
  });
});

describe('a remote that is down', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ copyDist: true });
    rmSync(join(site.distDir, 'remotes/marketing'), { recursive: true });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('keeps the layout and shows a section-level message instead of a blank page', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/about`);
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toContain('Раздел временно недоступен');
    expect(await page.locator('header').textContent()).toContain('ProxyMob');
    expect(await page.locator('footer').textContent()).toContain('C нами мобильные прокси - это просто');
    await page.goto(`${site.url}/en/about`);
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toContain('This section is temporarily unavailable');
    await page.close();
  });
});

/** Builds one remote from the repository at `cwd` into `outDir`, as a team deploying only its section does. */
async function buildRemote(cwd: string, name: string, outDir: string, source?: string): Promise<void> {
  const build = spawn(
    resolve(root, 'node_modules/.bin/webpack'),
    [
      '--config',
      'webpack.remotes.js',
      '--env',
      `remote=${name}`,
      ...(source ? ['--env', `src=${source}`] : []),
      '--env',
      `outDir=${outDir}`,
    ],
    { cwd, stdio: 'inherit' },
  );
  expect(await new Promise<number | null>((done) => build.once('exit', done))).toBe(0);
}

describe('deploying one remote on its own', () => {
  let site: RunningSite;
  const source = resolve(root, '.tmp/marketing-redeploy');
  const ahead = resolve(root, '.tmp/contract-ahead');
  beforeAll(async () => {
    site = await startSite({ copyDist: true });
  });
  afterAll(async () => {
    await site?.stop();
    rmSync(source, { recursive: true, force: true });
    rmSync(ahead, { recursive: true, force: true });
  });

  it('shows a rebuilt marketing remote after remotes.json points at it, with no shell rebuild or restart', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/page`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Справка и документы');

    // A team changes its remote and builds it into a new folder next to the live one.
    rmSync(source, { recursive: true, force: true });
    mkdirSync(resolve(root, '.tmp'), { recursive: true });
    cpSync(resolve(root, 'remotes/marketing'), source, { recursive: true });
    const ruFile = join(source, 'src/i18n/ru.json');
    writeFileSync(ruFile, readFileSync(ruFile, 'utf8').replace('"Справка и документы"', '"Справка и документы 2.0"'));
    await buildRemote(root, 'marketing', join(site.distDir, 'remotes/marketing-2'), source);

    // Still the old version until remotes.json is switched, in the server's HTML too.
    expect(await (await fetch(`${site.url}/page`)).text()).toContain('Справка и документы<');
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Справка и документы');

    writeFileSync(
      join(site.distDir, 'remotes.json'),
      JSON.stringify({ remotes: [{ name: 'marketing', entry: '/remotes/marketing-2/mf-manifest.json' }] }),
    );
    // The server renders the new version without a restart: its HTML says so before any script runs (the next
    // request, unless this loaded machine takes the new worker longer to start than a visitor is kept waiting).
    await expect
      .poll(async () => (await fetch(`${site.url}/page`)).text(), { timeout: 20_000 })
      .toContain('Справка и документы 2.0');
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Справка и документы 2.0');
    await page.close();
  });

  it('shows "temporarily unavailable" for a remote built against a newer contract than the running shell provides', async () => {
    // A team adds a contract export (bumping its minor version) and deploys only its remote: the shell still has the
    // older contract. The build is the repository's own configuration, in a copy whose contract is one minor ahead.
    rmSync(ahead, { recursive: true, force: true });
    const { workspaces } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { workspaces: string[] };
    for (const part of [
      'build',
      'webpack.remotes.js',
      'package.json',
      ...workspaces.map((ws) => `${ws}/package.json`),
    ]) {
      cpSync(resolve(root, part), join(ahead, part), { recursive: true });
    }
    cpSync(resolve(root, 'remotes/marketing'), join(ahead, 'remotes/marketing'), { recursive: true });
    symlinkSync(resolve(root, 'node_modules'), join(ahead, 'node_modules'));
    const contractFile = join(ahead, 'shared/package.json');
    const contract = JSON.parse(readFileSync(contractFile, 'utf8')) as { version: string };
    const [major, minor] = contract.version.split('.').map(Number) as [number, number];
    const newer = `${major}.${minor + 1}.0`;
    writeFileSync(contractFile, JSON.stringify({ ...contract, version: newer }));
    await buildRemote(ahead, 'marketing', join(site.distDir, 'remotes/marketing-ahead'));
    const manifest = JSON.parse(readFileSync(join(site.distDir, 'remotes/marketing-ahead/mf-manifest.json'), 'utf8'));
    expect(manifest.shared).toContainEqual(
      expect.objectContaining({ name: '@proxy/contract/routes', requiredVersion: `^${newer}` }),
    );

    writeFileSync(
      join(site.distDir, 'remotes.json'),
      JSON.stringify({ remotes: [{ name: 'marketing', entry: '/remotes/marketing-ahead/mf-manifest.json' }] }),
    );
    const page = await browser.newPage();
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto(`${site.url}/en/page`);
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toContain('This section is temporarily unavailable');
    // The shell's own chrome stays: the page is a section message, not a broken page.
    expect(await page.locator('footer').count()).toBe(1);
    expect(logged.join('\n')).toContain(`needs ^${newer}`);
    await page.close();
  });
});

describe('the embedded database', () => {
  it('refuses a second server on the same data directory and keeps the data intact', async () => {
    const first = await startSite();
    try {
      const before = await (await fetch(`${first.url}/api/pages/`)).json();
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: first.dataDir };
      delete env.DATABASE_URL;
      const second = spawn(resolve(root, 'node_modules/.bin/node'), ['server/server.ts'], { cwd: root, env });
      let output = '';
      second.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      second.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((done) => second.once('exit', done));
      await stopProcess(second);
      expect(code).not.toBe(0);
      expect(output).toMatch(/already using the data directory/);
      expect(await (await fetch(`${first.url}/api/pages/`)).json()).toEqual(before);
    } finally {
      await first.stop();
    }
  });
});
