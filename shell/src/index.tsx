import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { splitLanguage } from '@proxy/contract/languages';
import { appStore, hydrateAppStore, type InitialState } from '@proxy/contract/state';
import { App } from './app/App.tsx';
import { createRouter } from './app/router.tsx';
import { registerDeployedRemotes } from './federation/remotes.ts';
import { pendingAuthParamsAtom } from './auth/dialog-state.ts';
import { createI18n, loadShellStrings } from './i18n/instance.ts';
import { takeAuthParams } from './session/auth-params.ts';
import { loadIntegrations } from './session/integrations.ts';
import { guardOnSessionEnd, syncTokenCookie } from './session/session.ts';
import { startErrorAtom } from './app/start-error.ts';
import './styles/global.css';

/** The state the server embedded in the document (see server/plugins/document), if any. */
function readInitialState(): Partial<InitialState> {
  const element = document.getElementById('app-state');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as Partial<InitialState>;
  } catch {
    return {};
  }
}

// First of all: e-mail link secrets leave the address bar before any other script can read it.
appStore.set(pendingAuthParamsAtom, takeAuthParams(window.location, window.history));

const { language } = splitLanguage(window.location.pathname);
const initial = readInitialState();
hydrateAppStore(appStore, { ...initial, language });
appStore.set(startErrorAtom, initial.startError?.status ?? null);
syncTokenCookie();
// Only now, with the e-mail link secrets gone from the URL, may third-party scripts load.
loadIntegrations(initial.integrations, document);
const [strings, deployment] = await Promise.all([loadShellStrings(language), registerDeployedRemotes()]);
const i18n = createI18n(language, strings);
const router = createRouter(deployment, i18n);
guardOnSessionEnd(() => router.revalidate());

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App router={router} i18n={i18n} />
  </StrictMode>,
);
