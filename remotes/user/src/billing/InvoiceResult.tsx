import { formatPrice } from '@proxy/contract/money';
import { ui, useInvoice } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';

const TONES = {
  paid: ui.noticeSuccess,
  pending: ui.noticeInfo,
  expired: ui.noticeWarning,
  cancelled: ui.noticeWarning,
};

/**
 * What became of the invoice a payment gateway sent the customer back for (`/user?invoice={id}`): paid, still
 * pending (the kit's poller asks until it settles, and reads the session user again once it is paid, so the header
 * and the balance card show the new balance), expired or cancelled.
 */
export function InvoiceResult({ id, onDismiss }: { id: number; onDismiss: () => void }) {
  const { t, language } = useT();
  const { invoice, missing } = useInvoice(id);
  const settled = missing || invoice !== null;
  const tone = missing || !invoice ? ui.noticeWarning : TONES[invoice.status];
  // The live region is there from the start, so the outcome (and a later change of it) is read out.
  return (
    <div role="status" className={settled ? `${ui.notice} ${tone} ${ui.bar}` : undefined}>
      {settled && (
        <>
          <div>
            <p className={ui.noticeTitle}>{t('result.title', { id })}</p>
            <p>
              {missing || !invoice
                ? t('result.notFound')
                : t(`result.${invoice.status}`, { amount: formatPrice(invoice.amount, invoice.currency, language) })}
            </p>
          </div>
          <button type="button" className={ui.linkButton} onClick={onDismiss}>
            {t('result.dismiss')}
          </button>
        </>
      )}
    </div>
  );
}
