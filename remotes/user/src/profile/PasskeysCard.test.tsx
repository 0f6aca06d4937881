// The passkeys card on the user page (issue #48): the account's passkeys listed with their dates, renamed, removed
// with the password (a wrong one on its field), and a browser without WebAuthn told so instead of offered to add one;
// in ru and en. Adding one goes through the browser's own prompt: e2e/passkeys.test.ts drives it in Chromium.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '@proxy/contract/schemas/two-factor';
import { appStore, clearMessageAtom } from '@proxy/contract/state';
import { customerWith, stubApi, type Reply } from '@proxy/site-kit/testing';
import { renderRoutes } from '../test/render-routes.tsx';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { UserPage } from '../pages/UserPage.tsx';

const customer = customerWith({ date_joined: '2026-01-15T12:00:00Z', balance: 0 });
const LAPTOP: Passkey = { id: 4, name: 'Laptop', created_at: '2026-06-01T10:00:00Z', last_used_at: null };
const PHONE: Passkey = {
  id: 5,
  name: 'Phone',
  created_at: '2026-06-02T10:00:00Z',
  last_used_at: '2026-06-03T10:00:00Z',
};

function openPage(language: 'ru' | 'en') {
  const routes = [
    { path: '/user', Component: UserPage },
    { path: '/en/user', Component: UserPage },
  ];
  return renderRoutes(routes, language === 'en' ? '/en/user' : '/user', {
    user: customer,
    token: 'customer-token',
    language,
  });
}

function fakeApi(answers: Record<string, Reply | ((body: unknown) => Reply)>) {
  return stubApi((call) => {
    const answer = answers[`${call.method} ${call.path}`];
    return typeof answer === 'function' ? answer(call.body) : answer;
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

describe('the passkeys card', () => {
  it('lists, renames and removes passkeys with the password (en)', async () => {
    let passkeys = [LAPTOP, PHONE];
    const requests = fakeApi({
      'GET /api/users/passkeys/': () => [200, passkeys],
      'PATCH /api/users/passkeys/4/': (body) => {
        passkeys = [{ ...LAPTOP, name: (body as { name: string }).name }, PHONE];
        return [200, passkeys[0]];
      },
      'POST /api/users/passkeys/5/delete/': (body) => {
        if ((body as { password: string }).password !== 'right password') {
          return [400, { password: ['The password is not correct.'] }];
        }
        passkeys = passkeys.filter((passkey) => passkey.id !== 5);
        return [200, { detail: 'The passkey was removed.' }];
      },
    });
    await openPage('en');
    const card = await screen.findByRole('region', { name: en.passkeys.title });
    const list = await within(card).findByRole('list', { name: en.passkeys.listLabel });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Laptop.*· not used yet/), expect.stringMatching(/^Phone.*· last used/)]);

    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Rename Laptop' })));
    const name = within(card).getByLabelText(en.passkeys.name);
    await act(async () => fireEvent.change(name, { target: { value: ' Work laptop ' } }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.passkeys.save })));
    expect(await within(card).findByText('Work laptop')).toBeTruthy();

    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Remove Phone' })));
    const password = within(card).getByLabelText(en.passkeys.password);
    await act(async () => fireEvent.change(password, { target: { value: 'wrong' } }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.passkeys.removeConfirm })));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(card).getByRole('alert').textContent).toBe('The password is not correct.');
    await act(async () => fireEvent.change(password, { target: { value: 'right password' } }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.passkeys.removeConfirm })));
    await vi.waitFor(() => expect(within(card).queryByText('Phone')).toBeNull());
    expect(
      requests.filter((request) => request.method !== 'GET').map(({ method, path, body }) => ({ method, path, body })),
    ).toEqual([
      { method: 'PATCH', path: '/api/users/passkeys/4/', body: { name: 'Work laptop' } },
      { method: 'POST', path: '/api/users/passkeys/5/delete/', body: { password: 'wrong' } },
      { method: 'POST', path: '/api/users/passkeys/5/delete/', body: { password: 'right password' } },
    ]);
  });

  it('says so in a browser without passkeys, and offers to add one where there are (ru)', async () => {
    fakeApi({ 'GET /api/users/passkeys/': [200, []] });
    await openPage('ru');
    const card = await screen.findByRole('region', { name: ru.passkeys.title });
    expect(await within(card).findByText(ru.passkeys.none)).toBeTruthy();
    expect(within(card).getByText(ru.passkeys.unsupported)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: ru.passkeys.add })).toBeNull();
    cleanup();

    // A browser with WebAuthn: the form asks for a name and the password before the browser's prompt.
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    await openPage('ru');
    const again = await screen.findByRole('region', { name: ru.passkeys.title });
    await act(async () => fireEvent.click(await within(again).findByRole('button', { name: ru.passkeys.add })));
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: ru.passkeys.create })));
    expect(within(again).getByLabelText(ru.passkeys.name).getAttribute('aria-invalid')).toBe('true');
    expect(within(again).getByLabelText(ru.passkeys.password).getAttribute('aria-invalid')).toBe('true');
  });
});
