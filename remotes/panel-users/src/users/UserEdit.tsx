import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { paths } from '@proxy/contract/routes';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { SectionPage } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { BalanceBox } from './BalanceBox.tsx';
import { BlockButton } from './BlockButton.tsx';
import { TwoFactorResetButton } from './TwoFactorResetButton.tsx';
import { UserFlags } from './UserFlags.tsx';
import { UserForm } from './UserForm.tsx';
import { UserTabs } from './UserTabs.tsx';
import { formatMoment } from './user-resource.ts';
import styles from './users.module.css';

/**
 * `/panel/users/{id}`: one account — its e-mail and state, a link to the customer's own page, the edit form (flags,
 * language, subscription, permissions), the balance with its adjustment, block / unblock, and in tabs its proxies,
 * orders, invoices, ledger and history. Read-only without `users.change_user`.
 */
export function UserEdit() {
  const data = useLoaderData() as PanelUserDetail;
  // Another account's screen starts afresh; the same account's keeps what this screen changed.
  return <UserScreen key={data.id} loaded={data} />;
}

function UserScreen({ loaded }: { loaded: PanelUserDetail }) {
  const { t, language } = useT();
  // Every change answers the whole account: the form starts afresh from it and the history tab reloads.
  const [state, setState] = useState({ user: loaded, count: 0 });
  const changed = (user: PanelUserDetail) => setState(({ count }) => ({ user, count: count + 1 }));
  const { user, count } = state;
  return (
    <SectionPage
      title={
        <>
          <span className={styles.title}>{user.email}</span> <UserFlags user={user} />
        </>
      }
      back={{ href: paths.panelUsers(language), label: t('user.back') }}
      aside={
        <div className={styles.actions}>
          <Link to={paths.user(user.id, language)}>{t('user.customerPage')}</Link>
          <BlockButton user={user} onDone={changed} />
          <TwoFactorResetButton user={user} onDone={() => changed(user)} />
        </div>
      }
    >
      <div className={styles.meta}>
        <span>{t('user.joined', { date: formatMoment(user.date_joined, language) })}</span>
        <span>
          {user.last_login
            ? t('user.lastLogin', { date: formatMoment(user.last_login, language) })
            : t('user.neverLoggedIn')}
        </span>
      </div>
      <div className={styles.panels}>
        <section className={styles.box}>
          <h2 className={styles.heading}>{t('form.title')}</h2>
          <UserForm key={count} user={user} onSaved={changed} />
        </section>
        <section className={styles.box}>
          <BalanceBox user={user} onAdjusted={changed} />
        </section>
      </div>
      <UserTabs key={count} user={user} />
    </SectionPage>
  );
}
