import { INVOICE_PERMISSIONS, PAYMENT_METHOD_PERMISSIONS, PROMO_CODE_PERMISSIONS } from '@proxy/contract/permissions';
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
  return (
    <SectionPage title={t('section.title')}>
      <SectionTabs
        tabs={[
          {
            key: 'methods',
            label: t('section.tabs.methods'),
            view: PAYMENT_METHOD_PERMISSIONS.view,
            render: () => <MethodsList />,
          },
          {
            key: 'invoices',
            label: t('section.tabs.invoices'),
            view: INVOICE_PERMISSIONS.view,
            render: () => <InvoicesList />,
          },
          {
            key: 'promo',
            label: t('section.tabs.promo'),
            view: PROMO_CODE_PERMISSIONS.view,
            render: () => <PromoList />,
          },
        ]}
      />
    </SectionPage>
  );
}
