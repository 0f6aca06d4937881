// #49: the proxy page agrees with itself. A customer changes their proxy's IP and reboots its modem on /ip/{id},
// against the production build and the real farm agent (the simulator, slowed so each step can be seen); before,
// while it runs and once it has settled, every card — the header, the health line, the rotation card with its
// countdown, the reboot control — says the same state and the same address, the one the API has. Replacing a proxy
// (#49 item 9) puts it on the place's other modem with the same credentials, the page showing the new address. In
// Russian at 1280 px and in English at 375 px.
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../server/test/accounts.ts';
import { billingService } from '../server/domains/billing/index.ts';
import {
  buyProxy,
  farmSuite,
  type ProxyCredentials,
  proxyUrlOf,
  shoot,
  throughProxy,
  widerThanViewport,
} from './farm-suite.ts';
import { apiCall, apiLogin, DESKTOP, expectToast, PHONE } from './support.ts';

const PASSWORD = 'Proxy-page-state-2026';
const CUSTOMER = { ru: 'state-ru@example.com', en: 'state-en@example.com' } as const;

const TEXT = {
  ru: {
    viewport: DESKTOP,
    rotate: 'Сменить IP сейчас',
    rotating: 'Меняем IP…',
    healthRotating: 'Меняем IP: прокси вернётся через несколько секунд',
    newIp: (ip: string) => `Новый IP: ${ip}`,
    countdown: /Доступно через (1:00|0:5\d)/,
    reboot: 'Перезагрузить модем',
    rebootConfirm: 'Перезагрузить',
    rebooting: 'Модем перезагружается…',
    healthRebooting: 'Модем перезагружается: прокси вернётся через минуту-две',
    back: (ip: string) => `Модем снова в сети. Новый IP: ${ip}`,
    backAny: 'Модем снова в сети',
    rebootCountdown: /Доступно через (10:00|9:5\d)/,
    works: 'Работает ·',
    offline: 'Модем не в сети',
    healthOffline: 'Не работает: модем не в сети',
    replace: 'Заменить прокси',
    replaceConfirm: 'Заменить',
    replaceSays: ['сменится', 'может смениться порт', 'Бесплатно', '3 из 3'],
    replaced: (ip: string) => `Прокси заменён: новый IP — ${ip}`,
  },
  en: {
    viewport: PHONE,
    rotate: 'Change IP now',
    rotating: 'Changing IP…',
    healthRotating: 'Changing IP: back in a few seconds',
    newIp: (ip: string) => `New IP: ${ip}`,
    countdown: /Available in (1:00|0:5\d)/,
    reboot: 'Reboot modem',
    rebootConfirm: 'Reboot',
    rebooting: 'Modem rebooting…',
    healthRebooting: 'The modem is rebooting: back in a minute or two',
    back: (ip: string) => `The modem is back. New IP: ${ip}`,
    backAny: 'The modem is back',
    rebootCountdown: /Available in (10:00|9:5\d)/,
    works: 'Works ·',
    offline: 'Modem offline',
    healthOffline: 'Does not work: the modem is offline',
    replace: 'Replace proxy',
    replaceConfirm: 'Replace',
    replaceSays: ['changes', 'may change port', 'Free', '3 of 3'],
    replaced: (ip: string) => `The proxy was replaced: its new IP is ${ip}`,
  },
} as const;

/** Where each language's replaced proxy is bought: a place of the seeded farm with two modems, one each. */
const REPLACE_PLACE = {
  ru: { country: 'RU', city: 'Moscow', operator: 'MTS' },
  en: { country: 'RU', city: 'Moscow', operator: 'Beeline' },
} as const;

const farm = farmSuite({
  name: 'proxy-page-state-e2e',
  staff: { email: 'state-staff@example.com', password: PASSWORD },
  seed: async (db) => {
    const billing = billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: '' });
    for (const [language, email] of Object.entries(CUSTOMER)) {
      const user = await createUser(db, { email, password: PASSWORD, language: language as 'ru' | 'en' });
      await billing.post({ userId: user.id, kind: 'adjustment', amount: 1_000_000, currency: 'RUB', reason: 'e2e' });
    }
  },
  // Slow enough that the page is seen mid-change, quick enough for a test.
  agentEnv: { AGENT_SIMULATOR_ROTATION_MS: '2500-3000', AGENT_SIMULATOR_REBOOT_MS: '5000-6000' },
});

/** What every card of the page says about the proxy's state, read at one moment. */
interface Snapshot {
  readonly main: string;
  readonly ip: string;
  readonly health: string;
  /** The cards' live messages (the header's state, "new IP", "back", the cooldowns' refusals), joined. */
  readonly statuses: string;
  readonly phase: string | null;
  readonly rotateDisabled: boolean;
  readonly rebootDisabled: boolean;
}

/** Read in one go inside the page: a snapshot taken across several awaits could mix two states. */
function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    // As `plain` reads text: Intl's no-break and thin spaces as plain ones.
    const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s/g, ' ');
    const main = document.querySelector('main');
    const button = (describedBy: string) =>
      document.querySelector<HTMLButtonElement>(`button[aria-describedby="${describedBy}"]`);
    const phase = document.querySelector('[data-testid="phase"]');
    return {
      main: text(main),
      ip: text(document.querySelector('[data-testid="current-ip"]')),
      health: text(document.querySelector('[data-testid="health"]')),
      statuses: [...(main?.querySelectorAll('[role="status"]') ?? [])].map((status) => text(status)).join(' | '),
      phase: phase ? text(phase) : null,
      // By what they describe themselves with: their words change while they run.
      rotateDisabled: button('rotate-cooldown')?.disabled ?? false,
      rebootDisabled: button('reboot-cooldown')?.disabled ?? false,
    };
  });
}

/**
 * No two cards disagree: under way, every card says so and nothing says "works", "offline" or "back"; offline, the
 * health line says so and nothing says "back"; any address named is the current one.
 */
function expectAgreement(state: Snapshot, text: (typeof TEXT)['ru' | 'en']): void {
  // Any address the health line or a card's status names is the one the rotation card names as current (the
  // history below lists earlier ones, as it should).
  const named = [...`${state.health} ${state.statuses}`.matchAll(/\b(\d{1,3}(?:\.\d{1,3}){3})\b/g)];
  for (const [ip] of named) expect(ip, state.main).toBe(state.ip);
  if (state.phase === text.rotating) {
    expect(state.health).toBe(text.healthRotating);
    expect(state.rotateDisabled && state.rebootDisabled).toBe(true);
  }
  if (state.phase === text.rebooting) {
    expect(state.health).toBe(text.healthRebooting);
    expect(state.rotateDisabled && state.rebootDisabled).toBe(true);
  }
  if (state.phase !== null) {
    for (const word of [text.works, text.offline, text.backAny]) expect(state.main, state.main).not.toContain(word);
  }
  if (state.main.includes(text.offline)) {
    expect(state.health).toBe(text.healthOffline);
    expect(state.main).not.toContain(text.backAny);
  }
}

/** Snapshots the page every 100 ms until `done` holds, checking each: the page agrees with itself at every step. */
async function watchUntil(
  page: Page,
  text: (typeof TEXT)['ru' | 'en'],
  done: (state: Snapshot) => boolean,
  timeoutMs = 60_000,
): Promise<{ last: Snapshot; seen: Snapshot[] }> {
  const seen: Snapshot[] = [];
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const state = await snapshot(page);
    expectAgreement(state, text);
    seen.push(state);
    if (done(state)) return { last: state, seen };
    await page.waitForTimeout(100);
  }
  throw new Error(`the page never settled: ${seen.at(-1)?.main ?? ''}\n${farm.agentLog}`);
}

describe.each(['ru', 'en'] as const)(
  'the proxy page agrees with itself through a change and a reboot, in %s',
  (language) => {
    const text = TEXT[language];
    const prefix = language === 'en' ? '/en' : '';
    let token: string;
    let page: Page;
    let proxyId: number;
    const apiIp = async () =>
      (await apiCall<{ ip: string | null }>(farm.site, token, 'GET', `/api/proxies/${proxyId}/`)).ip;

    beforeAll(async () => {
      token = await apiLogin(farm.site, CUSTOMER[language], PASSWORD);
      ({ proxyId } = await buyProxy(farm, token));
      page = await farm.signedIn(token, text.viewport);
    });
    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail') await shoot(page, `proxy-page-state-${language}-failed`);
    });

    it('changes the IP: "changing" on every card, then the new IP everywhere and the countdown at once', async () => {
      await page.goto(`${farm.site.url}${prefix}/ip/${proxyId}`);
      // The modem may have changed its IP within the minute (a retry of this test did): its cooldown is waited out.
      const before = await watchUntil(
        page,
        text,
        (state) => state.phase === null && state.health.length > 0 && !state.rotateDisabled,
        75_000,
      );
      expect(before.last.ip).toBe(await apiIp());
      expect(before.last.rotateDisabled).toBe(false);
      await shoot(page, `proxy-page-state-${language}-before`);

      await page.getByRole('button', { name: text.rotate }).click();
      const during = await watchUntil(page, text, (state) => state.phase === text.rotating);
      expect(during.last.ip).toBe(before.last.ip);
      await shoot(page, `proxy-page-state-${language}-rotating`);

      const after = await watchUntil(
        page,
        text,
        (state) => state.phase === null && state.main.includes(text.newIp(state.ip)),
      );
      expect(after.last.ip).not.toBe(before.last.ip);
      expect(after.last.ip).toBe(await apiIp());
      // The countdown is there the moment the change is: no second press needed to learn it.
      expect(after.last.main).toMatch(text.countdown);
      expect(after.last.rotateDisabled).toBe(true);
      expect(await widerThanViewport(page)).toEqual([]);
      await shoot(page, `proxy-page-state-${language}-rotated`);
    });

    it('reboots the modem: "rebooting" on every card, never "offline" beside "back", then back with the IP the API has', async () => {
      const before = await snapshot(page);
      await page.getByRole('button', { name: text.reboot }).click();
      await page.getByRole('dialog').getByRole('button', { name: text.rebootConfirm, exact: true }).click();
      await watchUntil(page, text, (state) => state.phase === text.rebooting);
      await shoot(page, `proxy-page-state-${language}-rebooting`);

      const { last, seen } = await watchUntil(
        page,
        text,
        (state) => state.phase === null && state.main.includes(text.back(state.ip)),
      );
      // Every step between was "rebooting" (or offline, while the modem had not reported back): never two at once.
      expect(seen.filter((state) => state.phase === text.rebooting).length).toBeGreaterThan(0);
      expect(last.ip).not.toBe(before.ip);
      expect(last.ip).toBe(await apiIp());
      expect(last.main).not.toContain(text.offline);
      expect(last.main).toMatch(text.rebootCountdown);
      expect(last.rebootDisabled).toBe(true);
      expect(await widerThanViewport(page)).toEqual([]);
      await shoot(page, `proxy-page-state-${language}-rebooted`);
      // The settled page at the other width too, for people to look at.
      await page.setViewportSize(text.viewport === DESKTOP ? PHONE : DESKTOP);
      expect(await widerThanViewport(page)).toEqual([]);
      await shoot(page, `proxy-page-state-${language}-rebooted-${text.viewport === DESKTOP ? 'phone' : 'desktop'}`);
      await page.setViewportSize(text.viewport);
    });

    it('replaces the proxy (#49 item 9): the confirmation says what changes, then the new IP everywhere and traffic through the other modem', async () => {
      const response = await fetch(`${farm.site.url}/api/orders/`, {
        method: 'POST',
        headers: {
          Authorization: `Token ${token}`,
          'content-type': 'application/json',
          'Idempotency-Key': `e2e-replace-${language}-${Date.now()}`,
        },
        body: JSON.stringify({ ...REPLACE_PLACE[language], period_days: 30, quantity: 1 }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const id = ((await response.json()) as { lines: { proxy_id: number }[] }).lines[0]?.proxy_id as number;
      const proxy = await apiCall<ProxyCredentials & { ip: string | null }>(
        farm.site,
        token,
        'GET',
        `/api/proxies/${id}/`,
      );
      const proxyUrl = proxyUrlOf(proxy);
      await expect.poll(async () => (await throughProxy(farm, proxyUrl)).status, { message: farm.agentLog }).toBe(200);
      const before = (await throughProxy(farm, proxyUrl)).body;

      await page.goto(`${farm.site.url}${prefix}/ip/${id}`);
      await page.getByRole('button', { name: text.replace }).click();
      const dialog = page.getByRole('dialog');
      for (const words of text.replaceSays) await expect.poll(() => dialog.textContent()).toContain(words);
      expect(await widerThanViewport(page)).toEqual([]);
      await shoot(page, `proxy-replace-${language}-confirm`);
      await dialog.getByRole('button', { name: text.replaceConfirm, exact: true }).click();

      const after = await apiCall<ProxyCredentials & { ip: string }>(farm.site, token, 'GET', `/api/proxies/${id}/`);
      await expectToast(page, text.replaced(after.ip));
      expect(after.ip).not.toBe(proxy.ip);
      // The same credentials and ports on the other modem of the place: traffic leaves from its address now.
      expect(proxyUrlOf(after)).toBe(proxyUrl);
      await expect
        .poll(async () => (await throughProxy(farm, proxyUrl)).body, { message: farm.agentLog })
        .not.toBe(before);
      const { last } = await watchUntil(page, text, (state) => state.ip === after.ip);
      expect(last.phase).toBeNull();
      expect(await widerThanViewport(page)).toEqual([]);
      await shoot(page, `proxy-replace-${language}-done`);
    });
  },
);

describe('the Farm section on this site', () => {
  it("says the seeded host's public address answers: its agent listens there", async () => {
    const hosts = await apiCall<{ name: string; reachable?: boolean | null }[]>(
      farm.site,
      farm.staffToken,
      'GET',
      '/api/panel/farm/hosts/',
    );
    expect(hosts.find((host) => host.name === 'local')?.reachable).toBe(true);
  });
});
