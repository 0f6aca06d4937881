import { Link } from 'react-router';
import { formatPrice } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import { userAtom, useAtomValue } from '@proxy/contract/state';
import { TopUpLink, ui } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './billing.module.css';

/**
 * The signed-in customer's balance (the session user's, which the top-up dialog refreshes once an invoice is paid)
 * with "Top up"; on /home also a link to the history on /user.
 */
export function BalanceCard({ withHistory = false }: { withHistory?: boolean }) {
  const { t, language } = useT();
  const user = useAtomValue(userAtom);
  if (!user) return null;
  return (
    <section className={`${ui.bar} ${styles.balanceCard}`} aria-labelledby="balance-title">
      <div>
        <h2 id="balance-title" className={styles.balanceTitle}>
          {t('balance.title')}
        </h2>
        <p className={styles.balanceAmount}>{formatPrice(user.balance, user.currency, language)}</p>
      </div>
      <div className={styles.balanceActions}>
        {withHistory && (
          <Link to={`${paths.user(undefined, language)}#history`} className={ui.secondaryButton}>
            {t('balance.history')}
          </Link>
        )}
        <TopUpLink className={ui.primaryButton}>{t('balance.topUp')}</TopUpLink>
      </div>
    </section>
  );
}
