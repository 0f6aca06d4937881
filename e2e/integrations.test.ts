// The third-party scripts of spec §1 (web analytics, live chat) as a visitor's browser meets them: configured by
// ANALYTICS_SCRIPT_URL / CHAT_SCRIPT_URL, they load only after the e-mail link's secrets (`?email_key=`,
// `?uid=&token=`, `?unsubscribe=`) are gone from the address bar, so they can never read or pass on a token; unset,
// nothing is requested from anywhere but the site itself. The two script hosts are fake: the browser's requests to
// them are answered by the test, with a script that reports back what it sees when it runs, as a real tag would.
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite, type RunningSite } from '../scripts/site-process.ts';

const SCRIPTS = {
  analytics: 'https://analytics.example.test/tag.js',
  chat: 'https://chat.example.test/widget.js',
} as const;
type ScriptName = keyof typeof SCRIPTS;

/** What a served script saw when it ran, and what its request carried. */
interface Sighting {
  readonly name: ScriptName;
  readonly href: string;
  readonly referrer: string;
}

/** The served script: reports the address bar at the moment it runs, the way an analytics tag collects the URL. */
const reporter = (name: ScriptName) => `
fetch(${JSON.stringify(new URL('/collect', SCRIPTS[name]).href)}, {
  method: 'POST',
  mode: 'no-cors',
  keepalive: true,
  body: JSON.stringify({ name: ${JSON.stringify(name)}, href: location.href, referrer: document.referrer }),
});
`;

let browser: Browser;
let site: RunningSite;
let bare: RunningSite;

beforeAll(async () => {
  [browser, site, bare] = await Promise.all([
    launchBrowser(),
    startSite({ env: { ANALYTICS_SCRIPT_URL: SCRIPTS.analytics, CHAT_SCRIPT_URL: SCRIPTS.chat } }),
    startSite(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), bare?.stop()]);
});

/** A fresh context whose requests to the two script hosts the test answers and records. */
async function watchedContext(): Promise<{
  context: BrowserContext;
  sightings: Sighting[];
  scriptRequests: { name: ScriptName; url: string; referer: string }[];
}> {
  const context = await browser.newContext();
  const sightings: Sighting[] = [];
  const scriptRequests: { name: ScriptName; url: string; referer: string }[] = [];
  for (const name of Object.keys(SCRIPTS) as ScriptName[]) {
    const origin = new URL(SCRIPTS[name]).origin;
    await context.route(`${origin}/**`, async (route, request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/collect') {
        sightings.push(JSON.parse(request.postData() ?? '{}') as Sighting);
        return route.fulfill({ status: 204 });
      }
      scriptRequests.push({ name, url: request.url(), referer: (await request.allHeaders()).referer ?? '' });
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: reporter(name) });
    });
  }
  return { context, sightings, scriptRequests };
}

const SECRETS = {
  emailKey: `email-key-${Date.now()}`,
  uid: 'MQ',
  token: `reset-token-${Date.now()}`,
  unsubscribe: `unsubscribe-${Date.now()}`,
};

/**
 * `opens`: the hash the page moves on to (a confirmation link that no longer works leads on to sign-in); `lands`: the
 * address it moves on to instead (a stale unsubscribe link takes a visitor to sign-in on the home page, then to the
 * account's mailing switch).
 */
const LINKS: readonly { name: string; path: string; secrets: readonly string[]; opens?: string; lands?: string }[] = [
  {
    name: 'e-mail confirmation',
    path: `/?email_key=${SECRETS.emailKey}`,
    secrets: [SECRETS.emailKey],
    opens: '#login',
  },
  {
    name: 'password reset',
    path: `/en/about?uid=${SECRETS.uid}&token=${SECRETS.token}`,
    secrets: [`uid=${SECRETS.uid}`, SECRETS.token],
  },
  {
    name: 'unsubscribe, with a query and a hash that stay',
    path: `/page?ref=mail&unsubscribe=${SECRETS.unsubscribe}#top`,
    secrets: [SECRETS.unsubscribe],
    lands: '/#login',
  },
];

describe('with the analytics tag and the chat widget configured', () => {
  it('lets both origins in through the CSP, and nothing else', async () => {
    const response = await fetch(`${site.url}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self' https://analytics.example.test https://chat.example.test");
  });

  it.each(LINKS)(
    'loads them only after the $name link lost its secrets',
    async ({ path, secrets, opens = '', lands }) => {
      const { context, sightings, scriptRequests } = await watchedContext();
      // A slow connection to the site itself while the scripts answer at once: a script loaded too early would run
      // while the shell still waits for its remotes, and would see the secrets if they were still there.
      await context.route(`${site.url}/remotes.json`, async (route) => {
        await new Promise((done) => setTimeout(done, 400));
        await route.continue();
      });
      const page = await context.newPage();
      await page.goto(`${site.url}${path}`);
      await page.locator('main h1').waitFor();

      // Both scripts ran and reported, so the assertions below look at something real.
      await expect.poll(() => sightings.map((sighting) => sighting.name).sort()).toEqual(['analytics', 'chat']);
      expect(scriptRequests.map((request) => request.name).sort()).toEqual(['analytics', 'chat']);
      for (const sighting of sightings) {
        const seen = new URL(sighting.href);
        expect(seen.origin, sighting.name).toBe(site.url);
        for (const secret of secrets) {
          expect(sighting.href, sighting.name).not.toContain(secret);
          expect(sighting.referrer, sighting.name).not.toContain(secret);
        }
      }
      for (const request of scriptRequests) {
        for (const secret of secrets) {
          expect(request.url, request.name).not.toContain(secret);
          expect(request.referer, request.name).not.toContain(secret);
        }
      }
      // What the visitor keeps: the page's own path, query and hash, without the secrets.
      const kept = new URL(path, site.url);
      for (const name of ['email_key', 'uid', 'token', 'unsubscribe']) kept.searchParams.delete(name);
      const onward = lands ? new URL(lands, site.url).href : `${kept.href}${opens}`;
      await expect.poll(() => page.url()).toBe(onward);
      // The scripts may run before or after the page moves on; either way they saw no secret.
      for (const sighting of sightings) expect([kept.href, onward]).toContain(sighting.href);
      await context.close();
    },
  );

  it('loads them on an ordinary visit too', async () => {
    const { context, sightings } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/about`);
    await expect
      .poll(() => sightings.map((sighting) => sighting.href).sort())
      .toEqual([`${site.url}/about`, `${site.url}/about`]);
    await context.close();
  });
});

describe('with neither configured (the default)', () => {
  it('requests nothing from anywhere but the site, and the CSP allows only the site', async () => {
    const { context, sightings, scriptRequests } = await watchedContext();
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(`${bare.url}/`)) foreign.push(request.url());
    });
    for (const link of LINKS) {
      await page.goto(`${bare.url}${link.path}`);
      await page.locator('main h1').waitFor();
    }
    // Give a late script the time it would need to show up.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
    expect(foreign).toEqual([]);
    expect(scriptRequests).toEqual([]);
    expect(sightings).toEqual([]);
    const external = await page.evaluate(() =>
      Array.from(document.scripts)
        .map((script) => script.src)
        .filter((src) => src !== '' && !src.startsWith(location.origin)),
    );
    expect(external).toEqual([]);

    const policy = (await fetch(`${bare.url}/`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('example.test');
    await context.close();
  });
});
