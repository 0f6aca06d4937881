// The API keys card on the user page (issue #30): a key made with a name and scopes, its secret shown once with
// "Copy" and a warning, the list with each key's last use, revoking after a confirmation; in ru and en.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@proxy/contract/schemas/api-keys';
import { appStore, clearMessageAtom, messageAtom } from '@proxy/contract/state';
import { customerWith, stubApi, stubBrowser, type Reply } from '@proxy/site-kit/testing';
import { renderRoutes } from '../test/render-routes.tsx';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { UserPage } from '../pages/UserPage.tsx';

const customer = customerWith({ date_joined: '2026-01-15T12:00:00Z', balance: 0 });
const SECRET = `mpk_1a2b3c4d_${'e'.repeat(40)}`;

const key = (id: number, changes: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name: 'Scraper',
  prefix: 'mpk_0f0f0f0f',
  scopes: ['proxies:read', 'proxies:rotate'],
  created_at: '2026-06-01T10:00:00Z',
  last_used_at: '2026-06-02T10:00:00Z',
  last_used_ip: '203.0.113.7',
  revoked_at: null,
  ...changes,
});

function openPage(language: 'ru' | 'en' = 'ru') {
  const url = language === 'en' ? '/en/user' : '/user';
  const routes = [
    { path: '/user', Component: UserPage },
    { path: '/en/user', Component: UserPage },
  ];
  return renderRoutes(routes, url, { user: customer, token: 'customer-token', language });
}

/** The API by `METHOD /path/` (a function gets the request body); anything else is a 404. */
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

describe('the API keys card', () => {
  it('lists the keys with their scopes and last use, a revoked one marked without "Revoke"', async () => {
    fakeApi({
      'GET /api/users/api-keys/': [
        200,
        [key(1), key(2, { name: 'Old', last_used_at: null, revoked_at: '2026-06-03T10:00:00Z' })],
      ],
    });
    await openPage('en');
    const card = await screen.findByRole('region', { name: en.apiKeys.title });
    const list = await within(card).findByRole('list', { name: en.apiKeys.list });
    // The documentation page, with examples and "Try it" for these keys.
    expect(within(card).getByRole('link', { name: en.apiKeys.docs }).getAttribute('href')).toBe('/en/api-docs');
    const [live, revoked] = within(list).getAllByRole('listitem');
    expect(live?.textContent).toContain('Scraper');
    expect(live?.textContent).toContain('mpk_0f0f0f0f…');
    expect(live?.textContent).toContain('Read proxies, Change IP');
    expect(live?.textContent).toContain('from 203.0.113.7');
    expect(within(live as HTMLElement).getByRole('button', { name: en.apiKeys.revoke })).toBeTruthy();
    expect(revoked?.textContent).toContain(en.apiKeys.revokedBadge);
    expect(revoked?.textContent).toContain(en.apiKeys.neverUsed);
    expect(within(revoked as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('creates a key with the ticked scopes and shows its secret once, with "Copy" and the warning', async () => {
    const browser = stubBrowser();
    let listed: ApiKey[] = [];
    const requests = fakeApi({
      'GET /api/users/api-keys/': () => [200, listed],
      'POST /api/users/api-keys/': (body) => {
        const created = {
          ...key(7, { last_used_at: null, last_used_ip: '' }),
          ...(body as object),
          prefix: 'mpk_1a2b3c4d',
        };
        listed = [created as ApiKey];
        return [201, { ...created, secret: SECRET }];
      },
    });
    await openPage('ru');
    const card = await screen.findByRole('region', { name: ru.apiKeys.title });
    await within(card).findByText(ru.apiKeys.none);
    await act(async () =>
      fireEvent.change(within(card).getByLabelText(ru.apiKeys.name), { target: { value: ' Бот ' } }),
    );
    await act(async () => fireEvent.click(within(card).getByLabelText(ru.apiKeys.scope.billing_read)));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.apiKeys.create })));
    expect(requests.filter((request) => request.method === 'POST').map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/api/users/api-keys/', body: { name: 'Бот', scopes: ['proxies:read', 'billing:read'] } },
    ]);
    const notice = await within(card).findByRole('status');
    expect(notice.textContent).toContain(SECRET);
    expect(notice.textContent).toContain('показывается только один раз');
    await act(async () => fireEvent.click(within(notice).getByRole('button', { name: ru.apiKeys.copy })));
    expect(browser.copied).toEqual([SECRET]);
    await within(card).findByText('mpk_1a2b3c4d…');
    // Dismissed, the secret is gone from the page for good: the list shows only the prefix.
    await act(async () => fireEvent.click(within(notice).getByRole('button', { name: ru.apiKeys.done })));
    expect(card.textContent).not.toContain(SECRET);
  });

  it("checks the form before sending, and shows the server's refusal", async () => {
    const requests = fakeApi({
      'GET /api/users/api-keys/': [200, []],
      'POST /api/users/api-keys/': [
        409,
        { detail: 'У аккаунта может быть не больше 20 API-ключей: сначала отзовите ненужный.' },
      ],
    });
    await openPage('ru');
    const card = await screen.findByRole('region', { name: ru.apiKeys.title });
    await within(card).findByText(ru.apiKeys.none);
    await act(async () => fireEvent.click(within(card).getByLabelText(ru.apiKeys.scope.proxies_read)));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.apiKeys.create })));
    expect(
      within(card)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([ru.forms.required, ru.apiKeys.scopesRequired]);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await act(async () => fireEvent.change(within(card).getByLabelText(ru.apiKeys.name), { target: { value: 'Бот' } }));
    await act(async () => fireEvent.click(within(card).getByLabelText(ru.apiKeys.scope.orders_write)));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.apiKeys.create })));
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'error',
      text: 'У аккаунта может быть не больше 20 API-ключей: сначала отзовите ненужный.',
    });
    expect(within(card).queryByRole('status')).toBeNull();
  });

  it('revokes a key only after the confirmation', async () => {
    stubBrowser();
    let revoked = false;
    const requests = fakeApi({
      'GET /api/users/api-keys/': () => [200, [key(3, revoked ? { revoked_at: '2026-06-04T10:00:00Z' } : {})]],
      'DELETE /api/users/api-keys/3/': () => {
        revoked = true;
        return [204, null];
      },
    });
    await openPage('en');
    const card = await screen.findByRole('region', { name: en.apiKeys.title });
    await act(async () => fireEvent.click(await within(card).findByRole('button', { name: en.apiKeys.revoke })));
    const dialog = await screen.findByRole('dialog', { name: en.apiKeys.revokeTitle });
    expect(dialog.textContent).toContain('Scripts using “Scraper” stop working at once.');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: en.apiKeys.revoke })));
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: en.apiKeys.revoked });
    await within(card).findByText(en.apiKeys.revokedBadge);
    expect(within(card).queryByRole('button', { name: en.apiKeys.revoke })).toBeNull();
  });
});
