import { Link, useLocation } from 'react-router';
import { matchRoute, paths, type RouteId } from '@proxy/contract/routes';
import { useT } from '../i18n/use-t.ts';
import { signOut } from '../session/session.ts';
import styles from './CustomerMenu.module.css';

/** The customer's pages, in the order of the journey: the overview, the proxies, buying, handing over, the account. */
const ITEMS = ['account', 'ipList', 'order', 'ipTransfer', 'user'] as const satisfies readonly RouteId[];
type Item = (typeof ITEMS)[number];

/** The menu item a route belongs to: a proxy's page is under "My IPs"; another customer's page (staff) is none. */
function currentItem(pathname: string): Item | undefined {
  const match = matchRoute(pathname);
  if (!match) return undefined;
  if (match.route.id === 'ipDetail') return 'ipList';
  if (match.route.id === 'user') return match.params.id === undefined ? 'user' : undefined;
  return (ITEMS as readonly string[]).includes(match.route.id) ? (match.route.id as Item) : undefined;
}

/**
 * The signed-in customer's own navigation (#28): a bar under the header, and the top of the mobile menu — their pages
 * with the current one marked, and "Sign out" in sight. Loaded lazily and only for a signed-in user (`CustomerNav`),
 * so a visitor's first paint carries none of it.
 */
export default function CustomerMenu({ place, onFollow }: { place: 'bar' | 'menu'; onFollow?: () => void }) {
  const { t, language } = useT();
  const { pathname } = useLocation();
  const current = currentItem(pathname);
  const hrefs: Record<Item, string> = {
    account: paths.account(language),
    ipList: paths.ipList(language),
    order: paths.order(language),
    ipTransfer: paths.ipTransfer(undefined, language),
    user: paths.user(undefined, language),
  };
  return (
    <nav aria-label={t('customerNav.label')} className={styles[place]}>
      <div className={styles.inner}>
        <ul className={styles.list}>
          {ITEMS.map((item) => (
            <li key={item}>
              <Link
                to={hrefs[item]}
                className={styles.link}
                aria-current={current === item ? 'page' : undefined}
                onClick={onFollow}
              >
                {item === 'account' ? t('account.cabinet') : t(`customerNav.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={styles.signOut}
          onClick={() => {
            onFollow?.();
            void signOut();
          }}
        >
          {t('account.signOut')}
        </button>
      </div>
    </nav>
  );
}
