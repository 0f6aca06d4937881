import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { listPanelInvoices, listPanelPaymentMethods } from '@proxy/contract/api/panel-payments';
import { listQueryOf } from '@proxy/contract/schemas/list-query';
import { formatPrice } from '@proxy/contract/money';
import { hasPermission, INVOICE_PERMISSIONS, PAYMENT_METHOD_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { PANEL_INVOICE_LIST, type PanelInvoice } from '@proxy/contract/schemas/billing';
import { api, useAtomValue, userAtom } from '@proxy/contract/state';
import { InvoiceStatusTag, panelLocale, ResourceList, useInvoiceStatusFilter } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { InvoiceAction, type InvoiceActionKind } from './InvoiceAction.tsx';
import styles from './invoices.module.css';

/** A timestamp as two short lines, the day over the time: narrow enough for a table on a laptop. */
function Moment({ iso }: { iso: string }) {
  const { language } = useT();
  const moment = new Date(iso);
  return (
    <span className={styles.moment}>
      <span>{moment.toLocaleDateString(panelLocale(language))}</span>
      <span className={styles.sub}>{moment.toLocaleTimeString(panelLocale(language), { timeStyle: 'short' })}</span>
    </span>
  );
}

/** Names of the method filter's rows (id → name), when the user may read the methods; none otherwise. */
function useMethodNames(allowed: boolean): Record<number, string> {
  const { language } = useT();
  const [names, setNames] = useState<Record<number, string>>({});
  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    listPanelPaymentMethods(api, controller.signal).then(
      (methods) =>
        setNames(
          Object.fromEntries(
            methods.map((method) => [method.id, (language === 'en' && method.name_en) || method.name_ru]),
          ),
        ),
      // Without names the filter shows `#id`; the list itself still works.
      () => undefined,
    );
    return () => controller.abort();
  }, [allowed, language]);
  return names;
}

/**
 * The customers' invoices: search by e-mail, filter by status, method, customer and creation date, sort; staff who
 * may change invoices mark a pending or expired one paid, or cancel a pending one, each after a confirmation.
 */
export function InvoicesList() {
  const { t, language } = useT();
  const user = useAtomValue(userAtom);
  const canSettle = hasPermission(user, INVOICE_PERMISSIONS.change);
  const methods = useMethodNames(hasPermission(user, PAYMENT_METHOD_PERMISSIONS.view));
  const statusFilter = useInvoiceStatusFilter();
  // The customer filter's names: every e-mail seen in the loaded rows (there is no users call in this section).
  const [customers, setCustomers] = useState<Record<number, string>>({});
  // Rows settled here since the list loaded, shown as the server answered until the next load.
  const [settled, setSettled] = useState<Record<number, PanelInvoice>>({});
  const [acting, setActing] = useState<{ invoice: PanelInvoice; action: InvoiceActionKind } | null>(null);
  const methodName = (method: PanelInvoice['method']) => (language === 'en' && method.name_en) || method.name_ru;
  const price = (invoice: PanelInvoice, minor: number) => formatPrice(minor, invoice.currency, language);
  const latest = (row: PanelInvoice) => settled[row.id] ?? row;
  const customerHref = (id: number) =>
    `${paths.panelPayments(language)}?${new URLSearchParams({
      tab: 'invoices',
      ...listQueryOf(PANEL_INVOICE_LIST, { filters: { user: [id] } }),
    })}`;

  return (
    <>
      <ResourceList<PanelInvoice, typeof PANEL_INVOICE_LIST>
        definition={PANEL_INVOICE_LIST}
        load={async (params, signal) => {
          const page = await listPanelInvoices(api, params, signal);
          setSettled({});
          setCustomers((known) => ({
            ...known,
            ...Object.fromEntries(page.results.map((invoice) => [invoice.user.id, invoice.user.email])),
          }));
          return page;
        }}
        rowKey={(row) => row.id}
        searchPlaceholder={t('invoices.searchPlaceholder')}
        filters={{
          status: statusFilter,
          method: { label: t('invoices.filters.method'), rows: methods },
          user: { label: t('invoices.filters.user'), rows: customers },
          created: { label: t('invoices.filters.created') },
        }}
        emptyText={t('invoices.empty')}
        columns={[
          { key: 'id', title: t('invoices.columns.id'), render: (row) => row.id },
          {
            key: 'user',
            title: t('invoices.columns.user'),
            render: (row) => (
              <Link
                to={customerHref(row.user.id)}
                className={styles.email}
                title={t('invoices.userFilterOf', { email: row.user.email })}
              >
                {row.user.email}
              </Link>
            ),
          },
          {
            key: 'amount',
            title: t('invoices.columns.amount'),
            sortable: true,
            responsive: ['md'],
            render: (row) => (
              <>
                <span className={styles.nowrap}>{price(row, row.amount)}</span>
                <span className={styles.sub}>{t('invoices.feeOf', { fee: price(row, row.fee) })}</span>
              </>
            ),
          },
          {
            key: 'total',
            title: t('invoices.columns.total'),
            render: (row) => (
              <>
                <span className={styles.nowrap}>{price(row, row.total)}</span>
                {/* What a deposit must come with: staff match it by this amount (searchable). */}
                {row.asset && (
                  <span className={styles.asset}>
                    {row.asset.amount} {row.asset.symbol}
                  </span>
                )}
                <span className={styles.sub}>{methodName(row.method)}</span>
                {latest(row).paid_asset_amount && (
                  <span className={styles.sub}>
                    {t('invoices.paidAsset', { amount: latest(row).paid_asset_amount })}
                  </span>
                )}
              </>
            ),
          },
          {
            key: 'status',
            title: t('invoices.columns.status'),
            sortable: true,
            render: (row) => <InvoiceStatusTag status={latest(row).status} />,
          },
          {
            key: 'created_at',
            title: t('invoices.columns.created'),
            sortable: true,
            responsive: ['sm'],
            render: (row) => <Moment iso={row.created_at} />,
          },
          {
            key: 'settled',
            title: t('invoices.columns.settled'),
            responsive: ['xxl'],
            render: (row) => {
              const { paid_at, actor } = latest(row);
              return (
                <>
                  {paid_at ? <Moment iso={paid_at} /> : '—'}
                  {actor && <span className={styles.sub}>{actor.email}</span>}
                </>
              );
            },
          },
          ...(canSettle
            ? [
                {
                  key: 'actions',
                  title: t('invoices.columns.actions'),
                  render: (row: PanelInvoice) => {
                    const invoice = latest(row);
                    return (
                      <div className={styles.actions}>
                        {(invoice.status === 'pending' || invoice.status === 'expired') && (
                          <Button
                            size="small"
                            aria-label={t('invoices.markPaidOf', { id: invoice.id })}
                            onClick={() => setActing({ invoice, action: 'paid' })}
                          >
                            {t('invoices.markPaid')}
                          </Button>
                        )}
                        {invoice.status === 'pending' && (
                          <Button
                            size="small"
                            danger
                            aria-label={t('invoices.cancelOf', { id: invoice.id })}
                            onClick={() => setActing({ invoice, action: 'cancel' })}
                          >
                            {t('invoices.cancel')}
                          </Button>
                        )}
                      </div>
                    );
                  },
                },
              ]
            : []),
        ]}
      />
      {acting && (
        <InvoiceAction
          key={`${acting.invoice.id}-${acting.action}`}
          invoice={acting.invoice}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={(invoice) => {
            setSettled((current) => ({ ...current, [invoice.id]: invoice }));
            setActing(null);
          }}
        />
      )}
    </>
  );
}
