import { listPanelUserOrders } from '@proxy/contract/api/panel-users';
import { ORDER_LIST, type Order } from '@proxy/contract/schemas/orders';
import { api } from '@proxy/contract/state';
import { ResourceList } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { useOrderColumns } from './list-columns.tsx';

/** The customer's orders: when, how many proxies for how long, where, the total and the promo code used. */
export function UserOrders({ userId }: { userId: number }) {
  const { t } = useT();
  const columns = useOrderColumns();
  return (
    <ResourceList<Order, typeof ORDER_LIST>
      definition={ORDER_LIST}
      load={(params, signal) => listPanelUserOrders(api, userId, params, signal)}
      rowKey={(row) => row.id}
      filters={{ created: { label: t('orders.filters.created') } }}
      emptyText={t('orders.empty')}
      columns={[columns.id, columns.created, columns.what, columns.total]}
    />
  );
}
