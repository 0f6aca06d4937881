// The list every panel section gets, seen as staff see it: the filters of the spec's three kinds write the URL in
// the API's grammar, the API is asked for exactly that, and a slow answer to an old query never replaces a newer one.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@proxy/contract/api/errors';
import type { Paginated } from '@proxy/contract/api/pagination';
import { defineList, type ListParams } from '@proxy/contract/schemas/list-query';
import { appStore, messageAtom, StateProvider } from '@proxy/contract/state';
import { installBrowserStubs } from '../test/browser-stubs.ts';
import { ResourceList, type ResourceListProps } from './ResourceList.tsx';

const USERS = defineList({
  orderings: ['email', 'date_joined'],
  filters: {
    status: { type: 'list', choices: ['active', 'blocked'] },
    balance: { type: 'range' },
    date_joined: { type: 'date_range' },
    country: { type: 'values' },
  },
});

interface Row {
  readonly id: number;
  readonly email: string;
}

const page = (rows: Row[], count = rows.length): Paginated<Row> => ({
  count,
  next: null,
  previous: null,
  results: rows,
});

type Labels = NonNullable<ResourceListProps<Row, typeof USERS>['filters']>;
const LABELS: Labels = {
  status: { label: 'Status', choices: { active: 'Active', blocked: 'Blocked' } },
  balance: { label: 'Balance' },
  date_joined: { label: 'Joined' },
  country: { label: 'Country', choices: { RU: 'Russia', KZ: 'Kazakhstan' } },
};

function renderList(
  load: (params: ListParams<typeof USERS>) => Promise<Paginated<Row>>,
  path = '/panel/users',
  { filters = LABELS, searchPlaceholder = 'E-mail' }: { filters?: Labels; searchPlaceholder?: string } = {},
) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en', resources: {}, initAsync: false });
  const List = () => (
    <ResourceList<Row, typeof USERS>
      definition={USERS}
      load={(params) => load(params)}
      rowKey={(row) => row.id}
      searchPlaceholder={searchPlaceholder || undefined}
      emptyText="No users"
      filters={filters}
      columns={[{ key: 'email', title: 'E-mail', sortable: true, render: (row) => row.email }]}
    />
  );
  const router = createMemoryRouter([{ path: '/panel/users', Component: List }], { initialEntries: [path] });
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StateProvider>,
  );
  return router;
}

const search = (router: ReturnType<typeof renderList>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

beforeEach(installBrowserStubs);
afterEach(cleanup);

describe('a panel list', () => {
  it('reads its filters from the URL and asks for exactly them, dropping values outside their grammar', async () => {
    const load = vi.fn(async () => page([{ id: 1, email: 'a@example.com' }]));
    renderList(
      load,
      '/panel/users?status=blocked,nonsense&balance_min=100&balance_max=x&date_joined_after=2026-01-31&country=KZ,,UZ',
    );
    await screen.findByText('a@example.com');
    expect(load).toHaveBeenLastCalledWith({
      page: 1,
      page_size: 20,
      filters: {
        status: ['blocked'],
        balance: { min: 100 },
        date_joined: { after: '2026-01-31' },
        country: ['KZ', 'UZ'],
      },
    });
    // A value the data holds shows by the name the section gives it, an unnamed one as itself.
    expect(screen.getByText('Kazakhstan')).toBeTruthy();
    expect(screen.getByText('UZ')).toBeTruthy();
  });

  it('writes a changed range or date into the URL and goes back to page 1', async () => {
    const load = vi.fn(async () => page([{ id: 1, email: 'a@example.com' }], 60));
    const router = renderList(load, '/panel/users?page=3&ordering=-date_joined');
    await screen.findByText('a@example.com');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Joined: To'), { target: { value: '2026-02-28' } });
    });
    expect(search(router)).toEqual({ ordering: '-date_joined', date_joined_before: '2026-02-28' });
    await act(async () => {
      const min = screen.getByLabelText('Balance: From');
      fireEvent.change(min, { target: { value: '500' } });
      fireEvent.blur(min);
    });
    expect(search(router)).toMatchObject({ balance_min: '500', date_joined_before: '2026-02-28' });
    expect(load).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 1, filters: { balance: { min: 500 }, date_joined: { before: '2026-02-28' } } }),
    );
  });

  it('types a scaled range in larger units, leaves out hidden filters, and has no search without a placeholder', async () => {
    const load = vi.fn(async () => page([{ id: 1, email: 'a@example.com' }]));
    const router = renderList(load, '/panel/users?balance_max=50000&country=KZ', {
      filters: { ...LABELS, balance: { label: 'Balance', scale: 100 }, country: { label: 'Country', hidden: true } },
      searchPlaceholder: '',
    });
    await screen.findByText('a@example.com');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Country' })).toBeNull();
    // A hidden filter the URL holds still reaches the API: the screen sets it, the user does not.
    expect(load).toHaveBeenLastCalledWith(
      expect.objectContaining({ filters: { balance: { max: 50000 }, country: ['KZ'] } }),
    );
    expect((screen.getByLabelText('Balance: To') as HTMLInputElement).value).toBe('500');
    await act(async () => {
      const min = screen.getByLabelText('Balance: From');
      fireEvent.change(min, { target: { value: '0.5' } });
      fireEvent.blur(min);
    });
    expect(search(router)).toMatchObject({ balance_min: '50', balance_max: '50000' });
  });

  it('never shows a slow answer to an older query over the newer one', async () => {
    let releaseOld: (rows: Paginated<Row>) => void = () => undefined;
    const load = vi.fn((params: ListParams<typeof USERS>) =>
      params.search === 'new'
        ? Promise.resolve(page([{ id: 2, email: 'new@example.com' }]))
        : new Promise<Paginated<Row>>((resolve) => (releaseOld = resolve)),
    );
    renderList(load);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'new' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    await screen.findByText('new@example.com');
    await act(async () => releaseOld(page([{ id: 1, email: 'old@example.com' }])));
    expect(screen.queryByText('old@example.com')).toBeNull();
    expect(screen.getByText('new@example.com')).toBeDefined();
  });
});

describe('a list read page by page (an audit)', () => {
  const PAGES = defineList({ orderings: [], filters: {} });

  function renderPages(load: (params: ListParams<typeof PAGES>) => Promise<Paginated<Row>>, path: string) {
    const i18n = createInstance();
    void i18n.use(initReactI18next).init({ lng: 'en', resources: {}, initAsync: false });
    const List = () => (
      <ResourceList<Row, typeof PAGES>
        definition={PAGES}
        load={(params) => load(params)}
        rowKey={(row) => row.id}
        fixedPageSize={20}
        emptyText="No changes"
        columns={[{ key: 'email', title: 'E-mail', render: (row) => row.email }]}
      />
    );
    const router = createMemoryRouter([{ path: '/panel/users/7', Component: List }], { initialEntries: [path] });
    render(
      <StateProvider store={appStore}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StateProvider>,
    );
    return router;
  }

  it('pages by the API’s own size: no size to choose, a page_size in the URL ignored, the page beside the tab', async () => {
    const load = vi.fn(async () => page([{ id: 1, email: 'a@example.com' }], 45));
    const router = renderPages(load, '/panel/users/7?tab=history&page_size=50');
    await screen.findByText('a@example.com');
    expect(load).toHaveBeenLastCalledWith({ page: 1, page_size: 20 });
    expect(screen.getByText('Total: 45')).toBeDefined();
    // No search, no filters, no page-size select.
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
    });
    expect(search(router)).toEqual({ tab: 'history', page: '2' });
    expect(load).toHaveBeenLastCalledWith({ page: 2, page_size: 20 });
  });

  it('says in the table that the rows could not be loaded, rather than that there are none', async () => {
    const load = vi.fn(async (): Promise<Paginated<Row>> => {
      throw new ApiError(500, null);
    });
    renderPages(load, '/panel/users/7?tab=history');
    expect(
      await screen.findByText('Something went wrong. Please try again.', { selector: '.ant-table *' }),
    ).toBeDefined();
    expect(screen.queryByText('No changes')).toBeNull();
    expect(appStore.get(messageAtom)).toMatchObject({
      text: 'Something went wrong. Please try again.',
      color: 'error',
    });
  });
});
