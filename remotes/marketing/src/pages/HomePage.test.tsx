// The home page component with the data its loader hands it: the CMS blocks in order, or — when no home page is
// published (the loader's null) — a welcoming hero from the remote's own translations instead of an empty page.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicPage } from '@proxy/contract/schemas/page';
import type { PublicPlan } from '@proxy/contract/schemas/plans';
import ru from '../i18n/ru.json';
import { renderPage } from '../test/render-page.tsx';
import { HomePage } from './HomePage.tsx';

const week: PublicPlan = {
  id: 7,
  title: 'Week',
  price: 150_000,
  currency: 'RUB',
  period_days: 7,
  caption: '',
  features: [],
  highlighted: false,
};

const page: PublicPage = {
  slug: 'index',
  title: 'Home',
  body: '',
  seo_title: 'Mobile proxies',
  seo_description: '',
  updated_at: '2026-11-22T00:00:00.000Z',
  blocks: [
    {
      id: 2,
      type: 'steps',
      anchor: 'steps',
      data: { title: 'How', lead: '', items: [{ title: 'Sign up', text: 'E-mail' }] },
    },
    { id: 1, type: 'prices', anchor: 'prices', data: { title: 'Plans', lead: '', note: '' } },
  ],
  plans: [
    {
      id: 7,
      title: 'Week',
      price: 150_000,
      currency: 'RUB',
      period_days: 7,
      caption: '',
      features: [],
      highlighted: false,
    },
  ],
};

afterEach(cleanup);

describe('HomePage', () => {
  it('renders the blocks in the order given, with the plans in the price table', async () => {
    await renderPage(HomePage, page, 'en');
    // The stock strip first, on its own band (this page has no hero), then the blocks.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'In stock right now',
      'How',
      'Plans',
    ]);
    expect(screen.getByText('for 7 days')).toBeTruthy();
    expect(document.title).toBe('Mobile proxies');
  });

  it('words the plan period with Russian plural forms', async () => {
    await renderPage(
      HomePage,
      { ...page, plans: [1, 3, 30].map((days, i) => ({ ...week, id: i, period_days: days })) },
      'ru',
    );
    for (const text of ['за 1 день', 'за 3 дня', 'за 30 дней']) expect(screen.getByText(text)).toBeTruthy();
  });

  it('sends every "Order" of the price table to the order page with the plan\'s period, for anyone', async () => {
    const plans = [1, 30].map((days, i) => ({ ...week, id: i, period_days: days }));
    await renderPage(HomePage, { ...page, plans }, 'en');
    expect(screen.getAllByRole('link', { name: 'Order' }).map((link) => link.getAttribute('href'))).toEqual([
      '/en/order?period=1',
      '/en/order?period=30',
    ]);
    cleanup();
    await renderPage(HomePage, { ...page, plans }, 'ru');
    expect(screen.getAllByRole('link', { name: ru.prices.order }).map((link) => link.getAttribute('href'))).toEqual([
      '/order?period=1',
      '/order?period=30',
    ]);
  });

  it('shows the translated hero when no home page is published', async () => {
    await renderPage(HomePage, null, 'ru');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru.home.title);
    expect(screen.getByRole('link', { name: ru.home.ctaPrimary }).getAttribute('href')).toBe('/about');
  });
});
