/**
 * The client session state of spec §3 and the one place the app touches jotai (house style: state library through
 * one wrapper). This module is a federation singleton, so the shell and every remote read the same atoms from the
 * same store; a second copy would silently show a remote an empty session.
 */
import { atom, createStore, Provider, useAtomValue, useSetAtom } from 'jotai';
import { createApiClient, type ApiClient } from './api/client.ts';
import type { StepUpRequired } from './api/errors.ts';
import type { Language } from './languages.ts';
import type { FooterLink, MenuItem } from './schemas/menu.ts';
import type { AuthUser } from './schemas/user.ts';
import {
  EMPTY_MESSAGE,
  homeBlockKey,
  homeStockKey,
  INITIAL_STATE,
  initialState,
  pageBlockKey,
  type HomeStock,
  type InitialState,
  type Message,
  type MessageColor,
  type PaymentMethodBadge,
} from './session-state.ts';

/** `atom` for state local to one app (the shell's dialog view, a remote's filters); session state lives below. */
export { atom, Provider as StateProvider, useAtomValue, useSetAtom };
export type AppStore = ReturnType<typeof createStore>;

export type { MenuItem };
// The plain shape lives in session-state.ts, which the server reads without jotai; the shell and remotes keep
// importing it from here with the atoms.
export {
  EMPTY_MESSAGE,
  homeBlockKey,
  homeStockKey,
  INITIAL_STATE,
  pageBlockKey,
  type HomeStock,
  type InitialState,
  type Message,
  type MessageColor,
  type PaymentMethodBadge,
};

const drawer = atom(INITIAL_STATE.drawer);
const user = atom<AuthUser | null>(INITIAL_STATE.user);
const token = atom(INITIAL_STATE.token);
const ip = atom(INITIAL_STATE.ip);
const message = atom<Message>(INITIAL_STATE.message);
const mobile = atom(INITIAL_STATE.mobile);
const menu = atom<readonly MenuItem[]>(INITIAL_STATE.menu);
const footer = atom<readonly FooterLink[]>(INITIAL_STATE.footer);
const block = atom<Readonly<Record<string, unknown>>>(INITIAL_STATE.block);
const pages = atom<readonly unknown[]>(INITIAL_STATE.pages);
const element = atom<Readonly<Record<string, unknown>>>(INITIAL_STATE.element);
const language = atom<Language>(INITIAL_STATE.language);
const apiUrl = atom('');
const siteName = atom(INITIAL_STATE.siteName);

// Read-only views; changes go through the action atoms below.
export const drawerOpenAtom = atom((get) => get(drawer));
export const userAtom = atom((get) => get(user));
export const tokenAtom = atom((get) => get(token));
export const clientIpAtom = atom((get) => get(ip));
export const messageAtom = atom((get) => get(message));
export const mobileAtom = atom((get) => get(mobile));
export const menuAtom = atom((get) => get(menu));
export const footerAtom = atom((get) => get(footer));
export const blockAtom = atom((get) => get(block));
export const pagesAtom = atom((get) => get(pages));
export const elementAtom = atom((get) => get(element));
export const languageAtom = atom((get) => get(language));
/** The site's name as the server is configured (SITE_NAME); it does not change while the page is open. */
export const siteNameAtom = atom((get) => get(siteName));
/** Authenticated means a user object is in state (spec §4). */
export const isAuthenticatedAtom = atom((get) => get(user) !== null);

export const setLanguageAtom = atom(null, (_get, set, next: Language) => set(language, next));
/** The drawer can be toggled (no argument) or set explicitly (spec §4). */
export const toggleDrawerAtom = atom(null, (get, set, open?: boolean) => set(drawer, open ?? !get(drawer)));
export const showMessageAtom = atom(null, (_get, set, text: string, color: MessageColor = 'success') =>
  set(message, { show: true, text, color }),
);
/** Signed in: the token (also kept in the `accessToken` cookie by the caller) and the user it belongs to. */
export const signedInAtom = atom(null, (_get, set, session: { token: string; user: AuthUser | null }) => {
  set(token, session.token);
  set(user, session.user);
});
/** The menu in another language, after a language switch. */
export const setMenuAtom = atom(null, (_get, set, next: readonly MenuItem[]) => set(menu, next));
/** The footer's links in another language, after a language switch. */
export const setFooterAtom = atom(null, (_get, set, next: readonly FooterLink[]) => set(footer, next));
/** A refreshed profile of the signed-in user. */
export const setUserAtom = atom(null, (_get, set, next: AuthUser) => set(user, next));
/** Back to anonymous: no user, empty token (spec §4). */
export const signedOutAtom = atom(null, (_get, set) => {
  set(token, '');
  set(user, null);
});
/**
 * Takes (and forgets) content the server embedded in the document's `block` state, e.g. the home page it rendered
 * the document for: the first render needs no second request, and later visits load fresh data.
 */
export const takeBlockAtom = atom(null, (get, set, key: string): unknown => {
  const { [key]: value, ...rest } = get(block);
  if (value !== undefined) set(block, rest);
  return value;
});
/** Clearing the message resets it to empty (spec §4). */
export const clearMessageAtom = atom(null, (_get, set) => set(message, EMPTY_MESSAGE));

/** Puts the initial values of spec §3, overlaid with what the server embedded, into a store. */
export function hydrateAppStore(store: AppStore, initial: Partial<InitialState> = {}): void {
  const state = initialState(initial);
  store.set(drawer, state.drawer);
  store.set(user, state.user);
  store.set(token, state.token);
  store.set(ip, state.ip);
  store.set(message, state.message);
  store.set(mobile, state.mobile);
  store.set(menu, state.menu);
  store.set(footer, state.footer);
  store.set(block, state.block);
  store.set(pages, state.pages);
  store.set(element, state.element);
  store.set(language, state.language);
  store.set(apiUrl, state.apiUrl ?? '');
  store.set(siteName, state.siteName);
}

export function createAppStore(initial: Partial<InitialState> = {}): AppStore {
  const store = createStore();
  hydrateAppStore(store, initial);
  return store;
}

/** The application's store, shared by the shell and every remote through the federation singleton. */
export const appStore: AppStore = createAppStore();

let stepUpHandler: ((required: StepUpRequired) => Promise<boolean>) | null = null;

/**
 * Who asks the person for a second factor again when the API wants a fresh one (the panel's step-up dialog, issue
 * #48); null: nobody, and the 403 reaches the caller. Answers true once confirmed, and the request is sent again.
 */
export function setStepUpHandler(handler: ((required: StepUpRequired) => Promise<boolean>) | null): void {
  stepUpHandler = handler;
}

/**
 * An API client bound to a session's store: it sends the store's language and token, and a 401 to a request that
 * carried a token (revoked, expired, user blocked) returns the session to anonymous (spec §4). The server's renderer
 * makes one per request with a `fetch` of its own.
 */
export function createSessionApi(store: AppStore, transport?: typeof fetch): ApiClient {
  return createApiClient({
    baseUrl: () => store.get(apiUrl),
    getLanguage: () => store.get(languageAtom),
    getToken: () => store.get(tokenAtom),
    onUnauthorized: () => store.set(signedOutAtom),
    onStepUpRequired: (required) => stepUpHandler?.(required) ?? Promise.resolve(false),
    ...(transport ? { fetch: transport } : {}),
  });
}

/** The browser's API client, bound to the application's store. */
export const api = createSessionApi(appStore);
