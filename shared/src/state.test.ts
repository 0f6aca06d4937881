import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  appStore,
  clearMessageAtom,
  createAppStore,
  hydrateAppStore,
  drawerOpenAtom,
  INITIAL_STATE,
  isAuthenticatedAtom,
  languageAtom,
  messageAtom,
  showMessageAtom,
  siteNameAtom,
  toggleDrawerAtom,
  tokenAtom,
  userAtom,
} from './state.ts';

describe('the session state (spec §3, §4)', () => {
  it('starts with the initial values of spec §3', () => {
    expect(INITIAL_STATE).toEqual({
      drawer: true,
      user: null,
      token: '',
      ip: '',
      message: { show: false, text: '', color: 'success' },
      mobile: false,
      menu: [],
      // Beyond spec §3: the footer's links.
      footer: [],
      block: {},
      pages: [],
      element: {},
      language: 'ru',
      // Beyond spec §3: the site's name until the server embeds the configured one (SITE_NAME).
      siteName: 'ProxyMob',
    });
    const store = createAppStore();
    expect(store.get(drawerOpenAtom)).toBe(true);
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(tokenAtom)).toBe('');
    expect(store.get(languageAtom)).toBe('ru');
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    expect(store.get(siteNameAtom)).toBe('ProxyMob');
    expect(createAppStore({ siteName: 'Acme Proxies' }).get(siteNameAtom)).toBe('Acme Proxies');
  });

  it('takes what the server embedded', () => {
    const store = createAppStore({ language: 'en', token: 'k' });
    expect(store.get(languageAtom)).toBe('en');
    expect(store.get(tokenAtom)).toBe('k');
  });

  it('toggles or sets the drawer, and shows and clears messages', () => {
    const store = createAppStore();
    store.set(toggleDrawerAtom);
    expect(store.get(drawerOpenAtom)).toBe(false);
    store.set(toggleDrawerAtom, false);
    expect(store.get(drawerOpenAtom)).toBe(false);
    store.set(toggleDrawerAtom, true);
    expect(store.get(drawerOpenAtom)).toBe(true);
    store.set(showMessageAtom, 'Saved', 'success');
    expect(store.get(messageAtom)).toEqual({ show: true, text: 'Saved', color: 'success' });
    store.set(clearMessageAtom);
    expect(store.get(messageAtom)).toEqual({ show: false, text: '', color: 'success' });
  });
});

describe('the API client of the application', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    hydrateAppStore(appStore);
  });

  it('calls this origin by default, and the API_URL the server embedded when there is one', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    await api.request('/api/pages/');
    hydrateAppStore(appStore, { apiUrl: 'https://api.proxymob.example' });
    await api.request('/api/pages/');
    expect(urls).toEqual(['/api/pages/', 'https://api.proxymob.example/api/pages/']);
  });
});
