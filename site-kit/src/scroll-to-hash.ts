import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DESKTOP_SCROLL_OFFSET, holdInView } from '@proxy/contract/anchors';

/** How long the page may keep growing above the target (lists loading) before it is left where it is. */
const SETTLE_MS = 3000;

/**
 * Brings the element the URL's `#anchor` names into view below the sticky header (the dashboard's "History" →
 * `/user#history`), and keeps it there while the lists above it load and push it down — a client-side navigation
 * does not scroll to an anchor at all, and the browser's own jump on a reload lands before those lists have grown.
 * A hash naming no element (the shell's `#topup` dialog) does nothing.
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const release = id ? holdInView(id, DESKTOP_SCROLL_OFFSET, SETTLE_MS) : null;
    return release ?? undefined;
  }, [hash]);
}
