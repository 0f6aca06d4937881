// A site with a real farm for an end-to-end file: the production build on its own PGlite data, an SMTP sink, the
// seeded host `local` served by the real agent (the simulator: its modems are loopback addresses), an echo server that
// answers with the address a connection came from (the modem's, through a proxy), and one browser. The hooks are the
// file's; read the suite's fields inside tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, root, startSite, type RunningSite } from '../scripts/site-process.ts';
import { startSmtpSink, type SmtpSink } from '../scripts/smtp-sink.ts';
import type { Db } from '../server/db/db.ts';
import { createUser } from '../server/test/accounts.ts';
import { prepareDataDir, type PreparedData } from './prepared-data.ts';
import { apiCall, apiLogin, signedInPage, type Viewport } from './support.ts';

export interface FarmSuite {
  readonly site: RunningSite;
  readonly sink: SmtpSink;
  readonly browser: Browser;
  /** A superuser's API token. */
  readonly staffToken: string;
  /** What the agent printed: the message of a failed proxy assertion. */
  readonly agentLog: string;
  /** The echo server's URL: its answer is the address the request came from. */
  readonly echoUrl: string;
  /** Contexts the file opened, closed after it. */
  readonly contexts: BrowserContext[];
  /** A page signed in with `token` at `viewport`, in a context of its own. */
  signedIn(token: string, viewport: Viewport): Promise<Page>;
  /** Kills the agent with SIGKILL, as a crash or `kill -9` would: no last report, no goodbye (#42). */
  killAgent(): Promise<void>;
  /** Starts the agent again with the token it had (after `killAgent`). */
  startAgent(): void;
}

export interface FarmSuiteOptions {
  /** The data directory's name, for the scratch folder. */
  readonly name: string;
  /** The superuser the suite signs in as. */
  readonly staff: { readonly email: string; readonly password: string };
  /** Accounts and rows the file needs, written before the site starts. */
  readonly seed?: (db: Db) => Promise<void>;
  /** More environment for the site. */
  readonly env?: Record<string, string>;
  /** More environment for the agent. */
  readonly agentEnv?: Record<string, string>;
}

export function farmSuite(options: FarmSuiteOptions): FarmSuite {
  let data: PreparedData | undefined;
  let agent: ChildProcess | undefined;
  let echo: Server | undefined;
  /** The seeded host's token, made for the agent as the site starts: a restarted agent uses it again. */
  let agentToken = '';
  const suite = {
    site: undefined as unknown as RunningSite,
    sink: undefined as unknown as SmtpSink,
    browser: undefined as unknown as Browser,
    staffToken: '',
    agentLog: '',
    echoUrl: '',
    contexts: [] as BrowserContext[],
    signedIn: (token: string, viewport: Viewport) =>
      signedInPage(suite.browser, suite.site, token, suite.contexts, viewport),
    killAgent: async () => {
      if (!agent || agent.exitCode !== null) return;
      const exited = once(agent, 'exit');
      agent.kill('SIGKILL');
      await exited;
    },
    startAgent: () => {
      agent = spawn(resolve(root, 'node_modules/.bin/node'), [resolve(root, 'agent/src/main.ts')], {
        env: {
          ...process.env,
          AGENT_API_URL: suite.site.url,
          AGENT_TOKEN: agentToken,
          AGENT_STATE_DIR: resolve(suite.site.dataDir, 'farm-agent'),
          AGENT_LISTEN_HOST: '127.0.0.1',
          AGENT_SIMULATOR_MODEMS: '8',
          AGENT_SIMULATOR_ROTATION_MS: '200-400',
          AGENT_REPORT_SECONDS: '1',
          AGENT_STATUS_SECONDS: '1',
          LOG_LEVEL: 'warn',
          ...options.agentEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      agent.stdout?.on('data', (chunk: Buffer) => (suite.agentLog += chunk.toString()));
      agent.stderr?.on('data', (chunk: Buffer) => (suite.agentLog += chunk.toString()));
    },
  };

  beforeAll(async () => {
    data = await prepareDataDir(options.name, async (db) => {
      await createUser(db, { ...options.staff, superuser: true, staff: true });
      await options.seed?.(db);
    });
    suite.sink = await startSmtpSink();
    suite.site = await startSite({ dataDir: data.dataDir, env: { SMTP_URL: suite.sink.url, ...options.env } });
    suite.browser = await launchBrowser();
    suite.staffToken = await apiLogin(suite.site, options.staff.email, options.staff.password);
    // The seeded host `local`'s agent, as `npm start` runs it, with a token staff make for it.
    const hosts = await apiCall<{ id: number; name: string }[]>(
      suite.site,
      suite.staffToken,
      'GET',
      '/api/panel/farm/hosts/',
    );
    const local = hosts.find((host) => host.name === 'local');
    if (!local) throw new Error('no seeded farm host "local"');
    // Browser files run two at a time, each with an agent of its own on this machine's 127.0.0.x: each worker's
    // host opens its proxies on ports of its own, below the kernel's ephemeral range (32768 and up).
    const portMin = 20_000 + Number(process.env.VITEST_POOL_ID ?? 1) * 1_000;
    await apiCall(suite.site, suite.staffToken, 'PATCH', `/api/panel/farm/hosts/${local.id}/`, {
      port_min: portMin,
      port_max: portMin + 999,
    });
    const { token } = await apiCall<{ token: string }>(
      suite.site,
      suite.staffToken,
      'POST',
      `/api/panel/farm/hosts/${local.id}/token/`,
      {},
    );
    agentToken = token;
    suite.startAgent();
    echo = createServer((request, response) => response.end(request.socket.remoteAddress ?? ''));
    await new Promise<void>((done) => echo?.listen(0, '127.0.0.1', done));
    suite.echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/`;
    // Stock appears once the agent has reported its modems online.
    const deadline = Date.now() + 30_000;
    while ((await stockOf(suite.site)).stock.length === 0) {
      if (Date.now() > deadline) throw new Error(`no stock 30 s after the agent started:\n${suite.agentLog}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  });
  afterAll(async () => {
    for (const context of suite.contexts) await context.close();
    if (agent && agent.exitCode === null) {
      const exited = once(agent, 'exit');
      agent.kill('SIGTERM');
      await exited;
    }
    echo?.close();
    await suite.browser?.close();
    await suite.site?.stop();
    await suite.sink?.close();
    data?.remove();
  });
  return suite;
}

interface Stock {
  stock: { country: string; city: string; operator: string; free: number }[];
  prices: { period_days: number }[];
}

const stockOf = async (site: RunningSite) => (await (await fetch(`${site.url}/api/stock/`)).json()) as Stock;

/** What the echo server saw through a proxy (`curl -x`), or the HTTP status curl got. */
export async function throughProxy(suite: FarmSuite, proxy: string): Promise<{ status: number; body: string }> {
  const child = spawn('curl', ['-sS', '--max-time', '10', '-x', proxy, '-w', '\n%{http_code}', suite.echoUrl]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await once(child, 'exit');
  const lines = out.split('\n');
  const status = Number(lines.pop());
  return { status, body: lines.join('\n') };
}

export interface ProxyCredentials {
  host: string;
  http_port: number;
  login: string;
  password: string;
  ip: string | null;
}

export const proxyUrlOf = (proxy: ProxyCredentials) =>
  `http://${encodeURIComponent(proxy.login)}:${encodeURIComponent(proxy.password)}@${proxy.host}:${proxy.http_port}`;

/** One proxy of whatever is in stock, ordered through the API with the customer's token; its id and credentials. */
export async function buyProxy(suite: FarmSuite, token: string): Promise<{ proxyId: number; proxyUrl: string }> {
  const stock = await stockOf(suite.site);
  const place = stock.stock.find((line) => line.free > 0);
  if (!place) throw new Error('nothing left in stock');
  const response = await fetch(`${suite.site.url}/api/orders/`, {
    method: 'POST',
    headers: {
      Authorization: `Token ${token}`,
      'content-type': 'application/json',
      'Idempotency-Key': `e2e-${token.slice(0, 8)}-${Date.now()}`,
    },
    body: JSON.stringify({
      country: place.country,
      city: place.city,
      operator: place.operator,
      period_days: stock.prices[0]?.period_days,
      quantity: 1,
      auto_renew: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const order = (await response.json()) as { lines: { proxy_id: number | null }[] };
  const proxyId = order.lines[0]?.proxy_id as number;
  const proxy = await apiCall<ProxyCredentials>(suite.site, token, 'GET', `/api/proxies/${proxyId}/`);
  return { proxyId, proxyUrl: proxyUrlOf(proxy) };
}

/** The screen as it is, full page, for people to look at (e2e/screenshots/, git-ignored). */
export async function shoot(page: Page, name: string): Promise<void> {
  const folder = resolve(root, 'e2e/screenshots');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: resolve(folder, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * The elements of the page that reach past the viewport's right edge, except inside something that scrolls or clips
 * sideways on purpose (a table's scroller, a carousel): a phone would scroll the whole page sideways for them.
 */
export function widerThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clips = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !clips(element))
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`);
  });
}
