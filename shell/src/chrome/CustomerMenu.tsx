import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { getTransferCounts } from '@proxy/contract/api/transfers';
import { matchRoute, paths, type RouteId } from '@proxy/contract/routes';
import { api, atom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { signOut } from '../session/session.ts';
import a11y from '../styles/a11y.module.css';
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

/** Transfer offers waiting for this customer's answer: read by the bar, shown by the bar and the mobile menu alike. */
const incomingOffersAtom = atom(0);

/**
 * The signed-in customer's own navigation (#28): a bar under the header, and the top of the mobile menu — their pages
 * with the current one marked, and "Sign out" in sight. Loaded lazily and only for a signed-in user (`CustomerNav`),
 * so a visitor's first paint carries none of it.
 */
export default function CustomerMenu({ place, onFollow }: { place: 'bar' | 'menu'; onFollow?: () => void }) {
  const { t, language } = useT();
  const { pathname } = useLocation();
  const current = currentItem(pathname);
  const incoming = useAtomValue(incomingOffersAtom);
  const setIncoming = useSetAtom(incomingOffersAtom);
  // Asked again on every page: an offer made meanwhile shows on the next click, one accepted leaves the count.
  useEffect(() => {
    if (place !== 'bar') return undefined;
    const controller = new AbortController();
    getTransferCounts(api, controller.signal).then(
      (counts) => setIncoming(counts.incoming_pending),
      // The count is a hint: without it the menu is still whole.
      () => undefined,
    );
    return () => controller.abort();
  }, [place, pathname, setIncoming]);
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
                {item === 'ipTransfer' && incoming > 0 && (
                  <span className={styles.badge}>
                    <span aria-hidden="true">{incoming}</span>
                    <span className={a11y.visuallyHidden}>{t('customerNav.incoming', { count: incoming })}</span>
                  </span>
                )}
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
