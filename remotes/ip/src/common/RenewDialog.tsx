import { useRef, useState } from 'react';
import { getStock } from '@proxy/contract/api/orders';
import { quoteRenewal, renewProxies } from '@proxy/contract/api/proxies';
import { ApiError } from '@proxy/contract/api/errors';
import { reportRequestError } from '@proxy/contract/forms';
import { formatPrice } from '@proxy/contract/money';
import type { Renewal } from '@proxy/contract/schemas/proxies';
import { api, showMessageAtom, useSetAtom } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { Dialog } from './Dialog.tsx';
import { formatDate } from './format.ts';
import { attemptFor, type Attempt } from './idempotency.ts';
import { requestMessages } from './messages.ts';
import { TopUpLink } from './TopUpLink.tsx';
import { useLoaded } from './use-loaded.ts';
import styles from './ui.module.css';

/** The period chosen first: a month when the price list has one (what most customers renew for), else the shortest. */
const PREFERRED_PERIOD = 30;

/**
 * Renew one proxy or a selection for a period of the price list (`getStock().prices`): the server's quote for
 * exactly these proxies (each at its country's plan), then the renewal from the balance with an Idempotency-Key that
 * a retry of the same request reuses. Too little balance (402) says so with a "Top up" link to the top-up dialog.
 */
export function RenewDialog({
  ids,
  onClose,
  onRenewed,
}: {
  ids: readonly number[];
  onClose: () => void;
  onRenewed: (renewal: Renewal) => void;
}) {
  const { t, tp, language } = useT();
  const show = useSetAtom(showMessageAtom);
  const stock = useLoaded(`stock|${language}`, (signal) => getStock(api, signal));
  const periods = [...new Set(stock.data?.prices.map((price) => price.period_days) ?? [])].sort((a, b) => a - b);
  const [chosen, setChosen] = useState<number | null>(null);
  const period = chosen ?? (periods.includes(PREFERRED_PERIOD) ? PREFERRED_PERIOD : (periods[0] ?? null));
  const request = period === null ? null : { ids: [...ids], period_days: period };
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
      else reportRequestError(error, requestMessages(t));
    } finally {
      setBusy(false);
    }
  };

  const current = quote.loading ? undefined : (quote.data ?? undefined);
  const lacking = current ? current.balance_after < 0 : false;
  return (
    <Dialog
      title={tp('renew.title', ids.length)}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={styles.secondaryButton} onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button
            type="button"
            className={styles.primaryButton}
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
      {stock.failed ? (
        <p className={styles.note} role="alert">
          {t('errors.loadFailed')}
          <button type="button" className={styles.linkButton} onClick={stock.retry}>
            {t('errors.retry')}
          </button>
        </p>
      ) : !stock.data ? (
        <p className={styles.note} role="status">
          {t('loading')}
        </p>
      ) : periods.length === 0 ? (
        <p className={styles.note}>{t('renew.noPrices')}</p>
      ) : (
        <fieldset className={styles.periods}>
          <legend className={styles.fieldLabel}>{t('renew.period')}</legend>
          {periods.map((days) => (
            <label key={days} className={styles.chip}>
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
          {quote.failed ? (
            <p className={styles.note} role="alert">
              {t('renew.quoteFailed')}
              <button type="button" className={styles.linkButton} onClick={quote.retry}>
                {t('errors.retry')}
              </button>
            </p>
          ) : !current ? (
            <p className={styles.note}>{t('renew.quoting')}</p>
          ) : (
            <dl className={styles.quoteList}>
              {current.lines.length === 1 && current.lines[0] && (
                <>
                  <dt>{t('renew.newExpiry')}</dt>
                  <dd>{formatDate(current.lines[0].expires_at, language)}</dd>
                </>
              )}
              <dt>{tp('renew.total', current.lines.length)}</dt>
              <dd className={styles.strong}>{formatPrice(current.total, current.currency, language)}</dd>
              <dt>{t('renew.balance')}</dt>
              <dd>{formatPrice(current.balance, current.currency, language)}</dd>
              <dt>{t('renew.balanceAfter')}</dt>
              <dd className={lacking ? styles.negative : undefined}>
                {formatPrice(current.balance_after, current.currency, language)}
              </dd>
            </dl>
          )}
        </div>
      )}
      {(shortOfMoney !== null || lacking) && (
        <p className={styles.warning} role="alert">
          <span>{shortOfMoney ?? t('renew.noMoney')}</span>
          <TopUpLink className={styles.linkButton} onClick={onClose}>
            {t('renew.topUp')}
          </TopUpLink>
        </p>
      )}
    </Dialog>
  );
}
