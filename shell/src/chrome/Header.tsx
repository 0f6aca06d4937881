import { Link } from 'react-router';
import { isAuthenticatedAtom, menuAtom, siteNameAtom, useAtomValue } from '@proxy/contract/state';
import { paths } from '@proxy/contract/routes';
import { useT } from '../i18n/use-t.ts';
import { DESKTOP_SCROLL_OFFSET } from '@proxy/contract/anchors';
import { useHashPanel } from './hash-panel.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { CustomerBalance } from './CustomerBalance.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MenuTree } from './MenuTree.tsx';
import styles from './Header.module.css';

/**
 * The public header: brand, the content-managed menu (collapsed into a button below 1263 px), a customer's balance
 * with "Top up", a visitor's sign-in links, language switch. A customer's own pages and "Sign out" are in the bar
 * under it (`CustomerNav`): beside the balance they would not fit the row at 1280 px, and cut the brand short.
 */
export function Header() {
  const { t, language } = useT();
  const menu = useAtomValue(menuAtom);
  const siteName = useAtomValue(siteNameAtom);
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const { panel, open } = useHashPanel();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home(language)} className={styles.brand}>
          <span className={styles.logo} aria-hidden="true" />
          <span className={styles.brandName}>{siteName}</span>
        </Link>
        <nav aria-label={t('nav.main')} className={styles.nav}>
          <MenuTree
            menu={menu}
            language={language}
            offset={DESKTOP_SCROLL_OFFSET}
            classes={{
              list: styles.list,
              item: styles.item,
              link: styles.link,
              sublist: styles.submenu,
              sublink: styles.sublink,
            }}
          />
        </nav>
        {/* Outside the account links: the balance stays in sight when the menu folds into the burger. */}
        <div className={styles.wallet}>
          <CustomerBalance place="header" />
        </div>
        {!authenticated && (
          <div className={styles.account}>
            <AccountLinks className={styles.accountLink} primaryClassName={styles.accountPrimary} />
          </div>
        )}
        <LanguageSwitch className={styles.language} compact />
        <button
          type="button"
          className={styles.burger}
          aria-label={t('nav.openMenu')}
          aria-controls="mobile-menu"
          // Says whether the menu is open; with `false`, `aria-controls` may name a menu not loaded yet (MobileMenuHost).
          aria-expanded={panel === 'menu'}
          onClick={() => open('menu')}
        >
          <span className={styles.burgerLines} aria-hidden="true" />
        </button>
        {/*
         * Without scripts the button above can do nothing (the mobile menu is a script's): in its place a disclosure,
         * shown only then (`scripting: none`), opens the header's own menu under the bar.
         */}
        <details className={styles.noScriptMenu}>
          <summary className={styles.burger} aria-label={t('nav.openMenu')}>
            <span className={styles.burgerLines} aria-hidden="true" />
          </summary>
        </details>
      </div>
    </header>
  );
}
