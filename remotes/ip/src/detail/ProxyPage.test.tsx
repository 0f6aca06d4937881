// One proxy's page: only a positive id is a page, and someone else's proxy (the API's 404) is the 404 page; the
// password hidden until asked and replaced only after a confirmation; the whitelist with "add my address", the
// contract's checks and the server's field errors on their entries; the comment's length; the change-IP cooldown;
// traffic written out in words beside the chart.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api as sessionApi, appStore, messageAtom } from '@proxy/contract/state';
import { type Handler, kitText, page, plain, stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { pages } from '../routes.ts';
import { openAt, proxy } from '../test/harness.tsx';

const TRAFFIC = {
  range: '24h',
  points: Array.from({ length: 24 }, (_, hour) => ({
    at: `2026-06-01T${String(hour).padStart(2, '0')}:00:00Z`,
    bytes_in: hour * 1_000_000,
    bytes_out: hour * 100_000,
  })),
  total_in: 1_500_000_000,
  total_out: 340_000_000,
};
const ROTATIONS = page(1, [
  {
    id: 9,
    source: 'link',
    status: 'done',
    old_ip: '10.0.0.7',
    new_ip: '10.0.0.8',
    requested_at: '2026-06-01T10:00:00Z',
    finished_at: '2026-06-01T10:00:02Z',
  },
]);

/** Proxy 7 with its rotations and traffic, and whatever `more` answers first. */
const api =
  (more: Handler = () => undefined, changes: Parameters<typeof proxy>[1] = {}): Handler =>
  (call) =>
    more(call) ??
    (call.path === '/api/proxies/7/' && call.method === 'GET'
      ? [200, proxy(7, changes)]
      : call.path === '/api/proxies/7/rotations/'
        ? [200, ROTATIONS]
        : call.path === '/api/proxies/7/traffic/'
          ? [200, { ...TRAFFIC, range: call.query.get('range') }]
          : undefined);

let browser: ReturnType<typeof stubBrowser>;
beforeEach(() => {
  browser = stubBrowser();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the proxy page', () => {
  it('says the modem is offline and since when, in ru and en; nothing while it is online', async () => {
    stubApi(api(() => undefined, { online: false, offline_since: '2026-06-01T09:30:00Z' }));
    await openAt('/ip/7', { language: 'ru' });
    expect((await screen.findByText(/^Модем не в сети с/)).textContent).toMatch(
      /^Модем не в сети с 1 июн\.?, \d\d:30$/,
    );
    cleanup();
    stubApi(api(() => undefined, { online: false, offline_since: '2026-06-01T09:30:00Z' }));
    await openAt('/en/ip/7', { language: 'en' });
    expect((await screen.findByText(/^Modem offline since/)).textContent).toMatch(
      /^Modem offline since (1 Jun|Jun 1),? \d\d:30/,
    );
    cleanup();
    stubApi(api());
    await openAt('/en/ip/7', { language: 'en' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/Modem offline since/)).toBeNull();
  });

  it('marks a trial proxy as a trial beside its state, in ru and en; an ordinary one not', async () => {
    stubApi(api(() => undefined, { trial: true }));
    await openAt('/ip/7', { language: 'ru' });
    const badge = await screen.findByText(ru.proxy.trial);
    expect(badge.getAttribute('title')).toBe(ru.proxy.trialHint);
    cleanup();
    stubApi(api(() => undefined, { trial: true }));
    await openAt('/en/ip/7', { language: 'en' });
    expect(await screen.findByText(en.proxy.trial)).toBeTruthy();
    cleanup();
    stubApi(api());
    await openAt('/en/ip/7', { language: 'en' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(en.proxy.trial)).toBeNull();
  });

  it('is a page only for a positive whole id', () => {
    const validate = pages.ipDetail?.validate;
    const valid = (id: string) =>
      validate?.({
        params: { id },
        language: 'ru',
        signal: new AbortController().signal,
        store: appStore,
        api: sessionApi,
      });
    expect(valid('12')).toBe(true);
    expect(valid('2147483647')).toBe(true);
    for (const id of ['0', '-1', '1.5', '01', 'abc', '2147483648', '']) expect(valid(id)).toBe(false);
  });

  it('shows the 404 page for a proxy of someone else (the API answers 404) and for a bad id', async () => {
    const calls = stubApi(() => [404, { detail: 'Не найдено.' }]);
    await openAt('/ip/99');
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(calls.map((call) => call.path)).toEqual(['/api/proxies/99/']);
    cleanup();
    const none = stubApi(() => undefined);
    await openAt('/ip/abc');
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(none).toEqual([]);
  });

  it('shows how to connect, the password hidden until asked, and ready strings to copy', async () => {
    stubApi(api());
    await openAt('/en/ip/7', { language: 'en' });
    const card = await screen.findByRole('region', { name: en.connection.title });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shop 7');
    expect(plain(card)).toContain('gw.example.com');
    expect(plain(card)).toContain('8007');
    expect(plain(card)).toContain('9007');
    expect(plain(card)).toContain('user7');
    expect(plain(card)).not.toContain('pa:ss7');
    expect(plain(card)).toContain('http://user7:••••••••@gw.example.com:8007');
    fireEvent.click(within(card).getByRole('button', { name: en.connection.show }));
    expect(within(card).getByRole('button', { name: en.connection.hide }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('password').textContent).toBe('pa:ss7');
    expect(plain(card)).toContain('http://user7:pa%3Ass7@gw.example.com:8007');
    expect(plain(card)).toContain('gw.example.com:8007:user7:pa:ss7');
    await act(async () =>
      fireEvent.click(within(card).getByRole('button', { name: 'Copy the string socks5://login:password@host:port' })),
    );
    expect(browser.copied).toEqual(['socks5://user7:pa%3Ass7@gw.example.com:9007']);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: kitText.en.copy.done });
  });

  it('sets a new password only after a confirmation', async () => {
    const calls = stubApi(
      api((call) =>
        call.path === '/api/proxies/7/password/' ? [200, proxy(7, { password: 'fresh-secret' })] : undefined,
      ),
    );
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.connection.title });
    fireEvent.click(within(card).getByRole('button', { name: ru.connection.regenerate }));
    const dialog = screen.getByRole('dialog', { name: ru.connection.regenerateTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: kitText.ru.dialog.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/proxies/7/password/')).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: ru.connection.regenerate }));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: ru.connection.regenerateConfirm }),
      ),
    );
    expect(calls.filter((call) => call.path === '/api/proxies/7/password/').map((call) => call.method)).toEqual([
      'POST',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: ru.connection.passwordChanged });
    fireEvent.click(within(card).getByRole('button', { name: ru.connection.show }));
    expect(screen.getByTestId('password').textContent).toBe('fresh-secret');
  });

  it('keeps the password when its regeneration fails, and says why', async () => {
    stubApi(
      api((call) => (call.path === '/api/proxies/7/password/' ? [503, { detail: 'Сервис недоступен.' }] : undefined)),
    );
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.connection.title });
    fireEvent.click(within(card).getByRole('button', { name: ru.connection.regenerate }));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: ru.connection.regenerateConfirm }),
      ),
    );
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: kitText.ru.errors.unknown });
    // The dialog stays open to try again.
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('adds my address to the whitelist and saves it', async () => {
    const calls = stubApi(
      api((call) =>
        call.method === 'PATCH'
          ? [200, proxy(7, { whitelist: (call.body as { whitelist: string[] }).whitelist })]
          : undefined,
      ),
    );
    await openAt('/en/ip/7', { language: 'en', ip: '198.51.100.23' });
    const form = await screen.findByRole('form', { name: en.whitelist.title });
    const mine = within(form).getByRole('button', { name: 'Add my address (198.51.100.23)' });
    fireEvent.click(mine);
    expect(within(form).getByRole('list', { name: en.whitelist.entries }).textContent).toContain('198.51.100.23');
    expect(mine.hasAttribute('disabled')).toBe(true);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: en.whitelist.save })));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { whitelist: ['198.51.100.23'] },
    ]);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: en.whitelist.saved });
  });

  it('checks entries with the contract before sending, and puts the server’s errors on their entries', async () => {
    const calls = stubApi(
      api(
        (call) =>
          call.method === 'PATCH' ? [400, { whitelist: [{}, ['Enter a valid IPv4 or IPv6 address.']] }] : undefined,
        { whitelist: ['203.0.113.7'] },
      ),
    );
    await openAt('/en/ip/7', { language: 'en' });
    const form = await screen.findByRole('form', { name: en.whitelist.title });
    const input = within(form).getByRole('textbox', { name: en.whitelist.add });
    fireEvent.change(input, { target: { value: '300.1.1.1' } });
    fireEvent.click(within(form).getByRole('button', { name: en.whitelist.addButton }));
    expect(within(form).getByRole('alert').textContent).toBe(en.validation.ipOrCidr);
    expect(within(form).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.change(input, { target: { value: '198.51.100.0/24' } });
    fireEvent.click(within(form).getByRole('button', { name: en.whitelist.addButton }));
    expect(within(form).getAllByRole('listitem')).toHaveLength(2);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: en.whitelist.save })));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { whitelist: ['203.0.113.7', '198.51.100.0/24'] },
    ]);
    const [first, second] = within(form).getAllByRole('listitem');
    expect(within(second as HTMLElement).getByRole('alert').textContent).toBe('Enter a valid IPv4 or IPv6 address.');
    expect(within(first as HTMLElement).queryByRole('alert')).toBeNull();
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: 'Enter a valid IPv4 or IPv6 address.' });
    // Nothing typed is lost.
    expect(within(form).getByRole('list').textContent).toContain('198.51.100.0/24');
  });

  it('refuses a whitelist entry that would open the proxy to everyone, in the page language, without sending it', async () => {
    const calls = stubApi(api(() => undefined, { whitelist: ['203.0.113.7'] }));
    await openAt('/ip/7', { language: 'ru', ip: '127.0.0.1' });
    const form = await screen.findByRole('form', { name: ru.whitelist.title });
    const input = within(form).getByRole('textbox', { name: ru.whitelist.add });
    const alert = () => within(form).getByRole('alert').textContent;

    fireEvent.change(input, { target: { value: '0.0.0.0/0' } });
    fireEvent.click(within(form).getByRole('button', { name: ru.whitelist.addButton }));
    expect(alert()).toBe('Слишком широкая сеть: укажите один адрес или сеть не шире /24 для IPv4 или /48 для IPv6');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The visitor's own address as the server saw it is loopback here (a tunnel in front of the site): refused too.
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить мой адрес (127.0.0.1)' }));
    expect(alert()).toBe(
      'В белый список добавляются только публичные адреса, а этот — локальный, частный, групповой, широковещательный или зарезервированный',
    );
    expect(within(form).getAllByRole('listitem')).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('refuses a comment over 190 characters without sending it, and saves one that fits', async () => {
    const calls = stubApi(
      api((call) =>
        call.method === 'PATCH' ? [200, proxy(7, { comment: (call.body as { comment: string }).comment })] : undefined,
      ),
    );
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.comment.title });
    const input = within(card).getByRole('textbox', { name: ru.comment.label });
    fireEvent.change(input, { target: { value: 'x'.repeat(191) } });
    expect(card.textContent).toContain('191 / 190');
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.comment.save })));
    expect(within(card).getByRole('alert').textContent).toBe('Не больше 190 символов');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    expect((input as HTMLInputElement).value).toHaveLength(191);

    fireEvent.change(input, { target: { value: `  ${'я'.repeat(190)}  ` } });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: ru.comment.save })));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { comment: 'я'.repeat(190) },
    ]);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: ru.comment.saved });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('я'.repeat(190));
  });

  it('counts the change-IP cooldown down, from the proxy and from a 429', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-06-01T12:00:00Z') });
    stubApi(
      api((call) => (call.path === '/api/proxies/7/rotate/' ? [429, { ok: false, wait_seconds: 75 }] : undefined), {
        rotate_available_at: '2026-06-01T12:00:30Z',
      }),
    );
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.rotation.title });
    const button = within(card).getByRole('button', { name: ru.rotate.now });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(card.textContent).toContain('Доступно через 0:30');
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(card.textContent).toContain('Доступно через 0:20');
    await act(async () => vi.advanceTimersByTime(21_000));
    expect(button.hasAttribute('disabled')).toBe(false);

    await act(async () => fireEvent.click(button));
    expect(within(card).getByRole('status').textContent).toBe('Слишком рано: повторите через 75 секунд');
    expect(card.textContent).toContain('Доступно через 1:15');
    expect(button.hasAttribute('disabled')).toBe(true);
    // The clock ticks once a second: within a second of the end, the button is back.
    await act(async () => vi.advanceTimersByTime(76_000));
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('lists the IP changes with where they came from, and saves the auto-rotation interval within its bounds', async () => {
    const calls = stubApi(
      api((call) =>
        call.method === 'PATCH'
          ? [200, proxy(7, { auto_rotate_minutes: (call.body as { auto_rotate_minutes: number }).auto_rotate_minutes })]
          : undefined,
      ),
    );
    await openAt('/en/ip/7', { language: 'en' });
    const card = await screen.findByRole('region', { name: en.rotation.title });
    const history = await within(card).findByRole('table', { name: en.history.title });
    expect(plain(history)).toContain('10.0.0.7→changed to10.0.0.8');
    expect(plain(history)).toContain(en.history.sources.link);
    const minutes = within(card).getByRole('spinbutton', { name: en.rotation.auto });
    fireEvent.change(minutes, { target: { value: '1' } });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.rotation.autoSave })));
    expect(within(card).getByRole('alert').textContent).toBe('0 to switch it off, or 2 to 1440 minutes');
    fireEvent.change(minutes, { target: { value: '15' } });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.rotation.autoSave })));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { auto_rotate_minutes: 15 },
    ]);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: 'The IP will change every 15 minutes' });
  });

  it('writes the traffic totals out in words and draws the chart, for 24 hours and 7 days', async () => {
    const calls = stubApi(api());
    await openAt('/en/ip/7', { language: 'en' });
    const card = await screen.findByRole('region', { name: en.traffic.title });
    expect(await within(card).findByText('In the last 24 hours: 1.5 GB incoming, 340 MB outgoing.')).toBeTruthy();
    await vi.waitFor(() => expect(card.querySelectorAll('rect')).toHaveLength(48));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: en.traffic.ranges['7d'] })));
    expect(await within(card).findByText('In the last 7 days: 1.5 GB incoming, 340 MB outgoing.')).toBeTruthy();
    expect(
      calls.filter((call) => call.path === '/api/proxies/7/traffic/').map((call) => call.query.get('range')),
    ).toEqual(['24h', '7d']);
  });

  it("titles the tab with the proxy's one name: its label, else its number (#28)", async () => {
    stubApi(api());
    await openAt('/en/ip/7', { language: 'en' });
    await screen.findByRole('region', { name: en.connection.title });
    expect(document.title).toBe('Shop 7 — ProxyMob');
    cleanup();
    stubApi(api(undefined, { comment: '' }));
    await openAt('/ip/7');
    await screen.findByRole('region', { name: ru.connection.title });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Прокси №7');
    expect(document.title).toBe('Прокси №7 — ProxyMob');
  });

  it('says when a proxy bought for a day ends, and warns of the last day only of one had a while (#28)', async () => {
    const inHours = new Date(Date.now() + 5 * 3_600_000).toISOString();
    stubApi(api(undefined, { days_left: 0, state: 'active', expires_at: inHours }));
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.billing.title });
    const time = new Intl.DateTimeFormat(
      'ru',
      new Date().toDateString() === new Date(inHours).toDateString()
        ? { timeStyle: 'short' }
        : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
    ).format(new Date(inHours));
    expect(plain(card)).toContain(ru.proxy.until.replace('{{time}}', time));
    expect(plain(card)).not.toContain(ru.proxy.lastDay);
    cleanup();
    stubApi(api(undefined, { days_left: 0, state: 'expiring', expires_at: inHours }));
    await openAt('/ip/7');
    const later = await screen.findByRole('region', { name: ru.billing.title });
    expect(plain(later)).toContain(ru.proxy.lastDay);
  });

  it('writes an idle proxy\'s traffic axis in plural bytes, not "1 Б / 1 Б / 0 Б" (#28)', async () => {
    const idle = { ...TRAFFIC, points: TRAFFIC.points.map((point) => ({ ...point, bytes_in: 0, bytes_out: 0 })) };
    stubApi(
      api((call) =>
        call.path === '/api/proxies/7/traffic/' ? [200, { ...idle, total_in: 0, total_out: 0 }] : undefined,
      ),
    );
    await openAt('/ip/7');
    const card = await screen.findByRole('region', { name: ru.traffic.title });
    await vi.waitFor(() => expect(card.querySelectorAll('rect')).toHaveLength(48));
    expect(plain(card)).toContain('1 кБ500 байт0 байт');
  });
});
