// Replacing a proxy whose IP is bad from its page (#49 item 9): "Replace proxy" opens a confirmation from the server's
// quote — the IP changes, the connection strings may change port (or will), it is free, and how many replacements are
// left this month — then the replacement with an Idempotency-Key, a toast with the new IP, the page showing the new
// address and focus back on the button; with the month's replacements used up it says from when and does not send.
// In Russian (the default) and English.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { appStore, messageAtom } from '@proxy/contract/state';
import { formatDateTime } from '@proxy/site-kit';
import { type Handler, page, stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { openAt, proxy } from '../test/harness.tsx';

const QUOTE = { available: 2, limit: 3, left: 3, next_at: null, ports_change: false };

/** A replacement as the proxy's history lists it. */
const REPLACED = {
  id: 4,
  kind: 'replace',
  source: 'customer',
  status: 'done',
  old_ip: '10.0.0.7',
  new_ip: '10.9.9.9',
  requested_at: '2026-06-20T10:00:00Z',
  finished_at: '2026-06-20T10:00:00Z',
};

/** Proxy 7 as `current()` says, its history, an empty traffic chart, and whatever `more` answers first. */
const api =
  (current: () => Proxy, more: Handler, history: unknown[] = []): Handler =>
  (call) =>
    more(call) ??
    (call.path === '/api/proxies/7/' && call.method === 'GET'
      ? [200, current()]
      : call.path === '/api/proxies/7/rotations/'
        ? [200, page(history.length, history)]
        : call.path === '/api/proxies/7/traffic/'
          ? [200, { range: '24h', points: [], total_in: 0, total_out: 0 }]
          : undefined);

beforeEach(() => {
  stubBrowser();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('replacing the proxy', () => {
  it('says the IP changes, the port may, that it is free and how many are left; replaces and shows the new IP (ru)', async () => {
    let current = proxy(7);
    const calls = stubApi(
      api(
        () => current,
        (call) => {
          if (call.path !== '/api/proxies/7/replace/') return undefined;
          if (call.method === 'GET') return [200, { ...QUOTE, left: 2, next_at: '2026-07-10T09:00:00Z' }];
          current = proxy(7, { ip: '10.9.9.9' });
          return [
            201,
            {
              id: 4,
              proxy_id: 7,
              ip: '10.9.9.9',
              ports_changed: false,
              http_port: 8007,
              socks_port: 9007,
              left: 1,
              created_at: '2026-06-20T10:00:00Z',
            },
          ];
        },
      ),
    );
    await openAt('/ip/7');
    expect(screen.getAllByText('10.0.0.7').length).toBeGreaterThan(0);
    const opener = await screen.findByRole('button', { name: ru.replace.open });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    const dialog = screen.getByRole('dialog', { name: ru.replace.title });
    expect(dialog.textContent).toContain(ru.replace.help.replace('{{ip}}', '10.0.0.7'));
    await within(dialog).findByText(ru.replace.portsMay);
    expect(within(dialog).getByText(ru.replace.free)).toBeTruthy();
    expect(within(dialog).getByText(ru.replace.left).nextElementSibling?.textContent).toBe('2 из 3');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.replace.submit })));
    const posted = calls.find((call) => call.path === '/api/proxies/7/replace/' && call.method === 'POST');
    expect(posted?.headers.get('idempotency-key')).toBeTruthy();
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'success',
      text: ru.replace.done.replace('{{ip}}', '10.9.9.9'),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ru.replace.open }));
    // Every card shows the new address; the old one is gone.
    expect(screen.getAllByText('10.9.9.9').length).toBeGreaterThan(0);
    expect(screen.queryByText('10.0.0.7')).toBeNull();
  });

  it.each([
    ['read again', true],
    ['from the answer when the read fails', false],
  ] as const)('says the last change is the replacement, %s (ru)', async (_how, readable) => {
    let replaced = false;
    stubApi(
      api(
        () => proxy(7, replaced ? { ip: '10.9.9.9', last_rotation_at: '2026-06-20T10:00:00.000Z' } : {}),
        (call) => {
          if (call.path === '/api/proxies/7/' && replaced && !readable) return [503, { detail: 'Unavailable.' }];
          if (call.path !== '/api/proxies/7/replace/') return undefined;
          if (call.method === 'GET') return [200, QUOTE];
          replaced = true;
          return [
            201,
            {
              id: 4,
              proxy_id: 7,
              ip: '10.9.9.9',
              ports_changed: false,
              http_port: 8007,
              socks_port: 9007,
              left: 2,
              created_at: '2026-06-20T10:00:00.000Z',
            },
          ];
        },
      ),
    );
    await openAt('/ip/7');
    const last = () => screen.getByText(ru.rotation.last).nextElementSibling?.textContent;
    expect(last()).toBe(ru.rotation.never);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: ru.replace.open })));
    const dialog = screen.getByRole('dialog', { name: ru.replace.title });
    await within(dialog).findByText(ru.replace.portsMay);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.replace.submit })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByText('10.9.9.9').length).toBeGreaterThan(0);
    expect(last()).toBe(formatDateTime('2026-06-20T10:00:00.000Z', 'ru'));
  });

  it('warns that the ports will change; with none left says from when and does not send; the history names a replacement (en)', async () => {
    let quote: Record<string, unknown> = { ...QUOTE, ports_change: true };
    const calls = stubApi(
      api(
        () => proxy(7),
        (call) => (call.path === '/api/proxies/7/replace/' && call.method === 'GET' ? [200, quote] : undefined),
        [REPLACED],
      ),
    );
    await openAt('/en/ip/7', { language: 'en' });
    // An earlier replacement in the IP history, named as one.
    expect(await screen.findByText(en.history.replace)).toBeTruthy();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: en.replace.open })));
    let dialog = screen.getByRole('dialog', { name: en.replace.title });
    await within(dialog).findByText(en.replace.portsChange);
    expect(within(dialog).getByText(en.replace.left).nextElementSibling?.textContent).toBe('3 of 3');
    expect((within(dialog).getByRole('button', { name: en.replace.submit }) as HTMLButtonElement).disabled).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: en.replace.cancel })));

    quote = { ...QUOTE, left: 0, next_at: '2026-07-10T09:00:00Z' };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.replace.open })));
    dialog = screen.getByRole('dialog', { name: en.replace.title });
    const wait = await within(dialog).findByRole('alert');
    expect(wait.textContent).toMatch(
      /^This month’s replacements are used up: the next one is possible from .*10.*2026/,
    );
    expect((within(dialog).getByRole('button', { name: en.replace.submit }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((call) => call.path === '/api/proxies/7/replace/' && call.method === 'POST')).toBe(false);
  });

  it.each([
    ['a free trial’s proxy', { trial: true }],
    ['an expired proxy', { state: 'expired', days_left: 0 }],
  ] as const)('offers no replacement for %s', async (_name, changes) => {
    stubApi(
      api(
        () => proxy(7, changes),
        () => undefined,
      ),
    );
    await openAt('/en/ip/7', { language: 'en' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: en.replace.open })).toBeNull();
  });
});
