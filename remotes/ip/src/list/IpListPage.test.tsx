// The IP list: filters, sort and page in the URL and in the API's query; the empty list (leading to /order) apart
// from a filter that matches nothing (with a reset); a selection exported as txt and csv in the chosen format; the
// optimistic auto-renew switch that flips back when the server refuses; "change IP" with a 429's cooldown; renewal
// of a selection with an Idempotency-Key, and a 402 with a "Top up" link.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, messageAtom } from '@proxy/contract/state';
import { type Handler, kitText, page, plain, stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { openAt, proxy } from '../test/harness.tsx';

const CHOICES = {
  countries: ['RU', 'KZ'],
  operators: ['MTS', 'Beeline'],
  operators_ru: { MTS: 'МТС', Beeline: 'Beeline / Билайн' },
};
const STOCK = {
  stock: [],
  prices: [
    { period_days: 7, country: null, price: 50_000, currency: 'RUB', title: 'Week' },
    { period_days: 30, country: null, price: 150_000, currency: 'RUB', title: 'Month' },
    { period_days: 30, country: 'KZ', price: 120_000, currency: 'RUB', title: 'Month KZ' },
  ],
};
const quoteOf = (ids: number[], period: number, balance = 200_000) => {
  const price = period === 7 ? 50_000 : 150_000;
  return {
    period_days: period,
    lines: ids.map((id) => ({ proxy_id: id, price, expires_at: '2026-07-31T12:00:00Z' })),
    total: price * ids.length,
    currency: 'RUB',
    balance,
    balance_after: balance - price * ids.length,
  };
};

/** The list of `proxies` (count = their number), the choices, and whatever `more` answers first. */
const api =
  (proxies: ReturnType<typeof proxy>[], more: Handler = () => undefined): Handler =>
  (call) =>
    more(call) ??
    (call.path === '/api/proxies/' && call.method === 'GET'
      ? [200, page(proxies.length, proxies)]
      : call.path === '/api/proxies/choices/'
        ? [200, CHOICES]
        : call.path === '/api/stock/'
          ? [200, STOCK]
          : undefined);

const listCalls = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.path === '/api/proxies/');

let browser: ReturnType<typeof stubBrowser>;
beforeEach(() => {
  browser = stubBrowser();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the IP list', () => {
  it('shows each proxy: status dot, name, place, operator, host and ports, IP, expiry with days left', async () => {
    stubApi(
      api([proxy(1, { days_left: 1 }), proxy(2, { online: false, comment: '', days_left: 5, state: 'expiring' })]),
    );
    await openAt('/ip');
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = plain(rows[1]);
    expect(first).toContain('Shop 1');
    expect(first).toContain('Россия, Москва');
    // The operator by its Russian name (#49).
    expect(within(rows[1] as HTMLElement).getByText('МТС')).toBeTruthy();
    expect(first).not.toContain('MTS');
    expect(first).toContain('gw.example.com');
    expect(first).toContain('HTTP 8001');
    expect(first).toContain('SOCKS5 9001');
    expect(first).toContain('10.0.0.1');
    expect(first).toContain('Остался 1 день');
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: ru.proxy.online })).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'Shop 1' })
        .getAttribute('href'),
    ).toBe('/ip/1');
    const second = plain(rows[2]);
    expect(second).toContain('Прокси №2');
    expect(second).toContain('Осталось 5 дней');
    expect(second).toContain(ru.states.expiring);
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: ru.proxy.offline })).toBeTruthy();
  });

  it('marks a trial proxy as a trial in its row (#49), and an ordinary one not', async () => {
    stubApi(api([proxy(1, { trial: true }), proxy(2)]));
    await openAt('/ip');
    const rows = await screen.findAllByRole('row');
    expect(plain(rows[1])).toContain(ru.proxy.trial);
    expect(plain(rows[2])).not.toContain(ru.proxy.trial);
  });

  it("names the place in the page's language: the city in English on an English page (#28)", async () => {
    stubApi(api([proxy(1)]));
    await openAt('/en/ip', { language: 'en' });
    const rows = await screen.findAllByRole('row');
    expect(plain(rows[1])).toContain('Russia, Moscow');
    expect(within(rows[1] as HTMLElement).getByText('MTS')).toBeTruthy();
    expect(rows[1]?.querySelector('img[src="/flags/ru.svg"]')).toBeTruthy();
  });

  it('reads the filters, sort and page from the URL, asks the API for them, and writes changes back', async () => {
    const calls = stubApi(api([proxy(1)]));
    const router = await openAt(
      '/ip?status=active&country=RU&operator=MTS&days_left_min=3&expires_before=2026-07-01&search=shop&ordering=-created_at&page=2&utm=x',
    );
    await screen.findByRole('link', { name: 'Shop 1' });
    const first = listCalls(calls)[0]?.query;
    expect(Object.fromEntries(first ?? [])).toEqual({
      status: 'active',
      country: 'RU',
      operator: 'MTS',
      days_left_min: '3',
      expires_before: '2026-07-01',
      search: 'shop',
      ordering: '-created_at',
      page: '2',
      page_size: '20',
    });
    // The controls show what the URL says.
    expect((screen.getByRole('checkbox', { name: ru.states.active }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Россия/ }) as HTMLInputElement).checked).toBe(true);
    // Operators by their Russian names, the filter still sending the English one.
    expect((screen.getByRole('checkbox', { name: 'МТС' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Beeline / Билайн' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('shop');
    expect((screen.getByRole('combobox', { name: ru.filters.sort }) as HTMLSelectElement).value).toBe('-created_at');

    // A new filter goes into the URL and starts again at the first page; other parameters stay.
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: ru.states.expiring })));
    const after = new URLSearchParams(router.state.location.search);
    expect(after.get('status')).toBe('active,expiring');
    expect(after.get('page')).toBeNull();
    expect(after.get('utm')).toBe('x');
    expect(listCalls(calls).at(-1)?.query.get('status')).toBe('active,expiring');

    await act(async () =>
      fireEvent.change(screen.getByRole('spinbutton', { name: ru.filters.daysLeftMax }), { target: { value: '30' } }),
    );
    expect(new URLSearchParams(router.state.location.search).get('days_left_max')).toBe('30');
    await act(async () =>
      fireEvent.change(screen.getByLabelText(ru.filters.expiresAfter), { target: { value: '2026-06-10' } }),
    );
    expect(new URLSearchParams(router.state.location.search).get('expires_after')).toBe('2026-06-10');

    // The search is sent on Enter, not on every letter.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '10.0.0.1' } });
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('shop');
    await act(async () => fireEvent.submit(screen.getByRole('search')));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('10.0.0.1');

    await act(async () =>
      fireEvent.change(screen.getByRole('combobox', { name: ru.filters.sort }), { target: { value: 'country' } }),
    );
    expect(new URLSearchParams(router.state.location.search).get('ordering')).toBe('country');
  });

  it('with no proxies at all, leads to the order page', async () => {
    stubApi(api([]));
    await openAt('/en/ip', { language: 'en' });
    expect(await screen.findByText(en.list.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.list.emptyOrder }).getAttribute('href')).toBe('/en/order');
    expect(screen.queryByText(en.list.noMatch)).toBeNull();
    expect(screen.queryByRole('button', { name: en.filters.reset })).toBeNull();
  });

  it('folds the filters on a phone, and says on the button how many are set (#28)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('599'), addEventListener: vi.fn() }));
    stubApi(api([proxy(1)]));
    await openAt('/ip?status=active&country=RU');
    await screen.findByRole('link', { name: 'Shop 1' });
    const toggle = screen.getByRole('button', { name: ru.filters.toggleSet.replace('{{count}}', '2') });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: ru.filters.title })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: ru.filters.title })).toBeTruthy();
  });

  it('when filters match nothing, says so and resets them (not the empty state)', async () => {
    const calls = stubApi(api([], (call) => (call.query.size <= 2 ? [200, page(1, [proxy(1)])] : undefined)));
    const router = await openAt('/ip?status=expired&search=nothing&ordering=country');
    expect(await screen.findByText(ru.list.noMatch)).toBeTruthy();
    expect(screen.queryByText(ru.list.empty)).toBeNull();
    const resets = screen.getAllByRole('button', { name: ru.filters.reset });
    await act(async () => fireEvent.click(resets.at(-1) as HTMLElement));
    // The sort stays: it is not a filter.
    expect(router.state.location.search).toBe('?ordering=country');
    expect(await screen.findByRole('link', { name: 'Shop 1' })).toBeTruthy();
    expect(Object.fromEntries(listCalls(calls).at(-1)?.query ?? [])).toEqual({ ordering: 'country', page_size: '20' });
  });

  it('exports the selected proxies as txt and csv in the chosen format, across pages', async () => {
    const one = proxy(1, { comment: '=HYPERLINK("x")' });
    const two = proxy(2, { login: 'user 2', password: 'p@ss,2' });
    const three = proxy(3);
    stubApi(
      api([], (call) =>
        call.path === '/api/proxies/' && call.method === 'GET'
          ? [200, call.query.get('page') === '2' ? page(21, [three]) : page(21, [one, two])]
          : undefined,
      ),
    );
    await openAt('/en/ip', { language: 'en' });
    await screen.findByRole('link', { name: '=HYPERLINK("x")' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select =HYPERLINK("x")' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Shop 2' }));
    expect(screen.getByText('2 proxies selected')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: en.export.format }), { target: { value: 'plain' } });
    fireEvent.click(screen.getByRole('button', { name: en.export.txt }));
    const txt = browser.downloads.at(-1);
    expect(txt?.name).toMatch(/^proxies-\d{4}-\d{2}-\d{2}-plain\.txt$/);
    expect(await txt?.blob?.text()).toBe('gw.example.com:8001:user1:pa:ss1\ngw.example.com:8002:user 2:p@ss,2\n');

    // The selection follows to the next page.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: kitText.en.pager.next })));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Shop 3' }));
    expect(screen.getByText('3 proxies selected')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: en.export.format }), { target: { value: 'socks5' } });
    fireEvent.click(screen.getByRole('button', { name: en.export.csv }));
    const csv = browser.downloads.at(-1);
    expect(csv?.name).toMatch(/-socks5\.csv$/);
    const lines = (await csv?.blob?.text())?.replace(/^\ufeff/, '').split('\r\n');
    expect(lines).toEqual([
      'id,host,http_port,socks_port,login,password,country,operator,expires_at,comment,proxy',
      `1,gw.example.com,8001,9001,user1,pa:ss1,RU,MTS,2026-07-01T12:00:00Z,"'=HYPERLINK(""x"")",socks5://user1:pa%3Ass1@gw.example.com:9001`,
      '2,gw.example.com,8002,9002,user 2,"p@ss,2",RU,MTS,2026-07-01T12:00:00Z,Shop 2,socks5://user%202:p%40ss%2C2@gw.example.com:9002',
      '3,gw.example.com,8003,9003,user3,pa:ss3,RU,MTS,2026-07-01T12:00:00Z,Shop 3,socks5://user3:pa%3Ass3@gw.example.com:9003',
      '',
    ]);
  });

  it('takes proxies a filter hides out of the selection: "Renew selected" renews only what is seen (#49)', async () => {
    const one = proxy(1, { state: 'expiring' });
    const two = proxy(2);
    const calls = stubApi(
      api([], (call) => {
        if (call.path !== '/api/proxies/' || call.method !== 'GET') return undefined;
        const status = call.query.get('status');
        const rows = [one, two].filter((row) => status === null || status.split(',').includes(row.state));
        return [200, page(rows.length, rows)];
      }),
    );
    await openAt('/en/ip', { language: 'en' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Shop 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Shop 2' }));
    expect(screen.getByText('2 proxies selected')).toBeTruthy();
    // Only the expiring one is left on screen: only it stays selected, and only it would be renewed.
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: en.states.expiring })));
    await screen.findByText('1 proxy selected');
    expect(screen.queryByRole('link', { name: 'Shop 2' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.bulk.renew })));
    await screen.findByRole('dialog');
    const quote = calls.find((call) => call.path === '/api/proxies/renew/quote/');
    expect((quote?.body as { ids: number[] } | undefined)?.ids).toEqual([1]);
    await act(async () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }));
    // A filter that hides every selected proxy leaves nothing selected and no bulk action to press.
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: en.states.expiring })));
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: en.states.active })));
    await screen.findByRole('link', { name: 'Shop 2' });
    expect(screen.queryByRole('link', { name: 'Shop 1' })).toBeNull();
    expect(screen.queryByRole('group', { name: en.bulk.label })).toBeNull();
    expect(screen.queryByRole('button', { name: en.bulk.renew })).toBeNull();
  });

  it('flips auto-renew at once and back again when the server refuses, saying why', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const pending = new Promise<[number, unknown]>((resolve) => (answer = resolve));
    const calls: { body: unknown }[] = [];
    const listFetch = stubApi(api([proxy(1)]));
    void listFetch;
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (init.method !== 'PATCH') return base(url, init);
      calls.push({ body: JSON.parse(String(init.body)) });
      const [status, body] = await pending;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    await openAt('/ip');
    const toggle = await screen.findByRole('switch', { name: 'Автопродление Shop 1' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(calls).toEqual([{ body: { auto_renew: true } }]);
    await act(async () => answer([409, { detail: 'Прокси приостановлен.' }]));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: 'Прокси приостановлен.' });
  });

  it('keeps auto-renew on when the server agrees', async () => {
    stubApi(
      api([proxy(1)], (call) =>
        call.method === 'PATCH'
          ? [200, proxy(1, { auto_renew: (call.body as { auto_renew: boolean }).auto_renew })]
          : undefined,
      ),
    );
    await openAt('/en/ip', { language: 'en' });
    const toggle = await screen.findByRole('switch', { name: 'Auto-renew Shop 1' });
    await act(async () => fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: en.autoRenew.on });
  });

  it('changes the IP: shows the new one, or the cooldown from a 429, or the error', async () => {
    let reply: [number, unknown] = [200, { ok: true, ip: '10.9.9.9' }];
    stubApi(api([proxy(1)], (call) => (call.path === '/api/proxies/1/rotate/' ? reply : undefined)));
    await openAt('/ip');
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    const button = within(row).getByRole('button', { name: 'Сменить IP Shop 1' });
    await act(async () => fireEvent.click(button));
    expect(within(row).getByRole('status').textContent).toBe('Новый IP: 10.9.9.9');
    expect(plain(row)).toContain('10.9.9.9');

    reply = [429, { ok: false, wait_seconds: 42 }];
    await act(async () => fireEvent.click(button));
    expect(within(row).getByRole('status').textContent).toBe('Слишком рано: повторите через 42 секунды');

    reply = [503, { ok: false, detail: 'Модем не в сети.' }];
    await act(async () => fireEvent.click(button));
    expect(within(row).getByRole('status').textContent).toBe('Модем не в сети.');
  });

  it('renews a selection for a period of the price list with one Idempotency-Key, reused on a retry', async () => {
    let renewals = 0;
    const calls = stubApi(
      api([proxy(1), proxy(2)], (call) => {
        const body = call.body as { ids: number[]; period_days: number };
        if (call.path === '/api/proxies/renew/quote/') return [200, quoteOf(body.ids, body.period_days)];
        if (call.path === '/api/proxies/renew/') {
          renewals += 1;
          return renewals === 1 ? [502, {}] : [200, quoteOf(body.ids, body.period_days)];
        }
        return undefined;
      }),
    );
    await openAt('/en/ip', { language: 'en' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Shop 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Shop 2' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.bulk.renew })));
    const dialog = screen.getByRole('dialog', { name: 'Renew 2 proxies' });
    // A month is chosen first; the periods are the price list's.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['7', '30']);
    expect((within(dialog).getByRole('radio', { name: '30 days' }) as HTMLInputElement).checked).toBe(true);
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: '7 days' })));
    const pay = await within(dialog).findByRole('button', { name: /^Pay RUB\s1,000$/ });
    expect(plain(dialog)).toContain('Total for 2 proxies');
    await act(async () => fireEvent.click(pay));
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error', text: kitText.en.errors.unknown });
    await act(async () => fireEvent.click(pay));
    const sent = calls.filter((call) => call.path === '/api/proxies/renew/');
    expect(sent.map((call) => call.body)).toEqual([
      { ids: [1, 2], period_days: 7 },
      { ids: [1, 2], period_days: 7 },
    ]);
    const keys = sent.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'success', text: '2 proxies are renewed' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers only the periods every selected proxy’s country has a price for', async () => {
    // 90 days is priced for KZ alone: a KZ proxy may renew for it, a selection with a Russian one may not (the
    // server would refuse the Russian proxy's renewal with a 400 on period_days).
    const prices = [...STOCK.prices, { period_days: 90, country: 'KZ', price: 300_000, currency: 'RUB', title: 'KZ' }];
    stubApi(
      api([proxy(1), proxy(2, { country: 'KZ' })], (call) =>
        call.path === '/api/stock/'
          ? [200, { ...STOCK, prices }]
          : call.path === '/api/proxies/renew/quote/'
            ? [200, quoteOf((call.body as { ids: number[] }).ids, 30)]
            : undefined,
      ),
    );
    await openAt('/en/ip', { language: 'en' });
    const periods = () =>
      within(screen.getByRole('dialog'))
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Renew Shop 2' })));
    expect(periods()).toEqual(['7', '30', '90']);
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Shop 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Shop 2' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.bulk.renew })));
    expect(periods()).toEqual(['7', '30']);
  });

  it('says when the balance does not cover a renewal, with a link to top up', async () => {
    stubApi(
      api([proxy(1)], (call) =>
        call.path === '/api/proxies/renew/quote/'
          ? [200, quoteOf([1], 30)]
          : call.path === '/api/proxies/renew/'
            ? [402, { detail: 'Недостаточно средств на балансе.' }]
            : undefined,
      ),
    );
    await openAt('/ip?status=active');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Продлить Shop 1' })));
    const dialog = screen.getByRole('dialog', { name: ru.renew.title_one });
    await act(async () => fireEvent.click(await within(dialog).findByRole('button', { name: /^Оплатить/ })));
    expect(within(dialog).getByRole('alert').textContent).toContain('Недостаточно средств на балансе.');
    expect(within(dialog).getByRole('link', { name: ru.renew.topUp }).getAttribute('href')).toBe(
      '/ip?status=active#topup',
    );
  });
});
