import { hasPermission, INVOICE_PERMISSIONS } from '@proxy/contract/permissions';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { useAtomValue, userAtom } from '@proxy/contract/state';
import { SectionTabs } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { UserHistory } from './UserHistory.tsx';
import { UserInvoices } from './UserInvoices.tsx';
import { UserLedger } from './UserLedger.tsx';
import { UserOrders } from './UserOrders.tsx';
import { UserProxies } from './UserProxies.tsx';

/**
 * What the customer has and did, in tabs whose choice is in the URL (`?tab=ledger`): proxies, orders, invoices (with
 * `payments.view_invoice`, the Payments section's permission), the ledger and the history of the account's changes.
 */
export function UserTabs({ user }: { user: PanelUserDetail }) {
  const { t } = useT();
  const actor = useAtomValue(userAtom);
  const tabs = [
    { key: 'proxies', render: () => <UserProxies userId={user.id} /> },
    { key: 'orders', render: () => <UserOrders userId={user.id} /> },
    ...(hasPermission(actor, INVOICE_PERMISSIONS.view)
      ? [{ key: 'invoices', render: () => <UserInvoices userId={user.id} /> } as const]
      : []),
    { key: 'ledger', render: () => <UserLedger userId={user.id} /> },
    { key: 'history', render: () => <UserHistory userId={user.id} currency={user.currency} /> },
  ] as const;
  return <SectionTabs tabs={tabs.map((tab) => ({ ...tab, label: t(`tabs.${tab.key}`) }))} />;
}
