import { Link } from 'react-router';
import { paths } from '@proxy/contract/routes';
import { userAtom, useAtomValue } from '@proxy/contract/state';
import { ui } from '@proxy/site-kit';
import { BalanceCard } from '../billing/BalanceCard.tsx';
import { useT } from '../i18n/use-t.ts';
import { ProxySummary } from '../proxies/ProxySummary.tsx';
import styles from './AccountPage.module.css';

/**
 * `/home`, where a customer lands after signing in: who they are, their balance, their proxies at a glance (counts
 * and the next expiries) and where to go next.
 */
export function AccountPage() {
  const { t, language } = useT();
  const user = useAtomValue(userAtom);
  if (!user) return null;
  const staff = user.is_superuser || user.premission.length > 0;
  const cards = [
    { to: paths.order(language), title: t('account.order.title'), text: t('account.order.text') },
    { to: paths.ipList(language), title: t('account.ips.title'), text: t('account.ips.text') },
    { to: paths.user(undefined, language), title: t('account.profile.title'), text: t('account.profile.text') },
    ...(staff
      ? [{ to: paths.panelLogin(language), title: t('account.panel.title'), text: t('account.panel.text') }]
      : []),
  ];
  return (
    <section className={ui.page}>
      <h1 className={ui.pageTitle}>{t('account.title')}</h1>
      <p className={styles.who}>{t('account.signedInAs', { email: user.email })}</p>
      <div className={styles.stack}>
        <BalanceCard withHistory />
        <ProxySummary />
        <nav aria-label={t('account.next')}>
          <ul className={ui.cardList}>
            {cards.map((card) => (
              <li key={card.to}>
                <Link to={card.to} className={`${ui.linkCard} ${styles.card}`}>
                  <span className={styles.cardTitle}>{card.title}</span>
                  <span className={styles.cardText}>{card.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
