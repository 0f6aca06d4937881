import { Typography } from 'antd';
import { cancelPanelInvoice, markPanelInvoicePaid } from '@proxy/contract/api/panel-payments';
import { formatPrice } from '@proxy/contract/money';
import { InvoiceCancelSchema, InvoicePaidSchema, type PanelInvoice } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { ActionDialog, TextField } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

export type InvoiceActionKind = 'paid' | 'cancel';

interface ReasonValues {
  readonly reason: string;
  /** Mark paid: what arrived in the invoice's asset, and the transaction's id (both optional). */
  readonly asset_amount?: string;
  readonly txid?: string;
}

/**
 * Asks before settling an invoice by hand: "mark paid" (a pending or expired one; the reason is optional) credits
 * the customer, "cancel" (a pending one) needs a reason the customer will read. The reason is checked with the
 * contract's schema first; the server's answer lands as every panel form's does — its message on the reason field
 * and all of them in the toast.
 */
export function InvoiceAction({
  invoice,
  action,
  onClose,
  onDone,
}: {
  invoice: PanelInvoice;
  action: InvoiceActionKind;
  onClose: () => void;
  onDone: (invoice: PanelInvoice) => void;
}) {
  const { t, language } = useT();
  const paid = action === 'paid';
  return (
    <ActionDialog<ReasonValues, ReasonValues, PanelInvoice>
      name={`invoice-${invoice.id}`}
      initialValues={paid ? { reason: '', asset_amount: invoice.asset?.amount ?? '', txid: '' } : { reason: '' }}
      schema={paid ? InvoicePaidSchema : InvoiceCancelSchema}
      send={({ reason, asset_amount: assetAmount = '', txid = '' }) =>
        paid
          ? markPanelInvoicePaid(api, invoice.id, reason, {
              ...(assetAmount ? { asset_amount: assetAmount } : {}),
              ...(txid ? { txid } : {}),
            })
          : cancelPanelInvoice(api, invoice.id, reason)
      }
      done={() => t(paid ? 'invoices.markedPaid' : 'invoices.cancelled', { id: invoice.id })}
      onDone={onDone}
      title={t(paid ? 'invoices.markPaidTitle' : 'invoices.cancelTitle', { id: invoice.id })}
      okText={t(paid ? 'invoices.confirmPaid' : 'invoices.confirmCancel')}
      cancelText={t('invoices.back')}
      danger={!paid}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {paid
          ? t('invoices.markPaidText', {
              email: invoice.user.email,
              amount: formatPrice(invoice.amount, invoice.currency, language),
            })
          : t('invoices.cancelText', { email: invoice.user.email })}
      </Typography.Paragraph>
      {paid && (
        <>
          {invoice.asset && (
            <TextField
              name="asset_amount"
              label={t('invoices.assetAmount')}
              help={t('invoices.assetAmountHelp', { amount: invoice.asset.amount, symbol: invoice.asset.symbol })}
              maxLength={40}
            />
          )}
          <TextField name="txid" label={t('invoices.txid')} maxLength={200} />
        </>
      )}
      <TextField
        name="reason"
        label={t(paid ? 'invoices.reasonOptional' : 'invoices.reason')}
        required={!paid}
        maxLength={500}
        rows={{ min: 2, max: 6 }}
      />
    </ActionDialog>
  );
}
