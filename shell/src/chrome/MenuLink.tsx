import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { localizePath, type Language } from '@proxy/contract/languages';
import { isAnchorLink, scrollToAnchor } from '@proxy/contract/anchors';
import type { MenuItem } from '@proxy/contract/schemas/menu';

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

/** Class names of one rendering of the menu tree (the header's bar and the slide-in menu style it differently). */
export interface MenuTreeClasses {
  list?: string;
  item?: string;
  link?: string;
  sublist?: string;
  sublink?: string;
}

/** The content-managed menu as nested lists: top-level items, each with its submenu when it has children. */
export function MenuTree({
  menu,
  language,
  offset,
  classes,
  onFollow,
}: {
  menu: readonly MenuItem[];
  language: Language;
  offset: number;
  classes: MenuTreeClasses;
  onFollow?: () => void;
}) {
  const link = (item: MenuItem, className: string | undefined) => (
    <MenuLink link={item.link} language={language} offset={offset} className={className} onFollow={onFollow}>
      {item.name}
    </MenuLink>
  );
  return (
    <ul className={classes.list}>
      {menu.map((item) => (
        <li key={`${item.name}${item.link}`} className={classes.item}>
          {link(item, classes.link)}
          {item.children && item.children.length > 0 && (
            <ul className={classes.sublist}>
              {item.children.map((child) => (
                <li key={`${child.name}${child.link}`}>{link(child, classes.sublink)}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
