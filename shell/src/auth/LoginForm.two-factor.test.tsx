// The sign-in's second step (issue #48), in the auth dialog and on /panel/login alike (one form): a right password
// for an account with a second factor asks for a code; a wrong code is shown on the field, a right one signs in, and
// a challenge that expired starts over at the password with the reason.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appStore,
  clearMessageAtom,
  hydrateAppStore,
  messageAtom,
  StateProvider,
  tokenAtom,
  userAtom,
} from '@proxy/contract/state';
import { testI18n } from '../test/i18n.ts';
import { stubMatchMedia } from '../test/browser.ts';
import { LoginForm } from './LoginForm.tsx';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

const CHALLENGE = 'c'.repeat(40);
const KEY = 'a'.repeat(40);
const USER = {
  pk: 5,
  email: 'guarded@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 0,
  currency: 'RUB',
};

type Answer = { status: number; body: unknown };

function stubApi(answers: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body ?? 'null')) as unknown;
    calls.push({ url, body });
    const answer = answers[url];
    const { status, body: reply } = (typeof answer === 'function' ? answer(body) : answer) ?? {
      status: 404,
      body: { detail: 'Not found.' },
    };
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

async function passwordStep(language: 'ru' | 'en') {
  const text = language === 'ru' ? ru : en;
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={testI18n(language)}>
        <LoginForm />
      </I18nextProvider>
    </StateProvider>,
  );
  fireEvent.change(screen.getByLabelText(text.fields.email), { target: { value: 'guarded@example.com' } });
  fireEvent.change(screen.getByLabelText(text.fields.password), { target: { value: 'right-password-1' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: text.login.submit })));
}

async function sendCode(code: string, language: 'ru' | 'en') {
  const text = language === 'ru' ? ru : en;
  fireEvent.change(screen.getByLabelText(text.twoFactor.code), { target: { value: code } });
  // By the end of its name: the spinner of the last try is still leaving (jsdom runs no animations) and names it too.
  const submit = screen.getByRole('button', { name: new RegExp(`${text.twoFactor.submit}$`) });
  await act(async () => fireEvent.click(submit));
}

beforeEach(() => {
  hydrateAppStore(appStore);
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

describe('the second step of signing in', () => {
  it('asks for the code, shows a wrong one on the field, and signs in with the right one', async () => {
    const calls = stubApi({
      '/api/auth/login/': {
        status: 200,
        body: { two_factor_required: true, challenge: CHALLENGE, methods: ['totp', 'recovery_code'] },
      },
      '/api/auth/login/two-factor/': (body) =>
        (body as { code: string }).code === '123456'
          ? { status: 200, body: { key: KEY } }
          : { status: 400, body: { code: ['Код неверный или уже использован.'] } },
      '/api/users/': { status: 200, body: USER },
    });
    await passwordStep('ru');
    // No session yet: only the challenge, and the code asked for, focused.
    expect(appStore.get(tokenAtom)).toBe('');
    expect(screen.getByText(ru.twoFactor.lead)).toBeTruthy();
    const field = screen.getByLabelText(ru.twoFactor.code);
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.queryByLabelText(ru.fields.password)).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: ru.twoFactor.submit })));
    expect(screen.getByText(ru.validation.required)).toBeTruthy();

    await sendCode('000000', 'ru');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('auth-code-error')?.textContent).toBe('Код неверный или уже использован.');
    expect(appStore.get(tokenAtom)).toBe('');

    await sendCode(' 123456 ', 'ru');
    expect(appStore.get(tokenAtom)).toBe(KEY);
    expect(appStore.get(userAtom)).toMatchObject({ email: 'guarded@example.com' });
    expect(calls.filter((call) => call.url === '/api/auth/login/two-factor/').map((call) => call.body)).toEqual([
      { challenge: CHALLENGE, code: '000000' },
      { challenge: CHALLENGE, code: '123456' },
    ]);
  });

  it('starts over at the password when the challenge expired, saying why (en)', async () => {
    stubApi({
      '/api/auth/login/': {
        status: 200,
        body: { two_factor_required: true, challenge: CHALLENGE, methods: ['totp', 'recovery_code'] },
      },
      '/api/auth/login/two-factor/': {
        status: 400,
        body: { challenge: ['This sign-in has expired. Enter your e-mail and password again.'] },
      },
    });
    await passwordStep('en');
    await sendCode('abcde-fghij', 'en');
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'error',
      text: 'This sign-in has expired. Enter your e-mail and password again.',
    });
    expect(screen.getByLabelText(en.fields.password)).toBeTruthy();
  });

  it('goes back to the password on request', async () => {
    stubApi({
      '/api/auth/login/': {
        status: 200,
        body: { two_factor_required: true, challenge: CHALLENGE, methods: ['totp', 'recovery_code'] },
      },
    });
    await passwordStep('ru');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ru.twoFactor.back })));
    expect(screen.getByLabelText(ru.fields.password)).toBeTruthy();
  });

  it('offers the passkey when the account has one: the browser signs, the sign-in completes (en)', async () => {
    const buffer = (text: string) => new TextEncoder().encode(text).buffer;
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const asked: unknown[] = [];
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: {
        get: async (options: unknown) => {
          asked.push(options);
          return {
            id: 'Y3JlZA',
            rawId: buffer('cred'),
            type: 'public-key',
            authenticatorAttachment: 'platform',
            getClientExtensionResults: () => ({}),
            response: {
              authenticatorData: buffer('auth'),
              clientDataJSON: buffer('data'),
              signature: buffer('sig'),
              userHandle: null,
            },
          };
        },
      },
    });
    const calls = stubApi({
      '/api/auth/login/': {
        status: 200,
        body: { two_factor_required: true, challenge: CHALLENGE, methods: ['passkey'] },
      },
      '/api/auth/passkey/options/': {
        status: 200,
        body: {
          challenge: 'Y2hhbGxlbmdl',
          rpId: 'localhost',
          allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }],
        },
      },
      '/api/auth/passkey/': { status: 200, body: { key: KEY } },
      '/api/users/': { status: 200, body: USER },
    });
    await passwordStep('en');
    // No code field: the account has only a passkey, and its button has the focus.
    expect(screen.getByText(en.twoFactor.leadPasskey)).toBeTruthy();
    expect(screen.queryByLabelText(en.twoFactor.code)).toBeNull();
    const use = screen.getByRole('button', { name: en.twoFactor.passkey });
    expect(document.activeElement).toBe(use);
    await act(async () => fireEvent.click(use));
    await vi.waitFor(() => expect(appStore.get(tokenAtom)).toBe(KEY));
    expect(asked).toHaveLength(1);
    expect(calls.filter((call) => call.url.startsWith('/api/auth/passkey/')).map((call) => call.body)).toEqual([
      { challenge: CHALLENGE },
      { challenge: CHALLENGE, credential: expect.objectContaining({ id: 'Y3JlZA', type: 'public-key' }) },
    ]);
    Reflect.deleteProperty(navigator, 'credentials');
  });
});
