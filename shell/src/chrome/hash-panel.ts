import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The URL hash drives the overlays (spec §2): `#menu` opens the mobile menu, `#login` and `#registration` the auth
 * dialog; any other hash closes them. Closing clears the hash.
 */
export type HashPanel = 'menu' | 'login' | 'registration';

export function panelOf(hash: string): HashPanel | null {
  const name = hash.replace(/^#/, '');
  return name === 'menu' || name === 'login' || name === 'registration' ? name : null;
}

export function useHashPanel(): {
  panel: HashPanel | null;
  open: (panel: HashPanel) => void;
  close: () => void;
} {
  const location = useLocation();
  const navigate = useNavigate();
  const open = useCallback(
    (panel: HashPanel) => void navigate({ hash: panel }, { preventScrollReset: true }),
    [navigate],
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
