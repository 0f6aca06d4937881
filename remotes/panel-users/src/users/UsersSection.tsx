import { SectionPage, SectionTabs } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { OrdersList } from './OrdersList.tsx';
import { ProxiesList } from './ProxiesList.tsx';
import { RenewalsList } from './RenewalsList.tsx';
import { UsersList } from './UsersList.tsx';

/**
 * `/panel/users`: the customers' accounts, and every customer's orders, proxies and renewals, in tabs (`?tab=orders`,
 * `?tab=proxies`, `?tab=renewals`; the accounts have none, so their URL stays as it was). All need `users.view_user`,
 * which the route's guard checks.
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
          { key: 'renewals', label: t('section.tabs.renewals'), render: () => <RenewalsList /> },
        ]}
      />
    </SectionPage>
  );
}
