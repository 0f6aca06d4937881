// What a component test of a panel section needs, in one place for every section (`@proxy/panel-kit/testing`, for
// tests only — never imported by a section's screens): the section's translations in a fresh i18next instance, the
// shared store with a signed-in staff user, a stubbed API (fetch), the browser APIs jsdom lacks that antd uses, a
// screen rendered at a path in a memory router, and the antd interactions the sections' tests share.
import type { ComponentType, ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { appStore, hydrateAppStore, StateProvider } from '@proxy/contract/state';
import { installBrowserStubs } from './browser-stubs.ts';

export { installBrowserStubs };

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

/**
 * Every test of the file with the browser stubs installed and, when `permissions` are given, signed in with them;
 * after each, the screen unmounted and the stubbed globals (fetch) restored.
 */
export function screenTests(permissions?: readonly string[]): void {
  beforeEach(() => {
    installBrowserStubs();
    if (permissions) signIn(permissions);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
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

/** The query of a recorded call's URL, as an object. */
export const queryOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);

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

/**
 * A route of a rendered screen. One without a `Component` is an empty stand-in: where a link, a redirect or a saved
 * form leads, so a test sees the location change without rendering that screen.
 */
export interface TestRoute {
  readonly path: string;
  readonly Component?: ComponentType;
  readonly loader?: () => unknown;
}

const StandIn = () => null;

/** What `renderForm` renders: a resource's create and edit screens (see `sectionHarness`). */
export interface FormScreens {
  readonly list: string;
  readonly base?: string;
  readonly Create: ComponentType;
  readonly Edit: ComponentType;
  readonly loaded: unknown;
}

/**
 * A section's harness: its `Providers`; `renderRoutes`, which renders `routes` in a memory router at `path` inside
 * them and returns the router (a test reads where the screen navigated from `router.state.location`); and
 * `renderForm`, the same for a resource's create and edit screens.
 */
export function sectionHarness(namespace: string, translations: Translations) {
  const Providers = sectionProviders(namespace, translations);
  async function renderRoutes(routes: readonly TestRoute[], path: string) {
    const router = createMemoryRouter(
      routes.map((route) => ({ ...route, Component: route.Component ?? StandIn })),
      { initialEntries: [path] },
    );
    await act(async () => {
      render(
        <Providers>
          <RouterProvider router={router} />
        </Providers>,
      );
    });
    return router;
  }
  /**
   * A resource's form screens at `path`: `{base}/add` (Create) and `{base}/:id` (Edit, its loader answering `loaded`),
   * with `list` — where a saved or deleted resource leads — a stand-in. `base` is the list's path unless given.
   */
  function renderForm(path: string, screens: FormScreens) {
    const { list, base = list, Create, Edit, loaded } = screens;
    return renderRoutes(
      [
        { path: list },
        { path: `${base}/add`, Component: Create },
        { path: `${base}/:id`, Component: Edit, loader: () => loaded },
      ],
      path,
    );
  }
  return { Providers, renderRoutes, renderForm };
}

/** The query of the router's current location, as an object. */
export const locationQuery = (router: { readonly state: { readonly location: { readonly search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

/** Picks `option` in the antd select labelled `label` (inside `container`, the whole page by default). */
export async function chooseOption(label: string, option: string, container: HTMLElement = document.body) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}
