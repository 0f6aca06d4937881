import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { overlayHashes } from '@proxy/contract/routes';

/**
 * The URL hash drives the overlays (spec §2): `#menu` opens the mobile menu, `#login` and `#registration` the auth
 * dialog, `#topup` the top-up dialog (`#topup-{minor}`: with that amount filled in) and `#invoice-{id}` the same
 * dialog at one of the customer's invoices (billing/invoice-hash.ts), so the header, /home, /user and the order page
 * open it by linking there; any other hash closes them. Closing clears the hash.
 */
export type HashPanel = 'menu' | 'login' | 'registration' | 'topup';

export function panelOf(hash: string): HashPanel | null {
  const name = hash.replace(/^#/, '');
  if (overlayHashes.invoiceOf(name) !== null || overlayHashes.topUpAmountOf(name) !== null) return 'topup';
  return name === 'menu' || name === 'login' || name === 'registration' || name === overlayHashes.topUp ? name : null;
}

export function useHashPanel(): {
  panel: HashPanel | null;
  open: (panel: HashPanel) => void;
  close: () => void;
} {
  const location = useLocation();
  const navigate = useNavigate();
  // The search stays: a hash-only change neither runs the page's loaders again nor drops its filters (/user?page=2).
  const open = useCallback(
    (panel: HashPanel) => void navigate({ search: location.search, hash: panel }, { preventScrollReset: true }),
    [navigate, location.search],
  );
  const close = useCallback(
    () =>
      void navigate(
        { pathname: location.pathname, search: location.search, hash: '' },
        { replace: true, preventScrollReset: true },
      ),
    [navigate, location.pathname, location.search],
  );
  return { panel: panelOf(location.hash), open, close };
}
