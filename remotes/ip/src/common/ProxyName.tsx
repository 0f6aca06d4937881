import { cityName, countryName, Flag } from '@proxy/contract/countries';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { ui } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './common.module.css';

/** Online or not, as a coloured dot with the words for screen readers. */
export function OnlineDot({ online }: { online: boolean }) {
  const { t } = useT();
  const text = t(online ? 'proxy.online' : 'proxy.offline');
  return (
    <span className={`${styles.dot} ${online ? styles.dotOnline : ''}`} role="img" aria-label={text} title={text} />
  );
}

/**
 * The modem is down (by its agent's reports) since when, so the customer knows it is not their setup and since when;
 * gone as soon as the modem is back (#33).
 */
export function OfflineNotice({ proxy }: { proxy: Pick<Proxy, 'offline_since'> }) {
  const { t, language } = useT();
  if (!proxy.offline_since) return null;
  const since = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(proxy.offline_since));
  return (
    <span role="status" className={`${ui.badge} ${ui.danger}`}>
      {t('proxy.offlineSince', { since })}
    </span>
  );
}

/** Where a proxy is, in words of the page's language: 'Россия, Москва' / 'Russia, Moscow'. */
export function usePlaceName() {
  const { t, language } = useT();
  return (proxy: Pick<Proxy, 'country' | 'city' | 'city_ru'>) =>
    t('proxy.place', { country: countryName(proxy.country, language), city: cityName(proxy, language) });
}

/** [flag] Россия, Москва. */
export function Place({ proxy }: { proxy: Pick<Proxy, 'country' | 'city' | 'city_ru'> }) {
  const { language } = useT();
  const placeName = usePlaceName();
  return (
    <span className={styles.place}>
      <Flag country={proxy.country} language={language} decorative />
      <span>{placeName(proxy)}</span>
    </span>
  );
}

const STATE_TONES = { active: ui.success, expiring: ui.pending, expired: ui.danger, suspended: ui.danger };

/** The proxy's state as a coloured badge (active, expiring, expired, suspended). */
export function StateBadge({ state }: { state: Proxy['state'] }) {
  const { t } = useT();
  return <span className={`${ui.badge} ${STATE_TONES[state] ?? ''}`}>{t(`states.${state}`)}</span>;
}

/**
 * A free trial's proxy says so beside its state: it cannot be moved or handed over until renewed, and is released when
 * it ends (#49), which its owner should not learn from a refused move.
 */
export function TrialBadge({ proxy }: { proxy: Pick<Proxy, 'trial'> }) {
  const { t } = useT();
  if (!proxy.trial) return null;
  return (
    <span className={`${ui.badge} ${ui.pending}`} title={t('proxy.trialHint')}>
      {t('proxy.trial')}
    </span>
  );
}

/**
 * "5 days left" / "Last day" / "Expired 3 days ago", in the language's plural forms. A proxy within its last day
 * that its owner has only just got (a one-day proxy bought now: the API does not call it `expiring`) says when it
 * expires instead, without the warning (#28).
 */
export function DaysLeft({ proxy }: { proxy: Pick<Proxy, 'days_left' | 'expires_at' | 'state'> }) {
  const { t, tp, language } = useT();
  const days = proxy.days_left;
  if (days === 0 && proxy.state === 'active') {
    return <span className={ui.muted}>{t('proxy.until', { time: expiryTime(proxy.expires_at, language) })}</span>;
  }
  const text = days > 0 ? tp('proxy.daysLeft', days) : days === 0 ? t('proxy.lastDay') : tp('proxy.expiredAgo', -days);
  return <span className={days <= 3 ? styles.urgent : ui.muted}>{text}</span>;
}

/** When, within the next day: the time today ('14:05'), or the day and time tomorrow ('13 июн., 09:30'). */
function expiryTime(iso: string, language: string): string {
  const at = new Date(iso);
  const today = new Date().toDateString() === at.toDateString();
  return new Intl.DateTimeFormat(
    language,
    today ? { timeStyle: 'short' } : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  ).format(at);
}
