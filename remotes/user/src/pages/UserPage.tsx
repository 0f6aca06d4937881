import { useSearchParams } from 'react-router';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import { userAtom, useAtomValue } from '@proxy/contract/state';
import { BalanceCard } from '../billing/BalanceCard.tsx';
import { pageOf } from '../billing/format.ts';
import { InvoiceResult } from '../billing/InvoiceResult.tsx';
import { InvoicesList } from '../billing/InvoicesList.tsx';
import { LedgerHistory } from '../billing/LedgerHistory.tsx';
import { OrdersList } from '../billing/OrdersList.tsx';
import { OWN_DATA } from '../billing/user-data.ts';
import { useT } from '../i18n/use-t.ts';
import { MailingCard } from '../profile/MailingCard.tsx';
import styles from './AccountPage.module.css';

/** The gateway sends the customer back to `/user?invoice={id}`. */
export const RETURN_PARAM = 'invoice';

/**
 * With an id (`/user/5`) staff will see a customer's page (its own issue); until then that address is the 404 page,
 * as for any page that does not exist.
 */
export function validateUserPage({ params }: PageLoaderArgs): boolean {
  return params.id === undefined;
}

/**
 * `/user` — the customer's own page: the balance with "Top up", the mailing subscription, the top-up invoices, the
 * order history and the balance history.
 */
export function UserPage() {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  const [search, setSearch] = useSearchParams();
  if (!user) return null;
  const returned = pageOf(search.get(RETURN_PARAM));
  const dismissResult = () =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete(RETURN_PARAM);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('profile.title')}</h1>
      <p className={styles.who}>{t('profile.signedInAs', { email: user.email })}</p>
      <div className={styles.stack}>
        {returned !== undefined && <InvoiceResult key={returned} id={returned} onDismiss={dismissResult} />}
        <BalanceCard />
        <MailingCard />
        <InvoicesList balance={user.balance} data={OWN_DATA} />
        <OrdersList balance={user.balance} data={OWN_DATA} />
        <LedgerHistory balance={user.balance} data={OWN_DATA} />
      </div>
    </section>
  );
}
