import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

const INVOICE_HASH = /^#invoice-([1-9]\d{0,9})$/;

/** The invoice an `#invoice-{id}` hash opens the top-up dialog at; null for `#topup`, a new top-up. */
export function invoiceOf(hash: string): number | null {
  const match = INVOICE_HASH.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * The invoice the top-up dialog shows, and a way to show another one in place of the current hash (after creating
 * one: Back then leaves the dialog instead of returning to a form that would make a second invoice).
 */
export function useInvoiceHash(): { invoice: number | null; showInvoice: (id: number) => void } {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const showInvoice = useCallback(
    (id: number) => void navigate({ search, hash: `invoice-${id}` }, { replace: true, preventScrollReset: true }),
    [navigate, search],
  );
  return { invoice: invoiceOf(hash), showInvoice };
}
