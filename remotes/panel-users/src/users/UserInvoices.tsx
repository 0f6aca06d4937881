import { listPanelUserInvoices } from '@proxy/contract/api/panel-users';
import { formatPrice } from '@proxy/contract/money';
import {
  INVOICE_STATUSES,
  PANEL_INVOICE_LIST,
  type InvoiceStatus,
  type PanelInvoice,
} from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { ResourceList, StatusTag } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { formatMoment } from './user-resource.ts';
import styles from './users.module.css';

const TONES: Readonly<Record<InvoiceStatus, 'on' | 'highlight' | undefined>> = {
  paid: 'on',
  pending: 'highlight',
  expired: undefined,
  cancelled: undefined,
};

/** The customer's top-up invoices (the Payments section's list, filtered to them): amount, method, status. */
export function UserInvoices({ userId }: { userId: number }) {
  const { t, language } = useT();
  return (
    <ResourceList<PanelInvoice, typeof PANEL_INVOICE_LIST>
      definition={PANEL_INVOICE_LIST}
      load={(params, signal) => listPanelUserInvoices(api, userId, params, signal)}
      rowKey={(row) => row.id}
      filters={{
        status: {
          label: t('invoices.filters.status'),
          choices: Object.fromEntries(INVOICE_STATUSES.map((status) => [status, t(`invoices.statuses.${status}`)])),
        },
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
          render: (row) => <StatusTag tone={TONES[row.status]}>{t(`invoices.statuses.${row.status}`)}</StatusTag>,
        },
      ]}
    />
  );
}
