import { useRef, useState } from 'react';
import { getStock } from '@proxy/contract/api/orders';
import { quoteRenewal, renewProxies } from '@proxy/contract/api/proxies';
import { ApiError } from '@proxy/contract/api/errors';
import { reportRequestError } from '@proxy/contract/forms';
import { formatPrice, pricesFor } from '@proxy/contract/money';
import type { Price } from '@proxy/contract/schemas/orders';
import type { Renewal } from '@proxy/contract/schemas/proxies';
import { attemptFor, type Attempt } from '@proxy/contract/idempotency';
import { api, showMessageAtom, useSetAtom } from '@proxy/contract/state';
import { Dialog, formatDate, LoadState, TopUpLink, ui, useLoaded, useRequestMessages } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './common.module.css';

/** The period chosen first: a month when the price list has one (what most customers renew for), else the shortest. */
const PREFERRED_PERIOD = 30;

/**
 * The periods every one of `countries` has a price for (a plan for the country or for any): a renewal prices each
 * proxy by its country's plan, so a period priced only elsewhere would be refused.
 */
function periodsForAll(prices: readonly Price[], countries: readonly string[]): number[] {
  const [first = [], ...rest] = [...new Set(countries)].map((country) =>
    pricesFor(prices, country).map((price) => price.period_days),
  );
  return first.filter((days) => rest.every((periods) => periods.includes(days)));
}

/**
 * Renew one proxy or a selection for a period of the price list (`getStock().prices`) that each of their countries
 * has: the server's quote for
 * exactly these proxies (each at its country's plan), then the renewal from the balance with an Idempotency-Key that
 * a retry of the same request reuses. Too little balance (402) says so with a "Top up" link to the top-up dialog.
 */
export function RenewDialog({
  proxies,
  onClose,
  onRenewed,
}: {
  proxies: readonly { readonly id: number; readonly country: string }[];
  onClose: () => void;
  onRenewed: (renewal: Renewal) => void;
}) {
  const { t, tp, language } = useT();
  const messages = useRequestMessages();
  const show = useSetAtom(showMessageAtom);
  const stock = useLoaded(`stock|${language}`, (signal) => getStock(api, signal));
  const periods = periodsForAll(
    stock.data?.prices ?? [],
    proxies.map((proxy) => proxy.country),
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const period = chosen ?? (periods.includes(PREFERRED_PERIOD) ? PREFERRED_PERIOD : (periods[0] ?? null));
  const request = period === null ? null : { ids: proxies.map((proxy) => proxy.id), period_days: period };
  const quote = useLoaded(request ? `quote|${JSON.stringify(request)}|${language}` : 'none', (signal) =>
    request ? quoteRenewal(api, request, signal) : Promise.resolve(null),
  );
  const [busy, setBusy] = useState(false);
  const [shortOfMoney, setShortOfMoney] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const renew = async () => {
    if (!request) return;
    attempt.current = attemptFor(attempt.current, request);
    setBusy(true);
    setShortOfMoney(null);
    try {
      const renewal = await renewProxies(api, request, attempt.current.key);
      show(tp('renew.done', renewal.lines.length), 'success');
      onRenewed(renewal);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) setShortOfMoney(error.detail ?? t('renew.noMoney'));
      else reportRequestError(error, messages);
    } finally {
      setBusy(false);
    }
  };

  const current = quote.loading ? undefined : (quote.data ?? undefined);
  const lacking = current ? current.balance_after < 0 : false;
  return (
    <Dialog
      title={tp('renew.title', proxies.length)}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={ui.secondaryButton} onClick={onClose}>
            {t('renew.cancel')}
          </button>
          <button
            type="button"
            className={ui.primaryButton}
            disabled={!current || lacking || busy}
            aria-busy={busy}
            onClick={() => void renew()}
          >
            {current
              ? t('renew.pay', { amount: formatPrice(current.total, current.currency, language) })
              : t('renew.submit')}
          </button>
        </>
      }
    >
      {!stock.data || stock.failed ? (
        <LoadState loaded={stock} />
      ) : periods.length === 0 ? (
        <p className={ui.note}>{t('renew.noPrices')}</p>
      ) : (
        <fieldset className={ui.chips}>
          <legend className={ui.fieldLabel}>{t('renew.period')}</legend>
          {periods.map((days) => (
            <label key={days} className={ui.chip}>
              <input
                type="radio"
                name="renew-period"
                value={days}
                checked={period === days}
                onChange={() => {
                  setChosen(days);
                  setShortOfMoney(null);
                }}
              />
              {tp('renew.days', days)}
            </label>
          ))}
        </fieldset>
      )}
      {request && (
        <div className={styles.quote} aria-live="polite" aria-busy={quote.loading}>
          {!current || quote.failed ? (
            <LoadState
              loaded={{ data: current, failed: quote.failed, retry: quote.retry }}
              loadingText={t('renew.quoting')}
              failedText={t('renew.quoteFailed')}
            />
          ) : (
            <dl className={styles.quoteList}>
              {current.lines.length === 1 && current.lines[0] && (
                <>
                  <dt>{t('renew.newExpiry')}</dt>
                  <dd>{formatDate(current.lines[0].expires_at, language)}</dd>
                </>
              )}
              <dt>{tp('renew.total', current.lines.length)}</dt>
              <dd className={ui.strong}>{formatPrice(current.total, current.currency, language)}</dd>
              <dt>{t('renew.balance')}</dt>
              <dd>{formatPrice(current.balance, current.currency, language)}</dd>
              <dt>{t('renew.balanceAfter')}</dt>
              <dd className={lacking ? ui.negative : undefined}>
                {formatPrice(current.balance_after, current.currency, language)}
              </dd>
            </dl>
          )}
        </div>
      )}
      {(shortOfMoney !== null || lacking) && (
        <p className={`${ui.notice} ${ui.noticeWarning} ${ui.bar}`} role="alert">
          <span>{shortOfMoney ?? t('renew.noMoney')}</span>
          <TopUpLink className={ui.linkButton} onClick={onClose}>
            {t('renew.topUp')}
          </TopUpLink>
        </p>
      )}
    </Dialog>
  );
}
