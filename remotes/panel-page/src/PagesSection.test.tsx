import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PanelPageRow } from '@proxy/contract/schemas/page';
import { formatPrice } from '@proxy/contract/money';
import { queryOf, screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import { renderRoutes } from './test/setup.tsx';
import { PagesSection } from './PagesSection.tsx';

const row = (id: number, slug: string, title: string, extra: Partial<PanelPageRow> = {}): PanelPageRow => ({
  id,
  slug,
  home: false,
  title_ru: title,
  title_en: title,
  published: true,
  menu: null,
  sort_order: id,
  blocks: 0,
  updated_at: '2026-02-01T10:00:00Z',
  ...extra,
});

const ROWS = [
  row(1, 'index', 'Mobile proxies', { home: true, blocks: 8 }),
  row(2, 'about', 'About us'),
  row(3, 'pricing-draft', 'Pricing draft', { published: false }),
];

function answerPages() {
  return ({ url }: Call) => {
    if (url.startsWith('/api/panel/pages/')) return { body: { count: 42, next: null, previous: null, results: ROWS } };
    return { status: 404, body: { detail: 'Not found.' } };
  };
}

const renderList = (path = '/en/panel/page') =>
  renderRoutes([{ path: '/en/panel/page', Component: PagesSection }], path);

screenTests();

describe('the pages list', () => {
  it('shows the rows with the home badge, block counts, status and the total, linking each to its edit screen', async () => {
    signIn(['pages.view_page', 'pages.add_page', 'pages.delete_page']);
    stubApi(answerPages());
    await renderList();
    const home = (await screen.findByRole('link', { name: 'Mobile proxies' })).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Mobile proxies' }).getAttribute('href')).toBe('/en/panel/page/1');
    expect(within(home).getByText('home')).toBeDefined();
    expect(within(home).getByText('8')).toBeDefined();
    const draft = screen.getByRole('link', { name: 'Pricing draft' }).closest('tr') as HTMLElement;
    expect(within(draft).getByText('Draft')).toBeDefined();
    expect(screen.getByText('Total: 42')).toBeDefined();
    // The home page cannot be deleted: no button on its row; the others have one.
    expect(within(home).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete About us' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Create page' })).toBeDefined();
  });

  it('hides create and delete without those permissions', async () => {
    signIn(['pages.view_page']);
    stubApi(answerPages());
    await renderList();
    await screen.findByRole('link', { name: 'About us' });
    expect(screen.queryByRole('button', { name: 'Create page' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('keeps search, filter, sort and page in the URL and asks the server for exactly that', async () => {
    signIn(['pages.view_page']);
    const calls = stubApi(answerPages());
    const router = await renderList('/en/panel/page?search=pro&published=false&ordering=-updated_at&page=2');
    await screen.findByRole('link', { name: 'About us' });
    expect(queryOf(calls[0]?.url)).toEqual({
      search: 'pro',
      published: 'false',
      ordering: '-updated_at',
      page: '2',
      page_size: '20',
    });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'about' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    // A new search starts again from page 1.
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      search: 'about',
      published: 'false',
      ordering: '-updated_at',
    });
    expect(queryOf(calls.at(-1)?.url)).toMatchObject({ search: 'about', page: '1' });

    await act(async () => {
      // The header row: a table that scrolls sideways also renders a hidden copy of its titles to measure them.
      fireEvent.click(screen.getAllByText('Title')[0] as HTMLElement);
    });
    expect(new URLSearchParams(router.state.location.search).get('ordering')).toBe('title_ru');
    expect(queryOf(calls.at(-1)?.url)).toMatchObject({ ordering: 'title_ru' });
  });

  it('asks before deleting a page, then deletes it and reloads the list', async () => {
    signIn(['pages.view_page', 'pages.delete_page']);
    const calls = stubApi((call) => (call.method === 'DELETE' ? { status: 204 } : answerPages()(call)));
    await renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete About us' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(await screen.findByText('Delete the page “About us”? This cannot be undone.')).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/panel/pages/2/']);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('switches to the plans tab through the URL', async () => {
    signIn(['pages.view_page']);
    stubApi(({ url }) =>
      url === '/api/panel/plans/'
        ? {
            body: [
              {
                id: 4,
                title_ru: 'Неделя',
                title_en: 'Week',
                price: 190_000,
                currency: 'RUB',
                period_days: 7,
                caption_ru: '',
                caption_en: '',
                features_ru: [],
                features_en: [],
                highlighted: true,
                active: true,
                sort_order: 0,
                updated_at: '2026-02-01T10:00:00Z',
              },
            ],
          }
        : answerPages()({ url, method: 'GET', body: null }),
    );
    const router = await renderList();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Plans' }));
    });
    expect(router.state.location.search).toBe('?tab=plans');
    const week = (await screen.findByText('Week')).closest('tr') as HTMLElement;
    expect(week.textContent).toContain(formatPrice(190_000, 'RUB', 'en'));
    expect(within(week).getByText('7 days')).toBeDefined();
    // Viewing only: no add, move or delete.
    expect(screen.queryByRole('button', { name: 'Add plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'View Week' })).toBeDefined();
  });
});
