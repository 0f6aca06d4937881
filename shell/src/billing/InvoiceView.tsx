import { useEffect, useRef } from 'react';
import { Alert, Button, Form as AntForm, Input, Popconfirm } from 'antd';
import { Link } from 'react-router';
import { Field, Form } from 'react-final-form';
import { cancelInvoice, setInvoiceReference } from '@proxy/contract/api/billing';
import { runRequest } from '@proxy/contract/forms';
import { formatPrice } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import type { Invoice } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { fieldErrorOf, formatDateTime, Loading, useCopy, useInvoice } from '@proxy/site-kit';
import { useHashPanel } from '../chrome/hash-panel.ts';
import { useT } from '../i18n/use-t.ts';
import { formatPercent, formatRate } from './top-up.ts';
import { useBillingT } from './use-billing-t.ts';
import styles from './TopUpDialog.module.css';

/**
 * One invoice and its live status: for a manual method how to pay it (the method's instructions, the address with a
 * copy button and its QR code, the total — for a crypto method the exact asset amount with its copy button, the
 * locked rate, and the QR code carrying the wallet URI with the amount) and a field for the transaction reference; for a gateway the way back to
 * its checkout page. The site kit's poller asks about it every few seconds while it is pending and, once it is paid,
 * loads the session user again so the header shows the new balance.
 */
export function InvoiceView({ id, initial }: { id: number; initial: Invoice | null }) {
  const { language } = useT();
  const { t } = useBillingT();
  const { open, close } = useHashPanel();
  const { invoice, missing, setInvoice } = useInvoice(id, initial);
  const view = useRef<HTMLDivElement>(null);
  const shown = invoice !== null;
  useEffect(() => {
    // The form whose button had focus gave way to its invoice: focus goes on to the invoice rather than to the page's
    // body, from where Tab would start at the top of the page behind the dialog (#49).
    const active = document.activeElement;
    if (shown && (active === null || active === document.body)) view.current?.focus({ preventScroll: true });
  }, [shown]);

  if (missing) return <Alert type="warning" showIcon title={t('invoice.notFound')} />;
  if (!invoice) return <Loading />;

  const money = (minor: number) => formatPrice(minor, invoice.currency, language);
  const pending = invoice.status === 'pending';
  const manual = invoice.method.provider === 'manual';

  return (
    <div ref={view} tabIndex={-1} className={styles.invoice}>
      <p className={styles.statusLine}>
        {/* Read out when the status changes while the customer waits. */}
        <span role="status" className={`${styles.status} ${styles[invoice.status]}`}>
          {t(`status.${invoice.status}`)}
        </span>
        <span className={styles.muted}>{t('invoice.via', { method: invoice.method.name })}</span>
      </p>

      <dl className={styles.summary}>
        <div>
          <dt>{t('summary.amount')}</dt>
          <dd>{money(invoice.amount)}</dd>
        </div>
        {invoice.fee > 0 && (
          <div>
            <dt>{t('summary.fee', { percent: formatPercent((invoice.fee * 100) / invoice.amount, language) })}</dt>
            <dd>{money(invoice.fee)}</dd>
          </div>
        )}
        <div className={styles.total}>
          <dt>{t('summary.total')}</dt>
          <dd>{money(invoice.total)}</dd>
        </div>
      </dl>

      {invoice.status === 'paid' && (
        <>
          <Alert type="success" showIcon title={t('invoice.paid', { amount: money(invoice.amount) })} />
          <div className={styles.actions}>
            <Link to={paths.user(undefined, language)} onClick={close}>
              {t('invoice.history')}
            </Link>
            <Button type="primary" onClick={close}>
              {t('invoice.done')}
            </Button>
          </div>
        </>
      )}
      {(invoice.status === 'expired' || invoice.status === 'cancelled') && (
        <>
          <Alert
            type={invoice.status === 'expired' ? 'warning' : 'info'}
            showIcon
            title={t(`invoice.${invoice.status}`)}
            description={invoice.status_reason || undefined}
          />
          <div className={styles.actions}>
            <Button type="primary" onClick={() => open('topup')}>
              {t('invoice.newTopUp')}
            </Button>
          </div>
        </>
      )}

      {pending && manual && <ManualPayment invoice={invoice} onChange={setInvoice} />}
      {pending && !manual && invoice.checkout_url && (
        <Button type="primary" size="large" block href={invoice.checkout_url}>
          {t('invoice.checkout')}
        </Button>
      )}
      {pending && (
        <>
          <p className={styles.muted}>
            {t('invoice.expires', { time: formatDateTime(invoice.expires_at, language) })}
            <br />
            {t('invoice.waiting')}
          </p>
          <div className={styles.actions}>
            <Popconfirm
              title={t('invoice.cancelConfirm')}
              okText={t('invoice.cancelYes')}
              cancelText={t('invoice.cancelNo')}
              onConfirm={async () => {
                const outcome = await runRequest(() => cancelInvoice(api, invoice.id), {
                  networkError: t('errors.networkError'),
                  unknownError: t('errors.unknownError'),
                });
                if (outcome.ok) setInvoice(outcome.value);
              }}
            >
              <Button type="link" className={styles.cancel}>
                {t('invoice.cancel')}
              </Button>
            </Popconfirm>
          </div>
        </>
      )}
    </div>
  );
}

/** A manual method's way to pay: the instructions, the address with copy and QR code, the transaction reference. */
function ManualPayment({ invoice, onChange }: { invoice: Invoice; onChange: (invoice: Invoice) => void }) {
  const { t } = useBillingT();
  const { language } = useT();
  const address = useRef<HTMLElement>(null);
  const exact = useRef<HTMLElement>(null);
  const copy = useCopy();
  const { asset } = invoice;
  // The QR code carries more than the address when the asset has a wallet URI (BIP21, EIP-681, ton://, ZIP-321).
  const uriWithAmount = invoice.pay_uri !== invoice.pay_address;
  return (
    <>
      {asset ? (
        <div className={styles.addressBlock}>
          <span className={styles.label} id={`invoice-${invoice.id}-exact`}>
            {t('invoice.sendExactly')}
          </span>
          <div className={styles.exactRow}>
            <code ref={exact} className={styles.exact} aria-labelledby={`invoice-${invoice.id}-exact`}>
              {asset.amount} {asset.symbol}
            </code>
            <Button onClick={() => void copy(asset.amount, exact.current)}>{t('invoice.copyAmount')}</Button>
          </div>
          <p className={styles.muted}>
            {t('invoice.network', { network: asset.network })}
            <br />
            {t('invoice.rate', {
              symbol: asset.symbol,
              rate: formatRate(asset.rate, invoice.currency, language),
              locked: formatDateTime(asset.locked_at, language),
              until: formatDateTime(invoice.expires_at, language),
            })}
            <br />
            {t('invoice.exactHint')}
          </p>
        </div>
      ) : (
        <p className={styles.pay}>
          {t('invoice.total', { total: formatPrice(invoice.total, invoice.currency, language) })}
        </p>
      )}
      {invoice.instructions && (
        // Sanitized by the server (the method's rich text, server/lib/sanitize.ts): safe to render as HTML.
        <div className={styles.instructions} dangerouslySetInnerHTML={{ __html: invoice.instructions }} />
      )}
      {invoice.pay_address && (
        <div className={styles.addressBlock}>
          <span className={styles.label} id={`invoice-${invoice.id}-address`}>
            {t('invoice.address')}
          </span>
          <div className={styles.addressRow}>
            <code ref={address} className={styles.address} aria-labelledby={`invoice-${invoice.id}-address`}>
              {invoice.pay_address}
            </code>
            <Button onClick={() => void copy(invoice.pay_address, address.current)}>
              {asset ? t('invoice.copyAddress') : t('invoice.copy')}
            </Button>
          </div>
        </div>
      )}
      {invoice.pay_qr && (
        <img
          className={styles.qr}
          src={invoice.pay_qr}
          alt={uriWithAmount ? t('invoice.qrUri') : t('invoice.qr')}
          width={184}
          height={184}
        />
      )}
      {invoice.pay_qr && asset && !uriWithAmount && <p className={styles.muted}>{t('invoice.qrAddressOnly')}</p>}
      <Form<{ customer_reference?: string }>
        initialValues={{ customer_reference: invoice.customer_reference }}
        onSubmit={async (values) => {
          const outcome = await runRequest(
            () => setInvoiceReference(api, invoice.id, (values.customer_reference ?? '').trim()),
            {
              networkError: t('errors.networkError'),
              unknownError: t('errors.unknownError'),
              saved: t('invoice.referenceSaved'),
            },
          );
          if (!outcome.ok) return outcome.errors;
          onChange(outcome.value);
          return undefined;
        }}
        render={({ handleSubmit, submitting }) => (
          <AntForm component={false} layout="vertical">
            <form onSubmit={handleSubmit} noValidate>
              <Field<string> name="customer_reference">
                {({ input, meta }) => {
                  const error = fieldErrorOf(meta) || undefined;
                  return (
                    <AntForm.Item
                      label={t('invoice.reference')}
                      htmlFor="invoice-reference"
                      validateStatus={error ? 'error' : undefined}
                      help={<span id="invoice-reference-help">{error ?? t('invoice.referenceHelp')}</span>}
                    >
                      <div className={styles.addressRow}>
                        <Input
                          {...input}
                          id="invoice-reference"
                          maxLength={200}
                          autoComplete="off"
                          status={error ? 'error' : undefined}
                          aria-invalid={error ? true : undefined}
                          aria-describedby="invoice-reference-help"
                        />
                        <Button htmlType="submit" loading={submitting}>
                          {t('invoice.saveReference')}
                        </Button>
                      </div>
                    </AntForm.Item>
                  );
                }}
              </Field>
            </form>
          </AntForm>
        )}
      />
    </>
  );
}
