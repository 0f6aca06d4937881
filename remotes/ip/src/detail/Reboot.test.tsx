// "Reboot the modem" on the proxy page (#29): after a confirmation; "rebooting…" until the modem reports back, also
// when the API stops waiting first (504) and the page reads the proxy every few seconds; the 10-minute cooldown
// counting down; a shared modem's owner sent to support; refusals in the request's words; reboots in the history.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { type Handler, page, stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { openAt, proxy } from '../test/harness.tsx';
import { PROXY_POLL_MS as REBOOT_POLL_MS } from './proxy-state.ts';

const IDLE = { available_at: null, shared: false, running: false };
const REBOOTED = page(1, [
  {
    id: 12,
    kind: 'reboot',
    source: 'staff',
    status: 'done',
    old_ip: '10.0.0.7',
    new_ip: '10.0.0.9',
    requested_at: '2026-06-01T10:00:00Z',
    finished_at: '2026-06-01T10:01:10Z',
  },
]);

/** Proxy 7 as `current()` says, its history, an empty traffic chart, and whatever `more` answers first. */
const api =
  (current: () => Proxy, more: Handler = () => undefined): Handler =>
  (call) =>
    more(call) ??
    (call.path === '/api/proxies/7/' && call.method === 'GET'
      ? [200, current()]
      : call.path === '/api/proxies/7/rotations/'
        ? [200, REBOOTED]
        : call.path === '/api/proxies/7/traffic/'
          ? [200, { range: '24h', points: [], total_in: 0, total_out: 0 }]
          : undefined);

const confirmIn = async (card: HTMLElement, now: string, title: string, confirm: string) => {
  await act(async () => fireEvent.click(within(card).getByRole('button', { name: now })));
  const dialog = screen.getByRole('dialog', { name: title });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: confirm })));
};

beforeEach(() => {
  stubBrowser();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('rebooting the modem from the proxy page', () => {
  it('asks first, says "rebooting…" until the modem is back, then the new IP and the cooldown (ru)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-06-01T12:00:00Z') });
    let current = proxy(7, { ip: '10.0.0.7', reboot: IDLE });
    let answer: (reply: [number, object]) => void = () => undefined;
    const calls = stubApi(
      api(
        () => current,
        (call) =>
          call.path === '/api/proxies/7/reboot/'
            ? new Promise<[number, object]>((resolve) => (answer = resolve))
            : undefined,
      ),
    );
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.rotation.title });
    expect(card.textContent).toContain(ru.reboot.help);
    // Closing the dialog reboots nothing.
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.reboot.now })));
    expect(screen.getByRole('dialog', { name: ru.reboot.confirmTitle }).textContent).toContain(ru.reboot.confirmText);
    await act(async () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }));
    expect(calls.some((call) => call.path === '/api/proxies/7/reboot/')).toBe(false);

    await confirmIn(card, ru.reboot.now, ru.reboot.confirmTitle, ru.reboot.confirm);
    expect(calls.filter((call) => call.path === '/api/proxies/7/reboot/').map((call) => call.method)).toEqual(['POST']);
    const button = within(card).getByRole('button', { name: ru.reboot.busy });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(card.textContent).toContain(ru.reboot.busyHelp);

    current = proxy(7, { ip: '10.0.0.9', reboot: { ...IDLE, available_at: '2026-06-01T12:10:00Z' } });
    await act(async () => answer([200, { ok: true, ip: '10.0.0.9' }]));
    expect(await within(card).findByText('Модем снова в сети. Новый IP: 10.0.0.9')).toBeTruthy();
    expect(within(card).getByRole('button', { name: ru.reboot.now }).hasAttribute('disabled')).toBe(true);
    expect(card.textContent).toContain('Доступно через 10:00');
    expect(card.textContent).toContain('10.0.0.9');
    // The history names reboots as such, with who asked.
    expect(card.textContent).toContain('Перезагрузка модема · Служба поддержки');
  });

  it('goes on saying "rebooting…" after the API stops waiting, reading the proxy until the modem is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-06-01T12:00:00Z') });
    let current = proxy(7, { ip: '10.0.0.7', reboot: IDLE });
    const calls = stubApi(
      api(
        () => current,
        (call) =>
          call.path === '/api/proxies/7/reboot/'
            ? [504, { ok: false, error: 'timeout', detail: 'The modem is still rebooting.' }]
            : undefined,
      ),
    );
    await openAt('/en/ip/7', { language: 'en' });
    const card = await screen.findByRole('region', { name: en.rotation.title });
    current = proxy(7, { ip: null, reboot: { ...IDLE, running: true } });
    await confirmIn(card, en.reboot.now, en.reboot.confirmTitle, en.reboot.confirm);
    expect(within(card).getByRole('button', { name: en.reboot.busy })).toBeTruthy();
    const reads = () => calls.filter((call) => call.path === '/api/proxies/7/' && call.method === 'GET').length;
    const before = reads();
    await act(async () => vi.advanceTimersByTime(REBOOT_POLL_MS));
    expect(reads()).toBe(before + 1);
    expect(within(card).getByRole('button', { name: en.reboot.busy })).toBeTruthy();

    current = proxy(7, { ip: '10.0.0.9', reboot: { ...IDLE, available_at: '2026-06-01T12:10:00Z' } });
    await act(async () => vi.advanceTimersByTime(REBOOT_POLL_MS));
    expect(await within(card).findByText('The modem is back. New IP: 10.0.0.9')).toBeTruthy();
    // Two reads later, the cooldown has run a few seconds.
    expect(card.textContent).toMatch(/Available in 9:5\d/);
    // Back: no more reads.
    const after = reads();
    await act(async () => vi.advanceTimersByTime(REBOOT_POLL_MS * 3));
    expect(reads()).toBe(after);
  });

  it('opens on a reboot already running as "rebooting…"; a shared modem sends its owner to support', async () => {
    stubApi(api(() => proxy(7, { reboot: { ...IDLE, running: true } })));
    await openAt('/en/ip/7', { language: 'en' });
    let card = await screen.findByRole('region', { name: en.rotation.title });
    expect(within(card).getByRole('button', { name: en.reboot.busy }).hasAttribute('disabled')).toBe(true);
    cleanup();

    stubApi(api(() => proxy(7, { reboot: { ...IDLE, shared: true } })));
    await openAt('/ip/7');
    card = await screen.findByRole('region', { name: ru.rotation.title });
    expect(within(card).getByRole('button', { name: ru.reboot.now }).hasAttribute('disabled')).toBe(true);
    expect(card.textContent).toContain(ru.reboot.shared);
    cleanup();

    // An API older than reboots: no control at all.
    stubApi(api(() => proxy(7)));
    await openAt('/en/ip/7', { language: 'en' });
    card = await screen.findByRole('region', { name: en.rotation.title });
    expect(within(card).queryByRole('button', { name: en.reboot.now })).toBeNull();
  });

  it('says the refusals: the cooldown from a 429 counting down, and a refusal in the words the API sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-06-01T12:00:00Z') });
    let reply: [number, object] = [429, { ok: false, wait_seconds: 300, detail: 'Запрос был проигнорирован.' }];
    stubApi(
      api(
        () => proxy(7, { reboot: IDLE }),
        (call) => (call.path === '/api/proxies/7/reboot/' ? reply : undefined),
      ),
    );
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.rotation.title });
    await confirmIn(card, ru.reboot.now, ru.reboot.confirmTitle, ru.reboot.confirm);
    expect(
      await within(card).findByText('Слишком рано: перезагрузить модем снова можно через 300 секунд'),
    ).toBeTruthy();
    expect(card.textContent).toContain('Доступно через 5:00');
    await act(async () => vi.advanceTimersByTime(301_000));
    const button = within(card).getByRole('button', { name: ru.reboot.now });
    expect(button.hasAttribute('disabled')).toBe(false);

    reply = [409, { ok: false, error: 'modem_busy', detail: 'Модем уже меняет IP или перезагружается.' }];
    await confirmIn(card, ru.reboot.now, ru.reboot.confirmTitle, ru.reboot.confirm);
    expect(await within(card).findByText('Модем уже меняет IP или перезагружается.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: ru.reboot.now }).hasAttribute('disabled')).toBe(false);
  });
});
