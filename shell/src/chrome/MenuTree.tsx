import type { Language } from '@proxy/contract/languages';
import type { MenuItem } from '@proxy/contract/schemas/menu';
import { MenuLink } from './MenuLink.tsx';

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
