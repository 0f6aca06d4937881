// The signed-in landing page: who is signed in, the balance with "Top up", the customer's proxies at a glance (how
// many work, how many expire soon, the next ones to expire, each linking to its page), a call to order when there are
// none, and the sections a customer goes to next, every one a link now that /order and /ip are pages.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { createAppStore, StateProvider } from '@proxy/contract/state';
import { customerWith, kitText } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { AccountPage } from './AccountPage.tsx';

const customer = customerWith({ email: 'customer@example.com', date_joined: '2026-11-22T00:00:00Z', balance: 123_450 });

const proxy = (id: number, changes: Partial<Proxy>): Proxy => ({
  id,
  state: 'active',
  online: true,
  offline_since: null,
  comment: '',
  country: 'RU',
  city: 'Moscow',
  operator: 'MTS',
  host: 'farm.example.com',
  http_port: 20_000 + id,
  socks_port: 30_000 + id,
  login: `u${id}`,
  password: 'secret',
  whitelist: [],
  ip: null,
  expires_at: '2026-12-03T10:00:00Z',
  days_left: 10,
  trial: false,
  auto_renew: false,
  auto_rotate_minutes: 0,
  last_rotation_at: null,
  rotate_available_at: null,
  rotate_url: 'https://example.com/r/x',
  created_at: '2026-11-01T10:00:00Z',
  ...changes,
});

const NEXT = [
  proxy(7, { state: 'expiring', days_left: 0, comment: 'Instagram farm', expires_at: '2026-11-23T10:00:00Z' }),
  proxy(3, { state: 'expiring', days_left: 2, country: 'KZ', operator: 'Beeline', expires_at: '2026-11-25T10:00:00Z' }),
  proxy(9, { days_left: 21, operator: 'MegaFon', operator_ru: 'МегаФон', expires_at: '2026-12-14T10:00:00Z' }),
];

const page = (count: number, results: Proxy[]) => ({ count, next: null, previous: null, results });

/** `/api/proxies/` answered by its status filter; every query asked is recorded. */
function stubProxies(answers: { working: ReturnType<typeof page>; expiring: number } | 'fail'): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const query = new URLSearchParams(url.split('?')[1]);
    asked.push(query);
    if (answers === 'fail') return new Response('{"detail":"boom"}', { status: 500 });
    const body = query.has('days_left_max') ? page(answers.expiring, []) : answers.working;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

async function renderAccount(user: AuthUser | null, language: 'ru' | 'en'): Promise<void> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: { ru: { user: ru }, en: { user: en } } });
  await act(async () => {
    render(
      <StateProvider store={createAppStore({ user, language })}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <AccountPage />
          </MemoryRouter>
        </I18nextProvider>
      </StateProvider>,
    );
  });
}

const proxiesRegion = (language: typeof en) => screen.getByRole('region', { name: language.proxies.title });

beforeEach(() => {
  stubProxies({ working: page(12, NEXT), expiring: 2 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AccountPage', () => {
  it('greets the customer and links every section: order, IPs and profile', async () => {
    await renderAccount(customer, 'ru');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru.account.title);
    expect(screen.getByText('Вы вошли как customer@example.com')).toBeTruthy();
    const next = screen.getByRole('navigation', { name: ru.account.next });
    expect(
      within(next)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/order', '/ip', '/user']);
    expect(within(next).getByRole('link', { name: new RegExp(ru.account.order.title) })).toBeTruthy();
    expect(screen.queryByText(ru.account.panel.title)).toBeNull();
  });

  it('counts the working and the soon-expiring proxies, each count opening the IP list filtered so', async () => {
    const asked = stubProxies({ working: page(12, NEXT), expiring: 2 });
    await renderAccount(customer, 'en');
    const proxies = proxiesRegion(en);
    const working = await within(proxies).findByRole('link', { name: '12 active proxies' });
    expect(working.getAttribute('href')).toBe('/en/ip?status=active%2Cexpiring');
    const expiring = within(proxies).getByRole('link', { name: '2 expire within 3 days' });
    // Counted and listed by their end, not by the `expiring` state, which leaves out a proxy bought today (#49).
    expect(expiring.getAttribute('href')).toBe('/en/ip?status=active%2Cexpiring&days_left_max=2');
    expect(within(proxies).getByRole('link', { name: en.proxies.all }).getAttribute('href')).toBe('/en/ip');
    // The list gives the working count and the soonest five; the expiring count costs a one-row page.
    expect(asked.map((query) => Object.fromEntries(query))).toEqual([
      { ordering: 'expires_at', page_size: '5', status: 'active,expiring' },
      { page_size: '1', status: 'active,expiring', days_left_max: '2' },
    ]);
  });

  it('lists the next expiries with name, flag, country, operator and days left, linking to each proxy', async () => {
    await renderAccount(customer, 'en');
    const list = await within(proxiesRegion(en)).findByRole('heading', { name: en.proxies.next });
    const rows = within(list.nextElementSibling as HTMLElement).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/en/ip/7', '/en/ip/3', '/en/ip/9']);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Instagram farmRussiaMTSLast dayuntil Nov 23',
      // No comment: the one numbered name every screen gives it (#28).
      'Proxy #3KazakhstanBeeline2 days leftuntil Nov 25',
      'Proxy #9RussiaMegaFon21 days leftuntil Dec 14',
    ]);
    // The flags are the site's SVG files (not emoji, which Windows does not draw), decoration beside the name.
    expect(rows.map((row) => row.querySelector('img')?.getAttribute('src'))).toEqual([
      '/flags/ru.svg',
      '/flags/kz.svg',
      '/flags/ru.svg',
    ]);
    expect(rows.map((row) => row.querySelector('img')?.getAttribute('alt'))).toEqual(['', '', '']);
  });

  it('says when a proxy just got for a day ends, without the last-day warning (#28)', async () => {
    const inHours = '2026-11-23T17:30:00Z';
    stubProxies({ working: page(1, [proxy(4, { state: 'active', days_left: 0, expires_at: inHours })]), expiring: 0 });
    await renderAccount(customer, 'en');
    const list = await within(proxiesRegion(en)).findByRole('heading', { name: en.proxies.next });
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date(inHours));
    expect((list.nextElementSibling as HTMLElement).textContent).toContain(`until ${time}`);
    expect((list.nextElementSibling as HTMLElement).textContent).not.toContain(en.proxies.lastDay);
  });

  it('words the counts and days in Russian, and names the operators in Russian where they have such a name', async () => {
    stubProxies({ working: page(21, NEXT), expiring: 1 });
    await renderAccount(customer, 'ru');
    const proxies = proxiesRegion(ru);
    expect(await within(proxies).findByRole('link', { name: '21 активный прокси' })).toBeTruthy();
    expect(within(proxies).getByRole('link', { name: '1 истекает в ближайшие 3 дня' })).toBeTruthy();
    expect(within(proxies).getByText('осталось 2 дня')).toBeTruthy();
    expect(within(proxies).getByText('остался 21 день')).toBeTruthy();
    expect(within(proxies).getByText('Казахстан')).toBeTruthy();
    expect(within(proxies).getByText('МегаФон')).toBeTruthy();
    expect(within(proxies).queryByText('MegaFon')).toBeNull();
  });

  it('asks a customer without proxies to order the first one', async () => {
    stubProxies({ working: page(0, []), expiring: 0 });
    await renderAccount(customer, 'en');
    const proxies = proxiesRegion(en);
    const order = await within(proxies).findByRole('link', { name: en.proxies.empty.order });
    expect(order.getAttribute('href')).toBe('/en/order');
    expect(within(proxies).getByText(en.proxies.empty.title)).toBeTruthy();
    expect(within(proxies).queryByRole('link', { name: en.proxies.all })).toBeNull();
    expect(within(proxies).queryByRole('list')).toBeNull();
  });

  it('says it is loading, then offers "Try again" when the proxies cannot be loaded', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      calls++;
      if (calls <= 2) return new Response('{"detail":"boom"}', { status: 500 });
      const status = new URLSearchParams(url.split('?')[1]).get('status');
      const body = status === 'expiring' ? page(0, []) : page(1, [NEXT[2] as Proxy]);
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    await renderAccount(customer, 'en');
    const proxies = proxiesRegion(en);
    const alert = await within(proxies).findByRole('alert');
    expect(alert.textContent).toContain(kitText.en.loadFailed);
    // The balance and the sections are there all the same.
    expect(screen.getByRole('region', { name: en.balance.title })).toBeTruthy();
    await act(async () => within(alert).getByRole('button', { name: kitText.en.retry }).click());
    expect(await within(proxies).findByRole('link', { name: '1 active proxy' })).toBeTruthy();
    expect(within(proxies).queryByRole('alert')).toBeNull();
  });

  it('shows the balance in the language, with "Top up" opening the dialog and the history on /user', async () => {
    await renderAccount(customer, 'ru');
    const card = screen.getByRole('region', { name: ru.balance.title });
    expect(card.textContent).toContain('1\u00a0234,50\u00a0₽');
    expect(screen.getByRole('link', { name: ru.balance.topUp }).getAttribute('href')).toBe('/#topup');
    expect(screen.getByRole('link', { name: ru.balance.history }).getAttribute('href')).toBe('/user#history');
    cleanup();
    await renderAccount({ ...customer, currency: 'USD' }, 'en');
    expect(screen.getByRole('region', { name: en.balance.title }).textContent).toContain('$1,234.50');
    expect(screen.getByRole('link', { name: en.balance.history }).getAttribute('href')).toBe('/en/user#history');
  });

  it('links staff to the control panel in their language', async () => {
    await renderAccount({ ...customer, premission: ['pages.view_page'] }, 'en');
    expect(screen.getByRole('link', { name: new RegExp(en.account.panel.title) }).getAttribute('href')).toBe(
      '/en/panel/login',
    );
  });

  it('renders nothing without a signed-in user (the route guard sends visitors to sign in)', async () => {
    await renderAccount(null, 'en');
    expect(screen.queryByRole('heading')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });
});
