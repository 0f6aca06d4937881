import { useEffect, useRef } from 'react';
import { footerAtom, isAuthenticatedAtom, menuAtom, siteNameAtom, useAtomValue } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { CloseIcon } from './CloseIcon.tsx';
import { MOBILE_MENU_SCROLL_OFFSET } from '@proxy/contract/anchors';
import { useHashPanel } from './hash-panel.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { CustomerBalance } from './CustomerBalance.tsx';
import { CustomerNav } from './CustomerNav.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MenuTree } from './MenuTree.tsx';
import styles from './MobileMenu.module.css';

/** Keeps Tab and Shift+Tab inside the open menu (it is modal): past the last control back to the first. */
function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  const focusable = Array.from(container.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const inside = container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The 265 px slide-in menu (spec §2, §9), open while the hash is `#menu`; closing clears the hash. A signed-in
 * customer finds their balance, their pages and "Sign out" at its top, above the site's menu, without scrolling.
 */
export default function MobileMenu() {
  const { t, language } = useT();
  const menu = useAtomValue(menuAtom);
  const footer = useAtomValue(footerAtom);
  const siteName = useAtomValue(siteNameAtom);
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const { panel, close } = useHashPanel();
  const open = panel === 'menu';
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // Focus goes back where it was (the burger, usually) when the menu closes, as for any modal dialog.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key === 'Tab' && dialog.current) trapTab(event, dialog.current);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      // Without scrolling: an anchor link of the menu scrolls the page after it closed.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open, close]);

  // An anchor scrolls after the menu has closed, so the page is not locked under the overlay.
  const follow = () => close();
  // A page staff put in both the menu and the footer ("Контакты") is listed once: the footer's list leaves it out.
  const inMenu = new Set(menu.flatMap((item) => [item.link, ...(item.children ?? []).map((child) => child.link)]));
  const footerOnly = footer.filter((link) => !inMenu.has(link.link));
  return (
    <div className={open ? `${styles.root} ${styles.open}` : styles.root} aria-hidden={!open}>
      <div className={styles.backdrop} onClick={close} />
      {/* A div, not <aside>: a complementary landmark cannot also be a dialog. */}
      <div
        ref={dialog}
        id="mobile-menu"
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.main')}
        inert={!open}
      >
        <div className={styles.top}>
          <span className={styles.title}>{siteName}</span>
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
        {authenticated && (
          <div className={styles.customer}>
            <div className={styles.account}>
              <CustomerBalance place="menu" onFollow={follow} />
            </div>
            <CustomerNav place="menu" onFollow={follow} />
          </div>
        )}
        <nav aria-label={t('nav.main')}>
          <MenuTree
            menu={menu}
            language={language}
            offset={MOBILE_MENU_SCROLL_OFFSET}
            classes={{ list: styles.list, link: styles.link, sublist: styles.sublist, sublink: styles.sublink }}
            onFollow={follow}
          />
        </nav>
        {footerOnly.length > 0 && (
          <nav aria-label={t('footer.links')}>
            <MenuTree
              menu={footerOnly}
              language={language}
              offset={MOBILE_MENU_SCROLL_OFFSET}
              classes={{
                list: `${styles.list} ${styles.secondary}`,
                link: styles.link,
                sublist: styles.sublist,
                sublink: styles.sublink,
              }}
              onFollow={follow}
            />
          </nav>
        )}
        <div className={styles.bottom}>
          {!authenticated && (
            <div className={styles.account}>
              <AccountLinks className={styles.accountLink} primaryClassName={styles.accountPrimary} />
            </div>
          )}
          <LanguageSwitch className={styles.language} />
        </div>
      </div>
    </div>
  );
}
