// The two-factor card on the user page (issue #48): setting up an authenticator (QR code, the key shown once, a
// first code), the recovery codes shown once with "Copy" and a download, a wrong code shown on its field, new codes,
// turning it off; staff told they must set it up; in ru and en.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TwoFactorStatus } from '@proxy/contract/schemas/two-factor';
import { appStore, clearMessageAtom, messageAtom } from '@proxy/contract/state';
import { customerWith, stubApi, stubBrowser, type Reply } from '@proxy/site-kit/testing';
import { renderRoutes } from '../test/render-routes.tsx';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { UserPage } from '../pages/UserPage.tsx';

const customer = customerWith({ date_joined: '2026-01-15T12:00:00Z', balance: 0 });
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);
const OFF: TwoFactorStatus = { enabled: false, confirmed_at: null, recovery_codes_left: 0, required: false };
const ON: TwoFactorStatus = {
  enabled: true,
  confirmed_at: '2026-06-01T10:00:00Z',
  recovery_codes_left: 7,
  required: false,
};

function openPage(language: 'ru' | 'en' = 'ru') {
  const url = language === 'en' ? '/en/user' : '/user';
  const routes = [
    { path: '/user', Component: UserPage },
    { path: '/en/user', Component: UserPage },
  ];
  return renderRoutes(routes, url, { user: customer, token: 'customer-token', language });
}

function fakeApi(answers: Record<string, Reply | ((body: unknown) => Reply)>) {
  return stubApi((call) => {
    const answer = answers[`${call.method} ${call.path}`];
    return typeof answer === 'function' ? answer(call.body) : answer;
  });
}

const posts = (requests: ReturnType<typeof fakeApi>) =>
  requests.filter((request) => request.method === 'POST').map(({ path, body }) => ({ path, body }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

describe('the two-factor card', () => {
  it('sets up an authenticator: QR code and key, a wrong code on its field, then the recovery codes once', async () => {
    const browser = stubBrowser();
    let status = OFF;
    const requests = fakeApi({
      'GET /api/users/two-factor/': () => [200, status],
      'POST /api/users/two-factor/totp/': [
        200,
        { secret: SECRET, otpauth_uri: `otpauth://totp/x?secret=${SECRET}`, qr: 'data:image/svg+xml;base64,PHN2Zy8+' },
      ],
      'POST /api/users/two-factor/totp/confirm/': (body) => {
        if ((body as { code: string }).code !== '123456') {
          return [400, { code: ['Код неверный или уже использован.'] }];
        }
        status = { ...ON, recovery_codes_left: 10 };
        return [200, { recovery_codes: CODES }];
      },
    });
    await openPage('ru');
    const card = await screen.findByRole('region', { name: ru.twoFactor.title });
    await act(async () => fireEvent.click(await within(card).findByRole('button', { name: ru.twoFactor.start })));
    const qr = within(card).getByRole('img', { name: ru.twoFactor.qrAlt });
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(card.textContent).toContain(SECRET);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.twoFactor.copySecret })));
    expect(browser.copied).toEqual([SECRET]);

    // Nothing typed: said on the field, nothing sent.
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.twoFactor.turnOn })));
    const field = within(card).getByLabelText(ru.twoFactor.firstCode);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(card).getByRole('alert').textContent).toBe(ru.forms.required);
    await act(async () => fireEvent.change(field, { target: { value: '000000' } }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.twoFactor.turnOn })));
    expect(within(card).getByRole('alert').textContent).toBe('Код неверный или уже использован.');
    await act(async () => fireEvent.change(field, { target: { value: ' 123456 ' } }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.twoFactor.turnOn })));
    expect(posts(requests)).toEqual([
      { path: '/api/users/two-factor/totp/', body: undefined },
      { path: '/api/users/two-factor/totp/confirm/', body: { code: '000000' } },
      { path: '/api/users/two-factor/totp/confirm/', body: { code: '123456' } },
    ]);

    const shown = await within(card).findByRole('list', { name: ru.twoFactor.codesList });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    // The key is gone from the page once it is on.
    expect(card.textContent).not.toContain(SECRET);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.twoFactor.copyCodes })));
    expect(browser.copied.at(-1)).toBe(`${CODES.join('\n')}\n`);
    const download = within(card).getByRole('link', { name: ru.twoFactor.download });
    expect(download.getAttribute('download')).toBe('recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toBe(
      `data:text/plain;charset=utf-8,${CODES.join('\n')}\n`,
    );
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.twoFactor.saved })));
    expect(card.textContent).not.toContain(CODES[0]);
    expect(await within(card).findByText('Осталось резервных кодов: 10')).toBeTruthy();
  });

  it('makes new recovery codes for a code, and turns off with the password and a code (en)', async () => {
    let status = ON;
    const requests = fakeApi({
      'GET /api/users/two-factor/': () => [200, status],
      'POST /api/users/two-factor/recovery-codes/': [200, { recovery_codes: CODES }],
      'POST /api/users/two-factor/disable/': (body) => {
        if ((body as { password: string }).password !== 'right password') {
          return [400, { password: ['The password is not correct.'] }];
        }
        status = OFF;
        return [200, { detail: 'Two-factor authentication is now off.' }];
      },
    });
    await openPage('en');
    const card = await screen.findByRole('region', { name: en.twoFactor.title });
    expect(await within(card).findByText('Recovery codes left: 7')).toBeTruthy();

    const regenerate = within(card).getByRole('form', { name: en.twoFactor.regenerateTitle });
    await act(async () =>
      fireEvent.change(within(regenerate).getByLabelText(en.twoFactor.code), { target: { value: '654321' } }),
    );
    await act(async () => fireEvent.click(within(regenerate).getByRole('button', { name: en.twoFactor.regenerate })));
    const shown = await within(card).findByRole('list', { name: en.twoFactor.codesList });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.twoFactor.saved })));

    const off = within(card).getByRole('form', { name: en.twoFactor.disableTitle });
    await act(async () =>
      fireEvent.change(within(off).getByLabelText(en.twoFactor.password), { target: { value: 'wrong' } }),
    );
    await act(async () =>
      fireEvent.change(within(off).getByLabelText(en.twoFactor.code), { target: { value: 'abcd0-efgh0' } }),
    );
    await act(async () => fireEvent.click(within(off).getByRole('button', { name: en.twoFactor.disable })));
    const password = within(off).getByLabelText(en.twoFactor.password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(off).getByRole('alert').textContent).toBe('The password is not correct.');
    await act(async () => fireEvent.change(password, { target: { value: 'right password' } }));
    await act(async () => fireEvent.click(within(off).getByRole('button', { name: en.twoFactor.disable })));
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: en.twoFactor.off });
    expect(await within(card).findByRole('button', { name: en.twoFactor.start })).toBeTruthy();
    expect(posts(requests)).toEqual([
      { path: '/api/users/two-factor/recovery-codes/', body: { code: '654321' } },
      { path: '/api/users/two-factor/disable/', body: { password: 'wrong', code: 'abcd0-efgh0' } },
      { path: '/api/users/two-factor/disable/', body: { password: 'right password', code: 'abcd0-efgh0' } },
    ]);
  });

  it('tells staff they must set it up before the panel opens', async () => {
    fakeApi({ 'GET /api/users/two-factor/': [200, { ...OFF, required: true }] });
    await openPage('ru');
    const card = await screen.findByRole('region', { name: ru.twoFactor.title });
    expect((await within(card).findByRole('status')).textContent).toBe(ru.twoFactor.required);
  });
});
