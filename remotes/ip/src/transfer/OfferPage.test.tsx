// Offering a proxy: the proxy and what accepting changes; the form checked with the contract before sending, the
// server's field errors on their fields and a 404 as "no longer yours"; a confirmation that does not tell whether
// the address is a customer's; the offer already waiting shown instead of the form, cancelled after a confirmation,
// and a 409 on the cancel said on the page. Also: the link to this page from the proxy page.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transfer } from '@proxy/contract/schemas/transfers';
import { type Handler, page, plain, stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { pages } from '../routes.ts';
import { offer, openAt, proxy } from '../test/harness.tsx';
import { api as sessionApi, appStore } from '@proxy/contract/state';

/** Proxy 7, the pending outgoing offers `pending`, and whatever `more` answers first. */
const api =
  (pending: Transfer[] = [], more: Handler = () => undefined): Handler =>
  (call) =>
    more(call) ??
    (call.path === '/api/proxies/7/' && call.method === 'GET'
      ? [200, proxy(7)]
      : call.path === '/api/transfers/' && call.method === 'GET'
        ? [200, page(pending.length, pending)]
        : undefined);

beforeEach(() => {
  stubBrowser();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-20T12:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the offer page', () => {
  it('is a page for no id (the list) or a positive whole id, else the 404 page', async () => {
    const validate = pages.ipTransfer?.validate;
    const valid = (id: string | undefined) =>
      validate?.({
        params: { id },
        language: 'ru',
        signal: new AbortController().signal,
        store: appStore,
        api: sessionApi,
      });
    expect(valid(undefined)).toBe(true);
    expect(valid('7')).toBe(true);
    for (const id of ['0', 'abc', '01', '2147483648']) expect(valid(id)).toBe(false);
    const calls = stubApi(() => undefined);
    await openAt('/ip/transfer/abc');
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(calls).toEqual([]);
  });

  it("shows the 404 page for someone else's proxy", async () => {
    stubApi(() => [404, { detail: 'Не найдено.' }]);
    await openAt('/ip/transfer/99');
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
  });

  it('shows the proxy and what accepting changes, and offers it by e-mail with a note', async () => {
    const calls = stubApi(
      api([offer(3, { proxy_id: 8 })], (call) =>
        call.path === '/api/transfers/' && call.method === 'POST'
          ? [201, offer(11, { email: 'Friend@Example.com', note: 'для проекта X' })]
          : undefined,
      ),
    );
    await openAt('/ip/transfer/7');
    expect(await screen.findByRole('heading', { level: 1, name: ru.transfer.offer.title })).toBeTruthy();
    const summary = screen.getByRole('region', { name: /Shop 7/ });
    expect(plain(summary)).toContain('Россия, Москва');
    // The operator by its Russian name on a Russian page (#49).
    expect(plain(summary)).toContain('МТС');
    expect(plain(summary)).not.toContain('MTS');
    expect(plain(summary)).toContain('Осталось 12 дней');
    const how = plain(screen.getByRole('region', { name: ru.transfer.offer.howTitle }));
    expect(how).toContain(ru.transfer.offer.howSecrets);
    expect(how).toContain('за 72 часа');
    expect(screen.getByRole('link', { name: ru.transfer.offer.back }).getAttribute('href')).toBe('/ip/7');
    // The pending offers of other proxies do not count: the form is there.
    const query = calls.find((call) => call.path === '/api/transfers/')?.query;
    expect(query?.get('direction')).toBe('outgoing');
    expect(query?.get('state')).toBe('pending');

    const email = await screen.findByLabelText(ru.transfer.offer.email);
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    type(ru.transfer.offer.email, '  Friend@Example.com ');
    type(ru.transfer.offer.note, 'для проекта X');
    expect(screen.getByText('13 / 190')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ru.transfer.offer.submit })));

    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent.map((call) => [call.path, call.body])).toEqual([
      ['/api/transfers/', { proxy_id: 7, email: 'Friend@Example.com', note: 'для проекта X' }],
    ]);
    const status = await screen.findByRole('status');
    expect(plain(status)).toContain(
      'Если Friend@Example.com принадлежит нашему клиенту, он увидит предложение на сайте и получит письмо.',
    );
    expect(plain(status)).toContain('Предложение истечёт 23 июн. 2026 г.');
    expect(document.activeElement).toBe(status);
    // The offer now waits, with Cancel instead of the form.
    const pending = screen.getByRole('region', { name: ru.transfer.offer.pendingTitle });
    expect(plain(pending)).toContain('Friend@Example.com');
    expect(within(pending).getByRole('button', { name: ru.transfer.offer.cancel })).toBeTruthy();
    expect(screen.queryByLabelText(ru.transfer.offer.email)).toBeNull();
  });

  it("checks the form before sending and shows the server's field errors on their fields", async () => {
    const calls = stubApi(
      api([], (call) =>
        call.method === 'POST'
          ? [
              400,
              {
                email: ['Нельзя передать прокси самому себе.'],
                note: ['Слишком длинно.'],
                proxy_id: ['Этот прокси уже предложен.'],
              },
            ]
          : undefined,
      ),
    );
    await openAt('/en/ip/transfer/7', { language: 'en' });
    await screen.findByLabelText(en.transfer.offer.email);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.transfer.offer.submit })));
    const email = screen.getByLabelText(en.transfer.offer.email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(en.transfer.offer.emailRequired)).toBeTruthy();
    type(en.transfer.offer.email, 'not-an-address');
    type(en.transfer.offer.note, 'x'.repeat(191));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.transfer.offer.submit })));
    expect(screen.getByText(en.transfer.offer.emailInvalid)).toBeTruthy();
    expect(screen.getByText('At most 190 characters')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    type(en.transfer.offer.email, 'me@example.com');
    type(en.transfer.offer.note, 'hi');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.transfer.offer.submit })));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    const error = screen.getByText('Нельзя передать прокси самому себе.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(error.id);
    const note = screen.getByLabelText(en.transfer.offer.note);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(note.getAttribute('aria-describedby')).toContain(screen.getByText('Слишком длинно.').id);
    const general = screen.getByText('Этот прокси уже предложен.');
    expect(screen.getByRole('button', { name: en.transfer.offer.submit }).getAttribute('aria-describedby')).toBe(
      general.id,
    );
  });

  it('says the proxy is no longer yours when the offer answers 404', async () => {
    stubApi(api([], (call) => (call.method === 'POST' ? [404, { detail: 'Not found.' }] : undefined)));
    await openAt('/ip/transfer/7');
    type(await screen.findByLabelText(ru.transfer.offer.email).then(() => ru.transfer.offer.email), 'a@b.co');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ru.transfer.offer.submit })));
    expect(await screen.findByRole('heading', { name: ru.transfer.offer.notFound })).toBeTruthy();
    expect(screen.queryByLabelText(ru.transfer.offer.email)).toBeNull();
  });

  it('shows the offer already waiting instead of the form, and cancels it after a confirmation', async () => {
    const calls = stubApi(
      api([offer(3, { note: 'держи' })], (call) =>
        call.path === '/api/transfers/3/cancel/'
          ? [200, offer(3, { state: 'cancelled', decided_at: '2026-06-20T12:00:00Z' })]
          : undefined,
      ),
    );
    await openAt('/ip/transfer/7');
    const pending = await screen.findByRole('region', { name: ru.transfer.offer.pendingTitle });
    expect(plain(pending)).toContain('friend@example.com');
    expect(plain(pending)).toContain('держи');
    expect(plain(pending)).toContain('Истекает через 70 часов');
    expect(screen.queryByLabelText(ru.transfer.offer.email)).toBeNull();

    fireEvent.click(within(pending).getByRole('button', { name: ru.transfer.offer.cancel }));
    const dialog = screen.getByRole('dialog', { name: ru.transfer.cancelTitle });
    expect(plain(dialog)).toContain(ru.transfer.cancelText);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.transfer.cancelConfirm })));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/transfers/3/cancel/',
    ]);
    const status = await screen.findByRole('status');
    expect(plain(status)).toContain(ru.transfer.offer.cancelled);
    expect(document.activeElement).toBe(status);
    expect(screen.getByLabelText(ru.transfer.offer.email)).toBeTruthy();
  });

  it('says why a cancel came too late (409) and shows the offer as it is now', async () => {
    stubApi(
      api([offer(3)], (call) =>
        call.path === '/api/transfers/3/cancel/'
          ? [409, { detail: 'Получатель уже принял прокси.' }]
          : call.path === '/api/transfers/3/'
            ? [200, offer(3, { state: 'accepted', proxy_id: null, decided_at: '2026-06-20T11:59:00Z' })]
            : undefined,
      ),
    );
    await openAt('/ip/transfer/7');
    const pending = await screen.findByRole('region', { name: ru.transfer.offer.pendingTitle });
    fireEvent.click(within(pending).getByRole('button', { name: ru.transfer.offer.cancel }));
    const dialog = screen.getByRole('dialog', { name: ru.transfer.cancelTitle });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.transfer.cancelConfirm })));
    expect((await screen.findByRole('alert')).textContent).toBe('Получатель уже принял прокси.');
    expect(screen.queryByRole('region', { name: ru.transfer.offer.pendingTitle })).toBeNull();
  });

  it('is linked from the proxy page', async () => {
    stubApi((call) =>
      call.path === '/api/proxies/7/'
        ? [200, proxy(7)]
        : call.path.startsWith('/api/proxies/7/')
          ? [
              200,
              call.path.endsWith('traffic/') ? { range: '24h', points: [], total_in: 0, total_out: 0 } : page(0, []),
            ]
          : undefined,
    );
    await openAt('/en/ip/7', { language: 'en' });
    const link = await screen.findByRole('link', { name: en.billing.transfer });
    expect(link.getAttribute('href')).toBe('/en/ip/transfer/7');
  });
});
