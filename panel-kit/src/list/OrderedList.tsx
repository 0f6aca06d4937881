import { Table } from 'antd';
import { useSyncExternalStore } from 'react';
import { useKitT } from '../i18n/use-kit-t.ts';
import { SideScroll } from './SideScroll.tsx';
import type { Abilities } from '../resource.ts';
import type { ListColumn } from './ResourceList.tsx';
import { RowActions } from './RowActions.tsx';
import { movedIds, type OrderedListState } from './use-ordered-list.ts';

export interface OrderedListProps<Row extends { readonly id: number }> {
  readonly list: OrderedListState<Row>;
  /** The section's columns; a function when a cell acts on the list (a switch saved at once). */
  readonly columns: readonly ListColumn<Row>[] | ((list: OrderedListState<Row>) => readonly ListColumn<Row>[]);
  /** The row as people call it; the buttons' accessible names use it. */
  readonly name: (row: Row, index: number) => string;
  readonly abilities: Abilities;
  readonly emptyText: string;
  /** The rows a row moves among (a tree's level), in order; the whole list by default. */
  readonly siblings?: (row: Row, rows: readonly Row[]) => readonly Row[];
  /**
   * Saves a new order of `ids` (the row's siblings); answers the whole list in its new order. Without it the list is
   * just short (a farm's hosts): no position column, no moves.
   */
  readonly reorder?: (ids: number[], row: Row) => Promise<readonly Row[]>;
  readonly onOpen?: (row: Row) => void;
  readonly remove?: {
    readonly send: (row: Row) => Promise<unknown>;
    readonly confirm: (row: Row, name: string) => string;
  };
  /**
   * Reads the whole list again after a change that moves other rows too (a menu item's children go with it);
   * without it a deleted row is just taken out.
   */
  readonly reload?: () => Promise<readonly Row[]>;
  /** The rows in display order (a tree's parents each followed by their children); as stored by default. */
  readonly arrange?: (rows: readonly Row[]) => readonly Row[];
}

/** At least antd's `sm` breakpoint wide (576 px): wider than a phone. Read from the window, and followed as it changes. */
const WIDE = '(min-width: 576px)';
function useWide(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * A short list, loaded whole — in its saved order, with a position column, when it can be reordered: the section's
 * columns, and per row move up/down, open and delete (confirmed), as far as the user may. Every change is saved at
 * once.
 */
export function OrderedList<Row extends { readonly id: number }>({
  list,
  columns,
  name,
  abilities,
  emptyText,
  siblings = (_row, rows) => rows,
  reorder,
  onOpen,
  remove,
  reload,
  arrange = (rows) => rows,
}: OrderedListProps<Row>) {
  const { t } = useKitT();
  const wide = useWide();
  const { rows, busy, run, setRows } = list;

  async function move(row: Row, by: -1 | 1) {
    if (!reorder) return;
    const level = siblings(row, rows);
    const next = await run(() => reorder(movedIds(level, level.indexOf(row), by), row), 'reordered');
    if (next) setRows(next);
  }

  async function removeRow(row: Row) {
    if (!remove) return;
    const done = await run(async () => {
      await remove.send(row);
      return true;
    }, 'deleted');
    if (!done) return;
    if (reload) setRows(await reload().catch(() => rows.filter((item) => item.id !== row.id)));
    else setRows((current) => current.filter((item) => item.id !== row.id));
  }

  // Without a button for any row (no open, and no move or delete the user may do) there is no actions column.
  const actions =
    Boolean(onOpen) || (abilities.canChange && Boolean(reorder)) || (abilities.canDelete && Boolean(remove));

  return (
    <SideScroll>
      <Table<Row>
        rowKey="id"
        loading={busy}
        dataSource={[...arrange(rows)]}
        pagination={false}
        // On a phone the table scrolls sideways inside its box: actions stay reachable, the page does not widen.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
        columns={[
          ...(reorder
            ? [
                {
                  key: 'position',
                  title: '#',
                  width: 48,
                  responsive: ['sm' as const],
                  render: (_value: unknown, _row: Row, index: number) => index + 1,
                },
              ]
            : []),
          ...(typeof columns === 'function' ? columns(list) : columns).map((column) => ({
            key: column.key,
            title: column.title,
            responsive: column.responsive,
            render: (_value: unknown, row: Row) => column.render(row),
          })),
          ...(actions
            ? [
                {
                  key: 'actions',
                  title: t('list.actions'),
                  // Pinned to the right edge where there is room: the other columns scroll under it, the buttons stay
                  // in reach. On a phone the buttons alone are as wide as the box: pinned, they would cover every row's
                  // name (#49), so there they scroll with their row.
                  fixed: wide ? ('end' as const) : undefined,
                  render: (_value: unknown, row: Row, index: number) => {
                    const level = siblings(row, rows);
                    const label = name(row, index);
                    return (
                      <RowActions
                        name={label}
                        canChange={abilities.canChange}
                        busy={busy}
                        onOpen={onOpen && (() => onOpen(row))}
                        move={
                          reorder && {
                            index: level.indexOf(row),
                            count: level.length,
                            onMove: (delta) => void move(row, delta),
                          }
                        }
                        {...(remove && abilities.canDelete
                          ? { deleteConfirm: remove.confirm(row, label), onDelete: () => removeRow(row) }
                          : {})}
                      />
                    );
                  },
                },
              ]
            : []),
        ]}
      />
    </SideScroll>
  );
}
