import { Link } from 'react-router';
import { deletePanelVersion, listPanelVersions } from '@proxy/contract/api/panel-versions';
import { formatFileSize } from '@proxy/contract/file-size';
import { VERSION_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { CHANNELS, PLATFORMS, VERSION_LIST, type PanelVersion } from '@proxy/contract/schemas/versions';
import { api } from '@proxy/contract/state';
import { ResourceList, SectionPage, StatusTag, useAbilities } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { PlatformIcon } from './PlatformIcon.tsx';
import { formatDay, formatMoment } from './version-resource.ts';
import styles from './versions.module.css';

/**
 * `/panel/version`: the releases of every platform and channel — search by version name, filter by platform,
 * channel and published, sort by code, release date, platform or last change; a row opens its edit screen. Add and
 * delete (with the release's file) as the permissions allow.
 */
export function VersionsList() {
  const { t, language } = useT();
  const { canAdd, canDelete } = useAbilities(VERSION_PERMISSIONS);
  const nameOf = (row: PanelVersion) => `${t(`platforms.${row.platform}`)} ${row.version_name}`;
  return (
    <SectionPage title={t('section.title')}>
      <ResourceList<PanelVersion, typeof VERSION_LIST>
        definition={VERSION_LIST}
        load={(params, signal) => listPanelVersions(api, params, signal)}
        rowKey={(row) => row.id}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={{
          platform: {
            label: t('list.filters.platform'),
            choices: Object.fromEntries(PLATFORMS.map((platform) => [platform, t(`platforms.${platform}`)])),
          },
          channel: {
            label: t('list.filters.channel'),
            choices: Object.fromEntries(CHANNELS.map((channel) => [channel, t(`channels.${channel}`)])),
          },
          published: {
            label: t('list.filters.published'),
            choices: { true: t('list.published'), false: t('list.draft') },
          },
        }}
        emptyText={t('list.empty')}
        create={canAdd ? { label: t('list.create'), href: paths.panelVersionAdd(language) } : undefined}
        remove={
          canDelete
            ? {
                send: (row) => deletePanelVersion(api, row.id),
                confirm: (row) => t('list.deleteConfirm', { name: nameOf(row) }),
                name: nameOf,
              }
            : undefined
        }
        columns={[
          {
            key: 'version_code',
            title: t('list.columns.version'),
            sortable: true,
            render: (row) => (
              <>
                <Link to={paths.panelVersionEdit(row.id, language)} className={styles.version}>
                  {row.version_name}
                </Link>
                <span className={styles.sub}>{t('list.code', { code: row.version_code })}</span>
              </>
            ),
          },
          {
            key: 'platform',
            title: t('list.columns.platform'),
            sortable: true,
            render: (row) => (
              <span className={styles.platform}>
                <PlatformIcon platform={row.platform} />
                {t(`platforms.${row.platform}`)}
              </span>
            ),
          },
          {
            key: 'channel',
            title: t('list.columns.channel'),
            responsive: ['sm'],
            render: (row) => (
              <StatusTag tone={row.channel === 'beta' ? 'highlight' : undefined}>
                {t(`channels.${row.channel}`)}
              </StatusTag>
            ),
          },
          {
            key: 'status',
            title: t('list.columns.status'),
            render: (row) => (
              <span className={styles.nowrap}>
                {row.published ? (
                  <StatusTag tone="on">{t('list.published')}</StatusTag>
                ) : (
                  <StatusTag>{t('list.draft')}</StatusTag>
                )}
                {row.forced && <StatusTag tone="highlight">{t('list.forced')}</StatusTag>}
              </span>
            ),
          },
          {
            key: 'released_at',
            title: t('list.columns.released'),
            sortable: true,
            responsive: ['md'],
            render: (row) => <span className={styles.nowrap}>{formatDay(row.released_at, language)}</span>,
          },
          {
            key: 'size',
            title: t('list.columns.size'),
            responsive: ['lg'],
            // An external URL's size is unknown: said in small print that may wrap, not a width-taking cell.
            render: (row) =>
              row.size === null ? (
                <span className={styles.muted}>{t('list.external')}</span>
              ) : (
                <span className={styles.nowrap}>{formatFileSize(row.size, language)}</span>
              ),
          },
          {
            key: 'updated_at',
            title: t('list.columns.updated'),
            sortable: true,
            responsive: ['xl'],
            render: (row) => <span className={styles.nowrap}>{formatMoment(row.updated_at, language)}</span>,
          },
        ]}
      />
    </SectionPage>
  );
}
