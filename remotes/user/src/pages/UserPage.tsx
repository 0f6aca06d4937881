import { useState } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import { getPanelUser } from '@proxy/contract/api/panel-users';
import { hasPermission, USER_PERMISSIONS } from '@proxy/contract/permissions';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { api, appStore, userAtom, useAtomValue } from '@proxy/contract/state';
import { ui, useScrollToHash } from '@proxy/site-kit';
import { idOf } from '../billing/references.ts';
import { BalanceCard } from '../billing/BalanceCard.tsx';
import { InvoiceResult } from '../billing/InvoiceResult.tsx';
import { InvoicesList } from '../billing/InvoicesList.tsx';
import { LedgerHistory } from '../billing/LedgerHistory.tsx';
import { OrdersList } from '../billing/OrdersList.tsx';
import { OWN_DATA } from '../billing/user-data.ts';
import { useT } from '../i18n/use-t.ts';
import { NotificationsCard } from '../notifications/NotificationsCard.tsx';
import { WebhookCard } from '../notifications/WebhookCard.tsx';
import { ApiKeysCard } from '../profile/ApiKeysCard.tsx';
import { EmailCard } from '../profile/EmailCard.tsx';
import { MailingCard } from '../profile/MailingCard.tsx';
import { PasswordCard } from '../profile/PasswordCard.tsx';
import { ProfileCard } from '../profile/ProfileCard.tsx';
import { SessionsCard } from '../profile/SessionsCard.tsx';
import { TelegramCard } from '../profile/TelegramCard.tsx';
import { PasskeysCard } from '../profile/PasskeysCard.tsx';
import { TwoFactorCard } from '../profile/TwoFactorCard.tsx';
import { CustomerPage } from './CustomerPage.tsx';
import styles from './AccountPage.module.css';

/** The gateway sends the customer back to `/user?invoice={id}`. */
export const RETURN_PARAM = 'invoice';

/**
 * With an id (`/user/5`) the page is staff's read-only view of that customer, for those with `users.view_user`;
 * for anyone else (a customer, staff without it) that address is the 404 page, as for a page that does not exist —
 * it does not tell them such a page is there. The route's guard has already required a signed-in user.
 */
export function validateUserPage({ params }: PageLoaderArgs): boolean {
  if (params.id === undefined) return true;
  return /^[1-9]\d{0,9}$/.test(params.id) && hasPermission(appStore.get(userAtom), USER_PERMISSIONS.view);
}

/** The customer staff look at; the API's 404 for an unknown id becomes the 404 page. The own page loads after render. */
export async function loadUserPage({ params, signal }: PageLoaderArgs): Promise<PanelUserDetail | null> {
  return params.id === undefined ? null : getPanelUser(api, Number(params.id), signal);
}

/** `/user` is the signed-in customer's own page; `/user/{id}` staff's view of a customer. */
export function UserPage() {
  // The loader's answer rather than `useParams`: the shell shares a trimmed react-router (build/shared-exports.js).
  const customer = useLoaderData() as PanelUserDetail | null | undefined;
  return customer ? <CustomerPage /> : <OwnPage />;
}

/**
 * `/user` — the customer's own page: the balance with "Top up", the account (e-mail, language), the mailing
 * subscription, the password and the e-mail address, the signed-in devices, the customer API's keys, the top-up
 * invoices, the order history and the balance history.
 */
function OwnPage() {
  const { t } = useT();
  // A password change or a change of the second factor signs the other devices out: the devices card asks again.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const user = useAtomValue(userAtom);
  const [search, setSearch] = useSearchParams();
  // The dashboard's "History" leads to `#history`, the bottom of this page, below lists that load after it opens.
  useScrollToHash();
  if (!user) return null;
  const returned = idOf(search.get(RETURN_PARAM));
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
    <section className={ui.page}>
      <h1 className={ui.pageTitle}>{t('profile.title')}</h1>
      <p className={styles.who}>{t('profile.signedInAs', { email: user.email })}</p>
      <div className={styles.stack}>
        {returned !== undefined && <InvoiceResult key={returned} id={returned} onDismiss={dismissResult} />}
        <BalanceCard />
        <div className={ui.grid}>
          <ProfileCard />
          <MailingCard />
          <PasswordCard onChanged={() => setSessionsVersion((version) => version + 1)} />
          <EmailCard />
          <TwoFactorCard onChanged={() => setSessionsVersion((version) => version + 1)} />
          <PasskeysCard onChanged={() => setSessionsVersion((version) => version + 1)} />
          <SessionsCard refresh={sessionsVersion} />
          <ApiKeysCard />
          <TelegramCard />
          <NotificationsCard />
          <WebhookCard />
        </div>
        <InvoicesList balance={user.balance} data={OWN_DATA} />
        <OrdersList balance={user.balance} data={OWN_DATA} />
        <LedgerHistory balance={user.balance} data={OWN_DATA} />
      </div>
    </section>
  );
}
