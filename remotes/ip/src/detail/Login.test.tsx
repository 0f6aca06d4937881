// Changing the proxy's login on its page (#29): the rule checked before sending, in the page's language; the API's
// "taken" on the field; once saved, the new login in the card and in the ready-to-paste strings.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, messageAtom } from '@proxy/contract/state';
import { type Handler, page, stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { openAt, proxy } from '../test/harness.tsx';

/** Proxy 7, its empty history and traffic, and whatever `more` answers first. */
const api =
  (more: Handler): Handler =>
  (call) =>
    more(call) ??
    (call.path === '/api/proxies/7/' && call.method === 'GET'
      ? [200, proxy(7, { login: 'u7k2m9x4qp' })]
      : call.path === '/api/proxies/7/rotations/'
        ? [200, page(1, [])]
        : call.path === '/api/proxies/7/traffic/'
          ? [200, { range: '24h', points: [], total_in: 0, total_out: 0 }]
          : undefined);

const typeLogin = async (card: HTMLElement, label: string, value: string, save: string) => {
  fireEvent.change(within(card).getByLabelText(label), { target: { value } });
  await act(async () => fireEvent.click(within(card).getByRole('button', { name: save })));
};

beforeEach(() => {
  stubBrowser();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the proxy's login", () => {
  it('checks the rule before sending, says "taken" from the API, and shows the new login once saved (ru)', async () => {
    let taken = true;
    const calls = stubApi(
      api((call) =>
        call.path === '/api/proxies/7/login/'
          ? taken
            ? [400, { login: ['Этот логин уже занят: выберите другой.'] }]
            : [200, proxy(7, { login: (call.body as { login: string }).login })]
          : undefined,
      ),
    );
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.connection.title });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.connection.changeLogin })));
    const input = within(card).getByLabelText(ru.connection.newLogin) as HTMLInputElement;
    expect(input.value).toBe('u7k2m9x4qp');

    for (const bad of ['abc', '1shop', 'shop:1', 'магазин1']) {
      await typeLogin(card, ru.connection.newLogin, bad, ru.connection.saveLogin);
      expect(within(card).getByRole('alert').textContent).toBe(ru.validation.login);
    }
    expect(calls.some((call) => call.path === '/api/proxies/7/login/')).toBe(false);

    // Typed in capitals, sent (and shown) in lower case.
    await typeLogin(card, ru.connection.newLogin, 'Shop2024', ru.connection.saveLogin);
    expect(input.value).toBe('shop2024');
    expect(calls.filter((call) => call.path === '/api/proxies/7/login/').map((call) => call.body)).toEqual([
      { login: 'shop2024' },
    ]);
    expect(within(card).getByRole('alert').textContent).toBe('Этот логин уже занят: выберите другой.');

    taken = false;
    await typeLogin(card, ru.connection.newLogin, 'shop2025', ru.connection.saveLogin);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: ru.connection.loginChanged });
    expect(within(card).queryByLabelText(ru.connection.newLogin)).toBeNull();
    expect(card.textContent).toContain('shop2025');
    expect(card.textContent).toContain('http://shop2025:');
    expect(card.textContent).not.toContain('u7k2m9x4qp');
  });

  it('cancels without sending, and saving the same login sends nothing (en)', async () => {
    const calls = stubApi(api(() => undefined));
    await openAt('/en/ip/7', { language: 'en' });
    const card = await screen.findByRole('region', { name: en.connection.title });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.connection.changeLogin })));
    expect(card.textContent).toContain(en.connection.loginHelp);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.connection.cancelLogin })));
    expect(within(card).queryByLabelText(en.connection.newLogin)).toBeNull();

    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.connection.changeLogin })));
    await typeLogin(card, en.connection.newLogin, 'ab', en.connection.saveLogin);
    expect(within(card).getByRole('alert').textContent).toBe(en.validation.login);
    await typeLogin(card, en.connection.newLogin, 'u7k2m9x4qp', en.connection.saveLogin);
    expect(within(card).queryByLabelText(en.connection.newLogin)).toBeNull();
    expect(calls.some((call) => call.path === '/api/proxies/7/login/')).toBe(false);
  });
});
