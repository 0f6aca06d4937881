import { formatPrice } from '@proxy/contract/money';
import { LoadState } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import type { QuoteState } from './use-quote.ts';
import styles from './OrderForm.module.css';

/**
 * The quote as the server computed it: price per proxy, quantity, discount, total, the balance and what is left of
 * it (or missing). One polite live region around it, so a screen reader hears the new total once the figures settle,
 * not every intermediate state; while a newer quote is asked, the old figures stay, dimmed and marked busy.
 */
export function QuoteSummary({ quote, shortage }: { quote: QuoteState | null; shortage: boolean }) {
  const { t, language } = useT();
  const shown = quote?.quote;
  const money = (minor: number) => (shown ? formatPrice(minor, shown.currency, language) : '');
  let content;
  if (!quote) {
    content = <p className={styles.note}>{t('quote.incomplete')}</p>;
  } else if (quote.error !== undefined) {
    content = (
      <LoadState loaded={{ data: undefined, failed: true, retry: quote.refresh }} failedText={t('quote.failed')} />
    );
  } else if (!shown) {
    content = <p className={styles.note}>{t('quote.calculating')}</p>;
  } else {
    content = (
      <>
        <dl className={quote.fresh ? styles.figures : `${styles.figures} ${styles.stale}`}>
          <div>
            <dt>{t('quote.price')}</dt>
            <dd>{money(shown.price)}</dd>
          </div>
          <div>
            <dt>{t('quote.quantity')}</dt>
            <dd>{shown.quantity}</dd>
          </div>
          {shown.discount > 0 && (
            <>
              <div>
                <dt>{t('quote.subtotal')}</dt>
                <dd>{money(shown.subtotal)}</dd>
              </div>
              <div className={styles.discount}>
                <dt>{shown.promo ? t('quote.discountCode', { code: shown.promo.code }) : t('quote.discount')}</dt>
                <dd>{money(-shown.discount)}</dd>
              </div>
            </>
          )}
          <div className={styles.total}>
            <dt>{t('quote.total')}</dt>
            <dd>{money(shown.total)}</dd>
          </div>
          <div className={styles.balanceRow}>
            <dt>{t('quote.balance')}</dt>
            <dd>{money(shown.balance)}</dd>
          </div>
          {shown.balance_after >= 0 ? (
            <div>
              <dt>{t('quote.balanceAfter')}</dt>
              <dd>{money(shown.balance_after)}</dd>
            </div>
          ) : (
            <div className={styles.missing}>
              <dt>{t('quote.missing')}</dt>
              <dd>{money(-shown.balance_after)}</dd>
            </div>
          )}
        </dl>
        {!quote.fresh && <p className={styles.note}>{t('quote.updating')}</p>}
        {shortage && <p className={styles.refusal}>{t('quote.shortage', { count: shown.available })}</p>}
      </>
    );
  }
  return (
    <div className={styles.quote} aria-live="polite" aria-busy={quote !== null && !quote.fresh && !quote.error}>
      {content}
    </div>
  );
}
