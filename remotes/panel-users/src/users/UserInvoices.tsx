import { listPanelUserInvoices } from '@proxy/contract/api/panel-users';
import { formatPrice } from '@proxy/contract/money';
import { PANEL_INVOICE_LIST, type PanelInvoice } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { InvoiceStatusTag, ResourceList, useInvoiceStatusFilter } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { formatMoment } from './user-resource.ts';
import styles from './users.module.css';

/** The customer's top-up invoices (the Payments section's list, filtered to them): amount, method, status. */
export function UserInvoices({ userId }: { userId: number }) {
  const { t, language } = useT();
  const statusFilter = useInvoiceStatusFilter();
  return (
    <ResourceList<PanelInvoice, typeof PANEL_INVOICE_LIST>
      definition={PANEL_INVOICE_LIST}
      load={(params, signal) => listPanelUserInvoices(api, userId, params, signal)}
      rowKey={(row) => row.id}
      filters={{
        status: statusFilter,
        // The customer is this page's; the method is on each row.
        method: { label: t('invoices.columns.method'), hidden: true },
        user: { label: t('invoices.columns.id'), hidden: true },
        created: { label: t('invoices.filters.created') },
      }}
      emptyText={t('invoices.empty')}
      columns={[
        {
          key: 'id',
          title: t('invoices.columns.id'),
          render: (row) => <span className={styles.nowrap}>{t('invoices.number', { id: row.id })}</span>,
        },
        {
          key: 'created_at',
          title: t('invoices.columns.created'),
          sortable: true,
          responsive: ['sm'],
          render: (row) => <span className={styles.nowrap}>{formatMoment(row.created_at, language)}</span>,
        },
        {
          key: 'amount',
          title: t('invoices.columns.amount'),
          sortable: true,
          render: (row) => <span className={styles.nowrap}>{formatPrice(row.amount, row.currency, language)}</span>,
        },
        {
          key: 'method',
          title: t('invoices.columns.method'),
          responsive: ['md'],
          render: (row) => (language === 'en' && row.method.name_en) || row.method.name_ru,
        },
        {
          key: 'status',
          title: t('invoices.columns.status'),
          sortable: true,
          render: (row) => <InvoiceStatusTag status={row.status} />,
        },
      ]}
    />
  );
}
