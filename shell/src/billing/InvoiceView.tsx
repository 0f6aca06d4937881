import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form as AntForm, Input, Popconfirm } from 'antd';
import { Link } from 'react-router';
import { Field, Form } from 'react-final-form';
import { cancelInvoice, getInvoice, setInvoiceReference } from '@proxy/contract/api/billing';
import { ApiError } from '@proxy/contract/api/errors';
import { runRequest } from '@proxy/contract/forms';
import { formatPrice } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import type { Invoice } from '@proxy/contract/schemas/billing';
import { api, appStore, showMessageAtom } from '@proxy/contract/state';
import { useHashPanel } from '../chrome/hash-panel.ts';
import { useT } from '../i18n/use-t.ts';
import { refreshUser } from '../session/refresh-user.ts';
import { formatPercent } from './top-up.ts';
import { useBillingT } from './use-billing-t.ts';
import styles from './TopUpDialog.module.css';

/** How often a pending invoice is asked about: staff or a gateway's webhook may settle it at any moment. */
export const POLL_INTERVAL_MS = 4000;

/**
 * One invoice and its live status: for a manual method how to pay it (the method's instructions, the address with a
 * copy button and its QR code, the total) and a field for the transaction reference; for a gateway the way back to
 * its checkout page. While pending it is asked about every few seconds; once paid, the session user is loaded again
 * so the header shows the new balance.
 */
export function InvoiceView({ id, initial }: { id: number; initial: Invoice | null }) {
  const { language } = useT();
  const { t } = useBillingT();
  const { open, close } = useHashPanel();
  const [invoice, setInvoice] = useState<Invoice | null>(initial);
  const [missing, setMissing] = useState(false);
  // The invoice just created was answered by the server a moment ago: the first ask can wait. Later restarts (a
  // language switch) ask at once.
  const firstPoll = useRef(true);

  const status = invoice?.status;
  const waiting = status === undefined || status === 'pending';
  useEffect(() => {
    // Nothing but staff or the gateway changes a pending invoice; a settled one stays as it is.
    if (!waiting) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await getInvoice(api, id, controller.signal);
        setInvoice(next);
        if (next.status === 'pending') timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setMissing(true);
        // A network blip or a 5xx: the payment may still arrive, so keep asking.
        else timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
      }
    };
    timer = setTimeout(() => void poll(), firstPoll.current && initial ? POLL_INTERVAL_MS : 0);
    firstPoll.current = false;
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, initial, language, waiting]);

  useEffect(() => {
    if (status === 'paid') void refreshUser().catch(() => undefined);
  }, [status]);

  if (missing) return <Alert type="warning" showIcon title={t('invoice.notFound')} />;
  if (!invoice) {
    return (
      <p role="status" className={styles.muted}>
        {t('loading')}
      </p>
    );
  }

  const money = (minor: number) => formatPrice(minor, invoice.currency, language);
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const pending = invoice.status === 'pending';
  const manual = invoice.method.provider === 'manual';

  return (
    <div className={styles.invoice}>
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
            {t('invoice.expires', { time: time.format(new Date(invoice.expires_at)) })}
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
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invoice.pay_address);
      appStore.set(showMessageAtom, t('invoice.copied'), 'success');
    } catch {
      // No clipboard (a plain-HTTP address is not a secure context): select the text for the customer to copy.
      const selection = window.getSelection();
      if (address.current && selection) selection.selectAllChildren(address.current);
    }
  };
  return (
    <>
      <p className={styles.pay}>
        {t('invoice.total', { total: formatPrice(invoice.total, invoice.currency, language) })}
      </p>
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
            <Button onClick={() => void copy()}>{t('invoice.copy')}</Button>
          </div>
        </div>
      )}
      {invoice.pay_qr && (
        <img className={styles.qr} src={invoice.pay_qr} alt={t('invoice.qr')} width={184} height={184} />
      )}
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
                  const error =
                    !meta.dirtySinceLastSubmit && typeof meta.submitError === 'string' ? meta.submitError : undefined;
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
