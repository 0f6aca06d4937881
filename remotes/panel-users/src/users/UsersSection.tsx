import { SectionPage, SectionTabs } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { OrdersList } from './OrdersList.tsx';
import { ProxiesList } from './ProxiesList.tsx';
import { UsersList } from './UsersList.tsx';

/**
 * `/panel/users`: the customers' accounts, and every customer's orders and proxies, in tabs (`?tab=orders`,
 * `?tab=proxies`; the accounts have none, so their URL stays as it was). All three need `users.view_user`, which
 * the route's guard checks.
 */
export function UsersSection() {
  const { t } = useT();
  return (
    <SectionPage title={t('section.title')}>
      <SectionTabs
        tabs={[
          { key: 'users', label: t('section.tabs.users'), render: () => <UsersList /> },
          { key: 'orders', label: t('section.tabs.orders'), render: () => <OrdersList /> },
          { key: 'proxies', label: t('section.tabs.proxies'), render: () => <ProxiesList /> },
        ]}
      />
    </SectionPage>
  );
}
