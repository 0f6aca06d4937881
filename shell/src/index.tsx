import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { splitLanguage } from '@proxy/contract/languages';
import { api, appStore, hydrateAppStore, type InitialState } from '@proxy/contract/state';
import { App } from './app/App.tsx';
import { buildRoutes } from './app/router.tsx';
import { ROUTER_STATE_ID, type RouterState } from './app/router-state.ts';
import { loadRemoteModule, registerDeployedRemotes } from './federation/remotes.ts';
import { pendingAuthParamsAtom } from './auth/dialog-state.ts';
import { createI18n, loadShellStrings } from './i18n/instance.ts';
import { takeAuthParams } from './session/auth-params.ts';
import { loadIntegrations } from './session/integrations.ts';
import { guardOnSessionEnd, syncTokenCookie } from './session/session.ts';
import { startErrorAtom } from './app/start-error.ts';
import './styles/global.css';

/** A JSON script the server embedded in the document (server/plugins/site.ts), if any. */
function readEmbedded<T>(id: string): T | undefined {
  const element = document.getElementById(id);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return undefined;
  }
}

const rendered = readEmbedded<RouterState>(ROUTER_STATE_ID);

/**
 * Ends the current task: start-up goes on in a new one. A server-rendered page is painted and readable before the
 * scripts run, so each step of start-up below is its own short task (the browser paints, scrolls and answers taps
 * between them) instead of one long task blocking the page the visitor is already reading. A page the browser renders
 * itself shows nothing until start-up ends: it goes on at once.
 */
const nextTask = (): Promise<void> => (rendered ? new Promise((resolve) => setTimeout(resolve, 0)) : Promise.resolve());

/**
 * A server-rendered page hydrates with the routes it was rendered with already loaded: lazy routes resolved first,
 * or the router would render its loading fallback over the server's markup.
 */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    if (typeof route.lazy === 'function') {
      Object.assign(route, await route.lazy(), { lazy: undefined });
      await nextTask();
    }
  }
}

// First of all: e-mail link secrets leave the address bar before any other script can read it.
appStore.set(pendingAuthParamsAtom, takeAuthParams(window.location, window.history));

const { language } = splitLanguage(window.location.pathname);
const initial = readEmbedded<Partial<InitialState>>('app-state') ?? {};
hydrateAppStore(appStore, { ...initial, language });
appStore.set(startErrorAtom, initial.startError?.status ?? null);
syncTokenCookie();
// Only now, with the e-mail link secrets gone from the URL, may third-party scripts load.
loadIntegrations(initial.integrations, document);
const [strings, deployment] = await Promise.all([loadShellStrings(language), registerDeployedRemotes()]);
await nextTask();
const i18n = createI18n(language, strings);
await nextTask();
const routes = buildRoutes(deployment, {
  store: appStore,
  api,
  i18n,
  loadRemote: (name) => loadRemoteModule(name, i18n),
});
if (rendered) await resolveLazyMatches(routes);
const router = createBrowserRouter(routes, rendered && { hydrationData: rendered });
guardOnSessionEnd(() => router.revalidate());
await nextTask();

const root = document.getElementById('root') as HTMLElement;
const app = (
  <StrictMode>
    <App router={router} i18n={i18n} />
  </StrictMode>
);
// As a transition, hydration yields to the browser every few milliseconds (a tap, a scroll, the next frame) instead of
// holding the main thread for the whole page: the page is already painted and readable meanwhile.
if (rendered) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
