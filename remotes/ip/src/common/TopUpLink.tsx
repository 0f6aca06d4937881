import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { overlayHashes } from '@proxy/contract/routes';

/**
 * A link that opens the shell's top-up dialog over the current page: the search stays (the list's filters, and a
 * hash-only change runs no loader), and the page does not scroll.
 */
export function TopUpLink({
  className,
  onClick,
  children,
}: {
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const { search } = useLocation();
  return (
    <Link to={{ search, hash: overlayHashes.topUp }} preventScrollReset className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
