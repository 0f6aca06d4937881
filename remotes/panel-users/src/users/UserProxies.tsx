import { listPanelUserProxies } from '@proxy/contract/api/panel-users';
import { PROXY_LIST, type PanelProxy } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { ResourceList } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { useProxyColumns, useProxyFilters } from './list-columns.tsx';
import styles from './users.module.css';

/** The customer's proxies as the customer sees them: place, host and ports, state, current IP, expiry. */
export function UserProxies({ userId }: { userId: number }) {
  const { t } = useT();
  const columns = useProxyColumns();
  const filters = useProxyFilters();
  return (
    <ResourceList<PanelProxy, typeof PROXY_LIST>
      definition={PROXY_LIST}
      load={(params, signal) => listPanelUserProxies(api, userId, params, signal)}
      rowKey={(row) => row.id}
      searchPlaceholder={t('proxies.searchPlaceholder')}
      filters={filters}
      emptyText={t('proxies.empty')}
      columns={[
        columns.proxy,
        columns.place,
        columns.state,
        {
          key: 'ip',
          title: t('proxies.columns.ip'),
          responsive: ['lg'],
          render: (row) => <span className={styles.nowrap}>{row.ip ?? t('proxies.noIp')}</span>,
        },
        columns.expires,
      ]}
    />
  );
}
