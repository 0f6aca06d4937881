import { Link } from 'react-router';
import { formatPrice } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import { userAtom, useAtomValue } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { useHashPanel } from './hash-panel.ts';
import styles from './BalanceLinks.module.css';

/**
 * The signed-in customer's balance (from the session user, refreshed after a top-up), linking to /user, and the
 * "Top up" action opening the top-up dialog (`#topup`): a pill in the header, a row and a button in the mobile menu.
 * Loaded lazily and only for a signed-in user (`CustomerBalance`), so a visitor's first paint carries none of it.
 */
export default function BalanceLinks({ place, onFollow }: { place: 'header' | 'menu'; onFollow?: () => void }) {
  const { t, language } = useT();
  const user = useAtomValue(userAtom);
  const { open } = useHashPanel();
  if (!user) return null;
  return (
    <>
      <Link to={paths.user(undefined, language)} className={styles[`${place}Balance`]} onClick={onFollow}>
        <span className={styles[`${place}Label`]}>{t('account.balance')} </span>
        {formatPrice(user.balance, user.currency, language)}
      </Link>
      <a
        href="#topup"
        className={styles[`${place}TopUp`]}
        title={t('account.topUp')}
        onClick={(event) => {
          event.preventDefault();
          open('topup');
        }}
      >
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <path d="M7 1v12M1 7h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className={styles[`${place}TopUpText`]}>{t('account.topUp')}</span>
      </a>
    </>
  );
}
