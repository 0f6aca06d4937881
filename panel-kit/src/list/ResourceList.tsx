import type { ReactNode } from 'react';
import { Button, Input, Table, type Breakpoint, type TableProps } from 'antd';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE, type Paginated } from '@proxy/contract/api/pagination';
import type { ListDefinition, ListParams, Ordering } from '@proxy/contract/schemas/list-query';
import { useKitT } from '../i18n/use-kit-t.ts';
import { useRunAction } from '../resource.ts';
import { FilterBar, type FilterLabels } from './FilterBar.tsx';
import { useListData } from './use-list-data.ts';
import { useListParams } from './use-list-params.ts';
import { DeleteButton } from './RowActions.tsx';
import styles from './lists.module.css';
import { SideScroll } from './SideScroll.tsx';

export interface ListColumn<Row> {
  readonly key: string;
  readonly title: string;
  /** The column sorts the list: its key is one of the definition's orderings. */
  readonly sortable?: boolean;
  /** Shown from this width up (antd breakpoints); the first column and the actions are always shown. */
  readonly responsive?: Breakpoint[];
  readonly render: (row: Row) => ReactNode;
}

export interface ResourceListProps<Row, D extends ListDefinition> {
  readonly definition: D;
  readonly load: (params: ListParams<D>, signal: AbortSignal) => Promise<Paginated<Row>>;
  readonly rowKey: (row: Row) => number | string;
  readonly columns: readonly ListColumn<Row>[];
  /** The search box's placeholder; without one the list has no search (its API has none). */
  readonly searchPlaceholder?: string;
  readonly filters?: FilterLabels<D>;
  /**
   * The API's own page size, when it takes no `?page_size=` (an audit read page by page): the list offers no other
   * size and a `page_size` in the URL is ignored.
   */
  readonly fixedPageSize?: number;
  /** Shown when the list has no rows; when loading them failed, the table says that instead. */
  readonly emptyText: string;
  /** The create button, when the user may add. */
  readonly create?: { readonly label: string; readonly href: string };
  /** Delete with confirmation, for the rows `canDelete` allows. */
  readonly remove?: {
    readonly send: (row: Row) => Promise<unknown>;
    readonly confirm: (row: Row) => string;
    readonly name: (row: Row) => string;
    readonly allowed?: (row: Row) => boolean;
  };
}

type Sorter<Row> = Parameters<NonNullable<TableProps<Row>['onChange']>>[2];

/**
 * A panel section's list: search, the definition's filters, sortable columns, pagination with counts — all in the
 * URL and sent to the API in its own grammar — and delete with confirmation. A section gives its definition, its
 * data call and its columns.
 */
export function ResourceList<Row extends object, D extends ListDefinition>({
  definition,
  load,
  rowKey,
  columns,
  searchPlaceholder,
  filters,
  fixedPageSize,
  emptyText,
  create,
  remove,
}: ResourceListProps<Row, D>) {
  const { t } = useKitT();
  const navigate = useNavigate();
  const runAction = useRunAction();
  const { params, update } = useListParams(definition);
  const page = params.page ?? 1;
  const pageSize = fixedPageSize ?? params.page_size ?? DEFAULT_PAGE_SIZE;
  const { rows, total, loading, failed, reload } = useListData(
    { ...params, page, page_size: pageSize },
    async (query, signal) => {
      const answer = await load(query, signal);
      return { rows: answer.results, total: answer.count };
    },
    () => {
      if (page === 1) return false;
      update({ page: undefined });
      return true;
    },
  );
  const ordering = params.ordering ?? '';
  const orderField = ordering.replace(/^-/, '');
  const sortOrder = (key: string) =>
    orderField === key ? (ordering.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null;

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const sort = (Array.isArray(sorter) ? sorter[0] : sorter) as Exclude<Sorter<Row>, unknown[]> | undefined;
    const field = typeof sort?.columnKey === 'string' && sort.order ? sort.columnKey : undefined;
    const next = field ? ((sort?.order === 'descend' ? `-${field}` : field) as Ordering<D>) : undefined;
    if (next !== params.ordering) return update({ ordering: next });
    update({
      page: pagination.current && pagination.current > 1 ? pagination.current : undefined,
      page_size:
        fixedPageSize === undefined && pagination.pageSize && pagination.pageSize !== DEFAULT_PAGE_SIZE
          ? pagination.pageSize
          : undefined,
    });
  };

  const actions: TableProps<Row>['columns'] = remove
    ? [
        {
          key: 'actions',
          title: t('list.actions'),
          // Pinned to the right edge: on a phone the other columns scroll under it, the buttons stay in reach.
          fixed: 'end',
          render: (_value, row) =>
            remove.allowed && !remove.allowed(row) ? null : (
              <DeleteButton
                size="small"
                name={remove.name(row)}
                confirm={remove.confirm(row)}
                onConfirm={async () => {
                  if ((await runAction(() => remove.send(row), 'deleted')) !== undefined) reload();
                }}
              />
            ),
        },
      ]
    : [];

  // A list whose filters the screen sets itself and which has no search or create has no toolbar either.
  const showFilters =
    filters !== undefined && Object.values<{ hidden?: boolean }>(filters).some((label) => !label.hidden);

  return (
    <>
      {(searchPlaceholder !== undefined || showFilters || create) && (
        <div className={styles.toolbar}>
          {searchPlaceholder !== undefined && (
            <Input.Search
              className={styles.search}
              defaultValue={params.search}
              key={params.search ?? ''}
              allowClear
              placeholder={searchPlaceholder}
              aria-label={t('list.search')}
              enterButton={t('list.search')}
              onSearch={(value) => update({ search: value.trim() || undefined })}
            />
          )}
          {filters && showFilters && (
            <FilterBar definition={definition} labels={filters} params={params} update={update} />
          )}
          {create && (
            <Button type="primary" onClick={() => void navigate(create.href)}>
              {create.label}
            </Button>
          )}
        </div>
      )}
      <SideScroll>
        <Table<Row>
          rowKey={rowKey}
          loading={loading}
          dataSource={[...rows]}
          locale={{ emptyText: failed ? t('messages.unknownError') : emptyText }}
          // On a phone the table scrolls sideways inside its box: actions stay reachable, the page does not widen.
          scroll={{ x: 'max-content' }}
          onChange={onChange}
          pagination={{
            current: page,
            pageSize,
            total,
            showSizeChanger: fixedPageSize === undefined,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (count) => t('list.total', { count }),
          }}
          columns={[
            ...columns.map((column) => ({
              key: column.key,
              title: column.title,
              responsive: column.responsive,
              ...(column.sortable ? { sorter: true, sortOrder: sortOrder(column.key) } : {}),
              render: (_value: unknown, row: Row) => column.render(row),
            })),
            ...actions,
          ]}
        />
      </SideScroll>
    </>
  );
}
