import { lazy, Suspense, useState } from 'react';
import { getProxyTraffic } from '@proxy/contract/api/proxies';
import { TRAFFIC_RANGES, type TrafficRange } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { Card, LoadState, ui, useLoaded } from '@proxy/site-kit';
import { formatBytes } from '../common/format.ts';
import { useT } from '../i18n/use-t.ts';
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
    <Card
      title={t('traffic.title')}
      wide
      actions={
        <div className={ui.segmented} role="group" aria-label={t('traffic.range')}>
          {TRAFFIC_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={range === option}
              className={range === option ? ui.segmentOn : ui.segment}
              onClick={() => setRange(option)}
            >
              {t(`traffic.ranges.${option}`)}
            </button>
          ))}
        </div>
      }
    >
      {traffic.failed || !data ? (
        <LoadState loaded={{ ...traffic, data }} />
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
    </Card>
  );
}
