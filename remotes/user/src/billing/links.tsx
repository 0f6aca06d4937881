import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * The shell's top-up dialog opens for the hash `#topup`, and at an invoice for `#invoice-{id}`
 * (shell/src/chrome/hash-panel.ts). TODO(#11 follow-up): take both names from the contract once it has them.
 */
export const TOP_UP_HASH = 'topup';
export const invoiceHash = (id: number) => `invoice-${id}`;

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
      to={{ search, hash: invoice === undefined ? TOP_UP_HASH : invoiceHash(invoice) }}
      preventScrollReset
      className={className}
    >
      {children}
    </Link>
  );
}
