// The home page's stock strip, as a visitor sees it under the hero: free modems per country (flag, name, total) with
// the operators' counts, "from N per day" over the price list, the payment methods' icons and a link to the order
// page. On the document's first render it paints from what the server embedded, without a request; on a client-side
// visit it asks the public API, holding its place meanwhile. With nothing free, or no answer, it is a compact card
// that says so (never an empty box).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '@proxy/contract/schemas/billing';
import type { Stock } from '@proxy/contract/schemas/orders';
import type { PublicPage } from '@proxy/contract/schemas/page';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { createAppStore, hydrateAppStore, blockAtom, type HomeStock } from '@proxy/contract/state';
import { HomePage } from '../pages/HomePage.tsx';
import { renderPage } from '../test/render-page.tsx';
import { groupStock } from './stock.ts';

const STOCK: Stock = {
  stock: [
    { country: 'KZ', city: 'Almaty', operator: 'Beeline', operator_ru: 'Beeline', free: 2 },
    { country: 'RU', city: 'Moscow', operator: 'MTS', operator_ru: 'МТС', free: 5 },
    { country: 'RU', city: 'Kazan', operator: 'MTS', operator_ru: 'МТС', free: 4 },
    { country: 'RU', city: 'Moscow', operator: 'Beeline', operator_ru: 'Билайн', free: 6 },
    { country: 'RU', city: 'Moscow', operator: 'MegaFon', operator_ru: 'МегаФон', free: 3 },
    { country: 'RU', city: 'Moscow', operator: 'Tele2', operator_ru: 'Т2', free: 1 },
    { country: 'RU', city: 'Moscow', operator: 'Yota', free: 1 },
  ],
  prices: [
    { period_days: 1, country: null, price: 35_000, currency: 'RUB', title: 'Day' },
    { period_days: 30, country: null, price: 390_000, currency: 'RUB', title: 'Month' },
    { period_days: 7, country: null, price: 150_000, currency: 'RUB', title: 'Week' },
  ],
};

const method = (id: number, name: string, icon: PaymentMethod['icon']): PaymentMethod => ({
  id,
  code: name.toLowerCase(),
  name,
  icon,
  kind: 'crypto',
  provider: 'manual',
  min_amount: 50_000,
  max_amount: 100_000_000_000,
  fee_percent: 0,
  currency: 'RUB',
  asset: null,
  rate: null,
  rate_at: null,
  unavailable: null,
});
const METHODS = [method(1, 'Bitcoin', { id: 41, width: 64, height: 64, alt: '' }), method(2, 'USDT', null)];

const HOME: PublicPage = {
  slug: 'index',
  title: 'Home',
  body: '',
  seo_title: '',
  seo_description: '',
  updated_at: '2026-11-22T00:00:00.000Z',
  blocks: [{ id: 1, type: 'hero', anchor: null, data: { title: 'Mobile proxies', lead: '', actions: [] } }],
  plans: [],
};

/** Answers the API's paths (a status of its own, or 200 with the body); records what was asked. */
function stubApi(answers: Record<string, unknown>): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0] ?? '';
    asked.push(path);
    const answer = answers[path];
    if (answer instanceof Error) throw answer;
    const status = typeof answer === 'number' ? answer : answer === undefined ? 404 : 200;
    return new Response(JSON.stringify(status === 200 ? answer : { detail: 'no' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('groupStock', () => {
  it('sums cities per country and operator, most free first, leaving out places with nothing free', () => {
    expect(groupStock([...STOCK.stock, { country: 'AM', city: 'Yerevan', operator: 'Ucom', free: 0 }])).toEqual([
      {
        country: 'RU',
        free: 20,
        operators: [
          { operator: 'MTS', operator_ru: 'МТС', free: 9 },
          { operator: 'Beeline', operator_ru: 'Билайн', free: 6 },
          { operator: 'MegaFon', operator_ru: 'МегаФон', free: 3 },
          { operator: 'Tele2', operator_ru: 'Т2', free: 1 },
          { operator: 'Yota', operator_ru: '', free: 1 },
        ],
      },
      { country: 'KZ', free: 2, operators: [{ operator: 'Beeline', operator_ru: 'Beeline', free: 2 }] },
    ]);
  });
});

describe('StockStrip on the home page', () => {
  it('shows the free modems per country and operator, the lowest price per day and the payment icons', async () => {
    const asked = stubApi({ '/api/stock/': STOCK, '/api/payment-methods/': METHODS });
    await renderPage(HomePage, HOME, 'en');
    const strip = await screen.findByRole('region', { name: en.stock.title });
    await waitFor(() => expect(strip.getAttribute('aria-busy')).toBe('false'));
    expect(asked.sort()).toEqual(['/api/payment-methods/', '/api/stock/']);
    // Inside the hero, under its heading: the first screen.
    expect(strip.closest('section:not([aria-labelledby])')?.querySelector('h1')?.textContent).toBe('Mobile proxies');

    expect(within(strip).getByText('22 free modems')).toBeTruthy();
    // 350 ₽ a day, 214.29 a week, 130 a month: the month's day is the cheapest.
    expect(within(strip).getByText('from RUB 130 per day')).toBeTruthy();

    const [russia, kazakhstan] = within(strip)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('ul'));
    expect(russia?.querySelector('p')?.textContent).toBe('Russia20');
    // The flag is the site's SVG file, loaded lazily (never inlined into the home page's JS), beside the name.
    const flag = russia?.querySelector('p img');
    expect(flag?.getAttribute('src')).toBe('/flags/ru.svg');
    expect(flag?.getAttribute('loading')).toBe('lazy');
    expect(flag?.getAttribute('alt')).toBe('');
    expect([...(russia?.querySelectorAll('ul li') ?? [])].map((row) => row.textContent)).toEqual([
      'MTS9',
      'Beeline6',
      'MegaFon3',
      '+2 more',
    ]);
    expect(kazakhstan?.querySelector('p')?.textContent).toBe('Kazakhstan2');

    const icon = within(strip).getByRole('img', { name: 'Bitcoin' });
    expect(icon.getAttribute('src')).toBe('/api/users/images/41-24x24.webp');
    expect(icon.getAttribute('srcset')).toBe('/api/users/images/41-48x48.webp 2x');
    // A method without an icon is named instead.
    expect(within(strip).getByText('USDT')).toBeTruthy();

    expect(within(strip).getByRole('link', { name: en.stock.order }).getAttribute('href')).toBe('/en/order');
  });

  it('speaks Russian: country and operator names, plural forms and the price', async () => {
    stubApi({ '/api/stock/': { ...STOCK, stock: STOCK.stock.slice(0, 3) }, '/api/payment-methods/': [] });
    await renderPage(HomePage, HOME, 'ru');
    const strip = await screen.findByRole('region', { name: ru.stock.title });
    await within(strip).findByText('11 свободных модемов');
    expect(within(strip).getByText('от 130 ₽ в день')).toBeTruthy();
    expect(within(strip).getByText('Казахстан')).toBeTruthy();
    // Operators as they write themselves in each country: МТС in Russia, Beeline still in Kazakhstan.
    expect(within(strip).getByText('МТС')).toBeTruthy();
    expect(within(strip).queryByText('MTS')).toBeNull();
    expect(within(strip).getByText('Beeline')).toBeTruthy();
    expect(within(strip).getByRole('link', { name: ru.stock.order }).getAttribute('href')).toBe('/order');
    // No methods: no "We accept" with nothing after it.
    expect(within(strip).queryByText(ru.stock.pay)).toBeNull();
  });

  it('on a client-side visit holds its place while loading, then shows the compact card when the request fails', async () => {
    let fail: (reason: Error) => void = () => undefined;
    vi.stubGlobal('fetch', (url: string) =>
      url.startsWith('/api/stock/')
        ? new Promise((_, reject) => (fail = reject))
        : Promise.resolve(new Response('[]', { headers: { 'content-type': 'application/json' } })),
    );
    await renderPage(HomePage, HOME, 'en');
    const strip = screen.getByRole('region', { name: en.stock.title });
    expect(strip.getAttribute('aria-busy')).toBe('true');
    fail(new TypeError('Failed to fetch'));
    await waitFor(() => expect(strip.getAttribute('aria-busy')).toBe('false'));
    // Not "all taken": the stock is not known. Still a way on, and nothing that looks like an error.
    expect(within(strip).getByText(en.stock.unknown)).toBeTruthy();
    expect(within(strip).getByRole('link', { name: en.stock.order }).getAttribute('href')).toBe('/en/order');
    expect(within(strip).queryByRole('list')).toBeNull();
    expect(within(strip).queryByText(en.stock.pay)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mobile proxies');
  });

  it('on a client-side visit shows the compact card on an error status and on an empty stock, and the strip without the icons when only they fail', async () => {
    stubApi({ '/api/stock/': 503, '/api/payment-methods/': METHODS });
    await renderPage(HomePage, HOME, 'en');
    expect(await screen.findByText(en.stock.unknown)).toBeTruthy();
    cleanup();

    stubApi({ '/api/stock/': { stock: [], prices: STOCK.prices }, '/api/payment-methods/': METHODS });
    await renderPage(HomePage, HOME, 'en');
    const empty = screen.getByRole('region', { name: en.stock.title });
    await within(empty).findByText(en.stock.soldOut);
    expect(within(empty).getByText('from RUB 130 per day')).toBeTruthy();
    expect(within(empty).getByRole('img', { name: 'Bitcoin' })).toBeTruthy();
    cleanup();

    stubApi({ '/api/stock/': STOCK, '/api/payment-methods/': 500 });
    await renderPage(HomePage, HOME, 'en');
    const strip = await screen.findByRole('region', { name: en.stock.title });
    await within(strip).findByText('22 free modems');
    expect(within(strip).queryByRole('img')).toBeNull();
    expect(within(strip).queryByText(en.stock.pay)).toBeNull();
  });

  it('stands on its own band when the home page has no hero, and in the fallback hero without a home page', async () => {
    stubApi({ '/api/stock/': STOCK, '/api/payment-methods/': [] });
    await renderPage(
      HomePage,
      { ...HOME, blocks: [{ id: 2, type: 'richtext', anchor: null, data: { html: '<p>Hi</p>' } }] },
      'en',
    );
    expect(await screen.findByText('22 free modems')).toBeTruthy();
    cleanup();
    await renderPage(HomePage, null, 'en');
    expect(await screen.findByText('22 free modems')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.home.title);
  });
});

/** A store as the shell hydrates it from a document that embedded the strip's data for `language`. */
function embeddedStore(language: 'ru' | 'en', stock: HomeStock) {
  const store = createAppStore();
  hydrateAppStore(store, { block: { [`stock:${language}`]: stock } });
  return store;
}
const BADGES = METHODS.map(({ id, name, icon }) => ({ id, name, icon }));

describe('StockStrip from the document', () => {
  it('paints the embedded stock at the first render, asks nothing, and forgets it for the next visit', async () => {
    const asked = stubApi({});
    const store = embeddedStore('en', { ...STOCK, methods: BADGES });
    await renderPage(HomePage, HOME, 'en', store);
    const strip = screen.getByRole('region', { name: en.stock.title });
    expect(strip.getAttribute('aria-busy')).toBe('false');
    expect(within(strip).getByText('22 free modems')).toBeTruthy();
    expect(within(strip).getByText('from RUB 130 per day')).toBeTruthy();
    expect(within(strip).getByText('Russia').closest('p')?.textContent).toBe('Russia20');
    expect(within(strip).getByRole('img', { name: 'Bitcoin' }).getAttribute('src')).toBe(
      '/api/users/images/41-24x24.webp',
    );
    expect(asked).toEqual([]);
    expect(store.get(blockAtom)).toEqual({});
  });

  it('shows the compact card for an embedded empty stock: what is true, the price, the icons and the order link', async () => {
    const asked = stubApi({});
    await renderPage(HomePage, HOME, 'ru', embeddedStore('ru', { stock: [], prices: STOCK.prices, methods: BADGES }));
    const strip = screen.getByRole('region', { name: ru.stock.title });
    expect(strip.getAttribute('aria-busy')).toBe('false');
    expect(within(strip).getByText(ru.stock.soldOut)).toBeTruthy();
    expect(within(strip).getByText('от 130 ₽ в день')).toBeTruthy();
    expect(within(strip).getByRole('link', { name: ru.stock.order }).getAttribute('href')).toBe('/order');
    expect(within(strip).getByText(ru.stock.pay)).toBeTruthy();
    expect(within(strip).getByRole('img', { name: 'Bitcoin' })).toBeTruthy();
    // No country cards, no placeholders: nothing that waits for figures.
    expect(strip.querySelectorAll('li').length).toBe(2);
    expect(strip.querySelector('[class*="placeholder"]')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('asks the API on a client-side visit in another language than the one embedded', async () => {
    const asked = stubApi({ '/api/stock/': STOCK, '/api/payment-methods/': [] });
    const store = embeddedStore('ru', { stock: [], prices: [], methods: [] });
    await renderPage(HomePage, HOME, 'en', store);
    expect(await screen.findByText('22 free modems')).toBeTruthy();
    expect(asked.sort()).toEqual(['/api/payment-methods/', '/api/stock/']);
    // The other language's data stays for its own visit.
    expect(Object.keys(store.get(blockAtom))).toEqual(['stock:ru']);
  });
});
