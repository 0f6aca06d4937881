import { Space, Tag } from 'antd';
import { Link } from 'react-router';
import { deletePanelPage, listPanelPages } from '@proxy/contract/api/panel-pages';
import { PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { PAGE_LIST, type PanelPageRow } from '@proxy/contract/schemas/page';
import { api } from '@proxy/contract/state';
import { panelLocale, ResourceList, StatusTag, useAbilities } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './pages.module.css';

const slugPath = (row: PanelPageRow) => `/${row.slug}`;

/** The pages: search by title or slug, filter by publication, sort, page through; delete all but the home page. */
export function PagesList() {
  const { t, language } = useT();
  const { canAdd, canDelete } = useAbilities(PAGE_PERMISSIONS);
  const titleOf = (row: PanelPageRow) => (language === 'en' && row.title_en) || row.title_ru;
  return (
    <ResourceList<PanelPageRow, typeof PAGE_LIST>
      definition={PAGE_LIST}
      load={(params, signal) => listPanelPages(api, params, signal)}
      rowKey={(row) => row.id}
      searchPlaceholder={t('list.searchPlaceholder')}
      filters={{
        published: {
          label: t('list.publishedFilter'),
          single: true,
          choices: { true: t('list.publishedOnly'), false: t('list.draftsOnly') },
        },
      }}
      emptyText={t('list.empty')}
      create={canAdd ? { label: t('list.create'), href: paths.panelPageAdd(language) } : undefined}
      remove={
        canDelete
          ? {
              send: (row) => deletePanelPage(api, row.id),
              confirm: (row) => t('list.deleteConfirm', { title: titleOf(row) }),
              name: titleOf,
              allowed: (row) => !row.home,
            }
          : undefined
      }
      columns={[
        {
          key: 'title_ru',
          title: t('list.columns.title'),
          sortable: true,
          render: (row) => (
            <Space size={6} wrap>
              <Link to={paths.panelPageEdit(row.id, language)}>{titleOf(row)}</Link>
              {row.home && <Tag color="blue">{t('list.home')}</Tag>}
            </Space>
          ),
        },
        {
          key: 'slug',
          title: t('list.columns.slug'),
          sortable: true,
          responsive: ['sm'],
          render: (row) => <span className={styles.slug}>{slugPath(row)}</span>,
        },
        {
          key: 'published',
          title: t('list.columns.published'),
          sortable: true,
          render: (row) =>
            row.published ? <StatusTag tone="on">{t('list.yes')}</StatusTag> : <StatusTag>{t('list.draft')}</StatusTag>,
        },
        {
          key: 'menu',
          title: t('list.columns.menu'),
          responsive: ['lg'],
          render: (row) => (row.menu ? t(`page.menus.${row.menu}`) : '—'),
        },
        { key: 'blocks', title: t('list.columns.blocks'), responsive: ['md'], render: (row) => row.blocks },
        {
          key: 'sort_order',
          title: t('list.columns.sortOrder'),
          sortable: true,
          responsive: ['lg'],
          render: (row) => row.sort_order,
        },
        {
          key: 'updated_at',
          title: t('list.columns.updated'),
          sortable: true,
          responsive: ['md'],
          render: (row) => new Date(row.updated_at).toLocaleDateString(panelLocale(language)),
        },
      ]}
    />
  );
}
