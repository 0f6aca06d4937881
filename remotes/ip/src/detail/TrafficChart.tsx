import type { Traffic } from '@proxy/contract/schemas/proxies';
import { formatBytes } from '../common/format.ts';
import { useT } from '../i18n/use-t.ts';
import styles from './TrafficChart.module.css';

/*
 * Hand-rolled SVG rather than a chart library: two series of at most 24 bars is a few rectangles, and even the
 * smallest library (uPlot, ~50 KB minified, around 20 KB gzip) would outweigh this file many times over while
 * drawing on a canvas that says nothing to a screen reader. The bars are a picture (aria-hidden); the card writes the totals out.
 * Labels are HTML beside the SVG, so the SVG can stretch to any width without squashing text.
 */

const HEIGHT = 160;
const SLOT = 10;
const BAR = 4;

/** The least top of the scale: 1 kB, so an idle proxy's axis reads 1 kB / 500 bytes / 0 bytes, not 1 / 1 / 0 bytes. */
const MIN_TOP = 1000;

/** A round top for the scale (1, 2 or 5 × a power of ten) at or above the busiest bucket. */
function scaleTop(max: number): number {
  if (max <= MIN_TOP) return MIN_TOP;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power;
}

function labelOf(at: string, hourly: boolean, language: string): string {
  const options: Intl.DateTimeFormatOptions = hourly
    ? // 24-hour in both languages: '05:00 PM' four times over does not fit a phone's width.
      { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { weekday: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(language, options).format(new Date(at));
}

export default function TrafficChart({ traffic }: { traffic: Traffic }) {
  const { t, language } = useT();
  const hourly = traffic.range === '24h';
  const points = traffic.points;
  const top = scaleTop(Math.max(0, ...points.map((point) => Math.max(point.bytes_in, point.bytes_out))));
  const height = (bytes: number) => (bytes / top) * HEIGHT;
  // Every 6th hour on the 24-hour view; each day on the 7-day one.
  const every = hourly ? 6 : 1;
  return (
    <div className={styles.chart}>
      <div className={styles.legend} aria-hidden="true">
        <span className={styles.legendItem}>
          <span className={`${styles.swatch} ${styles.in}`} />
          {t('traffic.in')}
        </span>
        <span className={styles.legendItem}>
          <span className={`${styles.swatch} ${styles.out}`} />
          {t('traffic.out')}
        </span>
      </div>
      <div className={styles.plot} aria-hidden="true">
        <div className={styles.axis}>
          <span>{formatBytes(top, language)}</span>
          <span>{formatBytes(top / 2, language)}</span>
          <span>{formatBytes(0, language)}</span>
        </div>
        <div className={styles.area}>
          <svg
            className={styles.svg}
            viewBox={`0 0 ${Math.max(1, points.length) * SLOT} ${HEIGHT}`}
            preserveAspectRatio="none"
            focusable="false"
          >
            {[0, 0.5, 1].map((fraction) => (
              <line
                key={fraction}
                className={styles.grid}
                x1={0}
                x2={points.length * SLOT}
                y1={HEIGHT * fraction}
                y2={HEIGHT * fraction}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {points.map((point, index) => (
              <g key={point.at}>
                <title>
                  {t('traffic.bucket', {
                    when: labelOf(point.at, hourly, language),
                    in: formatBytes(point.bytes_in, language),
                    out: formatBytes(point.bytes_out, language),
                  })}
                </title>
                <rect
                  className={styles.in}
                  x={index * SLOT + 1}
                  y={HEIGHT - height(point.bytes_in)}
                  width={BAR}
                  height={height(point.bytes_in)}
                />
                <rect
                  className={styles.out}
                  x={index * SLOT + 1 + BAR}
                  y={HEIGHT - height(point.bytes_out)}
                  width={BAR}
                  height={height(point.bytes_out)}
                />
              </g>
            ))}
          </svg>
          <div className={styles.ticks}>
            {points.map((point, index) => (
              <span key={point.at} className={styles.tick}>
                {index % every === 0 ? labelOf(point.at, hourly, language) : ''}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
