// The free trial on the order page (#29), against a stubbed API keeping to the contract (shared/src/api/trial.ts):
// offered → a place and "Take a free trial for N hours" → the new proxy's page; a refusal in the server's words with
// the offer asked again; not offered → why; switched off → nothing. In both languages.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Stock } from '@proxy/contract/schemas/orders';
import type { TrialOffer } from '@proxy/contract/schemas/trial';
import { appStore, clearMessageAtom } from '@proxy/contract/state';
import { customerWith, renderRoutes, type Reply, stubApi } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { OrderPage } from '../pages/OrderPage.tsx';

const STOCK: Stock = {
  stock: [{ country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'MTS', free: 5 }],
  prices: [{ period_days: 30, country: null, price: 290_000, currency: 'RUB', title: 'Месяц' }],
};

const OFFER: TrialOffer = {
  available: true,
  minutes: 120,
  places: [
    { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'MTS', operator_ru: 'МТС', free: 5 },
    { country: 'KZ', city: 'Almaty', city_ru: 'Алматы', operator: 'Kcell', operator_ru: 'Kcell', free: 9 },
  ],
  reason: null,
  message: null,
};

function stubTrialApi(offers: TrialOffer[], take: Reply = [201, { proxy_id: 55, expires_at: '2026-06-01T12:00:00Z' }]) {
  const next = () => (offers.length > 1 ? offers.shift() : offers[0]);
  return stubApi((call) => {
    if (call.url === '/api/trial/' && call.method === 'GET') return [200, next()];
    if (call.url === '/api/trial/' && call.method === 'POST') return take;
    if (call.url === '/api/stock/') return [200, STOCK];
    return undefined;
  });
}

const openPage = (language: 'ru' | 'en') =>
  renderRoutes(
    [
      { path: '/order', Component: OrderPage },
      { path: '/en/order', Component: OrderPage },
      { path: '/ip/:id', Component: () => null },
      { path: '/en/ip/:id', Component: () => null },
    ],
    language === 'ru' ? '/order' : '/en/order',
    { namespace: 'order', translations: { ru, en }, session: { user: customerWith({ balance: 0 }), language } },
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.set(clearMessageAtom);
});

describe('the free trial on the order page', () => {
  it('takes a trial in the chosen place and opens the new proxy (ru)', async () => {
    const calls = stubTrialApi([OFFER]);
    const router = await openPage('ru');
    const box = within(await screen.findByRole('region', { name: 'Бесплатный тест' }));
    expect(box.getByText(/Попробуйте прокси 2 часа бесплатно/)).toBeDefined();
    const place = box.getByLabelText('Где') as HTMLSelectElement;
    expect([...place.options].map((option) => option.textContent)).toEqual([
      'Россия · Москва · МТС',
      'Казахстан · Алматы · Kcell',
    ]);
    fireEvent.change(place, { target: { value: place.options[1]?.value } });
    await act(async () => fireEvent.click(box.getByRole('button', { name: 'Взять бесплатный тест на 2 часа' })));
    expect(
      calls.filter((call) => call.url === '/api/trial/' && call.method === 'POST').map((call) => call.body),
    ).toEqual([{ country: 'KZ', city: 'Almaty', operator: 'Kcell' }]);
    expect(router.state.location.pathname).toBe('/ip/55');
  });

  it("says why a take was refused, in the server's words, and shows the offer as it stands now (en)", async () => {
    const gone: TrialOffer = {
      available: false,
      minutes: 90,
      places: [],
      reason: 'no_stock',
      message: 'No proxies are free for a trial here now: choose another place or try later.',
    };
    const calls = stubTrialApi(
      [{ ...OFFER, minutes: 90 }, gone],
      [409, { detail: 'No proxies are free for a trial here now: choose another place or try later.' }],
    );
    const router = await openPage('en');
    const box = within(await screen.findByRole('region', { name: 'Free trial' }));
    await act(async () => fireEvent.click(box.getByRole('button', { name: 'Take a free trial for 90 minutes' })));
    await vi.waitFor(() =>
      expect(box.getByRole('status').textContent).toBe(
        'No proxies are free for a trial here now: choose another place or try later.',
      ),
    );
    expect(box.queryByRole('button')).toBeNull();
    expect(calls.filter((call) => call.url === '/api/trial/' && call.method === 'GET')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/en/order');
  });

  it.each([
    ['ru', 'taken', 'Бесплатный тест для этого аккаунта или его адреса e-mail уже был.'],
    ['en', 'not_verified', 'Confirm your e-mail address to take a free trial.'],
  ] as const)('says why there is no trial (%s, %s)', async (language, reason, message) => {
    stubTrialApi([{ available: false, minutes: 120, places: [], reason, message }]);
    await openPage(language);
    const box = within(
      await screen.findByRole('region', { name: language === 'ru' ? 'Бесплатный тест' : 'Free trial' }),
    );
    expect(box.getByRole('status').textContent).toBe(message);
    expect(box.queryByRole('button')).toBeNull();
  });

  it('shows nothing while staff have it switched off', async () => {
    stubTrialApi([
      { available: false, minutes: 120, places: [], reason: 'off', message: 'Free trials are not offered now.' },
    ]);
    await openPage('en');
    await screen.findByRole('heading', { level: 1 });
    await vi.waitFor(() => expect(screen.getByRole('group', { name: en.country })).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Free trial' })).toBeNull();
    expect(screen.queryByText('Free trials are not offered now.')).toBeNull();
  });
});
