import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
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

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates a page rendered on the server, true after (and at once in a page the browser renders).
 * The server never sees the hash, so its page has every overlay closed: a `#login` read during hydration would
 * render the dialog into markup the server did not send (a hydration error); read one render later, it opens.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
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
  const hydrated = useHydrated();
  return { panel: hydrated ? panelOf(location.hash) : null, open, close };
}

/** The public layout's `<main>` (focusable by script, the skip link's target). */
const MAIN_ID = 'main';

/** The control that opens the panel `element` sits in (its `aria-controls`): the header's menu button for a menu link. */
function controlOf(element: HTMLElement): HTMLElement | null {
  const controls = [...document.querySelectorAll<HTMLElement>('[aria-controls]')];
  for (let panel = element.parentElement; panel; panel = panel.parentElement) {
    const id = panel.id;
    const control = id
      ? controls.find((candidate) => candidate.getAttribute('aria-controls')?.split(' ').includes(id))
      : undefined;
    if (control) return control;
  }
  return null;
}

/**
 * Focus back on what opened an overlay once it closes (WAI-ARIA's dialog pattern), for the dialogs a host renders
 * only while their hash is there: unmounted at once, antd's Modal never gets to give focus back, and it would land
 * on the page's body (#28). The opener is read as the overlay opens — in a layout effect, before the lazily loaded
 * dialog mounts and takes focus into itself.
 */
export function useFocusReturn(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      wasOpen.current = true;
      return;
    }
    // Only a close moves focus: a page that starts with the overlay closed keeps it where the browser put it.
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const element = opener.current;
    opener.current = null;
    // Without scrolling: the page stays where the customer left it.
    if (element?.isConnected) element.focus({ preventScroll: true });
    if (element && document.activeElement === element) return;
    // The opener sat in a panel that closed as the overlay opened (a link of the phone menu): the control that opens
    // that panel, where the customer started (#49).
    const control = element?.isConnected ? controlOf(element) : null;
    control?.focus({ preventScroll: true });
    // The opener went while the overlay was open (the header's "Sign in", replaced by the account once signed in):
    // the page's content, where a skip link would lead, rather than the body, from where Tab starts at the top (#49).
    if (document.activeElement === null || document.activeElement === document.body) {
      document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    }
  }, [open]);
}
