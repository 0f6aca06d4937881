// What a component test of this remote needs (as in the Pages section): the remote's translations in a fresh
// i18next instance, the shared store with a signed-in staff user, a stubbed API (fetch), and the browser APIs jsdom
// lacks that antd uses.
import type { ReactNode } from 'react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';

export function installBrowserStubs(): void {
  // A desktop-wide window: antd's `responsive` columns (min-width queries) are all shown.
  window.matchMedia ??= ((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.scrollTo = () => undefined;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

export function signIn(permissions: readonly string[]): void {
  hydrateAppStore(appStore, {
    language: 'en',
    token: 'a'.repeat(40),
    user: {
      pk: 1,
      email: 'farmer@example.com',
      premission: [...permissions],
      is_superuser: false,
      language: 'en',
      subscribed: false,
      date_joined: '2026-01-01T00:00:00Z',
      balance: 0,
      currency: 'RUB',
    },
  });
}

export interface Call {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

/** Answers API calls from `respond` (a status and a JSON body), recording each call. */
export function stubApi(respond: (call: Call) => { status?: number; body?: unknown }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      url: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const { status = 200, body = null } = respond(call);
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export function Providers({ children, language = 'en' }: { children: ReactNode; language?: 'ru' | 'en' }) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    resources: { ru: { 'panel-farm': ru }, en: { 'panel-farm': en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (
    <StateProvider store={appStore}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </StateProvider>
  );
}
