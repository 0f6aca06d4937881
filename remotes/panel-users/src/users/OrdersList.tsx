import { listPanelOrders } from '@proxy/contract/api/panel-users';
import { PANEL_ORDER_LIST, type PanelOrderRow } from '@proxy/contract/schemas/orders';
import { api } from '@proxy/contract/state';
import { ResourceList } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { useCustomerColumn, useOrderColumns } from './list-columns.tsx';

/**
 * `/panel/users?tab=orders`: every customer's orders, newest first — search by the customer's e-mail, filter by the
 * day made (the panel home's order figures open it so); the customer's e-mail opens their account.
 */
export function OrdersList() {
  const { t } = useT();
  const columns = useOrderColumns();
  const customer = useCustomerColumn();
  return (
    <ResourceList<PanelOrderRow, typeof PANEL_ORDER_LIST>
      definition={PANEL_ORDER_LIST}
      load={(params, signal) => listPanelOrders(api, params, signal)}
      rowKey={(row) => row.id}
      searchPlaceholder={t('list.searchPlaceholder')}
      filters={{ created: { label: t('orders.filters.created') } }}
      emptyText={t('orders.empty')}
      columns={[columns.id, customer, { ...columns.created, responsive: ['sm'] }, columns.what, columns.total]}
    />
  );
}
