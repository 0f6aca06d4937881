import { useLocation } from 'react-router';
import { formatPrice } from '@proxy/contract/money';
import { INVOICE_LIST } from '@proxy/contract/schemas/billing';
import { formatDateTime, LoadState, Pager, TopUpLink, ui, useListInUrl, useLoaded } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import type { InvoiceRow, UserData } from './user-data.ts';
import styles from './billing.module.css';

export const INVOICES_PAGE_SIZE = 5;
const STATUS_TONES: Partial<Record<InvoiceRow['status'], string>> = { pending: ui.pending, paid: ui.success };
/** Its keys in the URL (`invoices_page`): the ledger below pages with `page`. */
export const INVOICES_PREFIX = 'invoices_';

/**
 * The customer's top-up invoices, newest first: status, amount, method, when. On their own page a pending one opens
 * again in the top-up dialog (how to pay it), any other one there shows its outcome; staff only read them.
 */
export function InvoicesList({ balance, data }: { balance: number; data: UserData }) {
  return data.listInvoices ? <Invoices balance={balance} data={data} list={data.listInvoices} /> : null;
}

function Invoices({
  balance,
  data,
  list,
}: {
  balance: number;
  data: UserData;
  list: NonNullable<UserData['listInvoices']>;
}) {
  const { t, language } = useT();
  const { params, update } = useListInUrl(INVOICE_LIST, INVOICES_PREFIX);
  const { hash } = useLocation();
  const page = params.page ?? 1;
  // The dialog opening or closing (the hash) may have made or cancelled an invoice; a payment changes the balance.
  const invoices = useLoaded(`${data.key}|${language}|${page}|${hash}|${balance}`, (signal) =>
    list({ page, page_size: INVOICES_PAGE_SIZE }, language, signal),
  );

  return (
    <section className={styles.section} aria-labelledby="invoices-title">
      <h2 id="invoices-title" className={styles.sectionTitle}>
        {t('invoices.title')}
      </h2>
      <LoadState loaded={invoices} empty={invoices.data?.count === 0 ? t('invoices.empty') : undefined} />
      {invoices.data && invoices.data.results.length > 0 && (
        <>
          <table className={ui.table} aria-busy={invoices.loading}>
            <thead>
              <tr>
                <th scope="col">{t('invoices.number')}</th>
                <th scope="col">{t('invoices.created')}</th>
                <th scope="col">{t('invoices.method')}</th>
                <th scope="col" className={ui.numeric}>
                  {t('invoices.amount')}
                </th>
                <th scope="col">{t('invoices.status')}</th>
                {data.own && (
                  <th scope="col">
                    <span className={ui.visuallyHidden}>{t('invoices.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {invoices.data.results.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row" data-label={t('invoices.number')}>
                    {invoice.id}
                  </th>
                  <td data-label={t('invoices.created')}>{formatDateTime(invoice.created_at, language)}</td>
                  <td data-label={t('invoices.method')}>{invoice.method}</td>
                  <td data-label={t('invoices.amount')} className={ui.numeric}>
                    {formatPrice(invoice.amount, invoice.currency, language)}
                    {invoice.asset && (
                      <span className={styles.assetAmount}>
                        {invoice.asset.amount} {invoice.asset.symbol}
                      </span>
                    )}
                  </td>
                  <td data-label={t('invoices.status')}>
                    <span className={`${ui.badge} ${STATUS_TONES[invoice.status] ?? ''}`}>
                      {t(`invoices.statuses.${invoice.status}`)}
                    </span>
                  </td>
                  {data.own && (
                    <td className={styles.rowAction}>
                      <TopUpLink
                        invoice={invoice.id}
                        className={invoice.status === 'pending' ? ui.primaryButton : ui.secondaryButton}
                      >
                        {t(invoice.status === 'pending' ? 'invoices.pay' : 'invoices.open')}
                      </TopUpLink>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={page}
            count={invoices.data.count}
            pageSize={INVOICES_PAGE_SIZE}
            label={t('invoices.title')}
            onPage={(next) => update({ page: next > 1 ? next : undefined })}
          />
        </>
      )}
    </section>
  );
}
