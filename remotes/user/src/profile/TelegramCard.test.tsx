// The Telegram card on the user page (#30): without a bot it says Telegram is not available; "Link Telegram" shows
// the one-time code with the bot's deep link and the command, and the card asks again until the chat is linked;
// "Unlink" after a confirmation; in ru and en.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TelegramLink } from '@proxy/contract/schemas/telegram';
import { appStore, clearMessageAtom, messageAtom } from '@proxy/contract/state';
import { customerWith, stubApi, stubBrowser, type Reply } from '@proxy/site-kit/testing';
import { renderRoutes } from '../test/render-routes.tsx';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { UserPage } from '../pages/UserPage.tsx';
import { TelegramCard } from './TelegramCard.tsx';

const customer = customerWith({ date_joined: '2026-01-15T12:00:00Z', balance: 0 });
const CODE = 'ABCD23EFGH';

const state = (changes: Partial<TelegramLink> = {}): TelegramLink => ({
  available: true,
  bot_username: 'proxy_bot',
  linked: null,
  code_expires_at: null,
  ...changes,
});

/** The card alone (asking again every 10 ms) or on the user page. */
function open(language: 'ru' | 'en', alone = true) {
  const Component = alone ? () => <TelegramCard pollMs={10} /> : UserPage;
  const url = language === 'en' ? '/en/user' : '/user';
  return renderRoutes(
    [
      { path: '/user', Component },
      { path: '/en/user', Component },
    ],
    url,
    { user: customer, token: 'customer-token', language },
  );
}

function fakeApi(answers: Record<string, Reply | (() => Reply)>) {
  return stubApi((call) => {
    const answer = answers[`${call.method} ${call.path}`];
    return typeof answer === 'function' ? answer() : answer;
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

describe('the Telegram card', () => {
  it('says Telegram is not available while the site has no bot (ru), on the user page', async () => {
    fakeApi({ 'GET /api/users/telegram/': [200, state({ available: false, bot_username: '' })] });
    await open('ru', false);
    const card = await screen.findByRole('region', { name: ru.telegram.title });
    await within(card).findByText(ru.telegram.unavailable);
    expect(within(card).queryByRole('button', { name: ru.telegram.link })).toBeNull();
  });

  it('shows the code with the deep link and the command, then the linked chat once the bot has it (en)', async () => {
    const browser = stubBrowser();
    let linked = false;
    let asked = 0;
    const requests = fakeApi({
      'GET /api/users/telegram/': () => {
        asked += 1;
        return [
          200,
          linked
            ? state({ linked: { chat_name: '@anna', linked_at: '2026-06-01T10:00:00Z' } })
            : state({ code_expires_at: asked > 1 ? '2026-06-01T10:15:00Z' : null }),
        ];
      },
      'POST /api/users/telegram/code/': [
        201,
        {
          code: CODE,
          expires_at: '2026-06-01T10:15:00Z',
          deep_link: `https://t.me/proxy_bot?start=${CODE}`,
          command: `/start ${CODE}`,
        },
      ],
    });
    await open('en');
    const card = await screen.findByRole('region', { name: en.telegram.title });
    await within(card).findByText(en.telegram.lead);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.telegram.link })));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    const notice = await within(card).findByRole('status');
    const deepLink = within(notice).getByRole('link', { name: 'Open @proxy_bot' });
    expect(deepLink.getAttribute('href')).toBe(`https://t.me/proxy_bot?start=${CODE}`);
    expect(notice.textContent).toContain(`/start ${CODE}`);
    await act(async () => fireEvent.click(within(notice).getByRole('button', { name: en.telegram.copy })));
    expect(browser.copied).toEqual([`/start ${CODE}`]);

    // The bot gets the code: the card's next ask finds the chat.
    const before = asked;
    linked = true;
    await within(card).findByText(/Linked to @anna since/, {}, { timeout: 2000 });
    expect(asked).toBeGreaterThan(before);
    expect(within(card).queryByText(`/start ${CODE}`)).toBeNull();
    // Linked, the card stops asking (an ask already under way may still land).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const settled = asked;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toBe(settled);
  });

  it('unlinks the chat only after the confirmation (ru)', async () => {
    stubBrowser();
    let linked = true;
    const requests = fakeApi({
      'GET /api/users/telegram/': () => [
        200,
        state({ linked: linked ? { chat_name: '@anna', linked_at: '2026-06-01T10:00:00Z' } : null }),
      ],
      'DELETE /api/users/telegram/': () => {
        linked = false;
        return [204, null];
      },
    });
    await open('ru');
    const card = await screen.findByRole('region', { name: ru.telegram.title });
    await act(async () => fireEvent.click(await within(card).findByRole('button', { name: ru.telegram.unlink })));
    const dialog = await screen.findByRole('dialog', { name: ru.telegram.unlinkTitle });
    expect(dialog.textContent).toContain('В @anna больше не будут приходить уведомления');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.telegram.unlink })));
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: ru.telegram.unlinked });
    await within(card).findByRole('button', { name: ru.telegram.link });
  });
});
