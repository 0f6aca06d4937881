import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { DESKTOP_SCROLL_OFFSET, isAnchorLink, scrollToAnchor } from '@proxy/contract/anchors';
import { localizePath, type Language } from '@proxy/contract/languages';

/**
 * A link written by staff in a block: `#anchor` scrolls to a block of this page (clear of the sticky header), an
 * absolute URL leaves the site, anything else is a route in the current language.
 */
export function BlockLink({
  link,
  language,
  className,
  children,
}: {
  link: string;
  language: Language;
  className?: string;
  children: ReactNode;
}) {
  if (isAnchorLink(link)) {
    const onClick = (event: MouseEvent) => {
      if (scrollToAnchor(link, DESKTOP_SCROLL_OFFSET)) event.preventDefault();
    };
    return (
      <a href={link} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  if (/^https?:\/\//.test(link)) {
    return (
      <a href={link} className={className} rel="noopener">
        {children}
      </a>
    );
  }
  return (
    <Link to={localizePath(link, language)} className={className}>
      {children}
    </Link>
  );
}
