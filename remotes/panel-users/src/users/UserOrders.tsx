import { listPanelUserOrders } from '@proxy/contract/api/panel-users';
import { cityName } from '@proxy/contract/countries';
import { formatPrice } from '@proxy/contract/money';
import { ORDER_LIST, type Order } from '@proxy/contract/schemas/orders';
import { api } from '@proxy/contract/state';
import { ResourceList } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { formatMoment } from './user-resource.ts';
import styles from './users.module.css';

/** The customer's orders: when, how many proxies for how long, where, the total and the promo code used. */
export function UserOrders({ userId }: { userId: number }) {
  const { t, language } = useT();
  return (
    <ResourceList<Order, typeof ORDER_LIST>
      definition={ORDER_LIST}
      load={(params, signal) => listPanelUserOrders(api, userId, params, signal)}
      rowKey={(row) => row.id}
      filters={{ created: { label: t('orders.filters.created') } }}
      emptyText={t('orders.empty')}
      columns={[
        {
          key: 'id',
          title: t('orders.columns.id'),
          render: (row) => <span className={styles.nowrap}>{t('orders.number', { id: row.id })}</span>,
        },
        {
          key: 'created_at',
          title: t('orders.columns.created'),
          sortable: true,
          render: (row) => <span className={styles.nowrap}>{formatMoment(row.created_at, language)}</span>,
        },
        {
          key: 'what',
          title: t('orders.columns.what'),
          responsive: ['md'],
          render: (row) => (
            <>
              <span className={styles.nowrap}>
                {t('orders.what', { quantity: row.quantity, days: row.period_days })}
              </span>
              <span className={styles.sub}>
                {[
                  ...new Set(row.lines.map((line) => `${line.country}, ${cityName(line, language)}, ${line.operator}`)),
                ].join('; ')}
              </span>
            </>
          ),
        },
        {
          key: 'total',
          title: t('orders.columns.total'),
          sortable: true,
          render: (row) => (
            <>
              <span className={styles.nowrap}>{formatPrice(row.total, row.currency, language)}</span>
              {row.promo_code && <span className={styles.sub}>{t('orders.promo', { code: row.promo_code })}</span>}
            </>
          ),
        },
      ]}
    />
  );
}
