import { formatPrice } from '@proxy/contract/money';
import { LEDGER_KINDS, LEDGER_LIST, type LedgerEntry, type LedgerListParams } from '@proxy/contract/schemas/billing';
import { listQueryOf } from '@proxy/contract/schemas/list-query';
import {
  DateRangeFields,
  formatDateTime,
  formatSigned,
  LoadState,
  Pager,
  TopUpLink,
  ui,
  useListInUrl,
  useLoaded,
} from '@proxy/site-kit';
import { parseReference } from './references.ts';
import { useT } from '../i18n/use-t.ts';
import { orderAnchor } from './OrdersList.tsx';
import type { UserData } from './user-data.ts';
import styles from './billing.module.css';

export const LEDGER_PAGE_SIZE = 20;

/**
 * The history of the customer's balance, newest first: every change with its kind, what it was for and the balance
 * after it. Filters (kinds, a date range) and the page live in the URL, so a filtered view can be shared or reloaded.
 */
export function LedgerHistory({ balance, data }: { balance: number; data: UserData }) {
  const { t, language } = useT();
  // The ledger owns the URL's unprefixed keys (`kind`, `created_after`, `page`, …); the rest of the URL stays.
  const { params, update } = useListInUrl(LEDGER_LIST);
  const kinds = params.filters?.kind ?? [];
  const created = params.filters?.created ?? {};
  const page = params.page ?? 1;
  const query = { ...params, page_size: LEDGER_PAGE_SIZE };
  // A payment changes the balance and adds a line.
  const ledger = useLoaded(
    `${data.key}|${language}|${JSON.stringify(listQueryOf(LEDGER_LIST, query))}|${balance}`,
    (signal) => data.listLedger(query, signal),
  );

  // A new filter starts again at the first page.
  const filter = (filters: NonNullable<LedgerListParams['filters']>) =>
    update({ ordering: params.ordering, filters: { ...params.filters, ...filters } });
  const toggleKind = (kind: (typeof LEDGER_KINDS)[number], on: boolean) =>
    filter({ kind: on ? [...kinds, kind] : kinds.filter((other) => other !== kind) });
  const filtered = kinds.length > 0 || created.after !== undefined || created.before !== undefined;

  return (
    <section id="history" className={styles.section} aria-labelledby="ledger-title">
      <h2 id="ledger-title" className={styles.sectionTitle}>
        {t('ledger.title')}
      </h2>
      <div className={styles.filters} role="group" aria-label={t('ledger.filters')}>
        <fieldset className={ui.chips}>
          <legend className={ui.fieldLabel}>{t('ledger.kind')}</legend>
          {LEDGER_KINDS.map((kind) => (
            <label key={kind} className={ui.chip}>
              <input
                type="checkbox"
                checked={kinds.includes(kind)}
                onChange={(event) => toggleKind(kind, event.target.checked)}
              />
              {t(`ledger.kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
        <DateRangeFields range={created} onChange={(range) => filter({ created: range })}>
          {filtered && (
            <button type="button" className={ui.linkButton} onClick={() => update({ ordering: params.ordering })}>
              {t('filters.reset')}
            </button>
          )}
        </DateRangeFields>
      </div>
      <LoadState
        loaded={ledger}
        empty={ledger.data?.count === 0 ? t(filtered ? 'filters.nothing' : 'ledger.empty') : undefined}
      />
      {ledger.data && ledger.data.results.length > 0 && (
        <>
          <table className={ui.table} aria-busy={ledger.loading}>
            <thead>
              <tr>
                <th scope="col">{t('ledger.date')}</th>
                <th scope="col">{t('ledger.operation')}</th>
                <th scope="col" className={ui.numeric}>
                  {t('ledger.amount')}
                </th>
                <th scope="col" className={ui.numeric}>
                  {t('ledger.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.results.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={t('ledger.date')}>{formatDateTime(entry.created_at, language)}</td>
                  <td data-label={t('ledger.operation')}>
                    <Operation entry={entry} own={data.own} />
                  </td>
                  <td data-label={t('ledger.amount')} className={`${ui.numeric} ${entry.amount > 0 ? ui.credit : ''}`}>
                    {formatSigned(entry.amount, entry.currency, language)}
                  </td>
                  <td data-label={t('ledger.balanceAfter')} className={ui.numeric}>
                    {formatPrice(entry.balance_after, entry.currency, language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={page}
            count={ledger.data.count}
            pageSize={LEDGER_PAGE_SIZE}
            label={t('ledger.title')}
            onPage={(next) => update({ ...params, page: next > 1 ? next : undefined })}
          />
        </>
      )}
    </section>
  );
}

/**
 * The kind, what it was for (an invoice opens in the top-up dialog on the customer's own page, an order is its row in
 * the order history) and a staff adjustment's reason.
 */
function Operation({ entry, own }: { entry: LedgerEntry; own: boolean }) {
  const { t } = useT();
  const reference = parseReference(entry.reference);
  return (
    <span className={styles.operation}>
      <span className={styles.kind}>{t(`ledger.kinds.${entry.kind}`)}</span>
      {reference?.kind === 'invoice' &&
        (own ? (
          <TopUpLink invoice={reference.id}>{t('ledger.references.invoice', { id: reference.id })}</TopUpLink>
        ) : (
          <span>{t('ledger.references.invoice', { id: reference.id })}</span>
        ))}
      {reference?.kind === 'order' && (
        // A plain in-page anchor: the browser scrolls to the order's row and the URL keeps its filters.
        <a href={`#${orderAnchor(reference.id)}`}>{t('ledger.references.order', { id: reference.id })}</a>
      )}
      {entry.reason && <span className={ui.muted}>{entry.reason}</span>}
    </span>
  );
}
