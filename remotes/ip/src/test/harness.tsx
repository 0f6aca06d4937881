// The IP screens' test harness: a signed-in customer in the app's store, the remote's translations in a fresh
// i18next, the routes of /ip, /ip/transfer/{id?} and /ip/{id} in a memory router (with the shell's rules: validate false or a loader's
// 404 show the 404 page), a stubbed API that records every request, and the browser APIs jsdom lacks.
import { act, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router';
import { vi } from 'vitest';
import type { Language } from '@proxy/contract/languages';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import type { Transfer } from '@proxy/contract/schemas/transfers';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { pages } from '../routes.ts';

export const customer: AuthUser = {
  pk: 5,
  email: 'buyer@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 150_000,
  currency: 'RUB',
};

export const proxy = (id: number, changes: Partial<Proxy> = {}): Proxy => ({
  id,
  state: 'active',
  online: true,
  comment: `Shop ${id}`,
  country: 'RU',
  city: 'Moscow',
  operator: 'MTS',
  host: 'gw.example.com',
  http_port: 8000 + id,
  socks_port: 9000 + id,
  login: `user${id}`,
  password: `pa:ss${id}`,
  whitelist: [],
  ip: `10.0.0.${id}`,
  expires_at: '2026-07-01T12:00:00Z',
  days_left: 12,
  auto_renew: false,
  auto_rotate_minutes: 0,
  last_rotation_at: null,
  rotate_available_at: null,
  rotate_url: `https://proxymob.example/r/token${id}`,
  created_at: '2026-06-01T12:00:00Z',
  ...changes,
});

/** An outgoing offer of proxy 7, pending, made at 10:00 on 20 June and lapsing 72 hours later. */
export const offer = (id: number, changes: Partial<Transfer> = {}): Transfer => ({
  id,
  state: 'pending',
  direction: 'outgoing',
  proxy_id: 7,
  country: 'RU',
  city: 'Moscow',
  operator: 'MTS',
  proxy_expires_at: '2026-07-01T12:00:00Z',
  email: 'friend@example.com',
  note: '',
  created_at: '2026-06-20T10:00:00Z',
  expires_at: '2026-06-23T10:00:00Z',
  decided_at: null,
  ...changes,
});

export const page = <T,>(count: number, results: T[]) => ({ count, next: null, previous: null, results });

export interface Call {
  readonly method: string;
  /** Path and query as sent. */
  readonly url: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly headers: Headers;
}

/** An answer: status and JSON body. */
export type Reply = readonly [number, unknown];
export type Handler = (call: Call) => Reply | undefined;

/** Stubs `fetch` with `handler` (unhandled requests answer 404 `{detail}`) and answers the log of calls. */
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
    };
    calls.push(call);
    const [status, body] = handler(call) ?? [404, { detail: 'Не найдено.' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** What the shell's error element shows: 404 for the 404 page, the status otherwise. */
function ErrorStatus() {
  const error = useRouteError() as { status?: number };
  return <p data-testid="error-status">{error.status ?? 500}</p>;
}

async function runLoader(
  page: 'ipDetail' | 'ipTransfer',
  id: string | undefined,
  language: Language,
  signal: AbortSignal,
) {
  const route = pages[page];
  const args = { params: { id }, language, signal };
  if (route?.validate && !(await route.validate(args))) throw Object.assign(new Error('Not found'), { status: 404 });
  return route?.loader?.(args) ?? null;
}

/** Opens `url` as the signed-in customer; answers the router (its location is the URL the page wrote). */
export async function openAt(url: string, { language = 'ru', ip = '' }: { language?: Language; ip?: string } = {}) {
  const i18n = i18next.createInstance();
  await i18n
    .use(initReactI18next)
    .init({ lng: language, resources: { ru: { ip: ru }, en: { ip: en } }, interpolation: { escapeValue: false } });
  hydrateAppStore(appStore, { user: customer, token: 'customer-token', language, ip });
  const List = pages.ipList?.Component;
  const Detail = pages.ipDetail?.Component;
  const Transfer = pages.ipTransfer?.Component;
  if (!List || !Detail || !Transfer) throw new Error('The remote lacks its pages');
  const router = createMemoryRouter(
    ['', '/en'].flatMap((prefix) => [
      { path: `${prefix}/ip`, Component: List },
      // Before `/ip/:id`, as in the contract's route table.
      {
        path: `${prefix}/ip/transfer/:id?`,
        Component: Transfer,
        errorElement: <ErrorStatus />,
        loader: ({ params, request }: { params: { id?: string }; request: Request }) =>
          runLoader('ipTransfer', params.id, language, request.signal),
      },
      {
        path: `${prefix}/ip/:id`,
        Component: Detail,
        errorElement: <ErrorStatus />,
        loader: ({ params, request }: { params: { id?: string }; request: Request }) =>
          runLoader('ipDetail', params.id, language, request.signal),
      },
    ]),
    { initialEntries: [url] },
  );
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

/** The browser APIs the screens use that jsdom lacks: the modal dialog, the clipboard, object URLs. */
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
