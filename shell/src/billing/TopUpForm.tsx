import { useRef } from 'react';
import { Alert, Button, Form as AntForm, Input } from 'antd';
import { Field, Form } from 'react-final-form';
import { createInvoice, listPaymentMethods } from '@proxy/contract/api/billing';
import { runRequest } from '@proxy/contract/forms';
import { imageUrl } from '@proxy/contract/images';
import { amountProblem, amountText, formatPrice, readAmountText, type AmountProblem } from '@proxy/contract/money';
import { attemptFor, type Attempt } from '@proxy/contract/idempotency';
import { feeOf, type Invoice, type PaymentMethod } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { fieldErrorOf, Loading, useLoaded } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import { assetEstimate, formatPercent, formatRate, toMinorUnits } from './top-up.ts';
import { useBillingT } from './use-billing-t.ts';
import styles from './TopUpDialog.module.css';

interface Values {
  method?: string;
  amount?: string;
}

/** The icon of a method at 32 CSS px, sharp on 2x screens; the site serves these two squares (images.ts). */
function MethodIcon({ icon }: { icon: PaymentMethod['icon'] }) {
  if (!icon) return <span className={styles.iconPlaceholder} aria-hidden="true" />;
  const ref = { id: icon.id, file_parse: { host: '', format: 'webp' as const } };
  return (
    <img
      className={styles.icon}
      src={imageUrl(ref, { size: '32x32' })}
      srcSet={`${imageUrl(ref, { size: '64x64' })} 2x`}
      width={32}
      height={32}
      alt=""
    />
  );
}

/**
 * Choose a method and an amount (typed in major units, sent in minor units), see the method's minimum, its fee and
 * the total, and create the invoice. Each distinct request gets one Idempotency-Key, and pressing the button again
 * for the same request (after a lost answer) sends the same key: the server answers the invoice it already made.
 *
 * `askedAmount` (minor units, from `#topup-{minor}`: the order page's missing sum) fills the amount in; raised to the
 * first method's minimum, since less could not be paid that way and would only earn an error on submit.
 */
export function TopUpForm({
  onCreated,
  askedAmount = null,
}: {
  onCreated: (invoice: Invoice) => void;
  askedAmount?: number | null;
}) {
  const { language } = useT();
  const { t } = useBillingT();
  // Names come in the request's language: a language switch loads them again.
  const loaded = useLoaded(`methods|${language}`, (signal) => listPaymentMethods(api, signal));
  const methods = loaded.data;
  const attempt = useRef<Attempt | null>(null);

  if (loaded.failed) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={
          <Button size="small" onClick={loaded.retry}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (!methods) return <Loading />;
  if (methods.length === 0) return <Alert type="info" showIcon title={t('noMethods')} />;

  const money = (minor: number, method: PaymentMethod) => formatPrice(minor, method.currency, language);
  const minimumOf = (method: PaymentMethod) => Math.max(method.min_amount, 1);
  const termsOf = (method: PaymentMethod) =>
    method.unavailable
      ? t(`method.unavailable.${method.unavailable}`)
      : [
          method.min_amount > 0 ? t('method.min', { amount: money(method.min_amount, method) }) : '',
          method.fee_percent > 0
            ? t('method.fee', { percent: formatPercent(method.fee_percent, language) })
            : t('method.noFee'),
          method.asset && method.rate
            ? t('method.rate', {
                symbol: method.asset.symbol,
                rate: formatRate(method.rate, method.currency, language),
              })
            : '',
        ]
          .filter(Boolean)
          .join(' · ');
  // The contract's rule, worded: the server answers the same problems with the same words.
  const problemText = (problem: AmountProblem, method: PaymentMethod): string => {
    switch (problem) {
      case 'format':
        return t('errors.amount');
      case 'negative':
        return t('errors.negative');
      case 'zero':
        return t('errors.zero');
      case 'decimals':
        return t('errors.decimals');
      case 'below_min':
        return t('errors.min', { amount: money(minimumOf(method), method) });
      case 'above_max':
        return t('errors.max', { amount: money(method.max_amount, method) });
    }
  };
  const available = methods.filter((method) => !method.unavailable);

  const submit = async (values: Values) => {
    const method = methods.find((candidate) => String(candidate.id) === values.method);
    if (!method) return { method: t('errors.method') };
    if (method.unavailable) return { method: t('errors.unavailable') };
    const read = readAmountText(values.amount ?? '');
    const problem =
      'problem' in read ? read.problem : amountProblem(read.minor, { min: minimumOf(method), max: method.max_amount });
    if (problem || !('minor' in read)) return { amount: problemText(problem ?? 'format', method) };
    const request = { method: method.id, amount: read.minor };
    attempt.current = attemptFor(attempt.current, request);
    const { key } = attempt.current;
    const outcome = await runRequest(() => createInvoice(api, request, key), {
      networkError: t('errors.networkError'),
      unknownError: t('errors.unknownError'),
    });
    if (!outcome.ok) return outcome.errors;
    attempt.current = null;
    onCreated(outcome.value);
    return undefined;
  };

  return (
    <Form<Values>
      onSubmit={submit}
      initialValues={{
        // The first method that can take a top-up now; an unavailable one is shown, with why, but not chosen.
        method: String(available[0]?.id ?? ''),
        amount:
          askedAmount === null
            ? ''
            : amountText(Math.max(askedAmount, available[0] ? minimumOf(available[0]) : 0), language),
      }}
      render={({ handleSubmit, submitting, values }) => {
        const method = methods.find((candidate) => String(candidate.id) === values.method);
        const amount = toMinorUnits(values.amount ?? '');
        const fee = method && amount ? feeOf(amount, method.fee_percent) : 0;
        const estimate = method && amount ? assetEstimate(method, amount + fee) : null;
        return (
          <AntForm component={false} layout="vertical">
            <form onSubmit={handleSubmit} noValidate className={styles.form}>
              <Field<string> name="method" subscription={{ submitError: true, dirtySinceLastSubmit: true }}>
                {({ meta }) => {
                  const error = fieldErrorOf(meta) || undefined;
                  return (
                    <fieldset className={styles.methods} aria-describedby={error ? 'topup-method-error' : undefined}>
                      <legend className={styles.legend}>{t('method.legend')}</legend>
                      {methods.map((option) => (
                        <Field<string> key={option.id} name="method" type="radio" value={String(option.id)}>
                          {({ input }) => (
                            <label className={`${styles.method} ${option.unavailable ? styles.methodUnavailable : ''}`}>
                              <input {...input} className={styles.radio} disabled={Boolean(option.unavailable)} />
                              <MethodIcon icon={option.icon} />
                              <span className={styles.methodText}>
                                <span className={styles.methodName}>{option.name}</span>
                                <span className={styles.methodTerms}>{termsOf(option)}</span>
                              </span>
                            </label>
                          )}
                        </Field>
                      ))}
                      {error && (
                        <p id="topup-method-error" className={styles.error}>
                          {error}
                        </p>
                      )}
                    </fieldset>
                  );
                }}
              </Field>
              <Field<string> name="amount">
                {({ input, meta }) => {
                  const error = fieldErrorOf(meta) || undefined;
                  const help = !method
                    ? undefined
                    : method.max_amount < MAX_SHOWN
                      ? t('amount.helpRange', {
                          min: money(minimumOf(method), method),
                          max: money(method.max_amount, method),
                        })
                      : method.min_amount > 0
                        ? t('amount.help', { amount: money(method.min_amount, method) })
                        : undefined;
                  return (
                    <AntForm.Item
                      label={t('amount.label')}
                      htmlFor="topup-amount"
                      validateStatus={error ? 'error' : undefined}
                      help={<span id="topup-amount-help">{error ?? help}</span>}
                    >
                      <Input
                        {...input}
                        id="topup-amount"
                        size="large"
                        inputMode="decimal"
                        autoComplete="off"
                        autoFocus
                        suffix={method ? currencySymbol(method.currency, language) : undefined}
                        status={error ? 'error' : undefined}
                        aria-invalid={error ? true : undefined}
                        aria-describedby="topup-amount-help"
                      />
                    </AntForm.Item>
                  );
                }}
              </Field>
              {method && amount !== null && amount > 0 && (
                <dl className={styles.summary} aria-live="polite">
                  <div>
                    <dt>{t('summary.amount')}</dt>
                    <dd>{money(amount, method)}</dd>
                  </div>
                  {method.fee_percent > 0 && (
                    <div>
                      <dt>{t('summary.fee', { percent: formatPercent(method.fee_percent, language) })}</dt>
                      <dd>{money(fee, method)}</dd>
                    </div>
                  )}
                  <div className={styles.total}>
                    <dt>{t('summary.total')}</dt>
                    <dd>{money(amount + fee, method)}</dd>
                  </div>
                  {estimate && method.asset && (
                    <>
                      <div>
                        <dt>{t('summary.asset')}</dt>
                        <dd>{t('summary.assetAbout', { amount: estimate, symbol: method.asset.symbol })}</dd>
                      </div>
                      <p className={styles.muted}>{t('summary.assetHint')}</p>
                    </>
                  )}
                </dl>
              )}
              <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                {t('submit')}
              </Button>
            </form>
          </AntForm>
        );
      }}
    />
  );
}

/** A method's maximum below this is worth saying in the help line; the contract's MAX_AMOUNT is not. */
const MAX_SHOWN = 100_000_000;

/** '₽', '$', '€' as the language writes it, for the amount field's suffix. */
function currencySymbol(currency: PaymentMethod['currency'], language: string): string {
  const parts = new Intl.NumberFormat(language, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
