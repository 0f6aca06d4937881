import { listPanelUserProxies } from '@proxy/contract/api/panel-users';
import { cityName } from '@proxy/contract/countries';
import { PROXY_LIST, PROXY_STATES, type PanelProxy } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { ResourceList, StatusTag } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { formatMoment } from './user-resource.ts';
import styles from './users.module.css';

/** The customer's proxies as the customer sees them: place, host and ports, state, current IP, expiry. */
export function UserProxies({ userId }: { userId: number }) {
  const { t, language } = useT();
  return (
    <ResourceList<PanelProxy, typeof PROXY_LIST>
      definition={PROXY_LIST}
      load={(params, signal) => listPanelUserProxies(api, userId, params, signal)}
      rowKey={(row) => row.id}
      searchPlaceholder={t('proxies.searchPlaceholder')}
      filters={{
        status: {
          label: t('proxies.filters.status'),
          choices: Object.fromEntries(PROXY_STATES.map((state) => [state, t(`proxies.states.${state}`)])),
        },
        // The choices of these would be the customer's own (their endpoint is the customer's): not offered here.
        country: { label: t('proxies.filters.country'), hidden: true },
        operator: { label: t('proxies.filters.operator'), hidden: true },
        days_left: { label: t('proxies.filters.daysLeft') },
        expires: { label: t('proxies.filters.expires') },
      }}
      emptyText={t('proxies.empty')}
      columns={[
        {
          key: 'proxy',
          title: t('proxies.columns.proxy'),
          render: (row) => (
            <>
              <span className={styles.nowrap}>{row.host}</span>
              <span className={styles.sub}>{t('proxies.ports', { http: row.http_port, socks: row.socks_port })}</span>
              {row.comment && <span className={styles.sub}>{row.comment}</span>}
            </>
          ),
        },
        {
          key: 'country',
          title: t('proxies.columns.place'),
          sortable: true,
          responsive: ['md'],
          render: (row) => (
            <>
              <span className={styles.nowrap}>{[row.country, cityName(row, language)].join(', ')}</span>
              <span className={styles.sub}>{row.operator}</span>
            </>
          ),
        },
        {
          key: 'state',
          title: t('proxies.columns.state'),
          render: (row) => (
            <StatusTag tone={row.state === 'active' ? 'on' : row.state === 'expiring' ? 'highlight' : undefined}>
              {t(`proxies.states.${row.state}`)}
            </StatusTag>
          ),
        },
        {
          key: 'ip',
          title: t('proxies.columns.ip'),
          responsive: ['lg'],
          render: (row) => <span className={styles.nowrap}>{row.ip ?? t('proxies.noIp')}</span>,
        },
        {
          key: 'expires_at',
          title: t('proxies.columns.expires'),
          sortable: true,
          responsive: ['sm'],
          render: (row) => (
            <>
              <span className={styles.nowrap}>{formatMoment(row.expires_at, language)}</span>
              {row.days_left >= 0 && (
                <span className={styles.sub}>{t('proxies.daysLeft', { count: row.days_left })}</span>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
