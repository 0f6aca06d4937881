import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { overlayHashes } from '@proxy/contract/routes';

/**
 * The invoice the top-up dialog shows, and a way to show another one in place of the current hash (after creating
 * one: Back then leaves the dialog instead of returning to a form that would make a second invoice).
 */
export function useInvoiceHash(): { invoice: number | null; showInvoice: (id: number) => void } {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const showInvoice = useCallback(
    (id: number) =>
      void navigate({ search, hash: overlayHashes.invoice(id) }, { replace: true, preventScrollReset: true }),
    [navigate, search],
  );
  // Null for `#topup`: a new top-up.
  return { invoice: overlayHashes.invoiceOf(hash), showInvoice };
}
