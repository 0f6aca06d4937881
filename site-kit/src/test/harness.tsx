// What a component test of a customer page needs, in one place for every customer remote (`@proxy/site-kit/testing`,
// for tests only — never imported by a page): a signed-in customer in the app's store, the remote's translations in
// a fresh i18next, a memory router, a stubbed API that records every request, and the browser APIs jsdom lacks.
import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { Language } from '@proxy/contract/languages';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';

/** The kit's own words (loading, retry, the pager, copy, dialogs), for a test to find what the kit draws. */
export const kitText = { ru, en } as const;

/** A signed-in customer with a balance (Russian, subscribed, no permissions), with `changes`. */
export const customerWith = (changes: Partial<AuthUser> = {}): AuthUser => ({
  pk: 5,
  email: 'buyer@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 150_000,
  currency: 'RUB',
  ...changes,
});

/** A DRF page of `results` out of `count`. */
export const page = <T,>(count: number, results: T[]) => ({ count, next: null, previous: null, results });

export interface Call {
  readonly method: string;
  /** Path and query as sent. */
  readonly url: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly headers: Headers;
  readonly signal: AbortSignal | null | undefined;
}

/** An answer: status and JSON body (204: no body). */
export type Reply = readonly [number, unknown];
/** Answers a call; undefined is a 404 `{detail}`; throwing is a request that got no answer. */
export type Handler = (call: Call) => Reply | undefined | Promise<Reply | undefined>;

/** Stubs `fetch` with `handler` and answers the log of calls, in order. */
export function stubApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://site.test');
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
      signal: init.signal,
    };
    calls.push(call);
    const [status, body] = (await handler(call)) ?? [404, { detail: 'Не найдено.' }];
    return status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

export interface Session {
  readonly user: AuthUser | null;
  readonly language?: Language;
  readonly token?: string;
  readonly ip?: string;
}

/**
 * Renders `routes` in a memory router at `url`, as the shell mounts a remote's pages: the remote's `translations`
 * under its `namespace`, the session in the app's store. Answers the router (its location is what the page wrote).
 */
export async function renderRoutes(
  routes: RouteObject[],
  url: string,
  {
    namespace,
    translations,
    session,
  }: { namespace: string; translations: Readonly<Record<Language, object>>; session: Session },
) {
  const { user, language = 'ru', token = user ? 'customer-token' : '', ip = '' } = session;
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { ru: { [namespace]: translations.ru }, en: { [namespace]: translations.en } },
    interpolation: { escapeValue: false },
  });
  hydrateAppStore(appStore, { user, token, language, ip });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  await act(async () => {
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StateProvider>,
    );
  });
  return router;
}

/**
 * A wrapper for `render` / `renderHook` of one part (no page, no loader): a fresh i18next in `language`, the app's
 * store and a memory router at `url`.
 */
export function partProviders({ language = 'en', url = '/' }: { language?: Language; url?: string } = {}) {
  const i18n = i18next.createInstance();
  void i18n
    .use(initReactI18next)
    .init({ lng: language, resources: {}, interpolation: { escapeValue: false }, initAsync: false });
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <StateProvider store={appStore}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
        </I18nextProvider>
      </StateProvider>
    );
  };
}

/** The browser APIs customer pages use that jsdom lacks: the modal dialog, the clipboard, object URLs, downloads. */
export function stubBrowser() {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  const copied: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:file-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  // A click on a download link: jsdom would try to navigate; record the file instead.
  const downloads: { name: string; blob: Blob | undefined }[] = [];
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href) });
  };
  return { copied, downloads };
}

/** Text with Intl's no-break and thin spaces made plain. */
export const plain = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s/g, ' ');
