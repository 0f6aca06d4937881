import { useRef, useState } from 'react';
import { ApiError } from '@proxy/contract/api/errors';
import { moveProxy, quoteMove } from '@proxy/contract/api/moves';
import { getStock } from '@proxy/contract/api/orders';
import { getProxy } from '@proxy/contract/api/proxies';
import { cityName, countryName, operatorName } from '@proxy/contract/countries';
import { reportRequestError } from '@proxy/contract/forms';
import { attemptFor, type Attempt } from '@proxy/contract/idempotency';
import { formatPrice } from '@proxy/contract/money';
import type { MoveRequestInput } from '@proxy/contract/schemas/moves';
import type { StockItem } from '@proxy/contract/schemas/orders';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { api, showMessageAtom, useSetAtom } from '@proxy/contract/state';
import { Dialog, formatDateTime, LoadState, TopUpLink, ui, useLoaded, useRequestMessages } from '@proxy/site-kit';
import { usePlaceName } from '../common/ProxyName.tsx';
import { useT } from '../i18n/use-t.ts';
import common from '../common/common.module.css';
import styles from './ProxyPage.module.css';

const SERVED = ['active', 'expiring'];

/**
 * "Move" on the proxy page (#29): the proxy goes to another country, city or operator and keeps its id, login and
 * password. Shown for a proxy that is served and not a free trial's (#43: the server refuses to move one, and the
 * billing card says why); the dialog it opens does the rest.
 */
export function MoveControl({ proxy, onMoved }: { proxy: Proxy; onMoved: (proxy: Proxy) => void }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  if (!SERVED.includes(proxy.state) || proxy.trial) return null;
  return (
    // A block of its own in the header's grid, so the button keeps its own width.
    <div>
      <button type="button" className={ui.smallButton} onClick={() => setOpen(true)}>
        {t('move.open')}
      </button>
      {open && <MoveDialog proxy={proxy} onClose={() => setOpen(false)} onMoved={onMoved} />}
    </div>
  );
}

/** The distinct values of `pick` among the items, sorted by how `label` shows them. */
function choices(items: readonly StockItem[], pick: (item: StockItem) => string, label: (value: string) => string) {
  return [...new Set(items.map(pick))].sort((a, b) => label(a).localeCompare(label(b)));
}

/**
 * Country → city → operator from the live stock (`/api/stock/`: places with a free modem, the proxy's own place left
 * out), then the server's quote for exactly that place — free modems, the price of the proxy's period here and there,
 * the fee (none within the same plan) and whether the ports change, said before confirming — and the move with an
 * Idempotency-Key a retry of the same request reuses. A fee above the balance (402) says by how much, with "Top up".
 * On success: a toast, the page shows the new place, and the dialog closes (focus back on "Move": the kit's Dialog).
 */
export function MoveDialog({
  proxy,
  onClose,
  onMoved,
}: {
  proxy: Proxy;
  onClose: () => void;
  onMoved: (proxy: Proxy) => void;
}) {
  const { t, tp, language } = useT();
  const messages = useRequestMessages();
  const show = useSetAtom(showMessageAtom);
  const placeName = usePlaceName();
  const stock = useLoaded(`stock|${language}`, (signal) => getStock(api, signal));
  const places = (stock.data?.stock ?? []).filter(
    (item) =>
      item.free > 0 &&
      !(item.country === proxy.country && item.city === proxy.city && item.operator === proxy.operator),
  );
  const [country, setCountry] = useState('');
  const [city, setCity] = useState('');
  const [operator, setOperator] = useState('');
  const countryLabel = (code: string) => countryName(code, language);
  const countries = choices(places, (item) => item.country, countryLabel);
  const inCountry = places.filter((item) => item.country === country);
  const cityLabel = (name: string) => {
    const item = inCountry.find((candidate) => candidate.city === name);
    return item ? cityName(item, language) : name;
  };
  const cities = choices(inCountry, (item) => item.city, cityLabel);
  const inCity = inCountry.filter((item) => item.city === city);
  const operatorLabel = (name: string) => {
    const item = inCity.find((candidate) => candidate.operator === name);
    return item ? operatorName(item, language) : name;
  };
  const operators = choices(inCity, (item) => item.operator, operatorLabel);
  const target: MoveRequestInput | null = country && city && operator ? { country, city, operator } : null;
  const quote = useLoaded(target ? `move|${proxy.id}|${JSON.stringify(target)}|${language}` : 'none', (signal) =>
    target ? quoteMove(api, proxy.id, target, signal) : Promise.resolve(null),
  );
  const [busy, setBusy] = useState(false);
  const [shortOfMoney, setShortOfMoney] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const move = async () => {
    if (!target) return;
    attempt.current = attemptFor(attempt.current, target);
    setBusy(true);
    setShortOfMoney(null);
    try {
      const moved = await moveProxy(api, proxy.id, target, attempt.current.key);
      show(t('move.done', { place: placeName(moved.to), operator: operatorName(moved.to, language) }), 'success');
      // The move answered; the page reads the proxy again for its new modem's status and address.
      onMoved(
        await getProxy(api, proxy.id).catch(() => ({
          ...proxy,
          ...moved.to,
          http_port: moved.http_port,
          socks_port: moved.socks_port,
          last_rotation_at: moved.created_at,
        })),
      );
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) setShortOfMoney(error.detail ?? t('move.noMoney'));
      else reportRequestError(error, messages);
    } finally {
      setBusy(false);
    }
  };

  const current = quote.loading ? undefined : (quote.data ?? undefined);
  const lacking = current ? current.balance_after < 0 : false;
  const waiting = current?.available_at ?? null;
  const refused = quote.failed && quote.error instanceof ApiError ? quote.error.detail : undefined;
  const select = (
    id: string,
    label: string,
    value: string,
    options: readonly string[],
    name: (value: string) => string,
    onChange: (value: string) => void,
  ) => (
    <label className={ui.field} htmlFor={id}>
      <span className={ui.fieldLabel}>{label}</span>
      <select
        id={id}
        className={ui.input}
        value={value}
        disabled={options.length === 0}
        onChange={(event) => {
          onChange(event.target.value);
          setShortOfMoney(null);
        }}
      >
        <option value="">{t('move.choose')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {name(option)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <Dialog
      title={t('move.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={ui.secondaryButton} onClick={onClose}>
            {t('move.cancel')}
          </button>
          <button
            type="button"
            className={ui.primaryButton}
            disabled={!current || current.available === 0 || lacking || waiting !== null || busy}
            aria-busy={busy}
            onClick={() => void move()}
          >
            {current && current.fee > 0
              ? t('move.pay', { amount: formatPrice(current.fee, current.currency, language) })
              : t('move.submit')}
          </button>
        </>
      }
    >
      <p className={ui.note}>{t('move.help', { place: placeName(proxy), operator: operatorName(proxy, language) })}</p>
      {!stock.data || stock.failed ? (
        <LoadState loaded={stock} />
      ) : countries.length === 0 ? (
        <p className={ui.note}>{t('move.noStock')}</p>
      ) : (
        <div className={styles.moveFields}>
          {select('move-country', t('move.country'), country, countries, countryLabel, (value) => {
            setCountry(value);
            setCity('');
            setOperator('');
          })}
          {select('move-city', t('move.city'), city, country ? cities : [], cityLabel, (value) => {
            setCity(value);
            setOperator('');
          })}
          {select('move-operator', t('move.operator'), operator, city ? operators : [], operatorLabel, setOperator)}
        </div>
      )}
      {target && (
        <div className={common.quote} aria-live="polite" aria-busy={quote.loading}>
          {refused ? (
            <p className={`${ui.notice} ${ui.noticeWarning}`} role="alert">
              {refused}
            </p>
          ) : !current || quote.failed ? (
            <LoadState
              loaded={{ data: current, failed: quote.failed, retry: quote.retry }}
              loadingText={t('move.quoting')}
              failedText={t('move.quoteFailed')}
            />
          ) : (
            <>
              <dl className={common.quoteList}>
                <dt>{t('move.available')}</dt>
                <dd>{current.available}</dd>
                {current.price_now !== null && (
                  <>
                    <dt>{tp('move.priceNow', current.period_days)}</dt>
                    <dd>{formatPrice(current.price_now, current.currency, language)}</dd>
                  </>
                )}
                {current.price_target !== null && (
                  <>
                    <dt>{tp('move.priceTarget', current.period_days)}</dt>
                    <dd>{formatPrice(current.price_target, current.currency, language)}</dd>
                  </>
                )}
                <dt>{t('move.fee')}</dt>
                <dd className={ui.strong}>
                  {current.fee > 0 ? formatPrice(current.fee, current.currency, language) : t('move.free')}
                </dd>
                {current.fee > 0 && (
                  <>
                    <dt>{t('move.balanceAfter')}</dt>
                    <dd className={lacking ? ui.negative : undefined}>
                      {formatPrice(current.balance_after, current.currency, language)}
                    </dd>
                  </>
                )}
              </dl>
              <p className={ui.hint}>{current.same_plan ? t('move.samePlan') : t('move.otherPlan')}</p>
              {current.available === 0 && (
                <p className={`${ui.notice} ${ui.noticeWarning}`} role="alert">
                  {t('move.soldOut')}
                </p>
              )}
              {current.ports_change && (
                <p className={`${ui.notice} ${ui.noticeWarning}`} role="alert">
                  {t('move.portsChange')}
                </p>
              )}
              {waiting && (
                <p className={`${ui.notice} ${ui.noticeInfo}`}>
                  {t('move.wait', { time: formatDateTime(waiting, language) })}
                </p>
              )}
            </>
          )}
        </div>
      )}
      {(shortOfMoney !== null || lacking) && (
        <p className={`${ui.notice} ${ui.noticeWarning} ${ui.bar}`} role="alert">
          <span>
            {shortOfMoney ??
              (current
                ? t('move.short', { amount: formatPrice(-current.balance_after, current.currency, language) })
                : t('move.noMoney'))}
          </span>
          <TopUpLink className={ui.linkButton} onClick={onClose}>
            {t('move.topUp')}
          </TopUpLink>
        </p>
      )}
    </Dialog>
  );
}
