import { useEffect, useRef } from 'react';
import { menuAtom, useAtomValue } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { CloseIcon } from './CloseIcon.tsx';
import { MOBILE_MENU_SCROLL_OFFSET } from '@proxy/contract/anchors';
import { useHashPanel } from './hash-panel.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MenuLink } from './MenuLink.tsx';
import styles from './MobileMenu.module.css';

/** The 265 px slide-in menu (spec §2, §9), open while the hash is `#menu`; closing clears the hash. */
export function MobileMenu() {
  const { t, language } = useT();
  const menu = useAtomValue(menuAtom);
  const { panel, close } = useHashPanel();
  const open = panel === 'menu';
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, close]);

  // An anchor scrolls after the menu has closed, so the page is not locked under the overlay.
  const follow = () => close();
  return (
    <div className={open ? `${styles.root} ${styles.open}` : styles.root} aria-hidden={!open}>
      <div className={styles.backdrop} onClick={close} />
      <aside
        id="mobile-menu"
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.main')}
        inert={!open}
      >
        <div className={styles.top}>
          <span className={styles.title}>{t('brand')}</span>
          <button
            ref={closeButton}
            type="button"
            className={styles.close}
            aria-label={t('nav.closeMenu')}
            onClick={close}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('nav.main')}>
          <ul className={styles.list}>
            {menu.map((item) => (
              <li key={`${item.name}${item.link}`}>
                <MenuLink
                  link={item.link}
                  language={language}
                  offset={MOBILE_MENU_SCROLL_OFFSET}
                  className={styles.link}
                  onFollow={follow}
                >
                  {item.name}
                </MenuLink>
                {item.children && item.children.length > 0 && (
                  <ul className={styles.sublist}>
                    {item.children.map((child) => (
                      <li key={`${child.name}${child.link}`}>
                        <MenuLink
                          link={child.link}
                          language={language}
                          offset={MOBILE_MENU_SCROLL_OFFSET}
                          className={styles.sublink}
                          onFollow={follow}
                        >
                          {child.name}
                        </MenuLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.bottom}>
          <div className={styles.account}>
            <AccountLinks className={styles.accountLink} primaryClassName={styles.accountPrimary} />
          </div>
          <LanguageSwitch className={styles.language} />
        </div>
      </aside>
    </div>
  );
}
