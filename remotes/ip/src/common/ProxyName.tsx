import { countryName, flagOf } from '@proxy/contract/countries';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { ui } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './common.module.css';

/** The customer's name for a proxy: its comment, or "Proxy #12" while it has none. */
export function useProxyTitle() {
  const { t } = useT();
  return (proxy: Pick<Proxy, 'id' | 'comment'>) => proxy.comment || t('proxy.unnamed', { id: proxy.id });
}

/** Online or not, as a coloured dot with the words for screen readers. */
export function OnlineDot({ online }: { online: boolean }) {
  const { t } = useT();
  const text = t(online ? 'proxy.online' : 'proxy.offline');
  return (
    <span className={`${styles.dot} ${online ? styles.dotOnline : ''}`} role="img" aria-label={text} title={text} />
  );
}

/** Where a proxy is, in words: 'Россия, Moscow'. */
export function usePlaceName() {
  const { t, language } = useT();
  return (proxy: Pick<Proxy, 'country' | 'city'>) =>
    t('proxy.place', { country: countryName(proxy.country, language), city: proxy.city });
}

/** 🇷🇺 Россия, Moscow. */
export function Place({ proxy }: { proxy: Pick<Proxy, 'country' | 'city'> }) {
  const placeName = usePlaceName();
  return (
    <span className={styles.place}>
      <span aria-hidden="true">{flagOf(proxy.country)}</span>
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

/** "5 days left" / "Last day" / "Expired 3 days ago", in the language's plural forms. */
export function DaysLeft({ days }: { days: number }) {
  const { t, tp } = useT();
  const text = days > 0 ? tp('proxy.daysLeft', days) : days === 0 ? t('proxy.lastDay') : tp('proxy.expiredAgo', -days);
  return <span className={days <= 3 ? styles.urgent : ui.muted}>{text}</span>;
}
