import { afterEach, describe, expect, it } from 'vitest';
import { appStore, hydrateAppStore, signedInAtom } from '@proxy/contract/state';
import { afterSignInAtom, markSignedIn } from '../auth/dialog-state.ts';
import { revalidateAfterSessionEnd, runGuard } from './guards.ts';

const user = {
  pk: 1,
  email: 'a@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru' as const,
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 0,
  currency: 'RUB' as const,
};

function thrown(action: () => void): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

afterEach(() => {
  localStorage.clear();
  hydrateAppStore(appStore);
  appStore.set(afterSignInAtom, null);
});

describe('route middleware (spec §4, §8)', () => {
  it("sends signed-out visitors from a protected page to the home page of the URL's language", () => {
    const en = thrown(() => runGuard(appStore, 'authenticated', 'en')) as Response;
    expect(en.status).toBe(302);
    expect(en.headers.get('Location')).toBe('/en');
    expect((thrown(() => runGuard(appStore, 'authenticated', 'ru')) as Response).headers.get('Location')).toBe('/');
  });

  it('opens registration for a new visitor who asked for a protected address, and keeps the address to go on to', () => {
    const response = thrown(() => runGuard(appStore, 'authenticated', 'ru', '/order?period=7')) as Response;
    expect(response.headers.get('Location')).toBe('/#registration');
    expect(appStore.get(afterSignInAtom)).toBe('/order?period=7');
  });

  it('opens sign-in for a new visitor who asked for another private address, such as a link to a proxy', () => {
    const response = thrown(() => runGuard(appStore, 'authenticated', 'en', '/en/ip/5')) as Response;
    expect(response.headers.get('Location')).toBe('/en#login');
    expect(appStore.get(afterSignInAtom)).toBe('/en/ip/5');
  });

  it('opens sign-in for a returning customer who asked for a protected address, and keeps the address', () => {
    markSignedIn();
    const response = thrown(() => runGuard(appStore, 'authenticated', 'en', '/en/order?period=7')) as Response;
    expect(response.headers.get('Location')).toBe('/en#login');
    expect(appStore.get(afterSignInAtom)).toBe('/en/order?period=7');
    expect(
      (thrown(() => runGuard(appStore, 'authenticated', 'ru', '/order')) as Response).headers.get('Location'),
    ).toBe('/#login');
    expect(appStore.get(afterSignInAtom)).toBe('/order');
  });

  it('sends a customer whose session ended on a protected page home, without the sign-in dialog', async () => {
    markSignedIn();
    let response: Response | undefined;
    await revalidateAfterSessionEnd(async () => {
      response = thrown(() => runGuard(appStore, 'authenticated', 'ru', '/order?period=7')) as Response;
    });
    expect(response?.headers.get('Location')).toBe('/');
    expect(appStore.get(afterSignInAtom)).toBeNull();
    // Only while that revalidation runs: the next visit gets the dialog again.
    expect(
      (thrown(() => runGuard(appStore, 'authenticated', 'ru', '/order')) as Response).headers.get('Location'),
    ).toBe('/#login');
  });

  it('sends signed-in users from a guest-only page to /home', () => {
    appStore.set(signedInAtom, { token: 't', user });
    expect(thrown(() => runGuard(appStore, 'authenticated', 'ru'))).toBeUndefined();
    expect((thrown(() => runGuard(appStore, 'notAuthenticated', 'en')) as Response).headers.get('Location')).toBe(
      '/en/home',
    );
  });

  it('lets through what it should', () => {
    expect(thrown(() => runGuard(appStore, 'notAuthenticated', 'ru'))).toBeUndefined();
    expect(thrown(() => runGuard(appStore, undefined, 'ru'))).toBeUndefined();
  });

  it("fails an unknown middleware name with 500 'Unknown middleware {name}'", () => {
    const error = thrown(() => runGuard(appStore, 'admin-only', 'ru')) as Error & { status: number };
    expect(error.message).toBe('Unknown middleware admin-only');
    expect(error.status).toBe(500);
  });
});
