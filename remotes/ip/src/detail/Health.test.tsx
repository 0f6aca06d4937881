// The proxy's health on its page (#29): the agent's last check of the modem (works or not, latency, the address seen,
// when), the 24-hour uptime, "Check now" with its cooldown and the ready-to-paste check command, in the connection
// card, in both languages.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { type Handler, stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { openAt, proxy } from '../test/harness.tsx';

const serve = (current: Proxy, more: Handler = () => undefined) =>
  stubApi(
    (call) =>
      more(call) ??
      (call.path === '/api/proxies/7/' && call.method === 'GET'
        ? [200, current]
        : call.path === '/api/proxies/7/rotations/'
          ? [200, { count: 0, next: null, previous: null, results: [] }]
          : call.path === '/api/proxies/7/traffic/'
            ? [200, { range: '24h', points: [], total_in: 0, total_out: 0 }]
            : undefined),
  );

const healthy = {
  ok: true,
  latency_ms: 184,
  // The modem's address as the proxy says it (proxy 7's): the check saw the current IP.
  ip: '10.0.0.7',
  checked_at: '2026-06-01T11:55:00Z',
  uptime_24h: 0.9861,
};

beforeEach(() => {
  stubBrowser();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the proxy health on its page', () => {
  it('says it works, with the latency, the address seen and when, and the uptime (ru)', async () => {
    serve(proxy(7, { health: healthy }));
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.connection.title });
    const line = within(card).getByTestId('health').textContent ?? '';
    expect(within(card).getByText(ru.health.title)).toBeTruthy();
    expect(line).toMatch(/^Работает · 184 мс · виден как 10\.0\.0\.7 · проверен /);
    expect(within(card).getByText(ru.health.uptime)).toBeTruthy();
    expect(within(card).getByTestId('uptime').textContent).toBe('98,6\u00a0%');
  });

  it('says it does not work, without a latency or an address (en)', async () => {
    serve(proxy(7, { health: { ...healthy, ok: false, latency_ms: null, ip: null, uptime_24h: 0.5 } }));
    await openAt('/ip/7', { language: 'en' });
    const card = await screen.findByRole('region', { name: en.connection.title });
    expect(within(card).getByTestId('health').textContent).toMatch(/^Does not work · checked /);
    expect(within(card).getByTestId('uptime').textContent).toBe('50%');
  });

  it('checks now: the fresh result, then the button waits out the cooldown (ru)', async () => {
    const fresh = { ...healthy, latency_ms: 77, ip: '198.51.100.9', uptime_24h: 1 };
    const calls = serve(proxy(7, { health: healthy }), (call) =>
      call.path === '/api/proxies/7/check/' ? [200, proxy(7, { ip: '198.51.100.9', health: fresh })] : undefined,
    );
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.connection.title });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.health.checkNow })));
    expect(calls.filter((call) => call.path === '/api/proxies/7/check/').map((call) => call.method)).toEqual(['POST']);
    expect(within(card).getByTestId('health').textContent).toMatch(/^Работает · 77 мс · виден как 198\.51\.100\.9/);
    expect(within(card).getByTestId('uptime').textContent).toBe('100\u00a0%');
    const button = within(card).getByRole('button', { name: ru.health.checkNow });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(card.textContent).toMatch(/Доступно через 0:(29|30|31)/);
  });

  it('counts down a refused check and says why another failed (en)', async () => {
    let answer: [number, object] = [
      429,
      { detail: 'Request was throttled. Expected available in 12 seconds.', wait_seconds: 12 },
    ];
    serve(proxy(7, { health: healthy }), (call) => (call.path === '/api/proxies/7/check/' ? answer : undefined));
    await openAt('/ip/7', { language: 'en' });
    const card = await screen.findByRole('region', { name: en.connection.title });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.health.checkNow })));
    expect(card.textContent).toMatch(/Available in 0:(11|12|13)/);
    expect(within(card).getByRole('button', { name: en.health.checkNow }).hasAttribute('disabled')).toBe(true);

    cleanup();
    answer = [504, { detail: 'The farm has not answered the check yet. Try again in a minute.' }];
    await openAt('/ip/7', { language: 'en' });
    const again = await screen.findByRole('region', { name: en.connection.title });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: en.health.checkNow })));
    expect(within(again).getByRole('status').textContent).toBe(
      'The farm has not answered the check yet. Try again in a minute.',
    );
  });

  it('gives the check command beside the connection strings, password hidden until shown, copyable (en)', async () => {
    serve(proxy(7, { health: healthy }));
    const browser = stubBrowser();
    await openAt('/ip/7', { language: 'en' });
    const card = await screen.findByRole('region', { name: en.connection.title });
    const command = within(card).getByTestId('check-command');
    const url = `${window.location.origin}/api/ip/`;
    expect(command.textContent).toBe(`curl -x 'http://user7:••••••••@gw.example.com:8007' ${url}`);
    fireEvent.click(within(card).getByRole('button', { name: en.connection.show }));
    expect(command.textContent).toBe(`curl -x 'http://user7:pa%3Ass7@gw.example.com:8007' ${url}`);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.health.copyCommand })));
    expect(browser.copied).toEqual([`curl -x 'http://user7:pa%3Ass7@gw.example.com:8007' ${url}`]);
  });

  it('names the check target staff set in the command, quoted for the shell when it needs it (ru)', async () => {
    serve(proxy(7, { health: healthy, check_url: 'https://checks.example.net/ip?format=text' }));
    const browser = stubBrowser();
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.connection.title });
    const command = within(card).getByTestId('check-command');
    expect(command.textContent).toBe(
      `curl -x 'http://user7:••••••••@gw.example.com:8007' 'https://checks.example.net/ip?format=text'`,
    );
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.health.copyCommand })));
    expect(browser.copied).toEqual([
      `curl -x 'http://user7:pa%3Ass7@gw.example.com:8007' 'https://checks.example.net/ip?format=text'`,
    ]);
  });

  it('names no address a check saw before the IP changed: the page names the current one only (#49)', async () => {
    serve(proxy(7, { ip: '10.0.0.99', health: healthy }));
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.connection.title });
    const line = within(card).getByTestId('health').textContent ?? '';
    expect(line).toMatch(/^Работает · 184 мс · проверен /);
    expect(document.body.textContent).not.toContain('10.0.0.7');
    expect(screen.getByTestId('current-ip').textContent).toBe('10.0.0.99');
  });

  it.each([
    ['ru', ru, { online: false, offline_since: '2026-06-01T11:50:00Z' }, ru.health.offline],
    ['en', en, { online: false, offline_since: '2026-06-01T11:50:00Z' }, en.health.offline],
    ['ru', ru, { reboot: { available_at: null, shared: false, running: true } }, ru.health.rebooting],
    ['en', en, { reboot: { available_at: null, shared: false, running: true } }, en.health.rebooting],
  ] as const)(
    'says (%s) the modem is offline or rebooting instead of the last check that it works (#49)',
    async (language, words, changes, text) => {
      serve(proxy(7, { health: healthy, ...changes }));
      await openAt(language === 'en' ? '/en/ip/7' : '/ip/7', { language });
      const card = await screen.findByRole('region', { name: words.connection.title });
      expect(within(card).getByTestId('health').textContent).toBe(text);
      // Nor the last check's "works" anywhere on the page.
      expect(document.body.textContent).not.toContain(`${words.health.works} ·`);
    },
  );

  it('says a proxy not checked yet is not, and shows no uptime (en)', async () => {
    serve(proxy(7, { health: null }));
    await openAt('/ip/7', { language: 'en' });
    const card = await screen.findByRole('region', { name: en.connection.title });
    expect(within(card).getByTestId('health').textContent).toBe(en.health.never);
    expect(within(card).queryByTestId('uptime')).toBeNull();
  });
});
