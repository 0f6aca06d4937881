// The account part of the user page: the e-mail and date joined, the language (saved, and the site moves to it), the
// password change (checks that need no server, the server's messages on their fields, other devices signed out), the
// e-mail change (a link to the new address) and the signed-in devices (sign one out, or all but this one).
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@proxy/contract/schemas/users';
import { appStore, clearMessageAtom, messageAtom, userAtom } from '@proxy/contract/state';
import { customerWith } from '@proxy/site-kit/testing';
import { renderRoutes } from '../test/render-routes.tsx';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { UserPage } from '../pages/UserPage.tsx';
import { deviceName } from './SessionsCard.tsx';

const customer = customerWith({ date_joined: '2026-01-15T12:00:00Z', balance: 0 });

const session = (id: number, changes: Partial<Session> = {}): Session => ({
  id,
  browser: 'Firefox 128',
  os: 'Windows',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  ip: '203.0.113.7',
  created_at: '2026-06-01T10:00:00Z',
  last_used_at: '2026-06-02T10:00:00Z',
  current: false,
  ...changes,
});

interface Request {
  method: string;
  path: string;
  body: unknown;
}
type Answer = readonly [status: number, body: unknown];

/**
 * The API at the fetch level: `answers` by `METHOD /path/` (a function gets the request body); anything else is a
 * 404. Every request is recorded.
 */
function fakeApi(answers: Record<string, Answer | ((body: unknown) => Answer)>): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0] ?? '';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path, body });
    const answer = answers[`${method} ${path}`];
    const [status, payload] =
      typeof answer === 'function' ? answer(body) : (answer ?? [404, { detail: 'Не найдено.' }]);
    return status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  return requests;
}

const SESSIONS = [
  session(1, { current: true, browser: 'Chrome 126', os: 'Android 14', ip: '198.51.100.1' }),
  session(2),
  session(3, { browser: '', os: '', user_agent: '' }),
];

function openPage(url = '/user', language: 'ru' | 'en' = 'ru') {
  const routes = [
    { path: '/user', Component: UserPage },
    { path: '/en/user', Component: UserPage },
  ];
  return renderRoutes(routes, url, { user: customer, token: 'customer-token', language });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** The message a field's error element (its `aria-describedby`) shows. */
function errorOf(field: HTMLElement): string {
  const id = field.getAttribute('aria-describedby') ?? '';
  return document.getElementById(id)?.textContent ?? '';
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

describe('the account card', () => {
  it('shows the e-mail and the date joined', async () => {
    fakeApi({});
    await openPage('/en/user', 'en');
    const card = screen.getByRole('region', { name: en.profile.card });
    expect(card.textContent).toContain('buyer@example.com');
    expect(card.textContent).toContain('Jan 15, 2026');
    expect(within(card).getByLabelText(en.profile.language)).toHaveProperty('value', 'ru');
  });

  it('saves another language and moves the site to it, keeping the page and its query', async () => {
    const requests = fakeApi({
      'PATCH /api/users/': (body) => [200, { ...customer, ...(body as object) }],
    });
    const router = await openPage('/user?page=2');
    const card = screen.getByRole('region', { name: ru.profile.card });
    const save = within(card).getByRole('button', { name: ru.profile.save });
    expect(save.hasAttribute('disabled')).toBe(true);
    await act(async () => type(within(card).getByLabelText(ru.profile.language), 'en'));
    await act(async () => fireEvent.click(save));
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/users/', body: { language: 'en' } },
    ]);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en/user'));
    expect(router.state.location.search).toBe('?page=2');
    expect(appStore.get(userAtom)?.language).toBe('en');
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: en.profile.languageSaved });
  });

  it('stays on the page and says why when the language cannot be saved', async () => {
    fakeApi({ 'PATCH /api/users/': [400, { language: ['Недопустимый язык.'] }] });
    const router = await openPage('/user');
    const card = screen.getByRole('region', { name: ru.profile.card });
    await act(async () => type(within(card).getByLabelText(ru.profile.language), 'en'));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.profile.save })));
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: 'Недопустимый язык.' });
    expect(router.state.location.pathname).toBe('/user');
    expect(appStore.get(userAtom)?.language).toBe('ru');
  });
});

describe('the password change', () => {
  async function fill(values: [string, string, string]) {
    const card = screen.getByRole('region', { name: ru.password.title });
    const fields = [ru.password.old, ru.password.new1, ru.password.new2].map((label) =>
      within(card).getByLabelText(label),
    );
    await act(async () => fields.forEach((field, index) => type(field, values[index] ?? '')));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.password.submit })));
    return { card, fields };
  }

  it('asks for every field and for the same new password twice, without asking the server', async () => {
    const requests = fakeApi({});
    await openPage();
    const empty = await fill(['', '', '']);
    expect(empty.fields.map(errorOf)).toEqual([ru.forms.required, ru.forms.required, ru.forms.required]);
    const { fields } = await fill(['old-secret', 'new-secret-1', 'new-secret-2']);
    expect(fields.map(errorOf)).toEqual(['', '', ru.password.mismatch]);
    expect(fields[2]?.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((request) => request.path === '/api/auth/password/change/')).toBe(false);
  });

  it("puts the server's messages on their fields, and one about the request above the button", async () => {
    let answer: Answer = [400, { old_password: ['Неверный пароль.'], new_password2: ['Пароль слишком простой.'] }];
    const requests = fakeApi({ 'POST /api/auth/password/change/': () => answer });
    await openPage();
    const { card, fields } = await fill(['wrong', 'qwerty', 'qwerty']);
    expect(requests.find((request) => request.path === '/api/auth/password/change/')?.body).toEqual({
      old_password: 'wrong',
      new_password1: 'qwerty',
      new_password2: 'qwerty',
    });
    expect(fields.map(errorOf)).toEqual(['Неверный пароль.', '', 'Пароль слишком простой.']);
    expect(within(card).queryByRole('status')).toBeNull();

    answer = [400, { non_field_errors: ['Попробуйте позже.'] }];
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.password.submit })));
    expect(fields.map(errorOf)).toEqual(['', '', '']);
    expect(
      within(card)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Попробуйте позже.']);
  });

  it('says the other devices were signed out, clears the fields and lists the devices again', async () => {
    let sessions = SESSIONS;
    const requests = fakeApi({
      'GET /api/users/sessions/': () => [200, sessions],
      'POST /api/auth/password/change/': () => {
        sessions = SESSIONS.filter((one) => one.current);
        return [200, { detail: 'Новый пароль сохранён.' }];
      },
    });
    await openPage();
    const devices = screen.getByRole('region', { name: ru.sessions.title });
    expect(await within(devices).findAllByRole('listitem')).toHaveLength(3);
    const { card, fields } = await fill(['old-secret', 'new-secret', 'new-secret']);
    expect(within(card).getByRole('status').textContent).toBe(ru.password.changed);
    expect(fields.map((field) => (field as HTMLInputElement).value)).toEqual(['', '', '']);
    await vi.waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(1));
    expect(requests.filter((request) => request.path === '/api/users/sessions/')).toHaveLength(2);
  });
});

describe('the e-mail change', () => {
  async function send(email: string, password: string) {
    const card = screen.getByRole('region', { name: ru.email.title });
    const fields = [ru.email.new, ru.email.password].map((label) => within(card).getByLabelText(label));
    await act(async () => {
      type(fields[0] as HTMLElement, email);
      type(fields[1] as HTMLElement, password);
    });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.email.submit })));
    return { card, fields };
  }

  it('sends the link to the new address and says where it went', async () => {
    const requests = fakeApi({
      'POST /api/users/email/': [200, { detail: 'Ссылка для подтверждения отправлена на новый адрес.' }],
    });
    await openPage();
    const { card } = await send('  new@example.com ', 'secret');
    expect(requests.find((request) => request.path === '/api/users/email/')?.body).toEqual({
      email: 'new@example.com',
      password: 'secret',
    });
    expect(within(card).getByRole('status').textContent).toBe(
      'Мы отправили ссылку на new@example.com. Откройте её в течение 3 дней, чтобы сменить адрес.',
    );
    expect(within(card).queryByLabelText(ru.email.password)).toBeNull();
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.email.again })));
    expect(within(card).getByLabelText(ru.email.new)).toBeTruthy();
  });

  it('shows a wrong password and a taken address on their fields', async () => {
    let answer: Answer = [400, { password: ['Неверный пароль.'] }];
    fakeApi({ 'POST /api/users/email/': () => answer });
    await openPage();
    const { card, fields } = await send('new@example.com', 'wrong');
    expect(fields.map(errorOf)).toEqual(['', 'Неверный пароль.']);
    answer = [400, { email: ['Этот адрес уже занят.'] }];
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.email.submit })));
    expect(fields.map(errorOf)).toEqual(['Этот адрес уже занят.', '']);
    expect(within(card).queryByRole('status')).toBeNull();
  });

  it('asks for both fields before sending', async () => {
    const requests = fakeApi({});
    await openPage();
    const { fields } = await send('', '');
    expect(fields.map(errorOf)).toEqual([ru.forms.required, ru.forms.required]);
    expect(requests.some((request) => request.path === '/api/users/email/')).toBe(false);
  });
});

describe('the signed-in devices', () => {
  it('lists every device, this one marked and without "Sign out"', async () => {
    fakeApi({ 'GET /api/users/sessions/': [200, SESSIONS] });
    await openPage('/en/user', 'en');
    const devices = screen.getByRole('region', { name: en.sessions.title });
    const items = await within(devices).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Chrome 126 · Android 14This deviceIP 198\.51\.100\.1 · last active /),
      expect.stringMatching(/^Firefox 128 · WindowsIP 203\.0\.113\.7 · last active .*Sign out$/),
      expect.stringMatching(/^Unknown deviceIP 203\.0\.113\.7 · last active .*Sign out$/),
    ]);
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('names a device by its user agent when nothing was recognised in it, shortened', () => {
    const agent = `CustomClient/1.0 ${'x'.repeat(100)}`;
    const name = deviceName(session(4, { browser: '', os: '', user_agent: agent }), 'unknown');
    expect(name).toHaveLength(60);
    expect(name.startsWith('CustomClient/1.0 ')).toBe(true);
    expect(name.endsWith('…')).toBe(true);
    expect(deviceName(session(4, { browser: 'Safari', os: '' }), 'unknown')).toBe('Safari');
  });

  it('signs one device out, showing progress, and takes it off the list', async () => {
    let release: () => void = () => undefined;
    const requests = fakeApi({ 'GET /api/users/sessions/': [200, SESSIONS] });
    const listFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method !== 'DELETE') return listFetch(url, init);
      requests.push({ method: 'DELETE', path: url, body: undefined });
      await new Promise<void>((resolve) => (release = resolve));
      return new Response(null, { status: 204 });
    });
    await openPage();
    const devices = screen.getByRole('region', { name: ru.sessions.title });
    const second = (await within(devices).findAllByRole('listitem'))[1] as HTMLElement;
    await act(async () => fireEvent.click(within(second).getByRole('button', { name: ru.sessions.signOut })));
    const busy = within(second).getByRole('button', { name: ru.sessions.signingOut });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    await vi.waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(2));
    expect(devices.textContent).not.toContain('Firefox 128');
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/users/sessions/2/',
    ]);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: ru.sessions.signedOut });
  });

  it('signs out everywhere else, saying on how many devices', async () => {
    let sessions = SESSIONS;
    const requests = fakeApi({
      'GET /api/users/sessions/': () => [200, sessions],
      'POST /api/users/sessions/revoke-others/': () => {
        sessions = SESSIONS.filter((one) => one.current);
        return [200, { revoked: 2 }];
      },
    });
    await openPage();
    const devices = screen.getByRole('region', { name: ru.sessions.title });
    await within(devices).findAllByRole('listitem');
    await act(async () => fireEvent.click(within(devices).getByRole('button', { name: ru.sessions.signOutOthers })));
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: 'Выход выполнен на 2 устройствах' });
    await vi.waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(1));
    expect(within(devices).getByText(ru.sessions.noOthers)).toBeTruthy();
    expect(within(devices).queryByRole('button', { name: ru.sessions.signOutOthers })).toBeNull();
    expect(requests.filter((request) => request.path === '/api/users/sessions/revoke-others/')).toHaveLength(1);
  });
});
