import { Link } from 'react-router';
import { listProxies } from '@proxy/contract/api/proxies';
import type { Language } from '@proxy/contract/languages';
import { paths } from '@proxy/contract/routes';
import { listQueryOf } from '@proxy/contract/schemas/list-query';
import { EXPIRING_DAYS, PROXY_LIST, type Proxy, type ProxyListParams } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { LoadState, pluralOf, ui, useLoaded, useProxyName } from '@proxy/site-kit';
import { countryName, Flag, operatorName } from '@proxy/contract/countries';
import { useT } from '../i18n/use-t.ts';
import styles from './ProxySummary.module.css';

/** How many of the soonest expiries /home lists; the rest are on /ip, sorted the same way. */
export const NEXT_EXPIRIES = 5;

type Filters = NonNullable<ProxyListParams['filters']>;
/** The proxies that work now: `expiring` ones are paid for too, only close to their end. */
const WORKING: Filters = { status: ['active', 'expiring'] };
/**
 * The working proxies that end within `EXPIRING_DAYS` — what the figure's words say — counted by their end, not by
 * the `expiring` state: that state leaves out a proxy its owner got less long ago than it has left (#28), so a proxy
 * bought today that ends tomorrow was "0 expire within 3 days" (#49). Whole days left, rounded down: 2 is under 3.
 */
const ENDING_SOON: Filters = { ...WORKING, days_left: { max: EXPIRING_DAYS - 1 } };

/** /ip filtered so, in the list's own query grammar (the IP list reads its filters from the URL). */
function ipListWith(filters: Filters, language: Language): string {
  return `${paths.ipList(language)}?${new URLSearchParams(listQueryOf(PROXY_LIST, { filters }))}`;
}

function loadSummary(signal: AbortSignal) {
  return Promise.all([
    // One request gives both the count of working proxies and the soonest of them to expire.
    listProxies(api, { filters: WORKING, ordering: 'expires_at', page_size: NEXT_EXPIRIES }, signal),
    listProxies(api, { filters: ENDING_SOON, page_size: 1 }, signal),
  ]).then(([working, expiring]) => ({ working, expiring: expiring.count }));
}

/**
 * The customer's proxies at a glance on /home: how many work and how many expire within days (each opens /ip
 * filtered so), and the next expiries, each linking to its page. Without any, a call to order the first one.
 */
export function ProxySummary() {
  const { t, language } = useT();
  const summary = useLoaded(language, loadSummary);
  const data = summary.failed ? undefined : summary.data;
  return (
    <section className={styles.summary} aria-labelledby="proxies-title">
      <div className={styles.head}>
        <h2 id="proxies-title" className={styles.title}>
          {t('proxies.title')}
        </h2>
        {data && data.working.count > 0 ? (
          <Link to={paths.ipList(language)} className={styles.all}>
            {t('proxies.all')}
          </Link>
        ) : null}
      </div>
      {data ? null : <LoadState loaded={summary} empty={undefined} />}
      {data && data.working.count === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('proxies.empty.title')}</p>
          <p className={styles.emptyText}>{t('proxies.empty.text')}</p>
          <Link to={paths.order(language)} className={ui.primaryButton}>
            {t('proxies.empty.order')}
          </Link>
        </div>
      ) : null}
      {data && data.working.count > 0 ? (
        <>
          <ul className={styles.stats}>
            <li>
              <Link to={ipListWith(WORKING, language)} className={`${ui.linkCard} ${styles.stat}`}>
                <span className={styles.statValue}>{data.working.count}</span>{' '}
                <span className={styles.statLabel}>
                  {t(`proxies.active.${pluralOf(data.working.count, language)}`)}
                </span>
              </Link>
            </li>
            <li>
              <Link
                to={ipListWith(ENDING_SOON, language)}
                className={`${ui.linkCard} ${styles.stat} ${data.expiring > 0 ? styles.warn : ''}`}
              >
                <span className={styles.statValue}>{data.expiring}</span>{' '}
                <span className={styles.statLabel}>
                  {t(`proxies.expiring.${pluralOf(data.expiring, language)}`, {
                    days: t(`proxies.days.${pluralOf(EXPIRING_DAYS, language)}`, { count: EXPIRING_DAYS }),
                  })}
                </span>
              </Link>
            </li>
          </ul>
          <h3 className={styles.subtitle}>{t('proxies.next')}</h3>
          <ul className={styles.expiries} aria-busy={summary.loading}>
            {data.working.results.map((proxy) => (
              <li key={proxy.id}>
                <ExpiryRow proxy={proxy} language={language} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function ExpiryRow({ proxy, language }: { proxy: Proxy; language: Language }) {
  const { t } = useT();
  const proxyName = useProxyName();
  // A proxy only just got for a day is not "expiring" (the API's state): it says when it ends instead (#28).
  const fresh = proxy.days_left <= 0 && proxy.state === 'active';
  const left = fresh
    ? t('proxies.untilTime', {
        time: new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(proxy.expires_at)),
      })
    : proxy.days_left <= 0
      ? t('proxies.lastDay')
      : t(`proxies.daysLeft.${pluralOf(proxy.days_left, language)}`, { count: proxy.days_left });
  const until = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(
    new Date(proxy.expires_at),
  );
  return (
    <Link to={paths.ipDetail(proxy.id, language)} className={styles.expiry}>
      <span className={styles.name}>{proxyName(proxy)}</span>
      <span className={styles.place}>
        <Flag country={proxy.country} language={language} decorative className={styles.flag} />
        <span>{countryName(proxy.country, language)}</span>
        <span className={styles.operator}>{operatorName(proxy, language)}</span>
      </span>
      <span className={styles.left}>
        <span className={proxy.state === 'expiring' ? `${ui.badge} ${ui.pending}` : ui.badge}>{left}</span>
        <span className={styles.until}>{t('proxies.until', { date: until })}</span>
      </span>
    </Link>
  );
}
