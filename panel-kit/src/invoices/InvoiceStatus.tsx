import { INVOICE_STATUSES, type InvoiceStatus } from '@proxy/contract/schemas/billing';
import { useKitT } from '../i18n/use-kit-t.ts';
import { StatusTag } from '../SectionPage.tsx';

const TONES: Readonly<Record<InvoiceStatus, 'on' | 'highlight' | undefined>> = {
  paid: 'on',
  pending: 'highlight',
  expired: undefined,
  cancelled: undefined,
};

/** An invoice's status as a tag: worded and coloured the same in the Payments section and on a customer's page. */
export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const { t } = useKitT();
  return <StatusTag tone={TONES[status]}>{t(`invoices.statuses.${status}`)}</StatusTag>;
}

/** The status filter of an invoice list (`ResourceList`'s `filters.status`): its label and every status by name. */
export function useInvoiceStatusFilter(): { label: string; choices: Record<InvoiceStatus, string> } {
  const { t } = useKitT();
  return {
    label: t('invoices.status'),
    choices: Object.fromEntries(INVOICE_STATUSES.map((status) => [status, t(`invoices.statuses.${status}`)])) as Record<
      InvoiceStatus,
      string
    >,
  };
}
