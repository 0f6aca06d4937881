import { useState } from 'react';
import { Modal } from 'antd';
import { useLocation } from 'react-router';
import { overlayHashes } from '@proxy/contract/routes';
import type { Invoice } from '@proxy/contract/schemas/billing';
import { AntdScope } from '../antd/AntdScope.tsx';
import { useHashPanel } from '../chrome/hash-panel.ts';
import { useInvoiceHash } from './invoice-hash.ts';
import { useT } from '../i18n/use-t.ts';
import { InvoiceView } from './InvoiceView.tsx';
import { TopUpForm } from './TopUpForm.tsx';
import { useBillingT } from './use-billing-t.ts';
import styles from './TopUpDialog.module.css';

const DIALOG_MAX_WIDTH = 560;

/**
 * The top-up dialog: `#topup` asks for a method and an amount and creates the invoice (`#topup-{minor}`: with that
 * amount filled in, e.g. what an order lacks); `#invoice-{id}` shows an
 * invoice (how to pay it, its live status). A gateway method leaves for the gateway's checkout page instead, which
 * sends the customer back to `/user?invoice={id}`.
 */
export default function TopUpDialog() {
  const { language } = useT();
  const { t } = useBillingT();
  const { close } = useHashPanel();
  const { invoice: invoiceId, showInvoice } = useInvoiceHash();
  const askedAmount = overlayHashes.topUpAmountOf(useLocation().hash);
  // The invoice just created, so its view needs no second request.
  const [created, setCreated] = useState<Invoice | null>(null);

  const onCreated = (invoice: Invoice) => {
    // Any gateway's invoice (BTCPay, NOWPayments) is paid on its checkout page; a manual one has none.
    if (invoice.checkout_url) {
      window.location.assign(invoice.checkout_url);
      return;
    }
    setCreated(invoice);
    showInvoice(invoice.id);
  };

  return (
    <AntdScope language={language}>
      <Modal
        open
        title={invoiceId === null ? t('title') : t('invoiceTitle', { id: invoiceId })}
        width={`min(${DIALOG_MAX_WIDTH}px, calc(100vw - 24px))`}
        footer={null}
        // A click beside it must not throw away a typed amount or the address being copied; Escape still closes.
        mask={{ closable: false }}
        onCancel={close}
        destroyOnHidden
        centered
        closable={{ 'aria-label': t('close') }}
        wrapClassName={styles.wrap}
      >
        {invoiceId === null ? (
          <TopUpForm onCreated={onCreated} askedAmount={askedAmount} />
        ) : (
          <InvoiceView key={invoiceId} id={invoiceId} initial={created?.id === invoiceId ? created : null} />
        )}
      </Modal>
    </AntdScope>
  );
}
