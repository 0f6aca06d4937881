// Part of `npm run bench`: the public site's speed budgets (issue "Public site speed", docs/architecture.md "Size").
//   - gzip JavaScript a cold visitor downloads for /, /en and a content page in each language, measured in Chromium,
//     for the production build and for a single-bundle (non-federated) build of the same pages (webpack.bench.js), and
//     their ratio;
//   - the median of 3 Lighthouse mobile runs per route against the production build served as `npm start` serves it,
//     server-rendered and, as the baseline of the same run, rendered by the browser alone (SERVER_RENDERING=off).
// Expects dist/ to hold a current production build. Prints PASS/FAIL per budget; never fails the process.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { federationCost } from './federation-cost.ts';
import { builtDist, launchBrowser, root, startSite, type RunningSite } from './site-process.ts';

/** The routes measured: the home page and a content page every fresh database has, in both languages. */
export const SPEED_ROUTES = ['/', '/en', '/about', '/en/about'] as const;
/**
 * Budgets (issue acceptance): JS of a cold visit, its ratio to one bundle, and Lighthouse mobile of the
 * server-rendered pages (issue "Public pages rendered on the server"; times in ms).
 */
export const BUDGETS = {
  gzipKb: 180,
  ratio: 1.15,
  performance: 98,
  fcp: 1000,
  lcp: 1800,
  tbt: 150,
  cls: 0.02,
} as const;
const LIGHTHOUSE_RUNS = 3;

export interface ColdJs {
  readonly files: number;
  readonly raw: number;
  readonly gzip: number;
  /** Each script's path on the site and its gzip size, in the order the browser received them. */
  readonly scripts: readonly { path: string; gzip: number }[];
}

/**
 * Every script a fresh browser context downloads for `path` until the page has rendered its heading and the network
 * has been idle (bounded, so a page that keeps streaming a video still finishes), gzipped at level 6 one by one.
 */
export async function coldJavaScript(
  site: RunningSite,
  path: string,
  options: { readonly token?: string } = {},
): Promise<ColdJs> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    // A signed-in customer: the session cookie the site sets at sign-in.
    if (options.token) await context.addCookies([{ name: 'accessToken', value: options.token, url: site.url }]);
    const page = await context.newPage();
    const scripts: Promise<{ path: string; body: Buffer }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.body().then((body) => ({ path: new URL(response.url()).pathname, body })));
    });
    await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const received = (await Promise.all(scripts)).map(({ path, body }) => ({
      path,
      raw: body.length,
      gzip: gzipSync(body, { level: 6 }).length,
    }));
    return {
      files: received.length,
      raw: received.reduce((sum, script) => sum + script.raw, 0),
      gzip: received.reduce((sum, script) => sum + script.gzip, 0),
      scripts: received.map(({ path, gzip }) => ({ path, gzip })),
    };
  } finally {
    await browser.close();
  }
}

/** The shell and the marketing pages as one ordinary bundle, in a scratch dist folder the server can serve. */
export function buildSingleBundle(): string {
  const dist = mkdtempSync(join(tmpdir(), 'bench-single-bundle-'));
  const result = spawnSync(
    resolve(root, 'node_modules/.bin/webpack'),
    ['--config', 'webpack.bench.js', '--env', `outDir=${join(dist, 'shell')}`],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('webpack --config webpack.bench.js failed');
  // The server answers a remote's routes only while remotes.json lists it; the files themselves are not needed.
  mkdirSync(join(dist, 'remotes'), { recursive: true });
  copyFileSync(join(builtDist, 'remotes.json'), join(dist, 'remotes.json'));
  return dist;
}

interface LighthouseResult {
  readonly performance: number;
  readonly fcp: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly cls: number;
}

/** One Lighthouse run with its defaults (mobile, simulated throttling), performance category only. */
export function lighthouse(url: string): LighthouseResult {
  const result = spawnSync(
    resolve(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
    ],
    {
      cwd: root,
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`lighthouse ${url} failed:\n${result.stderr}`);
  const report = JSON.parse(result.stdout) as {
    runtimeError?: { message: string };
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number }>;
  };
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    fcp: report.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcp: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export async function benchSiteSpeed(): Promise<void> {
  const federated = new Map<string, ColdJs>();
  const site = await startSite();
  try {
    for (const route of SPEED_ROUTES) federated.set(route, await coldJavaScript(site, route));
  } finally {
    await site.stop();
  }

  const single = new Map<string, ColdJs>();
  const singleDist = buildSingleBundle();
  const singleSite = await startSite({ env: { DIST_DIR: singleDist } });
  try {
    for (const route of SPEED_ROUTES) single.set(route, await coldJavaScript(singleSite, route));
  } finally {
    await singleSite.stop();
    rmSync(singleDist, { recursive: true, force: true });
  }

  console.log('\nCold visit in Chromium, JavaScript (each file gzipped at level 6):');
  console.log('  route     federated              single bundle          ratio');
  for (const route of SPEED_ROUTES) {
    const fed = federated.get(route) as ColdJs;
    const one = single.get(route) as ColdJs;
    const ratio = fed.gzip / one.gzip;
    console.log(
      `  ${route.padEnd(8)}  ${`${kb(fed.gzip)} (${fed.files} files)`.padEnd(21)}  ` +
        `${`${kb(one.gzip)} (${one.files} files)`.padEnd(21)}  ${ratio.toFixed(2)}   ` +
        `≤ ${BUDGETS.gzipKb} KB: ${verdict(fed.gzip <= BUDGETS.gzipKb * 1024)}, ` +
        `≤ ${BUDGETS.ratio}×: ${verdict(ratio <= BUDGETS.ratio)}`,
    );
  }

  // Why the ratio is what it is: the files of the home page's visit, and the part that is federation's own runtime
  // (the single bundle has none of it), against the difference the ratio budget allows.
  const home = federated.get('/') as ColdJs;
  console.log('\nThe federated cold visit to /, file by file (gzip), and the federation runtime in each:');
  const costs = home.scripts.map((script) => ({ ...script, federation: federationCost(builtDist, script.path).gzip }));
  for (const script of [...costs].sort((a, b) => b.gzip - a.gzip)) {
    const runtime = script.federation > 0 ? `   federation runtime ${kb(script.federation)}` : '';
    console.log(`  ${kb(script.gzip).padStart(9)}  ${script.path}${runtime}`);
  }
  const runtime = costs.reduce((sum, script) => sum + script.federation, 0);
  const singleHome = (single.get('/') as ColdJs).gzip;
  const allowed = singleHome * (BUDGETS.ratio - 1);
  console.log(
    `  federation runtime in all: ${kb(runtime)}; the ${BUDGETS.ratio}× budget allows ${kb(allowed)} more than the ` +
      `single bundle in all`,
  );
  console.log(
    `  without the runtime: ${kb(home.gzip - runtime)}, ${((home.gzip - runtime) / singleHome).toFixed(2)}× the ` +
      `single bundle`,
  );

  // The same run measures the pages rendered by the browser alone (SERVER_RENDERING=off), the baseline.
  await lighthouseTable('server-rendered', {}, true);
  await lighthouseTable('rendered by the browser (SERVER_RENDERING=off)', { SERVER_RENDERING: 'off' }, false);
}

export async function lighthouseTable(label: string, env: Record<string, string>, judge: boolean): Promise<void> {
  console.log(`\nLighthouse mobile (simulated throttling), median of ${LIGHTHOUSE_RUNS} runs, ${label}:`);
  const site = await startSite({ env });
  try {
    for (const route of SPEED_ROUTES) {
      // One visit first: the figures are a visitor's, not those of the server's first request after starting. (Not
      // on a kept-alive socket: the server may be closing it, idle since the last route's runs.)
      await fetch(`${site.url}${route}`, { headers: { connection: 'close' } });
      const runs = Array.from({ length: LIGHTHOUSE_RUNS }, () => lighthouse(`${site.url}${route}`));
      const at = (pick: (run: LighthouseResult) => number) => median(runs.map(pick));
      const [performance, fcp, lcp, tbt, cls] = [
        at((run) => run.performance),
        at((run) => run.fcp),
        at((run) => run.lcp),
        at((run) => run.tbt),
        at((run) => run.cls),
      ];
      const checks = [
        `performance ≥ ${BUDGETS.performance}: ${verdict(performance >= BUDGETS.performance)}`,
        `FCP ≤ ${BUDGETS.fcp / 1000} s: ${verdict(fcp <= BUDGETS.fcp)}`,
        `LCP ≤ ${BUDGETS.lcp / 1000} s: ${verdict(lcp <= BUDGETS.lcp)}`,
        `TBT ≤ ${BUDGETS.tbt} ms: ${verdict(tbt <= BUDGETS.tbt)}`,
        `CLS ≤ ${BUDGETS.cls}: ${verdict(cls <= BUDGETS.cls)}`,
      ];
      console.log(
        `  ${route.padEnd(10)}  performance ${performance} (${runs.map((run) => run.performance).join('/')}), ` +
          `FCP ${(fcp / 1000).toFixed(2)} s, LCP ${(lcp / 1000).toFixed(2)} s, TBT ${tbt.toFixed(0)} ms, ` +
          `CLS ${cls.toFixed(3)}${judge ? `   ${checks.join(', ')}` : ''}`,
      );
    }
  } finally {
    await site.stop();
  }
}
