import { describe, expect, it } from 'vitest';
import {
  clearMessageAtom,
  createAppStore,
  drawerOpenAtom,
  INITIAL_STATE,
  isAuthenticatedAtom,
  languageAtom,
  messageAtom,
  showMessageAtom,
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
      block: {},
      pages: [],
      element: {},
      language: 'ru',
    });
    const store = createAppStore();
    expect(store.get(drawerOpenAtom)).toBe(true);
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(tokenAtom)).toBe('');
    expect(store.get(languageAtom)).toBe('ru');
    expect(store.get(isAuthenticatedAtom)).toBe(false);
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
