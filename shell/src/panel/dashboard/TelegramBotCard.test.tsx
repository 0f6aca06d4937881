// The Telegram bot on the panel's alerts tab (#30, #33): staff with `system.change_telegram` set the token (the
// server's refusal shown at the field), see the bot with its token masked and remove it; every staff member picks
// Telegram for an alert kind once their chat is linked. In en and ru.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import { testI18n } from '../../test/i18n.ts';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { AlertsPanel } from './AlertsPanel.tsx';
import { stubMatchMedia } from '../../test/browser.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = [number, unknown];
interface Call {
  method: string;
  url: string;
  body: unknown;
}

const NO_BOT = { configured: false, username: '', token_masked: null, updated_at: null, linked_chats: 0 };
const BOT = {
  configured: true,
  username: 'proxy_bot',
  token_masked: '123456:AAH…xyz',
  updated_at: '2026-06-01T10:00:00Z',
  linked_chats: 4,
};
const SETTING = { kind: 'job_failing', threshold: 3, subscribed: true, telegram: false };
const link = (linked: boolean) => ({
  available: true,
  bot_username: 'proxy_bot',
  linked: linked ? { chat_name: '@anna', linked_at: '2026-06-01T10:00:00Z' } : null,
  code_expires_at: null,
});

async function openAlerts(
  permissions: string[],
  language: 'en' | 'ru',
  answers: Record<string, Answer | ((body: unknown) => Answer)>,
) {
  hydrateAppStore(appStore, {
    token: 'a'.repeat(40),
    user: {
      pk: 1,
      email: 'staff@example.com',
      premission: permissions,
      is_superuser: false,
      language,
      subscribed: false,
      date_joined: '2026-01-01T00:00:00Z',
      balance: 0,
      currency: 'RUB',
    },
  });
  stubMatchMedia();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const path = url.split('?')[0] as string;
    const found = answers[`${method} ${path}`];
    const [status, payload] = typeof found === 'function' ? found(body) : (found ?? [404, { detail: 'Not found.' }]);
    return new Response(status === 204 ? null : JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const path = language === 'en' ? '/en/panel' : '/panel';
  const router = createMemoryRouter([{ path, Component: AlertsPanel }], { initialEntries: [path] });
  await act(async () => {
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={testI18n(language)}>
          <App>
            <RouterProvider router={router} />
          </App>
        </I18nextProvider>
      </StateProvider>,
    );
  });
  return calls;
}

const base = (linked: boolean): Record<string, Answer> => ({
  'GET /api/panel/alerts/settings/': [200, [SETTING]],
  'GET /api/panel/alerts/incidents/': [200, { count: 0, next: null, previous: null, results: [] }],
  'GET /api/users/telegram/': [200, link(linked)],
});

describe('the Telegram bot card', () => {
  it('sets the token, showing the refusal at the field, then the bot with its token masked (en)', async () => {
    let attempts = 0;
    const calls = await openAlerts(['system.change_telegram', 'system.view_health'], 'en', {
      ...base(false),
      'GET /api/panel/telegram/': [200, NO_BOT],
      'PUT /api/panel/telegram/': () => {
        attempts += 1;
        return attempts === 1
          ? [400, { token: ['Telegram did not accept this token: check it with @BotFather.'] }]
          : [200, BOT];
      },
    });
    await screen.findByText(en.telegramBot.none);
    const field = screen.getByLabelText(en.telegramBot.newToken);
    await act(async () => fireEvent.change(field, { target: { value: ' 123456:AAH-wrong ' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: new RegExp(en.telegramBot.save) })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Telegram did not accept this token: check it with @BotFather.',
    );
    await act(async () => fireEvent.change(field, { target: { value: '123456:AAH-right-token-abcdefghijklmnop' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: new RegExp(en.telegramBot.save) })));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { token: '123456:AAH-wrong' },
      { token: '123456:AAH-right-token-abcdefghijklmnop' },
    ]);
    await screen.findByText('@proxy_bot');
    expect(screen.getByText('123456:AAH…xyz')).toBeDefined();
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: en.telegramBot.remove })).toBeDefined();
  });

  it('is not shown to staff who may not set up the bot, and lets them choose Telegram once linked (ru)', async () => {
    const calls = await openAlerts(['system.view_health'], 'ru', {
      ...base(true),
      'PATCH /api/panel/alerts/settings/job_failing/': (body) => [200, { ...SETTING, ...(body as object) }],
    });
    const toggle = await screen.findByRole('switch', { name: ru.alerts.byTelegram });
    expect(screen.queryByText(ru.telegramBot.title)).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/panel/telegram/'))).toBe(false);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(toggle));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ telegram: true }]);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('keeps the Telegram switch off, with the reason, until the member links a chat (en)', async () => {
    await openAlerts(['system.view_health'], 'en', base(false));
    const toggle = await screen.findByRole('switch', { name: en.alerts.byTelegram });
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    const table = toggle.closest('tr') as HTMLElement;
    expect(within(table).getByText(en.alerts.telegramNotLinked)).toBeDefined();
  });
});
