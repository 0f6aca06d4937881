import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { localizePath, type Language } from '@proxy/contract/languages';
import { holdInView, isAnchorLink, scrollToAnchor } from '@proxy/contract/anchors';

/** How long a freshly rendered home page may keep growing or shrinking above the section before it is left be. */
const SETTLE_MS = 2000;

/**
 * One link of the content-managed menu: `#anchor` scrolls to a section (on the home page when the current page does
 * not have it), an absolute URL leaves the site, anything else is a route in the current language.
 */
export function MenuLink({
  link,
  language,
  offset,
  className,
  onFollow,
  children,
}: {
  link: string;
  language: Language;
  offset: number;
  className?: string;
  onFollow?: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  if (isAnchorLink(link)) {
    const onClick = (event: MouseEvent) => {
      event.preventDefault();
      onFollow?.();
      if (!scrollToAnchor(link, offset)) {
        void Promise.resolve(navigate(localizePath('/', language))).then(() => {
          // The home page renders after its remote loads; try for a moment, then hold the section while it settles.
          const id = decodeURIComponent(link.slice(1));
          let tries = 0;
          const timer = setInterval(() => {
            if (holdInView(id, offset, SETTLE_MS) !== null || ++tries > 20) clearInterval(timer);
          }, 100);
        });
      }
    };
    return (
      <a href={link} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  if (/^https?:\/\//.test(link)) {
    return (
      <a href={link} className={className} rel="noopener" onClick={onFollow}>
        {children}
      </a>
    );
  }
  return (
    <Link to={localizePath(link, language)} className={className} onClick={onFollow}>
      {children}
    </Link>
  );
}
