import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { localizePath, type Language } from '@proxy/contract/languages';
import { isAnchorLink, scrollToAnchor } from '@proxy/contract/anchors';

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
          // The home page renders after its remote loads; try for a moment.
          let tries = 0;
          const timer = setInterval(() => {
            if (scrollToAnchor(link, offset) || ++tries > 20) clearInterval(timer);
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
