import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { overlayHashes } from '@proxy/contract/routes';

/**
 * A link that opens the top-up dialog over the current page: the search stays (the page's filters, and a hash-only
 * change runs no loader), and the page does not scroll.
 */
export function TopUpLink({
  invoice,
  className,
  children,
}: {
  invoice?: number;
  className?: string | undefined;
  children: ReactNode;
}) {
  const { search } = useLocation();
  return (
    <Link
      to={{ search, hash: invoice === undefined ? overlayHashes.topUp : overlayHashes.invoice(invoice) }}
      preventScrollReset
      className={className}
    >
      {children}
    </Link>
  );
}
