import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import * as v from 'valibot';
import { cancelPanelInvoice, markPanelInvoicePaid } from '@proxy/contract/api/panel-payments';
import { runRequest } from '@proxy/contract/forms';
import { formatPrice } from '@proxy/contract/money';
import { InvoiceCancelSchema, InvoicePaidSchema, type PanelInvoice } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { useKitT } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

export type InvoiceActionKind = 'paid' | 'cancel';

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
  const kit = useKitT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const paid = action === 'paid';
  const id = `invoice-${invoice.id}-reason`;

  async function confirm() {
    const checked = v.safeParse(paid ? InvoicePaidSchema : InvoiceCancelSchema, { reason });
    if (!checked.success) {
      setError(kit.t(reason.trim() ? 'validation.invalid' : 'validation.required'));
      return;
    }
    setBusy(true);
    const outcome = await runRequest(
      () =>
        paid
          ? markPanelInvoicePaid(api, invoice.id, checked.output.reason)
          : cancelPanelInvoice(api, invoice.id, checked.output.reason),
      {
        saved: t(paid ? 'invoices.markedPaid' : 'invoices.cancelled', { id: invoice.id }),
        networkError: kit.t('messages.networkError'),
        unknownError: kit.t('messages.unknownError'),
      },
    );
    setBusy(false);
    if (outcome.ok) onDone(outcome.value);
    else if (typeof outcome.errors?.reason === 'string') setError(outcome.errors.reason);
  }

  return (
    <Modal
      open
      title={t(paid ? 'invoices.markPaidTitle' : 'invoices.cancelTitle', { id: invoice.id })}
      okText={t(paid ? 'invoices.confirmPaid' : 'invoices.confirmCancel')}
      okButtonProps={{ danger: !paid }}
      cancelText={t('invoices.back')}
      confirmLoading={busy}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {paid
          ? t('invoices.markPaidText', {
              email: invoice.user.email,
              amount: formatPrice(invoice.amount, invoice.currency, language),
            })
          : t('invoices.cancelText', { email: invoice.user.email })}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t(paid ? 'invoices.reasonOptional' : 'invoices.reason')}
          htmlFor={id}
          required={!paid}
          validateStatus={error ? 'error' : undefined}
          help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
        >
          <Input.TextArea
            id={id}
            value={reason}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 6 }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
