import { useEffect, useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@proxy/contract/api/errors';
import { DEFAULT_PAGE_SIZE } from '@proxy/contract/api/pagination';
import { paths } from '@proxy/contract/routes';
import { PAGE_ORDERINGS, type PanelPageRow } from '@proxy/contract/schemas/page';
import { MenuPanel } from '../menu/MenuPanel.tsx';
import { PlansPanel } from '../plans/PlansPanel.tsx';
import { save, showError } from '../form/save.ts';
import { useT } from '../i18n/use-t.ts';
import { pageResource, usePagePermissions } from './page-resource.ts';
import { SectionTheme } from './SectionTheme.tsx';
import styles from './pages.module.css';

const TABS = ['pages', 'plans', 'menu'] as const;
type Tab = (typeof TABS)[number];
type Ordering = (typeof PAGE_ORDERINGS)[number];
type Sorter = Parameters<NonNullable<TableProps<PanelPageRow>['onChange']>>[2];

const slugPath = (row: PanelPageRow) => `/${row.slug}`;
const isOrdering = (field: string): field is Ordering => (PAGE_ORDERINGS as readonly string[]).includes(field);

/**
 * `/panel/page`: the section's three lists — pages, the price table's plans and the header menu — in tabs whose
 * choice, like the page list's search, filter, sort and page, lives in the URL (`?tab=plans`), so a reload or a
 * shared link shows the same screen.
 */
export function PagesList() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'pages';
  return (
    <SectionTheme>
      <section>
        <div className={styles.header}>
          <Typography.Title level={1}>{t('section.title')}</Typography.Title>
        </div>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'pages' ? {} : { tab: key })}
          destroyOnHidden
          items={TABS.map((key) => ({
            key,
            label: t(`section.tabs.${key}`),
            children: key === 'pages' ? <PagesTable /> : key === 'plans' ? <PlansPanel /> : <MenuPanel />,
          }))}
        />
      </section>
    </SectionTheme>
  );
}

function PagesTable() {
  const { t, language } = useT();
  const { canAdd, canDelete } = usePagePermissions();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const publishedParam = params.get('published');
  const published = publishedParam === 'true' ? true : publishedParam === 'false' ? false : undefined;
  const ordering = params.get('ordering') ?? '';
  const orderField = ordering.replace(/^-/, '');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Math.max(1, Number(params.get('page_size')) || DEFAULT_PAGE_SIZE);
  const [reload, setReload] = useState(0);
  const queryKey = JSON.stringify([search, published, ordering, page, pageSize, reload]);
  // The rows shown and the query they answer: while they answer an older query, the table shows it is loading.
  const [result, setResult] = useState<{ key: string; rows: readonly PanelPageRow[]; total: number }>({
    key: '',
    rows: [],
    total: 0,
  });
  const { rows, total } = result;
  const loading = result.key !== queryKey;
  const messages = { networkError: t('messages.networkError'), unknownError: t('messages.unknownError') };

  /** Changes some of the list's URL parameters; any change but the page itself goes back to page 1. */
  function update(changes: Record<string, string | undefined>) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  }

  useEffect(() => {
    const controller = new AbortController();
    pageResource
      .getList(
        {
          search: search || undefined,
          published,
          ordering: isOrdering(orderField) ? ordering : undefined,
          page,
          page_size: pageSize,
        },
        controller.signal,
      )
      .then(
        ({ data, total: count }) => setResult({ key: queryKey, rows: data, total: count }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setResult((current) => ({ ...current, key: queryKey }));
          // A page past the end (rows were deleted meanwhile): back to the first.
          if (error instanceof ApiError && error.status === 404 && page > 1) update({ page: undefined });
          else showError(error, messages);
        },
      );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetch only when the query changes
  }, [queryKey]);

  async function remove(row: PanelPageRow) {
    const done = await save(null, { ...messages, saved: t('messages.deleted') }, async () => {
      await pageResource.delete(row.id);
      return true;
    });
    if (done) setReload((n) => n + 1);
  }

  const sortOrder = (field: Ordering) =>
    orderField === field ? (ordering.startsWith('-') ? 'descend' : 'ascend') : null;
  const titleOf = (row: PanelPageRow) => (language === 'en' && row.title_en) || row.title_ru;

  return (
    <>
      <div className={styles.filters}>
        <Input.Search
          className={styles.search}
          defaultValue={search}
          key={search}
          allowClear
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.search')}
          enterButton={t('list.search')}
          onSearch={(value) => update({ search: value.trim() || undefined })}
        />
        <Select
          className={styles.published}
          value={publishedParam ?? 'all'}
          aria-label={t('list.publishedFilter')}
          onChange={(value) => update({ published: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('list.all') },
            { value: 'true', label: t('list.publishedOnly') },
            { value: 'false', label: t('list.draftsOnly') },
          ]}
        />
        {canAdd && (
          <Button type="primary" onClick={() => void navigate(paths.panelPageAdd(language))}>
            {t('list.create')}
          </Button>
        )}
      </div>
      <Table<PanelPageRow>
        rowKey="id"
        loading={loading}
        dataSource={[...rows]}
        locale={{ emptyText: t('list.empty') }}
        onChange={(pagination, _filters, sorter) => {
          const sort = (Array.isArray(sorter) ? sorter[0] : sorter) as Exclude<Sorter, unknown[]> | undefined;
          const field = typeof sort?.columnKey === 'string' && sort.order ? sort.columnKey : undefined;
          const nextOrdering = field ? `${sort?.order === 'descend' ? '-' : ''}${field}` : undefined;
          if (nextOrdering !== (ordering || undefined)) {
            update({ ordering: nextOrdering });
            return;
          }
          update({
            page: pagination.current && pagination.current > 1 ? String(pagination.current) : undefined,
            page_size:
              pagination.pageSize && pagination.pageSize !== DEFAULT_PAGE_SIZE
                ? String(pagination.pageSize)
                : undefined,
          });
        }}
        pagination={{
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (count) => t('list.total', { count }),
        }}
        columns={[
          {
            key: 'title_ru',
            title: t('list.columns.title'),
            sorter: true,
            sortOrder: sortOrder('title_ru'),
            render: (_value, row) => (
              <Space size={6} wrap>
                <Link to={paths.panelPageEdit(row.id, language)}>{titleOf(row)}</Link>
                {row.home && <Tag color="blue">{t('list.home')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'slug',
            title: t('list.columns.slug'),
            sorter: true,
            sortOrder: sortOrder('slug'),
            responsive: ['sm'],
            render: (_value, row) => <span className={styles.slug}>{slugPath(row)}</span>,
          },
          {
            key: 'published',
            title: t('list.columns.published'),
            sorter: true,
            sortOrder: sortOrder('published'),
            render: (_value, row) =>
              row.published ? <Tag className={styles.on}>{t('list.yes')}</Tag> : <Tag>{t('list.draft')}</Tag>,
          },
          {
            key: 'menu',
            title: t('list.columns.menu'),
            responsive: ['lg'],
            render: (_value, row) => (row.menu ? t(`page.menus.${row.menu}`) : '—'),
          },
          {
            key: 'blocks',
            title: t('list.columns.blocks'),
            responsive: ['md'],
            dataIndex: 'blocks',
          },
          {
            key: 'sort_order',
            title: t('list.columns.sortOrder'),
            sorter: true,
            sortOrder: sortOrder('sort_order'),
            responsive: ['lg'],
            dataIndex: 'sort_order',
          },
          {
            key: 'updated_at',
            title: t('list.columns.updated'),
            sorter: true,
            sortOrder: sortOrder('updated_at'),
            responsive: ['md'],
            render: (_value, row) => new Date(row.updated_at).toLocaleDateString(language),
          },
          ...(canDelete
            ? [
                {
                  key: 'actions',
                  title: t('list.actions'),
                  render: (_value: unknown, row: PanelPageRow) =>
                    row.home ? null : (
                      <Popconfirm
                        title={t('list.deleteConfirm', { title: titleOf(row) })}
                        okText={t('actions.delete')}
                        cancelText={t('actions.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove(row)}
                      >
                        <Button size="small" danger aria-label={t('list.deleteItem', { item: titleOf(row) })}>
                          {t('actions.delete')}
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
