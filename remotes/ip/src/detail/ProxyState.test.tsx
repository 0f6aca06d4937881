// #49: every card of the proxy page reads one state. Through a change of IP and a reboot, the header, the health line,
// the rotation card (its IP, button, countdown and result) and the reboot control say the same thing at each step:
// before, under way, and settled — the new IP everywhere and the cooldown counting down at once, from the answer.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { openAt, proxy } from '../test/harness.tsx';
import { PROXY_POLL_MS } from './proxy-state.ts';

const IDLE = { available_at: null, shared: false, running: false };
const CHECK = { ok: true, latency_ms: 90, ip: '10.0.0.7', checked_at: '2026-06-01T11:58:00Z', uptime_24h: 1 };
const WORDS = { ru, en } as const;

/** Proxy 7 as `current()` says, and a change-IP / reboot endpoint answering when the test says. */
function serve(current: () => Proxy) {
  const answers: Record<string, (reply: [number, object]) => void> = {};
  const calls = stubApi((call) => {
    if (call.path === '/api/proxies/7/rotate/' || call.path === '/api/proxies/7/reboot/') {
      return new Promise<[number, object]>((resolve) => (answers[call.path] = resolve));
    }
    if (call.path === '/api/proxies/7/' && call.method === 'GET') return [200, current()];
    if (call.path === '/api/proxies/7/rotations/') return [200, { count: 0, next: null, previous: null, results: [] }];
    if (call.path === '/api/proxies/7/traffic/') return [200, { range: '24h', points: [], total_in: 0, total_out: 0 }];
    return undefined;
  });
  return { calls, answer: (path: string, reply: [number, object]) => answers[path]?.(reply) };
}

/** What each card says now. */
function cards(language: 'ru' | 'en') {
  const t = WORDS[language];
  const rotation = screen.getByRole('region', { name: t.rotation.title });
  return {
    header: screen.getByRole('banner', { hidden: true }).textContent ?? '',
    health: screen.getByTestId('health').textContent ?? '',
    ip: screen.getByTestId('current-ip').textContent ?? '',
    rotation: rotation.textContent ?? '',
    rotate: within(rotation).getAllByRole('button')[0] as HTMLButtonElement,
    reboot: within(rotation)
      .getAllByRole('button')
      .find((button) => [t.reboot.now, t.reboot.busy].includes(button.textContent ?? '')) as HTMLButtonElement,
  };
}

beforeEach(() => {
  stubBrowser();
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-06-01T12:00:00Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe.each(['ru', 'en'] as const)('one state on the proxy page (%s)', (language) => {
  const t = WORDS[language];
  const url = language === 'en' ? '/en/ip/7' : '/ip/7';

  it('changes the IP: "changing" on every card, then the new IP everywhere and the countdown from the answer', async () => {
    let current = proxy(7, { health: CHECK, reboot: IDLE });
    const api = serve(() => current);
    await openAt(url, { language });
    await screen.findByRole('region', { name: t.rotation.title });
    let now = cards(language);
    expect(now.ip).toBe('10.0.0.7');
    expect(now.health).toContain(t.health.seenAs.replace('{{ip}}', '10.0.0.7'));
    expect(now.rotate.disabled).toBe(false);

    await act(async () => fireEvent.click(now.rotate));
    now = cards(language);
    expect(screen.getByTestId('phase').textContent).toBe(t.proxy.rotating);
    expect(now.health).toBe(t.health.rotating);
    expect(now.rotate.textContent).toBe(t.rotate.busy);
    expect(now.rotate.disabled && now.reboot.disabled).toBe(true);
    expect(now.ip).toBe('10.0.0.7');
    // The modem reconnects: its agent reports it offline meanwhile; the page still says "changing", not "offline".
    current = { ...current, online: false, offline_since: '2026-06-01T12:00:01Z' };
    await act(async () => vi.advanceTimersByTime(PROXY_POLL_MS));
    expect(screen.getByTestId('phase').textContent).toBe(t.proxy.rotating);
    expect(document.body.textContent).not.toContain(t.health.offline);

    // Done: the page reads the proxy again, which does not carry the cooldown yet; the answer does.
    current = proxy(7, { ip: '10.0.0.8', health: CHECK, reboot: IDLE });
    await act(async () =>
      api.answer('/api/proxies/7/rotate/', [200, { ok: true, ip: '10.0.0.8', available_at: '2026-06-01T12:01:00Z' }]),
    );
    await screen.findByText(t.rotate.newIp.replace('{{ip}}', '10.0.0.8'));
    now = cards(language);
    expect(screen.queryByTestId('phase')).toBeNull();
    expect(now.ip).toBe('10.0.0.8');
    // The last check saw the old address: it is not named beside the new one.
    expect(document.body.textContent).not.toContain('10.0.0.7');
    expect(now.health.startsWith(t.health.works)).toBe(true);
    expect(now.rotation).toMatch(language === 'ru' ? /Доступно через (1:00|0:5\d)/ : /Available in (1:00|0:5\d)/);
    expect(now.rotate.disabled).toBe(true);
    expect(now.reboot.disabled).toBe(false);
  });

  it('reboots: "rebooting" on every card, offline while the modem has not reported back, then back everywhere', async () => {
    let current = proxy(7, { health: CHECK, reboot: IDLE });
    const api = serve(() => current);
    await openAt(url, { language });
    await screen.findByRole('region', { name: t.rotation.title });
    await act(async () => fireEvent.click(cards(language).reboot));
    const dialog = screen.getByRole('dialog', { name: t.reboot.confirmTitle });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: t.reboot.confirm })));

    // Twelve seconds in: the modem is offline by its reports, and the API says the reboot runs.
    current = {
      ...current,
      online: false,
      offline_since: '2026-06-01T12:00:02Z',
      reboot: { ...IDLE, running: true },
    };
    await act(async () => vi.advanceTimersByTime(12_000));
    let now = cards(language);
    expect(screen.getByTestId('phase').textContent).toBe(t.proxy.rebooting);
    expect(now.health).toBe(t.health.rebooting);
    expect(now.reboot.textContent).toBe(t.reboot.busy);
    expect(now.rotate.disabled && now.reboot.disabled).toBe(true);
    const page = document.body.textContent ?? '';
    for (const contradiction of [
      t.proxy.offlineSince.split(' {{')[0] as string,
      `${t.health.works} ·`,
      t.reboot.back.split('.')[0] as string,
    ]) {
      expect(page).not.toContain(contradiction);
    }

    // The modem is back with a new address, but its agent's report that it is online has not come yet.
    current = {
      ...current,
      ip: '10.0.0.9',
      reboot: { ...IDLE, available_at: '2026-06-01T12:10:12Z' },
    };
    await act(async () =>
      api.answer('/api/proxies/7/reboot/', [200, { ok: true, ip: '10.0.0.9', available_at: '2026-06-01T12:10:12Z' }]),
    );
    now = cards(language);
    expect(now.health).toBe(t.health.offline);
    expect(document.body.textContent).not.toContain(t.reboot.back.split('.')[0] as string);
    expect(now.header).toContain(t.proxy.offlineSince.split(' {{')[0] as string);

    // Its report comes: back, with the address every card names, the cooldown counting down; no more reads.
    current = { ...current, online: true, offline_since: null };
    await act(async () => vi.advanceTimersByTime(PROXY_POLL_MS));
    await screen.findByText(t.reboot.back.replace('{{ip}}', '10.0.0.9'));
    now = cards(language);
    expect(now.ip).toBe('10.0.0.9');
    expect(now.header).not.toContain(t.proxy.offlineSince.split(' {{')[0] as string);
    expect(now.health.startsWith(t.health.works)).toBe(true);
    expect(now.rotation).toMatch(language === 'ru' ? /Доступно через (10:00|9:5\d)/ : /Available in (10:00|9:5\d)/);
    const reads = () => api.calls.filter((call) => call.path === '/api/proxies/7/' && call.method === 'GET').length;
    const settled = reads();
    await act(async () => vi.advanceTimersByTime(PROXY_POLL_MS * 3));
    expect(reads()).toBe(settled);
  });
});
