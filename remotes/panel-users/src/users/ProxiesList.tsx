import { listPanelProxies } from '@proxy/contract/api/panel-users';
import { PANEL_PROXY_LIST, type PanelProxyRow } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { ResourceList, StatusTag } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { useCustomerColumn, useProxyColumns, useProxyFilters } from './list-columns.tsx';
import styles from './users.module.css';

/**
 * `/panel/users?tab=proxies`: every customer's proxies, without their credentials — search by the customer's e-mail,
 * filter by state, days left, expiry, auto-renewal and a renewal that failed for lack of balance (the panel home's
 * proxy figures open it so); the customer's e-mail opens their account.
 */
export function ProxiesList() {
  const { t } = useT();
  const columns = useProxyColumns();
  const customer = useCustomerColumn();
  const filters = useProxyFilters();
  const yesNo = { true: t('yesNo.true'), false: t('yesNo.false') };
  return (
    <ResourceList<PanelProxyRow, typeof PANEL_PROXY_LIST>
      definition={PANEL_PROXY_LIST}
      load={(params, signal) => listPanelProxies(api, params, signal)}
      rowKey={(row) => row.id}
      searchPlaceholder={t('list.searchPlaceholder')}
      filters={{
        ...filters,
        auto_renew: { label: t('proxies.filters.autoRenew'), choices: yesNo, single: true },
        renewal_failed: { label: t('proxies.filters.renewalFailed'), choices: yesNo, single: true },
      }}
      emptyText={t('proxies.empty')}
      columns={[
        columns.proxy,
        customer,
        columns.place,
        columns.state,
        columns.expires,
        {
          key: 'auto_renew',
          title: t('proxies.columns.autoRenew'),
          responsive: ['sm'],
          render: (row) => (
            <>
              <span className={styles.nowrap}>{t(`yesNo.${row.auto_renew}`)}</span>
              {row.renewal_failed && <StatusTag>{t('proxies.renewalFailed')}</StatusTag>}
            </>
          ),
        },
      ]}
    />
  );
}
