import { lazy, Suspense, useState } from 'react';
import { getProxyTraffic } from '@proxy/contract/api/proxies';
import { TRAFFIC_RANGES, type TrafficRange } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { formatBytes } from '../common/format.ts';
import { useLoaded } from '../common/use-loaded.ts';
import { useT } from '../i18n/use-t.ts';
import ui from '../common/ui.module.css';
import styles from './ProxyPage.module.css';

// The chart is its own chunk, fetched when this card renders: the list page (and a visitor who never opens a proxy)
// does not download it.
const TrafficChart = lazy(() => import('./TrafficChart.tsx'));

/**
 * Traffic in and out over the last 24 hours (hourly) or 7 days (daily). The totals are written out in words, which
 * is what a screen reader gets: the bars are a picture of the same numbers.
 */
export function TrafficCard({ proxyId }: { proxyId: number }) {
  const { t, language } = useT();
  const [range, setRange] = useState<TrafficRange>('24h');
  const traffic = useLoaded(`${proxyId}|${range}|${language}`, (signal) =>
    getProxyTraffic(api, proxyId, range, signal),
  );
  const data = traffic.loading ? undefined : traffic.data;
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="traffic-title">
      <div className={styles.cardHeader}>
        <h2 id="traffic-title" className={styles.cardTitle}>
          {t('traffic.title')}
        </h2>
        <div className={styles.segmented} role="group" aria-label={t('traffic.range')}>
          {TRAFFIC_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={range === option}
              className={range === option ? styles.segmentOn : styles.segment}
              onClick={() => setRange(option)}
            >
              {t(`traffic.ranges.${option}`)}
            </button>
          ))}
        </div>
      </div>
      {traffic.failed ? (
        <p className={ui.note} role="alert">
          <span>{t('errors.loadFailed')}</span>
          <button type="button" className={ui.linkButton} onClick={traffic.retry}>
            {t('errors.retry')}
          </button>
        </p>
      ) : !data ? (
        <p className={ui.note} role="status">
          {t('loading')}
        </p>
      ) : (
        <figure className={styles.figure}>
          <Suspense fallback={<div className={styles.chartPlaceholder} />}>
            <TrafficChart traffic={data} />
          </Suspense>
          <figcaption className={styles.summary} aria-live="polite">
            {t(`traffic.summary.${data.range}`, {
              in: formatBytes(data.total_in, language),
              out: formatBytes(data.total_out, language),
            })}
          </figcaption>
        </figure>
      )}
    </section>
  );
}
