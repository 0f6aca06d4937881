// Signing in before confirming the address: the form says why and offers the way out, sending the confirmation again.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, clearMessageAtom, hydrateAppStore, messageAtom, StateProvider } from '@proxy/contract/state';
import { testI18n } from '../test/i18n.ts';
import { rememberRegistration } from './dialog-state.ts';
import { LoginForm } from './LoginForm.tsx';
import { stubMatchMedia } from '../test/browser.ts';

interface Call {
  readonly url: string;
  readonly body: unknown;
}

function stubApi(answers: Record<string, { status: number; body: unknown }>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, body: JSON.parse(String(init.body ?? 'null')) });
    const { status, body } = answers[url] ?? { status: 404, body: { detail: 'Not found.' } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

async function signInAs(email: string) {
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={testI18n('ru')}>
        <LoginForm />
      </I18nextProvider>
    </StateProvider>,
  );
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'right-password-1' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
  });
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

describe('signing in to an address not yet confirmed', () => {
  it('offers to send the confirmation again, and sends it to the address typed', async () => {
    const calls = stubApi({
      '/api/auth/login/': { status: 400, body: { non_field_errors: ['E-mail не подтверждён.'] } },
      '/api/auth/registration/resend-email/': { status: 200, body: { detail: 'ok' } },
    });
    await signInAs('new@example.com');
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: 'E-mail не подтверждён.' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Отправить письмо с подтверждением ещё раз' }));
    });
    expect(calls.at(-1)).toEqual({ url: '/api/auth/registration/resend-email/', body: { email: 'new@example.com' } });
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: 'ok' });
  });

  it('offers nothing of the kind for a wrong password', async () => {
    stubApi({
      '/api/auth/login/': {
        status: 400,
        body: { non_field_errors: ['Невозможно войти в систему с указанными учётными данными.'] },
      },
    });
    await signInAs('someone@example.com');
    expect(screen.queryByRole('button', { name: 'Отправить письмо с подтверждением ещё раз' })).toBeNull();
  });
});

describe('the address just registered here (#28)', () => {
  function renderForm() {
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={testI18n('ru')}>
          <LoginForm />
        </I18nextProvider>
      </StateProvider>,
    );
  }

  it('fills in the login form, with the password next, until it signs in', async () => {
    rememberRegistration({ email: 'fresh@example.com', next: null });
    stubApi({
      '/api/auth/login/': { status: 200, body: { key: 'a'.repeat(40) } },
      '/api/users/': {
        status: 200,
        body: {
          pk: 5,
          email: 'fresh@example.com',
          premission: [],
          is_superuser: false,
          language: 'ru',
          subscribed: true,
          date_joined: '2026-01-01T00:00:00Z',
          balance: 0,
          currency: 'RUB',
        },
      },
    });
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('fresh@example.com');
    expect(document.activeElement).toBe(screen.getByLabelText('Пароль'));
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'right-password-1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    });
    cleanup();
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('');
  });

  it('leaves the form empty in a browser that registered nothing', () => {
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
  });
});
