import {
  hasPermission,
  INVOICE_PERMISSIONS,
  PAYMENT_METHOD_PERMISSIONS,
  PROMO_CODE_PERMISSIONS,
} from '@proxy/contract/permissions';
import { useAtomValue, userAtom } from '@proxy/contract/state';
import { SectionPage, SectionTabs } from '@proxy/panel-kit';
import { useT } from './i18n/use-t.ts';
import { InvoicesList } from './invoices/InvoicesList.tsx';
import { MethodsList } from './methods/MethodsList.tsx';
import { PromoList } from './promo/PromoList.tsx';

/**
 * `/panel/payment`: the section's three lists — payment methods, invoices, promo codes — in tabs. Any one of their
 * view permissions opens the section (the route's guard); each tab is shown to those who may read its list.
 */
export function PaymentsSection() {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  const tabs = [
    { key: 'methods', view: PAYMENT_METHOD_PERMISSIONS.view, render: () => <MethodsList /> },
    { key: 'invoices', view: INVOICE_PERMISSIONS.view, render: () => <InvoicesList /> },
    { key: 'promo', view: PROMO_CODE_PERMISSIONS.view, render: () => <PromoList /> },
  ] as const;
  return (
    <SectionPage title={t('section.title')}>
      <SectionTabs
        tabs={tabs
          .filter((tab) => hasPermission(user, tab.view))
          .map((tab) => ({ key: tab.key, label: t(`section.tabs.${tab.key}`), render: tab.render }))}
      />
    </SectionPage>
  );
}
