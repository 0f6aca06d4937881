import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { overlayHashes } from '@proxy/contract/routes';

/**
 * A link that opens the shell's top-up dialog over the current page (`#topup`), or one invoice in it
 * (`#invoice-{id}`): the search stays (the page's filters, and a hash-only change runs no loader), and the page does
 * not scroll.
 */
export function TopUpLink({
  invoice,
  className,
  onClick,
  children,
}: {
  invoice?: number;
  className?: string | undefined;
  onClick?: () => void;
  children: ReactNode;
}) {
  const { search } = useLocation();
  return (
    <Link
      to={{ search, hash: invoice === undefined ? overlayHashes.topUp : overlayHashes.invoice(invoice) }}
      preventScrollReset
      className={className}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
