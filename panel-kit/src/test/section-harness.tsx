// What a component test of a panel section needs, in one place for every section (`@proxy/panel-kit/testing`, for
// tests only — never imported by a section's screens): the section's translations in a fresh i18next instance, the
// shared store with a signed-in staff user, a stubbed API (fetch), and the browser APIs jsdom lacks that antd uses.
import type { ReactNode } from 'react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';

export { installBrowserStubs } from './browser-stubs.ts';

/** A staff member with these permission strings, signed in (English). */
export function signIn(permissions: readonly string[]): void {
  hydrateAppStore(appStore, {
    language: 'en',
    token: 'a'.repeat(40),
    user: {
      pk: 1,
      email: 'staff@example.com',
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

type Translations = Readonly<Record<'ru' | 'en', object>>;

/** The providers a section's screens render in, with the section's translations under its namespace. */
export function sectionProviders(namespace: string, translations: Translations) {
  return function Providers({ children, language = 'en' }: { children: ReactNode; language?: 'ru' | 'en' }) {
    const i18n = createInstance();
    void i18n.use(initReactI18next).init({
      lng: language,
      resources: { ru: { [namespace]: translations.ru }, en: { [namespace]: translations.en } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    return (
      <StateProvider store={appStore}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </StateProvider>
    );
  };
}
