// A short list as staff see it: numbered with move buttons when it keeps an order, plain when it does not (a farm's
// hosts), and with an actions column only when some row has a button for this user.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, StateProvider } from '@proxy/contract/state';
import type { Abilities } from '../resource.ts';
import { installBrowserStubs } from '../test/browser-stubs.ts';
import { OrderedList, type OrderedListProps } from './OrderedList.tsx';
import { useOrderedList } from './use-ordered-list.ts';

beforeEach(installBrowserStubs);
afterEach(cleanup);

interface Host {
  readonly id: number;
  readonly name: string;
}

const HOSTS: Host[] = [
  { id: 1, name: 'msk-1' },
  { id: 2, name: 'spb-1' },
];
const ALL: Abilities = { canAdd: true, canChange: true, canDelete: true };

function renderList(props: Partial<Omit<OrderedListProps<Host>, 'list'>> = {}) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en', resources: {}, initAsync: false });
  function List() {
    const list = useOrderedList<Host>({ initial: HOSTS });
    return (
      <OrderedList<Host>
        list={list}
        abilities={ALL}
        emptyText="No hosts"
        name={(host) => host.name}
        columns={[{ key: 'name', title: 'Host', render: (host) => host.name }]}
        {...props}
      />
    );
  }
  render(
    <StateProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <List />
      </I18nextProvider>
    </StateProvider>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe('a short list', () => {
  it('in a saved order: numbered, with move buttons', () => {
    renderList({ reorder: vi.fn(async () => HOSTS) });
    expect(headers()).toEqual(['#', 'Host', 'Actions']);
    expect(screen.getByRole('button', { name: 'Move spb-1 up' })).toBeDefined();
  });

  it('without an order: no numbers, no moves, and delete with its confirmation', async () => {
    const send = vi.fn(async () => null);
    renderList({ remove: { send, confirm: (_host, name) => `Delete the host “${name}”?` } });
    expect(headers()).toEqual(['Host', 'Actions']);
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete spb-1' }));
    const question = await screen.findByText('Delete the host “spb-1”?');
    await act(async () => {
      fireEvent.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Delete' }));
    });
    expect(send).toHaveBeenCalledWith(HOSTS[1]);
    expect(screen.queryByText('spb-1')).toBeNull();
  });

  it('has no actions column when no row has a button for this user', () => {
    renderList({
      abilities: { canAdd: false, canChange: false, canDelete: false },
      remove: { send: vi.fn(), confirm: () => 'Delete?' },
    });
    expect(headers()).toEqual(['Host']);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the actions column', () => {
  const actionsHeader = () => screen.getByRole('columnheader', { name: 'Actions' });

  it('stays pinned to the right edge on a wide screen, the other columns scrolling under it', () => {
    renderList({ reorder: vi.fn(async () => HOSTS) });
    expect(actionsHeader().className).toMatch(/ant-table-cell-fix/);
  });

  it("scrolls with its row on a phone, where pinned its buttons would cover every row's name (#49)", () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: false })) as typeof window.matchMedia;
    try {
      renderList({ reorder: vi.fn(async () => HOSTS) });
      expect(actionsHeader().className).not.toMatch(/ant-table-cell-fix/);
      expect(screen.getByRole('cell', { name: 'msk-1' })).toBeDefined();
    } finally {
      window.matchMedia = wide;
    }
  });
});
