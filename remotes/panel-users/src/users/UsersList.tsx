import { Link } from 'react-router';
import { listPanelUsers } from '@proxy/contract/api/panel-users';
import { formatPrice } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import { PANEL_USER_LIST, type PanelUser } from '@proxy/contract/schemas/users';
import { api } from '@proxy/contract/state';
import { ResourceList } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { UserFlags } from './UserFlags.tsx';
import { formatMoment, MINOR_PER_MAJOR } from './user-resource.ts';
import styles from './users.module.css';

/**
 * `/panel/users` (the section's first tab): the customers' accounts — search by e-mail, filter by active, verified, staff, balance (typed in
 * major units, sent in minor), date joined and last login; sort by id, e-mail, dates, balance or proxy count; a row
 * opens the account. No add and no delete: people register themselves, and an account is blocked, not deleted.
 */
export function UsersList() {
  const { t, language } = useT();
  const yesNo = { true: t('yesNo.true'), false: t('yesNo.false') };
  return (
    <ResourceList<PanelUser, typeof PANEL_USER_LIST>
      definition={PANEL_USER_LIST}
      load={(params, signal) => listPanelUsers(api, params, signal)}
      rowKey={(row) => row.id}
      searchPlaceholder={t('list.searchPlaceholder')}
      filters={{
        active: { label: t('list.filters.active'), choices: yesNo, single: true },
        verified: { label: t('list.filters.verified'), choices: yesNo, single: true },
        staff: { label: t('list.filters.staff'), choices: yesNo, single: true },
        balance: { label: t('list.filters.balance'), scale: MINOR_PER_MAJOR },
        date_joined: { label: t('list.filters.dateJoined') },
        last_login: { label: t('list.filters.lastLogin') },
      }}
      emptyText={t('list.empty')}
      columns={[
        {
          key: 'email',
          title: t('list.columns.email'),
          sortable: true,
          render: (row) => (
            <Link to={paths.panelUserEdit(row.id, language)} className={`${styles.email} ${styles.listEmail}`}>
              {row.email}
            </Link>
          ),
        },
        {
          key: 'flags',
          title: t('list.columns.flags'),
          responsive: ['sm'],
          render: (row) => <UserFlags user={row} />,
        },
        {
          key: 'date_joined',
          title: t('list.columns.dateJoined'),
          sortable: true,
          responsive: ['md'],
          render: (row) => <span className={styles.when}>{formatMoment(row.date_joined, language)}</span>,
        },
        {
          key: 'last_login',
          title: t('list.columns.lastLogin'),
          sortable: true,
          responsive: ['lg'],
          render: (row) =>
            row.last_login ? (
              <span className={styles.when}>{formatMoment(row.last_login, language)}</span>
            ) : (
              <span className={styles.muted}>{t('list.never')}</span>
            ),
        },
        {
          key: 'balance',
          title: t('list.columns.balance'),
          sortable: true,
          render: (row) => <span className={styles.nowrap}>{formatPrice(row.balance, row.currency, language)}</span>,
        },
        {
          key: 'proxies',
          title: t('list.columns.proxies'),
          sortable: true,
          responsive: ['sm'],
          render: (row) => row.proxies,
        },
      ]}
    />
  );
}
