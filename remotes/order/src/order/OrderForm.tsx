import { useEffect, useMemo, useRef, useState } from 'react';
import { Field, Form, useForm, useFormState } from 'react-final-form';
import { Link, useLocation } from 'react-router';
import { getCurrentUser } from '@proxy/contract/api/auth';
import { ApiError, NetworkError } from '@proxy/contract/api/errors';
import { placeOrder } from '@proxy/contract/api/orders';
import { joinMessages, reportRequestError, type SubmissionErrors } from '@proxy/contract/forms';
import { attemptFor, type Attempt } from '@proxy/contract/idempotency';
import { formatPrice, pricesFor } from '@proxy/contract/money';
import { countryName, Flag } from '@proxy/contract/countries';
import { overlayHashes } from '@proxy/contract/routes';
import type { Order, Stock } from '@proxy/contract/schemas/orders';
import { api, setUserAtom, userAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { pluralOf } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import { ChoiceGroup } from './ChoiceGroup.tsx';
import {
  choose,
  citiesOf,
  countriesOf,
  freeAt,
  maxQuantity,
  operatorsOf,
  type OrderValues,
  settle,
} from './choices.ts';
import { QuoteSummary } from './QuoteSummary.tsx';
import { buildOrder, cannotBecomePromoCode, quoteRequestOf } from './request.ts';
import { useQuote } from './use-quote.ts';
import styles from './OrderForm.module.css';

/** The fields a refusal of the server names that the form shows on the field itself. */
const FIELDS_SHOWN = ['promo_code', 'quantity', 'period_days'];

/** The stepper buttons' minus and plus, drawn (the buttons are named by their aria-label). */
function StepIcon({ plus }: { plus: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={plus ? 'M3 8h10M8 3v10' : 'M3 8h10'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A field's message from the last submit, until the customer changes something. */
function submitErrorOf(meta: { submitError?: unknown; dirtySinceLastSubmit?: boolean }): string | undefined {
  return !meta.dirtySinceLastSubmit && typeof meta.submitError === 'string' ? meta.submitError : undefined;
}

const sameOrder = (a: OrderValues, b: OrderValues) =>
  (Object.keys(a) as (keyof OrderValues)[]).every((key) => a[key] === b[key]);

/** What an order refused by the server says above the button: the server's `detail`, or what happened. */
function refusalOf(error: unknown, t: ReturnType<typeof useT>['t']): string | null {
  if (error instanceof NetworkError) return t('errors.network');
  if (!(error instanceof ApiError) || error.status >= 500) return t('errors.unknown');
  if (error.detail) return error.detail;
  const elsewhere = Object.entries(error.fieldErrors)
    .filter(([field]) => !FIELDS_SHOWN.includes(field))
    .flatMap(([, messages]) => messages);
  return elsewhere.length > 0 ? joinMessages(elsewhere) : null;
}

/**
 * The order form: place, period, quantity, promo code and auto-renew, with the live quote beside it and "Pay from
 * balance" (or "Top up the difference"). One Idempotency-Key per attempt: pressing again after a lost answer or a
 * server error sends the same order with the same key, so it is never bought twice; anything changed, or an order the
 * server refused (nothing was bought), gets a new key.
 */
export function OrderForm({
  stock,
  reloadStock,
  initialPeriod,
  onPlaced,
}: {
  stock: Stock;
  reloadStock: () => void;
  initialPeriod: string;
  onPlaced: (order: Order) => void;
}) {
  const { t, language } = useT();
  const setUser = useSetAtom(setUserAtom);
  const attempt = useRef<Attempt | null>(null);
  // What the server said about the order as it was sent; shown until the customer changes it.
  const [refusal, setRefusal] = useState<{ text: string; values: OrderValues } | null>(null);
  // Bumped after a refused order: what made the server refuse (stock, balance, a promo code) moved, so ask again.
  const [requotes, setRequotes] = useState(0);

  // Made once: the form keeps what the customer chose from then on (a new stock only settles it, see below).
  const initialValues = useMemo(
    () =>
      settle(
        stock,
        {
          country: '',
          city: '',
          operator: '',
          period: initialPeriod,
          quantity: '1',
          promo_code: '',
          auto_renew: false,
        },
        language,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const reloadUser = () =>
    getCurrentUser(api).then(setUser, () => undefined /* the header keeps the last balance; the quote has its own */);

  const submit = async (values: OrderValues): Promise<SubmissionErrors | undefined> => {
    setRefusal(null);
    const max = maxQuantity(freeAt(stock.stock, values));
    const built = buildOrder(values, max);
    if (!built.order || built.promoInvalid) {
      return {
        quantity: built.quantityInvalid ? t('quantity.invalid', { max }) : undefined,
        promo_code: built.promoInvalid ? t('promo.invalid') : undefined,
      };
    }
    attempt.current = attemptFor(attempt.current, built.order);
    try {
      const order = await placeOrder(api, built.order, attempt.current.key);
      attempt.current = null;
      void reloadUser();
      onPlaced(order);
      return undefined;
    } catch (error) {
      // A refusal (4xx) bought nothing, so the next press is a new attempt; without an answer, or with a 5xx, the
      // order may have gone through and the next press must carry the same key.
      if (error instanceof ApiError && error.status < 500) attempt.current = null;
      if (error instanceof ApiError && error.status === 409) reloadStock();
      if (error instanceof ApiError && error.status === 402) void reloadUser();
      setRequotes((count) => count + 1);
      const text = refusalOf(error, t);
      setRefusal(text === null ? null : { text, values });
      return reportRequestError(error, { networkError: t('errors.network'), unknownError: t('errors.unknown') });
    }
  };

  return (
    <Form<OrderValues>
      onSubmit={submit}
      initialValues={initialValues}
      subscription={{}}
      render={({ handleSubmit }) => (
        <form className={styles.layout} onSubmit={handleSubmit} noValidate>
          <OrderFields stock={stock} refusal={refusal} requotes={requotes} />
        </form>
      )}
    />
  );
}

function OrderFields({
  stock,
  refusal,
  requotes,
}: {
  stock: Stock;
  refusal: { text: string; values: OrderValues } | null;
  requotes: number;
}) {
  const { t, language } = useT();
  const form = useForm<OrderValues>();
  const { values, submitting, submitErrors, dirtySinceLastSubmit } = useFormState<OrderValues>({
    subscription: { values: true, submitting: true, submitErrors: true, dirtySinceLastSubmit: true },
  });
  const user = useAtomValue(userAtom);
  const { search } = useLocation();

  const apply = (next: OrderValues) =>
    form.batch(() => {
      for (const key of Object.keys(next) as (keyof OrderValues)[]) {
        if (next[key] !== values[key]) form.change(key, next[key]);
      }
    });

  // New counts (after an order was refused for want of stock): a choice sold out since falls to one that is not.
  useEffect(() => {
    apply(settle(stock, form.getState().values, language));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stock]);

  const countries = countriesOf(stock.stock, language);
  const cities = citiesOf(stock.stock, values.country, language);
  const operators = operatorsOf(stock.stock, values.country, values.city, language);
  const prices = pricesFor(stock.prices, values.country);
  const max = maxQuantity(freeAt(stock.stock, values));
  const built = buildOrder(values, max);
  const quote = useQuote(
    built.order ? quoteRequestOf(built.order) : null,
    `${user?.balance ?? 0}|${language}|${requotes}`,
  );

  const days = (count: number) => t(`period.days.${pluralOf(count, language)}`, { count });
  const money = (minor: number, currency: Stock['prices'][number]['currency']) =>
    formatPrice(minor, currency, language);
  const free = (count: number) => t('free', { count });
  const periodError = dirtySinceLastSubmit ? undefined : (submitErrors?.period_days as string | undefined);

  const shown = quote.quote;
  const shortage = shown !== undefined && quote.fresh && shown.available < shown.quantity;
  const missing = shown && quote.fresh && !shortage && shown.balance_after < 0 ? -shown.balance_after : 0;
  const canPay = quote.fresh && !shortage && missing === 0 && !submitting;

  return (
    <>
      <div className={styles.fields}>
        <ChoiceGroup
          name="country"
          legend={t('country')}
          value={values.country}
          onChange={(value) => apply(choose(stock, values, 'country', value, language))}
          options={countries.map((choice) => ({
            value: choice.value,
            label: (
              <>
                <Flag country={choice.value} language={language} decorative className={styles.flag} />
                {countryName(choice.value, language)}
              </>
            ),
            detail: free(choice.free),
            disabled: choice.free <= 0,
          }))}
        />
        <ChoiceGroup
          name="city"
          legend={t('city')}
          value={values.city}
          onChange={(value) => apply(choose(stock, values, 'city', value, language))}
          options={cities.map((choice) => ({
            value: choice.value,
            label: choice.name,
            detail: free(choice.free),
            disabled: choice.free <= 0,
          }))}
        />
        <ChoiceGroup
          name="operator"
          legend={t('operator')}
          value={values.operator}
          onChange={(value) => apply(choose(stock, values, 'operator', value, language))}
          options={operators.map((choice) => ({
            value: choice.value,
            label: choice.name,
            detail: free(choice.free),
            disabled: choice.free <= 0,
          }))}
        />
        <ChoiceGroup
          name="period"
          legend={t('period.legend')}
          value={values.period}
          onChange={(value) => form.change('period', value)}
          error={periodError}
          options={prices.map((price) => ({
            value: String(price.period_days),
            label: days(price.period_days),
            detail: money(price.price, price.currency),
          }))}
        />

        <div className={styles.row}>
          <Field<string> name="quantity" subscription={{ value: true, submitError: true, dirtySinceLastSubmit: true }}>
            {({ input, meta }) => {
              const error = submitErrorOf(meta) ?? (built.quantityInvalid ? t('quantity.invalid', { max }) : undefined);
              const step = (delta: number) => {
                const current = Number(input.value);
                const next = Number.isInteger(current) ? current + delta : 1;
                form.change('quantity', String(Math.min(Math.max(next, 1), Math.max(max, 1))));
              };
              return (
                <div className={styles.field}>
                  <label className={styles.label} htmlFor="order-quantity">
                    {t('quantity.label')}
                  </label>
                  <div className={styles.stepper}>
                    <button
                      type="button"
                      className={styles.stepButton}
                      aria-label={t('quantity.decrease')}
                      aria-controls="order-quantity"
                      disabled={Number(input.value) <= 1}
                      onClick={() => step(-1)}
                    >
                      <StepIcon plus={false} />
                    </button>
                    <input
                      {...input}
                      id="order-quantity"
                      className={styles.quantityInput}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={max}
                      step={1}
                      aria-invalid={error ? true : undefined}
                      aria-describedby="order-quantity-help"
                    />
                    <button
                      type="button"
                      className={styles.stepButton}
                      aria-label={t('quantity.increase')}
                      aria-controls="order-quantity"
                      disabled={Number(input.value) >= max}
                      onClick={() => step(1)}
                    >
                      <StepIcon plus />
                    </button>
                  </div>
                  <p id="order-quantity-help" className={error ? styles.error : styles.help}>
                    {error ?? t('quantity.help', { max })}
                  </p>
                </div>
              );
            }}
          </Field>

          <Field<string>
            name="promo_code"
            subscription={{ value: true, touched: true, submitError: true, dirtySinceLastSubmit: true }}
          >
            {({ input, meta }) => {
              const refused = quote.fresh && shown?.promo?.error ? shown.promo.error : undefined;
              const error =
                submitErrorOf(meta) ??
                (built.promoInvalid && (meta.touched || cannotBecomePromoCode(input.value))
                  ? t('promo.invalid')
                  : undefined) ??
                refused;
              const applied =
                quote.fresh && shown?.promo && !shown.promo.error ? t('promo.applied', { code: shown.promo.code }) : '';
              return (
                <div className={styles.field}>
                  <label className={styles.label} htmlFor="order-promo">
                    {t('promo.label')}
                  </label>
                  <input
                    {...input}
                    id="order-promo"
                    className={styles.textInput}
                    type="text"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={32}
                    aria-invalid={error ? true : undefined}
                    aria-describedby="order-promo-help"
                  />
                  <p
                    id="order-promo-help"
                    className={error ? styles.error : applied ? styles.success : styles.help}
                    aria-live="polite"
                  >
                    {error ?? (applied || t('promo.help'))}
                  </p>
                </div>
              );
            }}
          </Field>
        </div>

        <Field<boolean> name="auto_renew" type="checkbox" subscription={{ value: true }}>
          {({ input }) => (
            <div className={styles.checkboxField}>
              <input
                name={input.name}
                type="checkbox"
                checked={input.checked ?? false}
                onChange={input.onChange}
                onFocus={input.onFocus}
                onBlur={input.onBlur}
                id="order-auto-renew"
                className={styles.checkbox}
                aria-describedby="order-renew-help"
              />
              <div>
                <label className={styles.checkboxLabel} htmlFor="order-auto-renew">
                  {t('autoRenew.label')}
                </label>
                <p id="order-renew-help" className={styles.help}>
                  {t('autoRenew.help')}
                </p>
              </div>
            </div>
          )}
        </Field>
      </div>

      <aside className={styles.summary} aria-labelledby="order-quote-title">
        <h2 id="order-quote-title" className={styles.summaryTitle}>
          {t('quote.title')}
        </h2>
        <QuoteSummary quote={built.order ? quote : null} shortage={shortage} />
        {refusal && sameOrder(refusal.values, values) && (
          <p className={styles.refusal} role="alert">
            {refusal.text}
          </p>
        )}
        {missing > 0 && shown ? (
          <>
            <Link
              className={styles.payButton}
              to={{ search, hash: overlayHashes.topUpAmount(missing) }}
              preventScrollReset
            >
              {t('topUp')}
              <span className={styles.buttonAmount}>{money(missing, shown.currency)}</span>
            </Link>
            <p className={styles.help}>{t('topUpHint')}</p>
          </>
        ) : (
          <button type="submit" className={styles.payButton} disabled={!canPay} aria-busy={submitting || undefined}>
            {submitting ? t('paying') : t('pay')}
            {shown && quote.fresh && !submitting && (
              <span className={styles.buttonAmount}>{money(shown.total, shown.currency)}</span>
            )}
          </button>
        )}
      </aside>
    </>
  );
}
