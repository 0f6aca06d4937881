import { listPanelRenewals } from '@proxy/contract/api/panel-users';
import { formatPrice } from '@proxy/contract/money';
import { PANEL_RENEWAL_LIST, RENEWAL_SOURCES, type PanelRenewalRow } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { ResourceList } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { useCustomerColumn } from './list-columns.tsx';
import { formatMoment } from './user-resource.ts';
import styles from './users.module.css';

/**
 * `/panel/users?tab=renewals`: every renewal of a proxy, newest first — when, whose, which proxy, by hand or
 * automatically, for how long and at what price; filtered by the day renewed, the panel home's renewals figure opens
 * it so, and sums exactly these rows (#49). Search by the customer's e-mail.
 */
export function RenewalsList() {
  const { t, language } = useT();
  const customer = useCustomerColumn();
  return (
    <ResourceList<PanelRenewalRow, typeof PANEL_RENEWAL_LIST>
      definition={PANEL_RENEWAL_LIST}
      load={(params, signal) => listPanelRenewals(api, params, signal)}
      rowKey={(row) => row.id}
      searchPlaceholder={t('list.searchPlaceholder')}
      filters={{
        renewed: { label: t('renewals.filters.renewed') },
        source: {
          label: t('renewals.filters.source'),
          choices: Object.fromEntries(RENEWAL_SOURCES.map((source) => [source, t(`renewals.sources.${source}`)])),
          single: true,
        },
      }}
      emptyText={t('renewals.empty')}
      columns={[
        {
          key: 'renewed_at',
          title: t('renewals.columns.renewed'),
          sortable: true,
          render: (row) => <span className={styles.nowrap}>{formatMoment(row.renewed_at, language)}</span>,
        },
        customer,
        {
          key: 'proxy',
          title: t('renewals.columns.proxy'),
          render: (row) => (
            <>
              <span className={styles.nowrap}>{t('renewals.proxy', { id: row.proxy_id })}</span>
              <span className={styles.sub}>
                {t('renewals.until', { date: formatMoment(row.expires_at, language) })}
              </span>
            </>
          ),
        },
        {
          key: 'source',
          title: t('renewals.columns.source'),
          responsive: ['sm'],
          render: (row) => t(`renewals.sources.${row.source}`),
        },
        {
          key: 'period',
          title: t('renewals.columns.period'),
          responsive: ['md'],
          render: (row) => <span className={styles.nowrap}>{t('renewals.days', { days: row.period_days })}</span>,
        },
        {
          key: 'price',
          title: t('renewals.columns.price'),
          sortable: true,
          render: (row) => <span className={styles.nowrap}>{formatPrice(row.price, row.currency, language)}</span>,
        },
      ]}
    />
  );
}
