// The notifications and webhook cards on the user page (issue #30): the events × channels switches with the Telegram
// column waiting for a linked chat, the threshold, saving; the webhook URL with its secret shown once, a new secret
// after a confirmation, "Send test" and the delivery log; in ru and en.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_EVENTS,
  type NotificationDelivery,
  type NotificationSettings,
} from '@proxy/contract/schemas/notifications';
import { appStore, clearMessageAtom, messageAtom } from '@proxy/contract/state';
import { customerWith, stubApi, stubBrowser, type Reply } from '@proxy/site-kit/testing';
import { renderRoutes } from '../test/render-routes.tsx';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { UserPage } from '../pages/UserPage.tsx';

const customer = customerWith({ date_joined: '2026-01-15T12:00:00Z', balance: 0 });
const SECRET = `whsec_${'a'.repeat(43)}`;

const settings = (changes: Partial<NotificationSettings> = {}): NotificationSettings => ({
  preferences: NOTIFICATION_EVENTS.map((event) => ({
    event,
    email: ['proxy_renewed', 'proxy_expiring'].includes(event),
    telegram: false,
    webhook: false,
  })),
  balance_low_threshold: null,
  telegram_linked: false,
  webhook_url: '',
  ...changes,
});

const delivery = (id: number, changes: Partial<NotificationDelivery> = {}): NotificationDelivery => ({
  id,
  event: 'proxy_renewed',
  channel: 'webhook',
  created_at: '2026-06-01T10:00:00Z',
  status: 'sent',
  response_code: 204,
  attempts: 1,
  next_attempt_at: null,
  error: '',
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

describe('the notifications card', () => {
  it('shows the switches, the Telegram column locked until a chat is linked, and saves the changes (en)', async () => {
    const requests = fakeApi({
      'GET /api/users/notifications/': [200, settings()],
      'GET /api/users/notifications/deliveries/': [200, []],
      'PUT /api/users/notifications/': (body) => [200, { ...settings(), ...(body as object) }],
    });
    await openPage('en');
    const card = await screen.findByRole('region', { name: en.notifications.title });
    const table = await within(card).findByRole('table', { name: en.notifications.table });
    expect(within(table).getByRole('columnheader', { name: /Telegram/ }).textContent).toContain(
      en.notifications.linkTelegramFirst,
    );
    const telegram = within(table).getByRole('switch', { name: 'A proxy was renewed: Telegram' });
    expect((telegram as HTMLInputElement).disabled).toBe(true);
    const email = within(table).getByRole('switch', { name: 'A proxy was renewed: E-mail' });
    expect((email as HTMLInputElement).checked).toBe(true);
    await act(async () => fireEvent.click(email));
    await act(async () =>
      fireEvent.click(within(table).getByRole('switch', { name: 'Auto-rotation changed an IP: Webhook' })),
    );
    await act(async () =>
      fireEvent.change(within(card).getByLabelText('Balance-low threshold, RUB', { exact: false }), {
        target: { value: '500' },
      }),
    );
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.notifications.save })));
    const put = requests.find((request) => request.method === 'PUT');
    const body = put?.body as NotificationSettings;
    expect(body.balance_low_threshold).toBe(50_000);
    expect(body.preferences.find((p) => p.event === 'proxy_renewed')).toEqual({
      event: 'proxy_renewed',
      email: false,
      telegram: false,
      webhook: false,
    });
    expect(body.preferences.find((p) => p.event === 'ip_rotated')?.webhook).toBe(true);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: en.notifications.saved });
  });

  it('lets a linked chat switch Telegram on, and refuses a negative or ambiguous threshold before sending (ru)', async () => {
    const requests = fakeApi({
      'GET /api/users/notifications/': [200, settings({ telegram_linked: true, balance_low_threshold: 12_050 })],
      'GET /api/users/notifications/deliveries/': [200, []],
    });
    await openPage('ru');
    const card = await screen.findByRole('region', { name: ru.notifications.title });
    const table = await within(card).findByRole('table', { name: ru.notifications.table });
    expect(table.textContent).not.toContain(ru.notifications.linkTelegramFirst);
    const telegram = within(table).getByRole('switch', { name: 'Баланс ниже порога: Telegram' });
    expect((telegram as HTMLInputElement).disabled).toBe(false);
    const threshold = within(card).getByLabelText(/Порог низкого баланса/);
    expect((threshold as HTMLInputElement).value).toBe('120,50');
    await act(async () => fireEvent.change(threshold, { target: { value: '-5' } }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.notifications.save })));
    expect(within(card).getByRole('alert').textContent).toBe(ru.notifications.thresholdInvalid);
    // A thousand grouped with a comma is not read as 1 ₽ (#49): three decimals are refused.
    await act(async () => fireEvent.change(threshold, { target: { value: '1,000' } }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.notifications.save })));
    expect(within(card).getByRole('alert').textContent).toBe(ru.notifications.thresholdInvalid);
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});

describe('the webhook card', () => {
  it('saves a URL, shows the secret once with "Copy", sends a test and lists the deliveries (ru)', async () => {
    const browser = stubBrowser();
    let log: NotificationDelivery[] = [
      delivery(1, {
        status: 'queued',
        response_code: 500,
        attempts: 2,
        error: 'HTTP 500',
        next_attempt_at: '2026-06-01T10:04:00Z',
      }),
    ];
    const requests = fakeApi({
      'GET /api/users/notifications/': [200, settings()],
      'GET /api/users/notifications/deliveries/': () => [200, log],
      'PUT /api/users/notifications/webhook/': (body) => [200, { url: (body as { url: string }).url, secret: SECRET }],
      'POST /api/users/notifications/webhook/test/': () => {
        const made = delivery(2, { event: 'webhook_test', status: 'queued', response_code: null, attempts: 0 });
        log = [made, ...log];
        return [202, made];
      },
    });
    await openPage('ru');
    const card = await screen.findByRole('region', { name: ru.webhook.title });
    // The retries promised are the delivery job's schedule.
    expect(card.textContent).toContain(
      'Неудачную доставку повторяем через 1, 2, 4, 8, 16, 32, 64, 128 и 256 мин (всего около 8,5 ч); если не удалась и последняя попытка, её статус — «Не доставлено».',
    );
    const table = await within(card).findByRole('table', { name: ru.webhook.log });
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(first?.textContent).toContain(ru.notifications.events.proxy_renewed);
    expect(first?.textContent).toContain(ru.webhook.status.queued);
    expect(first?.textContent).toContain('HTTP 500');
    expect(within(card).queryByRole('button', { name: ru.webhook.test })).toBeNull();

    await act(async () =>
      fireEvent.change(within(card).getByLabelText(ru.webhook.url), { target: { value: ' https://hooks.example/p ' } }),
    );
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.webhook.save })));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ url: 'https://hooks.example/p' }]);
    const notice = await within(card).findByRole('status');
    expect(notice.textContent).toContain(SECRET);
    await act(async () => fireEvent.click(within(notice).getByRole('button', { name: ru.webhook.copy })));
    expect(browser.copied).toEqual([SECRET]);
    await act(async () => fireEvent.click(within(notice).getByRole('button', { name: ru.webhook.done })));
    expect(card.textContent).not.toContain(SECRET);

    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.webhook.test })));
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: ru.webhook.testQueued });
    await within(card).findByText(ru.webhook.testEvent);
  });

  it('makes a new secret only after the confirmation, and shows a refused URL on its field (en)', async () => {
    stubBrowser();
    const requests = fakeApi({
      'GET /api/users/notifications/': [200, settings({ webhook_url: 'https://hooks.example/a' })],
      'GET /api/users/notifications/deliveries/': [200, []],
      'PUT /api/users/notifications/webhook/': [
        400,
        { url: ['The webhook URL must point to a public internet address, not a private or local one.'] },
      ],
      'POST /api/users/notifications/webhook/secret/': [200, { url: 'https://hooks.example/a', secret: SECRET }],
    });
    await openPage('en');
    const card = await screen.findByRole('region', { name: en.webhook.title });
    expect(card.textContent).toContain(
      'A failed delivery is tried again after pauses of 1, 2, 4, 8, 16, 32, 64, 128, and 256 minutes (about 8.5 hours in all); if the last try fails too, its status is “Failed”.',
    );
    await within(card).findByText(en.webhook.logEmpty);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.webhook.regenerate })));
    const dialog = await screen.findByRole('dialog', { name: en.webhook.regenerateTitle });
    expect(requests.some((r) => r.path.endsWith('/secret/'))).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: en.webhook.regenerate })));
    expect((await within(card).findByRole('status')).textContent).toContain(SECRET);

    await act(async () =>
      fireEvent.change(within(card).getByLabelText(en.webhook.url), { target: { value: 'https://10.0.0.1/' } }),
    );
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.webhook.save })));
    expect(within(card).getByRole('alert').textContent).toBe(
      'The webhook URL must point to a public internet address, not a private or local one.',
    );
  });
});
