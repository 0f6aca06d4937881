import { useEffect, useState } from 'react';
import { getCurrentUser } from '@proxy/contract/api/auth';
import { getInvoice } from '@proxy/contract/api/billing';
import { ApiError } from '@proxy/contract/api/errors';
import { formatPrice } from '@proxy/contract/money';
import type { Invoice } from '@proxy/contract/schemas/billing';
import { api, setUserAtom, useSetAtom } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import styles from './billing.module.css';

const TONES = { paid: 'success', pending: 'info', expired: 'warning', cancelled: 'warning' } as const;

/** How often a pending invoice is asked about: the gateway's webhook may come a little after the customer. */
export const RESULT_POLL_MS = 4000;

/**
 * What became of the invoice a payment gateway sent the customer back for (`/user?invoice={id}`): paid, still
 * pending (asked about every few seconds until it settles), expired or cancelled. Once paid, the session user is
 * loaded again, so the header and the balance card show the new balance.
 */
export function InvoiceResult({ id, onDismiss }: { id: number; onDismiss: () => void }) {
  const { t, language } = useT();
  const setUser = useSetAtom(setUserAtom);
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await getInvoice(api, id, controller.signal);
        setInvoice(next);
        if (next.status === 'pending') timer = setTimeout(() => void poll(), RESULT_POLL_MS);
        else if (next.status === 'paid') setUser(await getCurrentUser(api));
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setMissing(true);
        else timer = setTimeout(() => void poll(), RESULT_POLL_MS);
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, setUser]);

  const settled = missing || invoice !== null;
  const tone = missing || !invoice ? 'warning' : TONES[invoice.status];
  // The live region is there from the start, so the outcome (and a later change of it) is read out.
  return (
    <div role="status" className={settled ? `${styles.result} ${styles[tone]}` : undefined}>
      {settled && (
        <>
          <div>
            <p className={styles.resultTitle}>{t('result.title', { id })}</p>
            <p className={styles.resultText}>
              {missing || !invoice
                ? t('result.notFound')
                : t(`result.${invoice.status}`, { amount: formatPrice(invoice.amount, invoice.currency, language) })}
            </p>
          </div>
          <button type="button" className={styles.linkButton} onClick={onDismiss}>
            {t('result.dismiss')}
          </button>
        </>
      )}
    </div>
  );
}
